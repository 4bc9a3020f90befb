// The closed set of error codes of the public contract (docs/api-contract.md, "Errors and their codes"), with their HTTP status.
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
  already_replied: 409,
  payload_too_large: 413,
  storage_quota_exceeded: 413,
  unsupported_media_type: 415,
  outside_messaging_window: 422,
  unknown_template: 422,
  template_not_approved: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  channel_unavailable: 502,
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
  return safeErrorMessage(err);
}

// A failed query reaches us as drizzle's DrizzleQueryError, whose message (and so its stack) lists
// every parameter: phone numbers, message text, encrypted channel tokens. Logs and stored job errors
// get the statement and the database's error instead, never the values.
type QueryError = Error & { query: string; params: unknown[] };
const isQueryError = (err: unknown): err is QueryError =>
  err instanceof Error && typeof (err as Partial<QueryError>).query === "string" && Array.isArray((err as Partial<QueryError>).params);

// The database's message and SQLSTATE, not its `detail`, which quotes values ("Key (phone)=(+351...) already exists").
function databaseReason(cause: unknown): string {
  if (!(cause instanceof Error)) return cause === undefined ? "unknown database error" : String(cause);
  const code = (cause as { code?: unknown }).code;
  return `${cause.message}${typeof code === "string" ? ` (SQLSTATE ${code})` : ""}`;
}

/** One line for an error; a failed query keeps its statement and the database's error, never its parameters. */
export function safeErrorMessage(err: unknown): string {
  if (isQueryError(err)) return `Failed query: ${err.query} [${err.params.length} parameter values not logged]: ${databaseReason(err.cause)}`;
  return err instanceof Error ? err.message : String(err);
}

/** An error as logs may show it: safeErrorMessage, the stack frames and the causes (never query parameters). */
export function errorForLog(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return String(err);
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const head = [`${err.name}: ${safeErrorMessage(err)}`, ...frames].join("\n");
  // A query error's cause is already summed up in its message (and carries `detail`): not repeated.
  if (isQueryError(err) || err.cause === undefined || depth >= 4) return head;
  return `${head}\n  [cause] ${errorForLog(err.cause, depth + 1)}`;
}
