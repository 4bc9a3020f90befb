import "server-only";
import { and, desc, eq, getTableColumns, gt, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { contacts, orderPayments, records } from "../db/schema";
import { invalid, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import { initialStatus, statusesOf, transitionProblem } from "../shared/record-statuses";

export const recordOut = z.object({
  id: z.string().meta({ example: "rec_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  collection: z.string(),
  fields: z.record(z.string(), z.unknown()),
  conversationId: z.string().nullable(),
  contactId: z.string().nullable(),
  contact: z
    .object({ name: z.string().nullable(), phone: z.string().nullable(), username: z.string().nullable(), waUserId: z.string().nullable() })
    .nullable()
    .meta({ description: "The customer the record belongs to, read from the contact now (null when the record has no contact)." }),
  status: z.string().meta({
    description:
      "bookings: confirmed (when captured), seated, no_show, cancelled; orders: new (when captured), awaiting_payment (captured while the business requires payment), paid, preparing, ready, delivered, cancelled, expired (unpaid in time); leads: new, contacted, won, lost; appointments: booked, confirmed, cancelled, no_show, completed (the appointment's own); other collections: confirmed, cancelled.",
  }),
  payment: z
    .object({
      status: z.enum(["creating", "open", "paid", "expired", "failed"]),
      url: z.string().nullable().meta({ description: "The link the customer pays with (null until the provider made it)." }),
      amount: z.number().int().meta({ description: "In the currency's minor unit." }),
      currency: z.string(),
      provider: z.string(),
      expiresAt: z.string(),
      paidAt: z.string().nullable(),
    })
    .nullable()
    .optional()
    .meta({ description: "An order's payment link and its state (docs/payments.md); null when the order was not sent one." }),
  createdAt: z.string(),
});
export type RecordOut = z.infer<typeof recordOut>;
type RecordRow = typeof records.$inferSelect;
type PaymentRow = typeof orderPayments.$inferSelect;
export type RecordPayment = NonNullable<RecordOut["payment"]>;

export function paymentView(p: PaymentRow | null | undefined): RecordPayment | null {
  if (!p) return null;
  return {
    status: p.status as RecordPayment["status"],
    url: p.url,
    amount: p.amount,
    currency: p.currency,
    provider: p.provider,
    expiresAt: p.expiresAt.toISOString(),
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
  };
}
type ContactPart = { name: string | null; phone: string | null; username: string | null; waUserId: string | null } | null;

export function recordView(r: RecordRow, contact: ContactPart = null, payment?: PaymentRow | null): RecordOut {
  return {
    id: r.id,
    collection: r.collection,
    fields: r.fields,
    conversationId: r.conversationId,
    contactId: r.contactId,
    contact: contact ? { name: contact.name, phone: contact.phone, username: contact.username, waUserId: contact.waUserId } : null,
    status: r.status,
    ...(r.collection === "orders" ? { payment: paymentView(payment) } : {}),
    createdAt: r.createdAt.toISOString(),
  };
}

async function paymentOf(db: Db, r: RecordRow): Promise<PaymentRow | null> {
  if (r.collection !== "orders") return null;
  const [p] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.businessId, r.businessId), eq(orderPayments.recordId, r.id)));
  return p ?? null;
}

async function contactOf(db: Db, businessId: string, contactId: string | null): Promise<ContactPart> {
  if (!contactId) return null;
  const [c] = await db
    .select({ name: contacts.name, phone: contacts.phone, username: contacts.username, waUserId: contacts.waUserId })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  return c ?? null;
}

/** Captures a record and fires record.created in the same transaction (assistant, channel or dashboard). */
export async function createRecord(
  db: Db,
  businessId: string,
  input: { collection: string; fields: Record<string, unknown>; conversationId?: string | null; contactId?: string | null; status?: string },
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
        status: input.status ?? initialStatus(input.collection),
      })
      .returning();
    await emitEvent(tx, businessId, "record.created", {
      collection: row.collection,
      record: { id: row.id, fields: row.fields },
      conversationId: row.conversationId,
    });
    return recordView(row, await contactOf(tx, businessId, row.contactId));
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
    return recordView(row, await contactOf(tx, businessId, row.contactId), await paymentOf(tx, row));
  });
}

/**
 * A person's status change (staff in the dashboard, a client through PATCH /v1/records/{collection}/{id}):
 * the status must be one of the collection's and a move allowed from the current one, or it is a 400
 * that changes nothing. The same status again changes nothing and fires nothing. A foreign or missing
 * id, or one of another collection, is a 404.
 */
export async function changeRecordStatus(
  db: Db,
  businessId: string,
  collection: string,
  id: string,
  status: string,
): Promise<{ record: RecordOut; previousStatus: string; changed: boolean }> {
  if (!statusesOf(collection).includes(status)) {
    throw invalid([{ path: "status", message: `must be one of ${statusesOf(collection).join(", ")} for ${collection}.` }]);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(records)
      .where(and(eq(records.businessId, businessId), eq(records.collection, collection), eq(records.id, id)))
      .for("update");
    if (!current) throw notFound("record");
    const contact = await contactOf(tx, businessId, current.contactId);
    const payment = await paymentOf(tx, current);
    if (current.status === status) return { record: recordView(current, contact, payment), previousStatus: current.status, changed: false };
    const problem = transitionProblem(collection, current.status, status);
    if (problem) throw invalid([{ path: "status", message: problem }], problem);
    const [row] = await tx.update(records).set({ status }).where(eq(records.id, id)).returning();
    await emitEvent(tx, businessId, "record.updated", {
      collection: row.collection,
      record: { id: row.id, fields: row.fields, status: row.status },
      previous: { fields: current.fields, status: current.status },
      conversationId: row.conversationId,
    });
    return { record: recordView(row, contact, payment), previousStatus: current.status, changed: true };
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
    .select({
      ...getTableColumns(records),
      contactFound: contacts.id,
      contactName: contacts.name,
      contactPhone: contacts.phone,
      contactUsername: contacts.username,
      contactWaUserId: contacts.waUserId,
      payment: orderPayments,
    })
    .from(records)
    .leftJoin(contacts, and(eq(contacts.id, records.contactId), eq(contacts.businessId, records.businessId)))
    .leftJoin(orderPayments, and(eq(orderPayments.recordId, records.id), eq(orderPayments.businessId, records.businessId)))
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
  return toPage(rows, filter.limit, ({ contactFound, contactName, contactPhone, contactUsername, contactWaUserId, payment, ...r }) =>
    recordView(
      r,
      contactFound === null ? null : { name: contactName, phone: contactPhone, username: contactUsername, waUserId: contactWaUserId },
      payment,
    ),
  );
}
