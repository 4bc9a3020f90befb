import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { jobRemoval } from "../jobs/queue";
import { JOB_COMPLETED, type JobHandler, RetryLater } from "../jobs/worker";
import { componentLogger } from "../observability/log";
import { metrics } from "../observability/metrics";
import type { DeliveryJob } from "./dispatch";
import { endpointSecret } from "./endpoints";
import { retryDelayMs } from "./retry-schedule";
import { type SendResult, sendWebhook } from "./send-webhook";
import { signatureHeader } from "./signature";

export const USER_AGENT = "ConvoAssistant-Webhooks/1.0";
/** An endpoint whose every delivery has failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;

/**
 * The bytes sent for an event, the same on every attempt: the stored payload with `id`, `type` and
 * `createdAt` first (jsonb does not keep key order, so the order is fixed here, not by storage).
 */
export function eventBody(payload: Record<string, unknown>): string {
  return JSON.stringify({ id: payload.id, type: payload.type, createdAt: payload.createdAt, ...payload });
}

export function deliveryHeaders(secret: string, body: string, eventType: string, deliveryId: string): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Signature": signatureHeader(secret, body),
    "X-Service-Event": eventType,
    "X-Service-Delivery": deliveryId,
  };
}

/**
 * One attempt of a delivery. A failure schedules the next attempt by throwing RetryLater (the job stays
 * queued, so a worker crash mid-way only delays it); a job that runs before its delivery is due (after
 * a crash between recording an attempt and rescheduling) waits instead of sending early. Manual
 * attempts (redelivery, test event) go even to a disabled endpoint and are never retried automatically.
 */
export async function deliverWebhook(db: Db, job: DeliveryJob, jobId?: number): Promise<typeof JOB_COMPLETED | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
    .from(webhookDeliveries)
    .leftJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.businessId, job.businessId)))
    .leftJoin(events, and(eq(events.id, webhookDeliveries.eventId), eq(events.businessId, job.businessId)))
    .where(and(eq(webhookDeliveries.businessId, job.businessId), eq(webhookDeliveries.id, job.deliveryId)));
  if (row?.delivery.status !== "pending") return;
  const { delivery, endpoint, event } = row;
  const waitMs = delivery.nextAttemptAt ? delivery.nextAttemptAt.getTime() - Date.now() : 0;
  if (waitMs > 50) throw new RetryLater(waitMs, "not due yet", false);
  if (!endpoint || !event || (!job.manual && !endpoint.enabled)) {
    // Disabled (or deleted) endpoints receive nothing; the delivery stays in the log and can be re-sent.
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.businessId, job.businessId), eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending")));
    return;
  }

  const body = eventBody(event.payload);
  const result = await sendWebhook({ url: endpoint.url, body, headers: deliveryHeaders(endpointSecret(endpoint), body, event.type, delivery.id) });
  metrics().webhookDeliveries.inc({ outcome: result.ok ? "succeeded" : "failed" });
  // The customer's log gets result.error (a fixed sentence); what really happened stays on the server.
  if (result.detail && result.detail !== result.error)
    componentLogger("webhooks").warn(
      { deliveryId: delivery.id, endpointId: endpoint.id, businessId: job.businessId, statusCode: result.statusCode, reason: result.detail },
      "webhook delivery failed",
    );
  const retryInMs = await recordAttempt(db, delivery, result, Boolean(job.manual), jobId);
  if (retryInMs !== null) throw new RetryLater(retryInMs, result.error ?? "delivery failed", false);
  return result.ok && jobId !== undefined ? JOB_COMPLETED : undefined;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Logs the attempt and moves the delivery on, in one transaction; returns the wait before a retry, if any. */
async function recordAttempt(db: Db, delivery: DeliveryRow, result: SendResult, manual: boolean, jobId?: number): Promise<number | null> {
  if (result.ok) {
    // The common case in one statement (one round trip, one implicit transaction): the attempt, the
    // end of the endpoint's failing streak if it had one, the delivery's success and, run by the
    // worker, the removal of its job (see JOB_COMPLETED).
    await db.execute(sql`with a as (
        insert into webhook_attempts (id, business_id, delivery_id, endpoint_id, status_code, duration_ms, error, response_body)
        values (${newId("wha")}, ${delivery.businessId}, ${delivery.id}, ${delivery.endpointId}, ${result.statusCode}, ${result.durationMs},
          ${result.error}, ${result.responseBody})
      ), e as (
        update webhook_endpoints set failing_since = null
        where business_id = ${delivery.businessId} and id = ${delivery.endpointId} and failing_since is not null
      )${jobRemoval(jobId)}
      update webhook_deliveries set status = 'succeeded', attempts = attempts + 1, last_status_code = ${result.statusCode},
        next_attempt_at = null, updated_at = now()
      where business_id = ${delivery.businessId} and id = ${delivery.id}`);
    return null;
  }
  return db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId("wha"),
      businessId: delivery.businessId,
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      responseBody: result.responseBody,
    });
    let retryInMs: number | null = null;
    if (result.ok) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(
          and(
            eq(webhookEndpoints.businessId, delivery.businessId),
            eq(webhookEndpoints.id, delivery.endpointId),
            isNotNull(webhookEndpoints.failingSince),
          ),
        );
    } else {
      const stillEnabled = await noteFailure(tx, delivery.businessId, delivery.endpointId);
      retryInMs = manual || !stillEnabled ? null : retryDelayMs(delivery.attempts + 1);
    }
    await tx
      .update(webhookDeliveries)
      .set({
        status: result.ok ? "succeeded" : retryInMs === null ? "failed" : "pending",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: result.statusCode,
        nextAttemptAt: retryInMs === null ? null : new Date(Date.now() + retryInMs),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookDeliveries.businessId, delivery.businessId), eq(webhookDeliveries.id, delivery.id)));
    return retryInMs;
  });
}

/**
 * Starts (or continues) the endpoint's failing streak and disables it once the streak is 3 days old.
 * Returns whether the endpoint is still enabled.
 */
async function noteFailure(tx: Db, businessId: string, endpointId: string): Promise<boolean> {
  const mine = and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, endpointId));
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(mine)
    .returning({ enabled: webhookEndpoints.enabled, failingSince: webhookEndpoints.failingSince });
  if (!endpoint?.enabled) return false;
  if (!endpoint.failingSince || Date.now() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return true;
  await tx
    .update(webhookEndpoints)
    .set({
      enabled: false,
      disabledReason: `Disabled automatically: every delivery has failed since ${endpoint.failingSince.toISOString()}. Fix the receiver, then enable the endpoint again.`,
      updatedAt: sql`now()`,
    })
    .where(mine);
  return false;
}

// webhooks.deliver: { deliveryId, businessId, manual? }, queued by dispatch, redelivery and test events.
export const handleWebhookDelivery: JobHandler = async (payload, job) =>
  deliverWebhook(
    defaultDb(),
    {
      deliveryId: String(payload.deliveryId),
      businessId: String(payload.businessId),
      manual: payload.manual === true,
    },
    job.id,
  );
