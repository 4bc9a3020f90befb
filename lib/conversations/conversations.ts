import "server-only";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { type ConversationStatus, contacts, conversations } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { afterCursor, decodeCursor, iso, type Page, type PageParams, toPage } from "../pagination";
import type { ConversationOut } from "./conversation-schema";

export type ConversationRow = typeof conversations.$inferSelect;

export function conversationView(c: ConversationRow): ConversationOut {
  return {
    id: c.id,
    contactId: c.contactId,
    status: c.status,
    lastInboundAt: iso(c.lastInboundAt),
    assigneeId: c.assigneeId,
    tokensUsed: c.tokensUsed,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function findConversation(db: Db, businessId: string, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, id)));
  if (!row) throw notFound("conversation");
  return row;
}

export async function getConversation(db: Db, businessId: string, id: string): Promise<ConversationOut> {
  return conversationView(await findConversation(db, businessId, id));
}

/** The contact's non-closed conversation, if any. */
export async function activeConversation(db: Db, businessId: string, contactId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId), ne(conversations.status, "closed")));
  return row;
}

/**
 * The contact's non-closed conversation, or a new open one. The partial unique index makes two racing
 * callers end up with the same conversation.
 */
export async function ensureConversation(
  tx: Db,
  businessId: string,
  contactId: string,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const existing = await activeConversation(tx, businessId, contactId);
  if (existing) return { conversation: existing, created: false };
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into conversations (id, business_id, contact_id, status) values (${newId("conv")}, ${businessId}, ${contactId}, 'open')
        on conflict (business_id, contact_id) where status <> 'closed' do nothing returning id`,
  );
  const conversation = await activeConversation(tx, businessId, contactId);
  if (!conversation) throw new Error("conversation vanished while being opened");
  return { conversation, created: inserted.length > 0 };
}

/** The latest time the customer wrote, over all their conversations (the 24-hour window's anchor). */
export async function lastInboundAt(db: Db, businessId: string, contactId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${conversations.lastInboundAt})` })
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)));
  return row?.at ? new Date(row.at) : null;
}

/** lastInboundAt for a phone number, in one read (null for a customer never seen). */
export async function lastInboundAtByPhone(db: Db, businessId: string, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${conversations.lastInboundAt})` })
    .from(conversations)
    .innerJoin(contacts, and(eq(contacts.businessId, conversations.businessId), eq(contacts.id, conversations.contactId)))
    .where(and(eq(conversations.businessId, businessId), eq(contacts.businessId, businessId), eq(contacts.phone, phone)));
  return row?.at ? new Date(row.at) : null;
}

export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const insideWindow = (last: Date | null, now = Date.now()) => !!last && now - last.getTime() < WINDOW_MS;

export async function listConversations(
  db: Db,
  businessId: string,
  filter: PageParams & { status?: ConversationStatus; contactId?: string; assigneeId?: string },
): Promise<Page<ConversationOut>> {
  const cursor = filter.cursor ? decodeCursor(filter.cursor, "conv_") : null;
  const assignee =
    filter.assigneeId === "unassigned"
      ? isNull(conversations.assigneeId)
      : filter.assigneeId
        ? eq(conversations.assigneeId, filter.assigneeId)
        : undefined;
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.businessId, businessId),
        filter.status ? eq(conversations.status, filter.status) : undefined,
        filter.contactId ? eq(conversations.contactId, filter.contactId) : undefined,
        assignee,
        afterCursor(conversations.createdAt, conversations.id, cursor),
      ),
    )
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, conversationView);
}
