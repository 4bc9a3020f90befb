import "server-only";
import { and, desc, eq, gt, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { records } from "../db/schema";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";

export const recordOut = z.object({
  id: z.string().meta({ example: "rec_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  collection: z.string(),
  fields: z.record(z.string(), z.unknown()),
  conversationId: z.string().nullable(),
  contactId: z.string().nullable(),
  status: z.string().meta({ description: '"confirmed" when captured; "cancelled" when the customer cancelled it (a booking).' }),
  createdAt: z.string(),
});
export type RecordOut = z.infer<typeof recordOut>;
type RecordRow = typeof records.$inferSelect;

export function recordView(r: RecordRow): RecordOut {
  return {
    id: r.id,
    collection: r.collection,
    fields: r.fields,
    conversationId: r.conversationId,
    contactId: r.contactId,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Captures a record and fires record.created in the same transaction (assistant, channel or dashboard). */
export async function createRecord(
  db: Db,
  businessId: string,
  input: { collection: string; fields: Record<string, unknown>; conversationId?: string | null; contactId?: string | null },
): Promise<RecordOut> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(records)
      .values({
        id: newId("rec"),
        businessId,
        collection: input.collection,
        fields: input.fields,
        conversationId: input.conversationId ?? null,
        contactId: input.contactId ?? null,
      })
      .returning();
    await emitEvent(tx, businessId, "record.created", {
      collection: row.collection,
      record: { id: row.id, fields: row.fields },
      conversationId: row.conversationId,
    });
    return recordView(row);
  });
}

/**
 * Changes a record's fields (merged) and/or status and fires record.updated in the same transaction:
 * a booking moved to another time, or cancelled, by the customer. Null when no such record.
 */
export async function updateRecord(
  db: Db,
  businessId: string,
  id: string,
  change: { fields?: Record<string, unknown>; status?: string },
): Promise<RecordOut | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(records)
      .where(and(eq(records.businessId, businessId), eq(records.id, id)))
      .for("update");
    if (!current) return null;
    const fields = { ...current.fields, ...(change.fields ?? {}) };
    const status = change.status ?? current.status;
    const [row] = await tx.update(records).set({ fields, status }).where(eq(records.id, id)).returning();
    await emitEvent(tx, businessId, "record.updated", {
      collection: row.collection,
      record: { id: row.id, fields: row.fields, status: row.status },
      previous: { fields: current.fields, status: current.status },
      conversationId: row.conversationId,
    });
    return recordView(row);
  });
}

export async function listRecords(
  db: Db,
  businessId: string,
  collection: string,
  filter: PageParams & { since?: Date; until?: Date; conversationId?: string },
): Promise<Page<RecordOut>> {
  const cursor = filter.cursor ? decodeCursor(filter.cursor, "rec_") : null;
  const rows = await db
    .select()
    .from(records)
    .where(
      and(
        eq(records.businessId, businessId),
        eq(records.collection, collection),
        filter.since ? gt(records.createdAt, filter.since) : undefined,
        filter.until ? lte(records.createdAt, filter.until) : undefined,
        filter.conversationId ? eq(records.conversationId, filter.conversationId) : undefined,
        afterCursor(records.createdAt, records.id, cursor),
      ),
    )
    .orderBy(desc(records.createdAt), desc(records.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, recordView);
}
