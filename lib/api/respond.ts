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
  return toResponse(jsonAnswer(body, status, headers));
}

/**
 * An answer before it is a web Response: the standalone server (`npm run api`) writes it to the socket
 * as it is, without building a Response and reading it back; the Next routes wrap it (toResponse).
 */
export type Answer = { status: number; headers: Record<string, string>; body: string };

export function jsonAnswer(body: unknown, status: number, headers: Record<string, string>): Answer {
  return { status, headers: { ...apiHeaders, ...headers }, body: JSON.stringify(body) };
}

export function toResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** Maps any thrown value to the documented error body; unknown errors are logged and become a bare 500. */
export function errorResponse(err: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  return toResponse(errorAnswer(err, requestId, headers));
}

export function errorAnswer(err: unknown, requestId: string, headers: Record<string, string> = {}): Answer {
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
  return jsonAnswer(body, appError.status, { ...headers, ...appError.headers, "X-Request-Id": requestId });
}
