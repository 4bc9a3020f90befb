import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { queryRows } from "../db/rows";
import { batchMarker, completeJob, headOfKey, JOBS_CHANNEL, jobRemoval } from "../jobs/queue";
import { JOB_COMPLETED, RetryLater, runs } from "../jobs/worker";
import { componentLogger } from "../observability/log";
import { metrics } from "../observability/metrics";
import { type DeliveryJob, webhookDelivery } from "./dispatch";
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

type Loaded = {
  delivery: typeof webhookDeliveries.$inferSelect;
  endpoint: typeof webhookEndpoints.$inferSelect | null;
  event: typeof events.$inferSelect | null;
};

/** What one attempt came to: done (`completed`: its job already removed in the attempt's statement), or try again later. */
type Outcome = { retryInMs: null; completed: boolean } | { retryInMs: number; reason: string };

/** Deliveries of one business with their endpoint and event, in one read. */
async function loadDeliveries(db: Db, businessId: string, ids: string[]): Promise<Loaded[]> {
  if (!ids.length) return [];
  return db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
    .from(webhookDeliveries)
    .leftJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.businessId, businessId)))
    .leftJoin(events, and(eq(events.id, webhookDeliveries.eventId), eq(events.businessId, businessId)))
    .where(
      and(eq(webhookDeliveries.businessId, businessId), ids.length === 1 ? eq(webhookDeliveries.id, ids[0]) : inArray(webhookDeliveries.id, ids)),
    );
}

/**
 * One attempt of a delivery. A job that runs before its delivery is due (after a crash between
 * recording an attempt and rescheduling) waits instead of sending early. Manual attempts (redelivery,
 * test event) go even to a disabled endpoint and are never retried automatically.
 */
async function attempt(db: Db, row: Loaded | undefined, manual: boolean, jobId: number | undefined): Promise<Outcome> {
  if (row?.delivery.status !== "pending") return { retryInMs: null, completed: false };
  const { delivery, endpoint, event } = row;
  const waitMs = delivery.nextAttemptAt ? delivery.nextAttemptAt.getTime() - Date.now() : 0;
  if (waitMs > 50) return { retryInMs: waitMs, reason: "not due yet" };
  if (!endpoint || !event || (!manual && !endpoint.enabled)) {
    // Disabled (or deleted) endpoints receive nothing; the delivery stays in the log and can be re-sent.
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, updatedAt: sql`now()` })
      .where(
        and(eq(webhookDeliveries.businessId, delivery.businessId), eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending")),
      );
    return { retryInMs: null, completed: false };
  }

  const body = eventBody(event.payload);
  const result = await sendWebhook({ url: endpoint.url, body, headers: deliveryHeaders(endpointSecret(endpoint), body, event.type, delivery.id) });
  metrics().webhookDeliveries.inc({ outcome: result.ok ? "succeeded" : "failed" });
  // The customer's log gets result.error (a fixed sentence); what really happened stays on the server.
  if (result.detail && result.detail !== result.error)
    componentLogger("webhooks").warn(
      { deliveryId: delivery.id, endpointId: endpoint.id, businessId: delivery.businessId, statusCode: result.statusCode, reason: result.detail },
      "webhook delivery failed",
    );
  const retryInMs = await recordAttempt(db, delivery, result, manual, jobId);
  if (retryInMs !== null) return { retryInMs, reason: result.error ?? "delivery failed" };
  return { retryInMs: null, completed: result.ok && jobId !== undefined };
}

/**
 * One attempt of a delivery, as its job runs it. A failure schedules the next attempt by throwing
 * RetryLater (the job stays queued, so a worker crash mid-way only delays it).
 */
export async function deliverWebhook(db: Db, job: DeliveryJob, jobId?: number): Promise<typeof JOB_COMPLETED | undefined> {
  const [row] = await loadDeliveries(db, job.businessId, [job.deliveryId]);
  const outcome = await attempt(db, row, Boolean(job.manual), jobId);
  if (outcome.retryInMs !== null) throw new RetryLater(outcome.retryInMs, outcome.reason, false);
  return outcome.completed ? JOB_COMPLETED : undefined;
}

/** How many more deliveries to the same endpoint a delivery job takes at a time, after its own. */
export const DELIVERY_BATCH = 20;
/** A delivery job stops taking more after this long. */
const BATCH_TIME_MS = 15_000;
const LEASE_SECONDS = 120;

