import "server-only";
import { z } from "zod";
import { and, arrayOverlaps, eq, sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { events, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { eventDispatch } from "../events/emit";
import { enqueue, JOBS_CHANNEL } from "../jobs/queue";
import { JOB_COMPLETED, runs } from "../jobs/worker";

/**
 * One delivery of an event to an endpoint (lib/webhooks/deliver.ts). Network failures are retried by
 * the delivery's own schedule (RetryLater, uncounted); maxAttempts bounds only unexpected errors such
 * as the database being unreachable.
 */
export const webhookDelivery = defineJob({
  name: "webhooks.deliver",
  payload: z.object({ deliveryId: z.string(), businessId: z.string(), manual: z.boolean().optional() }),
  maxAttempts: 25,
});

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
  await enqueue(tx, webhookDelivery, deliveryPayload(job), { orderKey: job.deliveryId });
}

const deliveryPayload = (job: DeliveryJob) => (job.manual ? { ...job } : { deliveryId: job.deliveryId, businessId: job.businessId });

/**
 * Fans an event out to the business's enabled endpoints subscribed to its type (or to "*"): one
 * delivery each. Safe to run again after a crash: the event row is locked and endpoints that already
 * have a delivery of it are skipped. Returns the number of deliveries created. After the lock and the
 * endpoint read, one statement (with a fresh snapshot, after the lock) writes the deliveries, their
 * jobs and the workers' wake-up. The dispatch job runs dispatchBatch instead.
 */
export async function dispatchEvent(db: Db, businessId: string, eventId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, type: events.type })
      .from(events)
      .where(and(eq(events.businessId, businessId), eq(events.id, eventId)))
      .for("update");
    if (!event) return 0;
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
    if (!endpoints.length) return 0;
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
            select ${webhookDelivery.name}, jsonb_build_object('deliveryId', d.id, 'businessId', ${businessId}::text), ${businessId}, d.id, now(), ${webhookDelivery.maxAttempts}
            from d returning 1
          )
          select (select count(*) from d) as n,
            (select count(*) from (select pg_notify(${JOBS_CHANNEL}, ${webhookDelivery.name}) where exists (select 1 from j)) z) as woken`,
    );
    return Number(row?.n ?? 0);
  });
}

/** How many of a business's ready dispatch jobs one dispatch job fans out at once. */
export const DISPATCH_BATCH = 50;

/**
 * The dispatch job's work: its own event and up to DISPATCH_BATCH - 1 more of the business's ready
 * dispatch jobs nobody has claimed (a burst of events fans out in one transaction of two statements
 * instead of one transaction of four per event). The first statement locks the jobs: its own waits for
 * a run of it that may still hold it (after a lease ran out) and finds it gone if that run finished;
 * the others are skipped if anyone holds them. The second writes every delivery, their jobs and the
 * workers' wake-up, and removes the batch's jobs, so each event is fanned out exactly once, in the
 * commit that ends its job. Returns the number of deliveries created.
 */
export async function dispatchBatch(db: Db, businessId: string, jobId: number, batch = DISPATCH_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ job_id: string | number; event_id: string | null; type: string | null; endpoints: string[] | null }>(
      tx,
      sql`with mine as (
            select j.id, j.payload->>'eventId' as event_id from jobs j where j.id = ${jobId} for update
          ), others as (
            select j.id, j.payload->>'eventId' as event_id from jobs j
            where j.queue = ${eventDispatch.name} and j.business_id = ${businessId} and j.status = 'pending' and j.run_at <= now()
              and j.locked_until is null and j.id <> ${jobId}
            order by j.run_at, j.id limit ${Math.max(0, batch - 1)}
            for update skip locked
          ), b as (select * from mine union all select * from others)
          select b.id as job_id, e.id as event_id, e.type,
            array(select w.id from webhook_endpoints w
              where w.business_id = ${businessId} and w.enabled and w.events && array[e.type, '*'] order by w.id) as endpoints
          from b left join events e on e.business_id = ${businessId} and e.id = b.event_id`,
    );
    if (!rows.length) return 0;
    const pairs = rows.flatMap((r) =>
      r.event_id && r.type ? (r.endpoints ?? []).map((endpointId) => ({ eventId: r.event_id as string, type: r.type as string, endpointId })) : [],
    );
    const jobIds = sql.join(
      rows.map((r) => sql`${Number(r.job_id)}::bigint`),
      sql`, `,
    );
    if (!pairs.length) {
      await tx.execute(sql`delete from jobs where id in (${jobIds})`);
      return 0;
    }
    const values = sql.join(
      pairs.map((p) => sql`(${newId("whd")}, ${p.eventId}, ${p.type}, ${p.endpointId})`),
      sql`, `,
    );
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`with v(id, event_id, event_type, endpoint_id) as (values ${values}), d as (
            insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, status, next_attempt_at)
            select v.id, ${businessId}, v.endpoint_id, v.event_id, v.event_type, 'pending', now() from v
            where not exists (select 1 from webhook_deliveries x where x.business_id = ${businessId} and x.event_id = v.event_id and x.endpoint_id = v.endpoint_id)
            returning id
          ), j as (
            insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
            select ${webhookDelivery.name}, jsonb_build_object('deliveryId', d.id, 'businessId', ${businessId}::text), ${businessId}, d.id, now(), ${webhookDelivery.maxAttempts}
            from d returning 1
          ), done as (delete from jobs where id in (${jobIds}))
          select (select count(*) from d) as n,
            (select count(*) from (select pg_notify(${JOBS_CHANNEL}, ${webhookDelivery.name}) where exists (select 1 from j)) z) as woken`,
    );
    return Number(row?.n ?? 0);
  });
}

// events.dispatch: { eventId, businessId }, queued by emitEvent in the transaction of the change; the
// job fans out its event and the business's other ready ones (dispatchBatch), and ends in that commit.
export const handleEventDispatch = runs(eventDispatch, async (payload, job) => {
  await dispatchBatch(defaultDb(), String(payload.businessId), job.id);
  return JOB_COMPLETED;
});
