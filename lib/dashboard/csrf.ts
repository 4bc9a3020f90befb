import { AppError } from "../errors";

/** The dashboard's public origin: NEXTAUTH_URL, else http://localhost:$PORT (the self-hosted default). */
export function publicOrigin(): string | null {
  const configured = process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || "3000"}`;
  try {
    return new URL(configured).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request refusal for state-changing dashboard calls: the session cookie rides along on
 * any request a browser makes, so a write must prove it came from one of our own pages. The Origin is
 * compared with the configured public URL, never with Host or X-Forwarded-Host, which the sender
 * chooses. Sec-Fetch-Site is set by the browser itself and cannot be written by a page's script.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("sec-fetch-site") === "same-origin") return;
  const origin = request.headers.get("origin");
  const expected = publicOrigin();
  if (origin && origin !== "null" && expected) {
    try {
      if (new URL(origin).origin === expected) return;
    } catch {}
  }
  throw new AppError("forbidden", "Cross-site request refused: send it from the dashboard itself.");
}
