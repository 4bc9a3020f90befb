import "server-only";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { contacts } from "../db/schema";
import { notFound } from "../errors";
import { emitEvent, eventDispatch, wantedByEndpoint } from "../events/emit";
import { queryRows } from "../db/rows";
import { type DatesOrIso, pickColumns, type RowOf } from "../db/table-rows";
import { JOBS_CHANNEL } from "../jobs/queue";
import { newId } from "../ids";
import { iso, keysetPage, type Page, type PageParams } from "../pagination";
import type { ContactOut } from "../shared/contact-schema";

type ContactRow = typeof contacts.$inferSelect;

/** The columns a contact's view reads: all the contact list selects. */
const viewColumns = pickColumns(contacts, ["id", "phone", "name", "tags", "metadata", "createdAt", "updatedAt"] as const);

export function contactView(c: DatesOrIso<RowOf<typeof viewColumns.columns>>): ContactOut {
  return {
    id: c.id,
    phone: c.phone,
    name: c.name,
    tags: c.tags,
    metadata: c.metadata,
    createdAt: iso(c.createdAt) as string,
    updatedAt: iso(c.updatedAt) as string,
  };
}

async function announce(tx: Db, c: ContactRow) {
  const { id, phone, name, tags, metadata, createdAt } = contactView(c);
  await emitEvent(tx, c.businessId, "contact.created", { contact: { id, phone, name, tags, metadata, createdAt } });
}

export type ContactInput = { phone: string; name?: string | null; metadata?: Record<string, unknown>; tags?: string[] };

/**
 * Upsert keyed by phone in one statement (ON CONFLICT): concurrent upserts of one phone give one
 * contact. Fields left out keep their stored values; `contact.created` fires once, on the insert.
 */
export async function upsertContact(db: Db, businessId: string, input: ContactInput): Promise<ContactOut> {
  const textArray = (list: string[]) =>
    list.length
      ? sql`array[${sql.join(
          list.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
  const set = [sql`updated_at = now()`];
  if (input.name !== undefined) set.push(sql`name = ${input.name}`);
  if (input.metadata !== undefined) set.push(sql`metadata = ${JSON.stringify(input.metadata)}::jsonb`);
  if (input.tags !== undefined) set.push(sql`tags = ${textArray(input.tags)}`);
  // One statement, so one round trip and one implicit transaction: the upsert, and on an insert the
  // contact.created event (its payload as emitEvent and announce build it) and its dispatch job.
  const eventId = newId("evt");
  const eventAt = new Date().toISOString();
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with c as (
          insert into contacts as x (id, business_id, phone, name, metadata, tags)
          values (${newId("ct")}, ${businessId}, ${input.phone}, ${input.name ?? null}, ${JSON.stringify(input.metadata ?? {})}::jsonb, ${textArray(input.tags ?? [])})
          on conflict (business_id, phone) do update set ${sql.join(set, sql`, `)}
          returning x.*, (xmax = 0) as inserted
        ), e as (
          insert into events (id, business_id, type, payload, created_at)
          select ${eventId}, c.business_id, 'contact.created',
            jsonb_build_object('id', ${eventId}::text, 'type', 'contact.created', 'createdAt', ${eventAt}::text,
              'contact', jsonb_build_object('id', c.id, 'phone', c.phone, 'name', c.name, 'tags', to_jsonb(c.tags), 'metadata', c.metadata,
                'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
            ${eventAt}::timestamptz
          from c where c.inserted
          returning id
        ), j as (
          insert into jobs (queue, payload, business_id)
          select ${eventDispatch.name}, jsonb_build_object('eventId', e.id, 'businessId', ${businessId}::text), ${businessId} from e
          where ${wantedByEndpoint(businessId, "contact.created")}
          returning queue
        )
        select c.*, (select count(pg_notify(${JOBS_CHANNEL}, j.queue)) from j) as woken from c`,
  );
  const contact: Record<string, unknown> = {};
  for (const [prop, column] of contactColumns) {
    const value = row[column.name];
    contact[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return contactView(contact as ContactRow);
}

const contactColumns = Object.entries(getTableColumns(contacts));

/** Finds a contact by phone or creates it (firing contact.created), for sends and inbound messages. */
export async function ensureContact(
  tx: Db,
  businessId: string,
  phone: string,
  extra: { name?: string | null; channel?: "whatsapp" | "sandbox" } = {},
): Promise<{ contact: ContactRow; created: boolean }> {
  // Most sends and inbound messages are for a known contact: one read; the insert only for new ones.
  // ON CONFLICT DO NOTHING makes a racing first sight end with one contact (and one contact.created).
  let existing = await findContactByPhone(tx, businessId, phone);
  if (!existing) {
    const [inserted] = await tx
      .insert(contacts)
      .values({ id: newId("ct"), businessId, phone, name: extra.name ?? null, channel: extra.channel ?? "whatsapp" })
      .onConflictDoNothing({ target: [contacts.businessId, contacts.phone] })
      .returning();
    if (inserted) {
      await announce(tx, inserted);
      return { contact: inserted, created: true };
    }
    existing = await findContactByPhone(tx, businessId, phone);
    if (!existing) throw new Error("contact vanished while being created");
  }
  if (!existing.name && extra.name) {
    await tx.update(contacts).set({ name: extra.name, updatedAt: sql`now()` }).where(eq(contacts.id, existing.id));
    existing.name = extra.name;
  }
  return { contact: existing, created: false };
}

export async function findContactByPhone(db: Db, businessId: string, phone: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.phone, phone)));
  return row;
}

export async function getContact(db: Db, businessId: string, id: string): Promise<ContactOut> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)));
  if (!row) throw notFound("contact");
  return contactView(row);
}

export async function listContacts(db: Db, businessId: string, filter: PageParams & { search?: string; tag?: string }): Promise<Page<ContactOut>> {
  const like = filter.search ? containsPattern(filter.search) : null;
  return keysetPage(
    db,
    contacts,
    {
      idPrefix: "ct_",
      page: { limit: filter.limit, cursor: filter.cursor },
      filters: [
        [contacts.businessId, businessId],
        like ? { ilike: [contacts.name, contacts.phone], pattern: like } : undefined,
        filter.tag ? { contains: contacts.tags, value: filter.tag } : undefined,
      ],
      select: viewColumns,
    },
    contactView,
  );
}

/** Dashboard edit of a contact by id (same rules as the upsert's fields). */
export async function updateContact(
  db: Db,
  businessId: string,
  id: string,
  input: { name?: string | null; metadata?: Record<string, unknown>; tags?: string[] },
): Promise<ContactOut> {
  const [row] = await db
    .update(contacts)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, id)))
    .returning();
  if (!row) throw notFound("contact");
  return contactView(row);
}
