import "server-only";
import { z } from "zod";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { events } from "../db/schema";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { enqueueMany } from "../jobs/queue";
import { jobsAdded, wakePart } from "../jobs/wake";
import type { EventFields, EventType } from "./schemas";

/** Fans a business's new events out to its webhook endpoints (lib/webhooks/dispatch.ts). */
export const eventDispatch = defineJob({ name: "events.dispatch", payload: z.object({ eventId: z.string(), businessId: z.string() }) });

/**
 * Whether the business has an enabled webhook endpoint subscribed to `type` (or to "*"), as the
 * statement that writes the event sees it: only then is a dispatch job queued. An endpoint receives
 * the events that happen while it exists, so an event no endpoint wants is stored (the outbox, the
 * delivery log's test events) and costs no job; the dispatch job still reads the endpoints again when
 * it runs.
 */
export function wantedByEndpoint(businessId: string, type: SQL | string): SQL {
  return sql`exists (select 1 from webhook_endpoints w
    where w.business_id = ${businessId} and w.enabled and w.events && array[${type}::text, '*'])`;
}

/**
 * The parts of a statement that writes an event: CTE `e` (the event, written when `when` holds, an
 * SQL condition over the statement's earlier CTEs) and CTE `j` (its dispatch job, when an endpoint
 * wants it); the statement on `db` ends with `notify` (the job's count, with its NOTIFY when the
 * statement must wake the workers itself), and `added(count)` wakes them otherwise once it returned
 * (lib/jobs/wake.ts). Lets a change and the event that reports it go to the database as one statement.
 */
export function eventParts<T extends EventType>(
  db: Db,
  businessId: string,
  type: T,
  fields: EventFields<T>,
  when: SQL = sql`true`,
): { id: string; ctes: SQL; notify: SQL; added(count: unknown): void } {
  const id = newId("evt");
  const createdAt = new Date().toISOString();
  const payload = { id, type, createdAt, ...fields };
  return {
    id,
    ctes: sql`e as (
        insert into events (id, business_id, type, payload, created_at)
        select ${id}, ${businessId}, ${type}, ${JSON.stringify(payload)}::jsonb, ${createdAt}::timestamptz
        where ${when}
        returning id
      ), j as (
        insert into jobs (queue, payload, business_id)
        select ${eventDispatch.name}, jsonb_build_object('eventId', e.id, 'businessId', ${businessId}::text), ${businessId}
        from e where ${wantedByEndpoint(businessId, type)}
        returning queue
      )`,
    notify: wakePart(db, sql`j`),
    added: (count) => {
      if (Number(count) > 0) jobsAdded(db, eventDispatch.name);
    },
  };
}

/**
 * Writes an event to the outbox inside the caller's transaction, in one statement: it exists exactly
 * when the change it reports is committed, and (when an endpoint wants it) the dispatch job fans it
 * out to the business's webhook endpoints. `fields` is checked at compile time against the event's
 * entry in ./schemas.ts.
 */
export async function emitEvent<T extends EventType>(tx: Db, businessId: string, type: T, fields: EventFields<T>): Promise<string> {
  const event = eventParts(tx, businessId, type, fields);
  const [row] = await queryRows<{ woken: unknown }>(tx, sql`with ${event.ctes} select ${event.notify} as woken`);
  event.added(row?.woken);
  return event.id;
}

/** emitEvent for many events of one business in three statements at most (bulk paths such as campaign sends). */
export async function emitEvents<T extends EventType>(tx: Db, businessId: string, type: T, items: EventFields<T>[]): Promise<void> {
  if (!items.length) return;
  const createdAt = new Date();
  const rows = items.map((fields) => {
    const id = newId("evt");
    return { id, businessId, type, payload: { id, type, createdAt: createdAt.toISOString(), ...fields }, createdAt };
  });
  await tx.insert(events).values(rows);
  const [wanted] = await queryRows<{ wanted: boolean }>(tx, sql`select ${wantedByEndpoint(businessId, type)} as wanted`);
  if (!wanted?.wanted) return;
  await enqueueMany(
    tx,
    eventDispatch,
    rows.map((r) => ({ payload: { eventId: r.id, businessId } })),
  );
}
