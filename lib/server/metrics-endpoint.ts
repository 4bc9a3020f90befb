import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { db } from "../db/client";
import { queueStats } from "../jobs/queue";
import { logger } from "../observability/log";
import { metrics } from "../observability/metrics";

// GET /metrics on both servers: the Prometheus text format, for a scraper holding METRICS_TOKEN.
// Without METRICS_TOKEN the endpoint does not exist (404), so nothing is exposed by default.

const queuesKey = Symbol.for("convo.metrics.queues");
type G = typeof globalThis & { [queuesKey]?: string[] };

/** The queues this installation runs (boot names them), reported at 0 when they hold no job. */
export function watchQueues(queues: string[]): void {
  (globalThis as G)[queuesKey] = queues;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

function authorized(request: Request, token: string): boolean {
  const header = request.headers.get("authorization") ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  // Equal-length digests: the comparison takes the same time whatever the caller sent.
  return given.length > 0 && timingSafeEqual(digest(given), digest(token));
}

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/** One statement over the jobs table, at scrape time: depth, failed and oldest due age per queue. */
async function refreshQueueGauges(): Promise<void> {
  const m = metrics();
  const rows = await queueStats(db());
  m.jobsQueued.reset();
  m.jobsOldestAge.reset();
  m.jobsFailed.reset();
  for (const queue of (globalThis as G)[queuesKey] ?? []) {
    m.jobsQueued.set({ queue }, 0);
    m.jobsOldestAge.set({ queue }, 0);
    m.jobsFailed.set({ queue }, 0);
  }
  for (const row of rows) {
    m.jobsQueued.set({ queue: row.queue }, row.queued);
    m.jobsOldestAge.set({ queue: row.queue }, row.oldestAgeSeconds);
    m.jobsFailed.set({ queue: row.queue }, row.failed);
  }
}

export async function metricsResponse(request: Request): Promise<Response> {
  const token = process.env.METRICS_TOKEN;
  if (!token) return plain(404, "Not found.\n");
  if (!authorized(request, token))
    return plain(401, "A bearer token (METRICS_TOKEN) is required.\n", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  // The process's own metrics still go out when the database cannot be read (the queue gauges then
  // keep their last values); /readyz is what reports the database.
  await refreshQueueGauges().catch((err) => logger().warn({ err }, "metrics: could not read the job queue"));
  const { registry } = metrics();
  return new Response(await registry.metrics(), { status: 200, headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
