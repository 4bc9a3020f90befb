import "server-only";
import { and, arrayOverlaps, eq, sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { events, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { enqueue, JOBS_CHANNEL, jobRemoval } from "../jobs/queue";
import { JOB_COMPLETED, type JobHandler } from "../jobs/worker";

export const WEBHOOK_DELIVER_QUEUE = "webhooks.deliver";

// Network failures are retried by the delivery's own schedule (RetryLater, uncounted); this bounds only
// unexpected errors such as the database being unreachable.
const DELIVER_JOB_MAX_ATTEMPTS = 25;

export type DeliveryJob = { deliveryId: string; businessId: string; manual?: boolean };

/**
 * Creates one delivery of an event to an endpoint and queues its job. The job's orderKey is the
 * delivery id, so two jobs of one delivery (a redelivery queued behind a running attempt) never run at
 * the same time, whichever worker process claims them.
 */
export async function queueDelivery(
  tx: Db,
  d: { businessId: string; endpointId: string; eventId: string; eventType: string },
  opts: { manual?: boolean } = {},
) {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ id: newId("whd"), ...d, status: "pending", nextAttemptAt: new Date() })
    .returning();
  await queueDeliveryJob(tx, { deliveryId: row.id, businessId: d.businessId, manual: opts.manual });
  return row;
}

export async function queueDeliveryJob(tx: Db, job: DeliveryJob): Promise<void> {
  await enqueue(tx, WEBHOOK_DELIVER_QUEUE, deliveryPayload(job), { orderKey: job.deliveryId, maxAttempts: DELIVER_JOB_MAX_ATTEMPTS });
}

const deliveryPayload = (job: DeliveryJob) => (job.manual ? { ...job } : { deliveryId: job.deliveryId, businessId: job.businessId });

/**
 * Fans an event out to the business's enabled endpoints subscribed to its type (or to "*"): one
 * delivery each. Safe to run again after a crash: the event row is locked and endpoints that already
 * have a delivery of it are skipped. Returns the number of deliveries created. After the lock and the
 * endpoint read, one statement (with a fresh snapshot, after the lock) writes the deliveries, their
 * jobs, the workers' wake-up and, given `jobId`, removes the dispatch job itself.
 */
export async function dispatchEvent(db: Db, businessId: string, eventId: string): Promise<number> {
  return (await dispatch(db, businessId, eventId)).created;
}

async function dispatch(db: Db, businessId: string, eventId: string, jobId?: number): Promise<{ created: number; jobCompleted: boolean }> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, type: events.type })
      .from(events)
      .where(and(eq(events.businessId, businessId), eq(events.id, eventId)))
      .for("update");
    if (!event) return { created: 0, jobCompleted: false };
    const endpoints = (
      await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.businessId, businessId),
            eq(webhookEndpoints.enabled, true),
            arrayOverlaps(webhookEndpoints.events, [event.type, "*"]),
          ),
        )
    ).map((e) => e.id);
    if (!endpoints.length) return { created: 0, jobCompleted: false };
    const values = sql.join(
      endpoints.map((id) => sql`(${newId("whd")}, ${id})`),
      sql`, `,
    );
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`with v(id, endpoint_id) as (values ${values}), d as (
            insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, status, next_attempt_at)
            select v.id, ${businessId}, v.endpoint_id, ${eventId}, ${event.type}, 'pending', now() from v
            where not exists (select 1 from webhook_deliveries x where x.business_id = ${businessId} and x.event_id = ${eventId} and x.endpoint_id = v.endpoint_id)
            returning id
          ), j as (
            insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
            select ${WEBHOOK_DELIVER_QUEUE}, jsonb_build_object('deliveryId', d.id, 'businessId', ${businessId}::text), ${businessId}, d.id, now(), ${DELIVER_JOB_MAX_ATTEMPTS}
            from d returning 1
          )${jobRemoval(jobId)}
          select (select count(*) from d) as n,
            (select count(*) from (select pg_notify(${JOBS_CHANNEL}, ${WEBHOOK_DELIVER_QUEUE}) where exists (select 1 from j)) z) as woken`,
    );
    return { created: Number(row?.n ?? 0), jobCompleted: jobId !== undefined };
  });
}

// events.dispatch: { eventId, businessId }, queued by emitEvent in the transaction of the change.
export const handleEventDispatch: JobHandler = async (payload, job) => {
  const { jobCompleted } = await dispatch(defaultDb(), String(payload.businessId), String(payload.eventId), job.id);
  return jobCompleted ? JOB_COMPLETED : undefined;
};
