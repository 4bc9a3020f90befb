// The closed set of error codes of the public contract (API-DECISIONS.md), with their HTTP status.
export const errorStatus = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  invalid_transition: 409,
  version_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  outside_messaging_window: 422,
  unknown_template: 422,
  template_not_approved: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorDetail = { path: string; message: string };

/** The one error type business operations throw; the API and the dashboard map it the same way. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `No such ${what}.`);
export const invalid = (details: ErrorDetail[], message = "The request is invalid.") => new AppError("invalid_request", message, details);

/** One readable line for an error, details included (CLI and logs). */
export function errorText(err: unknown): string {
  if (err instanceof AppError && err.details?.length) {
    return `${err.message} ${err.details.map((d) => `${d.path}: ${d.message}`).join("; ")}`;
  }
  return err instanceof Error ? err.message : String(err);
}
