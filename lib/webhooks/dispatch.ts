import "server-only";
import { and, arrayOverlaps, eq } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { events, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../ids";
import { enqueue, enqueueMany } from "../jobs/queue";
import type { JobHandler } from "../jobs/worker";

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
 * have a delivery of it are skipped. Returns the number of deliveries created.
 */
export async function dispatchEvent(db: Db, businessId: string, eventId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, type: events.type })
      .from(events)
      .where(and(eq(events.businessId, businessId), eq(events.id, eventId)))
      .for("update");
    if (!event) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.businessId, businessId),
          eq(webhookEndpoints.enabled, true),
          arrayOverlaps(webhookEndpoints.events, [event.type, "*"]),
        ),
      );
    if (!endpoints.length) return 0;
    const existing = await tx
      .select({ endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.eventId, eventId)));
    const done = new Set(existing.map((d) => d.endpointId));
    const fresh = endpoints.filter((e) => !done.has(e.id));
    if (!fresh.length) return 0;
    // One statement for the deliveries and one for their jobs, however many endpoints (up to 25).
    const rows = await tx
      .insert(webhookDeliveries)
      .values(
        fresh.map((e) => ({
          id: newId("whd"),
          businessId,
          endpointId: e.id,
          eventId,
          eventType: event.type,
          status: "pending" as const,
          nextAttemptAt: new Date(),
        })),
      )
      .returning({ id: webhookDeliveries.id });
    await enqueueMany(
      tx,
      WEBHOOK_DELIVER_QUEUE,
      rows.map((r) => ({ payload: deliveryPayload({ deliveryId: r.id, businessId }), orderKey: r.id, maxAttempts: DELIVER_JOB_MAX_ATTEMPTS })),
    );
    return rows.length;
  });
}

// events.dispatch: { eventId, businessId }, queued by emitEvent in the transaction of the change.
export const handleEventDispatch: JobHandler = async (payload) => {
  await dispatchEvent(defaultDb(), String(payload.businessId), String(payload.eventId));
};
