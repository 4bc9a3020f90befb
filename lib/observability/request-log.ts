import "server-only";
import { requestLogger } from "./log";
import { metrics } from "./metrics";

/**
 * The one line and the one histogram sample per API request (lib/api/handle.ts calls it as the
 * answer leaves): ids, status and duration only, never the request's body, query or headers.
 */
export function requestFinished(operation: string, requestId: string, businessId: string | null, status: number, startedAt: number): void {
  const seconds = (performance.now() - startedAt) / 1000;
  metrics().requestDuration.observe({ operation, status }, seconds);
  requestLogger().info({ requestId, businessId, operation, status, durationMs: Math.round(seconds * 10_000) / 10 }, "request");
}
