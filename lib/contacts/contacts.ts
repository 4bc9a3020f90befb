import "server-only";
import { and, eq, getTableColumns, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { contacts } from "../db/schema";
import { AppError, notFound } from "../errors";
import { emitEvent, eventDispatch, wantedByEndpoint } from "../events/emit";
import { queryRows } from "../db/rows";
import { type DatesOrIso, pickColumns, type RowOf } from "../db/table-rows";
import { jobsAdded, wakePart } from "../jobs/wake";
import { newId } from "../ids";
import { iso, keysetPage, type Page, type PageParams } from "../pagination";
import type { ContactOut } from "../shared/contact-schema";
import { isBsuid } from "../shared/customer-address";
import { componentLogger } from "../observability/log";

const log = componentLogger("contacts");

export type ContactRow = typeof contacts.$inferSelect;

/** The columns a contact's view reads: all the contact list selects. */
const viewColumns = pickColumns(contacts, ["id", "phone", "waUserId", "username", "name", "tags", "metadata", "createdAt", "updatedAt"] as const);

export function contactView(c: DatesOrIso<RowOf<typeof viewColumns.columns>>): ContactOut {
  return {
    id: c.id,
    phone: c.phone,
    waUserId: c.waUserId,
    username: c.username,
    name: c.name,
    tags: c.tags,
    metadata: c.metadata,
    createdAt: iso(c.createdAt) as string,
    updatedAt: iso(c.updatedAt) as string,
  };
}

async function announce(tx: Db, c: ContactRow) {
  const { id, phone, waUserId, username, name, tags, metadata, createdAt } = contactView(c);
  await emitEvent(tx, c.businessId, "contact.created", { contact: { id, phone, waUserId, username, name, tags, metadata, createdAt } });
}

/** How WhatsApp names a customer: any of the three, at least one given (issue 37). */
export type ContactIdentity = { phone?: string | null; waUserId?: string | null; username?: string | null };

export type ContactInput = ContactIdentity & { name?: string | null; metadata?: Record<string, unknown>; tags?: string[] };

/** A `to` or `from`: a BSUID names the contact's waUserId, anything else its phone. */
export function identityOf(address: string): ContactIdentity {
  return isBsuid(address) ? { waUserId: address } : { phone: address };
}

/** The contacts column an address is matched on (for statements that find a contact by `to`). */
export function addressMatch(address: string, table: { phone: string; waUserId: string } = { phone: "phone", waUserId: "wa_user_id" }): SQL {
  return isBsuid(address) ? sql`${sql.raw(table.waUserId)} = ${address}` : sql`${sql.raw(table.phone)} = ${address}`;
}

/**
 * Upsert keyed by the customer's identifiers. With a phone alone it is one statement (ON CONFLICT):
 * concurrent upserts of one phone give one contact. With a BSUID or username too, the contact any of
 * them names is updated (and takes the others), or one is created; identifiers that name two
 * different contacts are refused (409 conflict), as merging two customers is a person's decision.
 * Fields left out keep their stored values; `contact.created` fires once, on the insert.
 */
export async function upsertContact(db: Db, businessId: string, input: ContactInput): Promise<ContactOut> {
  if (!input.phone || input.waUserId || input.username) return upsertByIdentity(db, businessId, input);
  return upsertByPhone(db, businessId, { ...input, phone: input.phone });
}

async function upsertByIdentity(db: Db, businessId: string, input: ContactInput): Promise<ContactOut> {
  const identity = { phone: input.phone ?? null, waUserId: input.waUserId ?? null, username: input.username ?? null };
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const found = await findByIdentity(tx, businessId, identity, true);
        if (found.length > 1)
          throw new AppError("conflict", "These identifiers belong to different contacts: update each contact by the identifier it has.");
        const fields = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
          ...(input.tags !== undefined ? { tags: input.tags } : {}),
        };
        const given = Object.fromEntries(Object.entries(identity).filter(([, v]) => v !== null));
        if (found[0]) {
          const [row] = await tx
            .update(contacts)
            .set({ ...given, ...fields, updatedAt: sql`now()` })
            .where(eq(contacts.id, found[0].id))
            .returning();
          return contactView(row);
        }
        const [row] = await tx
          .insert(contacts)
          .values({ id: newId("ct"), businessId, ...given, name: input.name ?? null, metadata: input.metadata ?? {}, tags: input.tags ?? [] })
          .returning();
        await announce(tx, row);
        return contactView(row);
      });
    } catch (err) {
      // Two first upserts of one customer at once: the loser finds the winner's contact next time.
      if (attempt < 2 && uniqueViolation(err)) continue;
      throw err;
    }
  }
}

function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The business's contacts that any of an identity's identifiers names (on `contacts` unaliased). */
export function identityCondition(businessId: string, identity: ContactIdentity): SQL {
  const any = [
    identity.phone ? eq(contacts.phone, identity.phone) : undefined,
    identity.waUserId ? eq(contacts.waUserId, identity.waUserId) : undefined,
    identity.username ? eq(contacts.username, identity.username) : undefined,
  ].filter((c) => c !== undefined);
  if (!any.length) throw new AppError("invalid_request", "A contact needs a phone, a waUserId or a username.");
  return and(eq(contacts.businessId, businessId), or(...any)) as SQL;
}