/**
 * After its own delivery succeeded, a delivery job sends the endpoint's other ready deliveries, one
 * after another on the kept connection, so a burst of events costs one claim per batch of
 * DELIVERY_BATCH instead of one per delivery. It holds their jobs under its worker's batch marker
 * (lib/jobs/queue.ts batchMarker): no worker claims them while the lease lasts, a stopping worker hands
 * them back with its own jobs, and a dead worker's are free again once its heartbeat is stale, as its own
 * jobs are; they do not count against the business's share, which counts the jobs running (the batch
 * sends one delivery at a time on the slot of the job that started it, so the business still has no more
 * deliveries in flight than running jobs). Without a worker (a job run outside one) they are held with
 * no owner and wait out the lease (LEASE_SECONDS) if the process dies.
 * Each sent delivery removes its own job in the statement that records it; a failure reschedules that
 * job by the delivery's retry schedule and hands the rest back at once (the endpoint is failing: no
 * more batching; a failing endpoint's jobs go one claim at a time).
 */
async function deliverMore(db: Db, businessId: string, endpointId: string, workerId: string | undefined): Promise<void> {
  const deadline = Date.now() + BATCH_TIME_MS;
  const marker = workerId ? batchMarker(workerId) : null;
  while (Date.now() < deadline) {
    const taken = await queryRows<{ id: string | number; delivery_id: string }>(
      db,
      sql`with t as (
          select j.id, j.payload->>'deliveryId' as delivery_id from jobs j
          join webhook_deliveries d on d.business_id = ${businessId} and d.id = j.payload->>'deliveryId'
          where j.queue = ${webhookDelivery.name} and j.business_id = ${businessId} and j.status = 'pending' and j.run_at <= now()
            and j.locked_until is null and not (j.payload ? 'manual') and ${headOfKey}
            and d.endpoint_id = ${endpointId} and d.status = 'pending'
          order by j.run_at, j.id limit ${DELIVERY_BATCH}
          for update of j skip locked)
        update jobs set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = jobs.attempts + 1,
          locked_by = ${marker}
        from t where jobs.id = t.id
        returning jobs.id, t.delivery_id`,
    );
    if (!taken.length) return;
    const rows = new Map(
      (
        await loadDeliveries(
          db,
          businessId,
          taken.map((t) => t.delivery_id),
        )
      ).map((r) => [r.delivery.id, r]),
    );
    for (let i = 0; i < taken.length; i++) {
      const jobId = Number(taken[i].id);
      if (Date.now() >= deadline) return handBack(db, taken.slice(i));
      const outcome = await attempt(db, rows.get(taken[i].delivery_id), false, jobId);
      if (outcome.retryInMs === null) {
        if (!outcome.completed) await completeJob(db, jobId);
        continue;
      }
      // As the worker reschedules a delivery job that threw RetryLater (the attempt is not counted).
      await db.execute(
        sql`update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0),
            run_at = now() + make_interval(secs => ${outcome.retryInMs / 1000}), last_error = ${outcome.reason.slice(0, 2000)}
          where id = ${jobId}`,
      );
      return handBack(db, taken.slice(i + 1));
    }
  }
}

/** Deliveries a batch claimed but will not send: unclaimed again (their claim not counted), for any worker. */
async function handBack(db: Db, taken: { id: string | number }[]): Promise<void> {
  if (!taken.length) return;
  const ids = sql.join(
    taken.map((t) => sql`${Number(t.id)}::bigint`),
    sql`, `,
  );
  await queryRows(
    db,
    sql`with r as (
        update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0)
        where id in (${ids}) and status = 'pending' returning queue)
      select pg_notify(${JOBS_CHANNEL}, ${webhookDelivery.name}) where exists (select 1 from r)`,
  );
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
// A delivered event is followed by the same endpoint's other ready deliveries (deliverMore).
export const handleWebhookDelivery = runs(webhookDelivery, async (payload, job) => {
  const db = defaultDb();
  const businessId = String(payload.businessId);
  const manual = payload.manual === true;
  const [row] = await loadDeliveries(db, businessId, [String(payload.deliveryId)]);
  const outcome = await attempt(db, row, manual, job.id);
  if (outcome.retryInMs !== null) throw new RetryLater(outcome.retryInMs, outcome.reason, false);
  if (outcome.completed && !manual && row) await deliverMore(db, businessId, row.delivery.endpointId, job.workerId);
  return outcome.completed ? JOB_COMPLETED : undefined;
});
