import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { events, webhookAttempts, webhookDeliveries } from "../db/schema";
import type { EventType } from "../events/schemas";
import { notFound } from "../errors";
import { newId } from "../ids";
import { queryRows } from "../db/rows";
import { iso, listPage, type Page, type PageParams } from "../pagination";
import { queueDelivery, queueDeliveryJob, webhookDelivery } from "./dispatch";
import { findEndpoint } from "./endpoints";
import { type AttemptOut, type DeliveryOut, TEST_EVENT_TYPE } from "./webhook-schema";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

export function deliveryView(d: DeliveryRow): DeliveryOut {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? iso(d.nextAttemptAt) : null,
    lastStatusCode: d.lastStatusCode,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function attemptView(a: AttemptRow): AttemptOut {
  return {
    id: a.id,
    deliveryId: a.deliveryId,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    responseBody: a.responseBody,
    createdAt: a.createdAt.toISOString(),
  };
}

/** An endpoint's deliveries, newest first, keyset-paged. */
export async function listDeliveries(
  db: Db,
  businessId: string,
  endpointId: string,
  filter: PageParams & { status?: DeliveryRow["status"] },
): Promise<Page<DeliveryOut>> {
  await findEndpoint(db, businessId, endpointId);
  return listPage(
    db,
    webhookDeliveries,
    {
      idPrefix: "whd_",
      page: { limit: filter.limit, cursor: filter.cursor },
      where: [
        eq(webhookDeliveries.businessId, businessId),
        eq(webhookDeliveries.endpointId, endpointId),
        filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
      ],
    },
    deliveryView,
  );
}

export async function getDelivery(db: Db, businessId: string, deliveryId: string): Promise<DeliveryOut> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, deliveryId)));
  if (!row) throw notFound("webhook delivery");
  return deliveryView(row);
}

/** Every attempt of a delivery, newest first (at most 9 automatic ones, plus manual re-sends). */
export async function listDeliveryAttempts(db: Db, businessId: string, deliveryId: string, limit = 100): Promise<AttemptOut[]> {
  await getDelivery(db, businessId, deliveryId);
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.businessId, businessId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .limit(limit);
  return rows.map(attemptView);
}

/**
 * Sends a delivery again now (the dashboard's "resend"): status back to `pending`, same whd_ id and
 * same event. A delivery still in its retry schedule has its queued job pulled forward (the schedule
 * continues after it); a finished one gets a single manual attempt.
 */
export async function redeliver(db: Db, businessId: string, endpointId: string, deliveryId: string): Promise<DeliveryOut> {
  return db.transaction(async (tx) => {
    await findEndpoint(tx, businessId, endpointId);
    const [current] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
      .for("update");
    if (!current) throw notFound("webhook delivery");
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: new Date(), updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, deliveryId)))
      .returning();
    const pulled = await queryRows<{ id: number }>(
      tx,
      sql`update jobs set run_at = now() where queue = ${webhookDelivery.name} and order_key = ${deliveryId} and status = 'pending'
        and (locked_until is null or locked_until < now()) returning id`,
    );
    if (!pulled.length) await queueDeliveryJob(tx, { deliveryId, businessId, manual: current.status !== "pending" });
    return deliveryView(updated);
  });
}

/** Sends a `webhook.test` event to this endpoint only, signed like any other, even when it is disabled. */
export async function sendTestEvent(db: Db, businessId: string, endpointId: string): Promise<DeliveryOut> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, businessId, endpointId);
    const id = newId("evt");
    const createdAt = new Date();
    const payload = {
      id,
      type: TEST_EVENT_TYPE,
      createdAt: createdAt.toISOString(),
      endpointId: endpoint.id,
      message: "This is a test event. Verify its signature the way you verify every delivery.",
    };
    // Stored in the outbox like a real event (deliveries point at one), but never dispatched to others.
    await tx.insert(events).values({ id, businessId, type: TEST_EVENT_TYPE as EventType, payload, createdAt });
    const delivery = await queueDelivery(tx, { businessId, endpointId: endpoint.id, eventId: id, eventType: TEST_EVENT_TYPE }, { manual: true });
    return deliveryView(delivery);
  });
}
