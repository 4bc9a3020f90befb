import "server-only";
import { requestLogger } from "./log";
import { metrics } from "./metrics";

// The histogram's series of an operation and status, found once: observe({labels}) checks and hashes
// the labels on every call.
type Series = ReturnType<ReturnType<typeof metrics>["requestDuration"]["labels"]>;
const series = new Map<string, Series>();
function durationOf(operation: string, status: number): Series {
  const key = `${operation} ${status}`;
  let s = series.get(key);
  if (!s) {
    s = metrics().requestDuration.labels(operation, String(status));
    series.set(key, s);
  }
  return s;
}

/**
 * The one line and the one histogram sample per API request (lib/api/handle.ts calls it as the
 * answer leaves): ids, status and duration only, never the request's body, query or headers.
 */
export function requestFinished(operation: string, requestId: string, businessId: string | null, status: number, startedAt: number): void {
  const seconds = (performance.now() - startedAt) / 1000;
  durationOf(operation, status).observe(seconds);
  requestLogger().info({ requestId, businessId, operation, status, durationMs: Math.round(seconds * 10_000) / 10 }, "request");
}
