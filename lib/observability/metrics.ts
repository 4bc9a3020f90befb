import "server-only";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// The process's metrics, in one registry that GET /metrics renders (lib/server/metrics-endpoint.ts).
// Counters and histograms are bumped where the thing happens; the job queue's depth and age are read
// from the jobs table when scraped (they describe the shared queue, not this process).

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "convo_" });
  return {
    registry,
    requestDuration: new Histogram({
      name: "convo_http_request_duration_seconds",
      help: "Time to answer an API operation (public and dashboard), by operation id and HTTP status.",
      labelNames: ["operation", "status"] as const,
      buckets: latencyBuckets,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "convo_rate_limit_refusals_total",
      help: "Requests refused with 429 rate_limited, by limiter (api key or member, sign-in, sign-up, password change).",
      labelNames: ["limiter"] as const,
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: "convo_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome (succeeded, failed: the receiver refused or could not be reached).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    inboundUnusable: new Counter({
      name: "convo_inbound_unusable_total",
      help: "Parts of inbound webhook bodies the service could not use, kept for the operator (npm run admin -- unusable-inbound), by channel and kind.",
      labelNames: ["channel", "kind"] as const,
      registers: [registry],
    }),
    whatsAppSendErrors: new Counter({
      name: "convo_whatsapp_send_errors_total",
      help: "Messages WhatsApp refused or could not take, by WhatsApp's error code (none: timeout or network) and kind.",
      labelNames: ["code", "kind"] as const,
      registers: [registry],
    }),
    assistantTurnDuration: new Histogram({
      name: "convo_assistant_turn_duration_seconds",
      help: "Time the assistant took to answer one inbound message (one assistant.turn job run), by outcome.",
      labelNames: ["outcome"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
      registers: [registry],
    }),
    jobsQueued: new Gauge({
      name: "convo_jobs_queued",
      help: "Jobs waiting or running in the shared queue, by queue (read from the jobs table at scrape time).",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    jobsOldestAge: new Gauge({
      name: "convo_jobs_oldest_age_seconds",
      help: "How long the oldest job that is due has been waiting, by queue (0 when none is due).",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    jobsFailed: new Gauge({
      name: "convo_jobs_failed",
      help: "Jobs that used up their attempts and stay in the table as failed, by queue.",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const key = Symbol.for("convo.metrics");
type G = typeof globalThis & { [key]?: Metrics };

/** The process's metrics (one set per process, even where Next bundles this module twice). */
export function metrics(): Metrics {
  const g = globalThis as G;
  g[key] ??= createMetrics();
  return g[key];
}
