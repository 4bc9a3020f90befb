import { AppError } from "../errors";

/**
 * Cross-site request refusal for state-changing dashboard calls: the session cookie rides along on
 * any request a browser makes, so a write must prove it came from one of our own pages.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("sec-fetch-site") === "same-origin") return;
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).host === host) return;
    } catch {}
  }
  throw new AppError("forbidden", "Cross-site request refused: send it from the dashboard itself.");
}