/** The contacts any of these identifiers names (at most three), locked when `lock`. */
async function findByIdentity(tx: Db, businessId: string, identity: ContactIdentity, lock = false): Promise<ContactRow[]> {
  const query = tx.select().from(contacts).where(identityCondition(businessId, identity));
  return lock ? query.for("update") : query;
}

async function upsertByPhone(db: Db, businessId: string, input: ContactInput & { phone: string }): Promise<ContactOut> {
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
              'contact', jsonb_build_object('id', c.id, 'phone', c.phone, 'waUserId', c.wa_user_id, 'username', c.username, 'name', c.name, 'tags', to_jsonb(c.tags), 'metadata', c.metadata,
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
        select c.*, ${wakePart(db, sql`j`)} as woken from c`,
  );
  if (Number(row.woken) > 0) jobsAdded(db, eventDispatch.name);
  const contact: Record<string, unknown> = {};
  for (const [prop, column] of contactColumns) {
    const value = row[column.name];
    contact[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return contactView(contact as ContactRow);
}

const contactColumns = Object.entries(getTableColumns(contacts));

/**
 * Finds the contact a customer's identifiers name, or creates it (firing contact.created), for sends
 * and inbound messages. `who` is an address (a phone or a BSUID) or what a WhatsApp webhook names:
 * phone, BSUID and username, any of them missing. A contact first seen by BSUID and later by phone (or
 * the reverse) stays one contact: the one found takes the identifiers it lacked, a new BSUID (WhatsApp
 * issues one when the number changes) and the current username.
 */
export async function ensureContact(
  tx: Db,
  businessId: string,
  who: string | ContactIdentity,
  extra: { name?: string | null; channel?: "whatsapp" | "sandbox" } = {},
  /** The contacts identityCondition names, when the caller read them already in this transaction. */
  found?: ContactRow[],
): Promise<{ contact: ContactRow; created: boolean }> {
  const identity = typeof who === "string" ? identityOf(who) : who;
  // Most sends and inbound messages are for a known contact: one read; the insert only for new ones.
  // ON CONFLICT DO NOTHING makes a racing first sight end with one contact (and one contact.created).
  let existing = pickContact(found ?? (await findByIdentity(tx, businessId, identity)), identity);
  if (!existing) {
    const [inserted] = await tx
      .insert(contacts)
      .values({
        id: newId("ct"),
        businessId,
        phone: identity.phone ?? null,
        waUserId: identity.waUserId ?? null,
        username: identity.username ?? null,
        name: extra.name ?? null,
        channel: extra.channel ?? "whatsapp",
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await announce(tx, inserted);
      return { contact: inserted, created: true };
    }
    existing = pickContact(await findByIdentity(tx, businessId, identity), identity);
    if (!existing) throw new Error("contact vanished while being created");
  }
  const changes = await learnedIdentifiers(tx, businessId, existing, identity);
  if (!existing.name && extra.name) changes.name = extra.name;
  if (Object.keys(changes).length) {
    await tx
      .update(contacts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(contacts.id, existing.id));
    Object.assign(existing, changes);
  }
  return { contact: existing, created: false };
}

// The BSUID is WhatsApp's own anchor: when a phone and a BSUID name two different contacts (an API
// upsert by phone, then a first message by BSUID alone), the BSUID's contact is the customer.
function pickContact(found: ContactRow[], identity: ContactIdentity): ContactRow | undefined {
  if (found.length <= 1) return found[0];
  return (
    found.find((c) => identity.waUserId && c.waUserId === identity.waUserId) ??
    found.find((c) => identity.phone && c.phone === identity.phone) ??
    found[0]
  );
}

/** What the contact learns from this sight of the customer (never an identifier another contact holds). */
async function learnedIdentifiers(tx: Db, businessId: string, c: ContactRow, identity: ContactIdentity): Promise<Partial<ContactRow>> {
  const wanted: Partial<Record<"phone" | "waUserId" | "username", string>> = {};
  if (identity.phone && !c.phone) wanted.phone = identity.phone;
  if (identity.waUserId && c.waUserId !== identity.waUserId) wanted.waUserId = identity.waUserId;
  if (identity.username && c.username !== identity.username) wanted.username = identity.username;
  if (!Object.keys(wanted).length) return {};
  const holders = await tx
    .select({ id: contacts.id, phone: contacts.phone, waUserId: contacts.waUserId, username: contacts.username })
    .from(contacts)
    .where(
      and(eq(contacts.businessId, businessId), ne(contacts.id, c.id), or(...Object.entries(wanted).map(([k, v]) => eq(contacts[k as "phone"], v)))),
    );
  for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) {
    if (holders.some((h) => h[key] === wanted[key])) {
      log.warn({ contactId: c.id, field: key }, "identifier already belongs to another contact: both kept as they are");
      delete wanted[key];
    }
  }
  return wanted;
}

/** The contact an address (a phone or a BSUID) names. */
export async function findContactByAddress(db: Db, businessId: string, address: string): Promise<ContactRow | undefined> {
  const column = isBsuid(address) ? contacts.waUserId : contacts.phone;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(column, address)));
  return row;
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
        like ? { ilike: [contacts.name, contacts.phone, contacts.username, contacts.waUserId], pattern: like } : undefined,
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
