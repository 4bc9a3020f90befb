import { AppError } from "../errors";
import { newId } from "../ids";
import { logger } from "../observability/log";
import { securityHeaderObject } from "../security-headers.mjs";

export const newRequestId = () => newId("req");

/** Every API answer's fixed headers: its type, and the site's security headers (lib/security-headers.mjs). */
export const apiHeaders: Readonly<Record<string, string>> = {
  "Content-Type": "application/json; charset=utf-8",
  ...securityHeaderObject(process.env.NODE_ENV === "development"),
};

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...apiHeaders, ...headers } });
}

/** Maps any thrown value to the documented error body; unknown errors are logged and become a bare 500. */
export function errorResponse(err: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  const appError =
    err instanceof AppError ? err : new AppError("internal_error", "Something went wrong on our side. Quote the request id when reporting it.");
  if (!(err instanceof AppError)) {
    logger().error({ requestId, err }, "unhandled error");
  }
  const body = {
    error: {
      code: appError.code,
      message: appError.message,
      requestId,
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
  return jsonResponse(body, appError.status, { ...headers, ...appError.headers, "X-Request-Id": requestId });
}
