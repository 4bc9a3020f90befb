import "server-only";
import type { Db } from "../db/client";
import { events } from "../db/schema";
import { newId } from "../ids";
import { enqueue, enqueueMany } from "../jobs/queue";
import type { EventFields, EventType } from "./schemas";

export const EVENTS_QUEUE = "events.dispatch";

/**
 * Writes an event to the outbox inside the caller's transaction: it exists exactly when the change it
 * reports is committed, and the dispatch job fans it out to the business's webhook endpoints. `fields`
 * is checked at compile time against the event's entry in ./schemas.ts.
 */
export async function emitEvent<T extends EventType>(tx: Db, businessId: string, type: T, fields: EventFields<T>): Promise<string> {
  const id = newId("evt");
  const createdAt = new Date();
  const payload = { id, type, createdAt: createdAt.toISOString(), ...fields };
  await tx.insert(events).values({ id, businessId, type, payload, createdAt });
  await enqueue(tx, EVENTS_QUEUE, { eventId: id, businessId });
  return id;
}

/** emitEvent for many events of one business in two statements (bulk paths such as campaign sends). */
export async function emitEvents<T extends EventType>(tx: Db, businessId: string, type: T, items: EventFields<T>[]): Promise<void> {
  if (!items.length) return;
  const createdAt = new Date();
  const rows = items.map((fields) => {
    const id = newId("evt");
    return { id, businessId, type, payload: { id, type, createdAt: createdAt.toISOString(), ...fields }, createdAt };
  });
  await tx.insert(events).values(rows);
  await enqueueMany(
    tx,
    EVENTS_QUEUE,
    rows.map((r) => ({ payload: { eventId: r.id, businessId } })),
  );
}
