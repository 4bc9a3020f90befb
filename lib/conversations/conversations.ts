import "server-only";
import { isBsuid } from "../shared/customer-address";
import { and, desc, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jsonValue } from "../db/rows";
import { type DatesOrIso, pickColumns, type RowOf } from "../db/table-rows";
import { type ConversationActorType, type ConversationStatus, contacts, conversations } from "../db/schema";
import { recordConversationEvent } from "./conversation-events";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Equals, iso, keysetPage, type Page, type PageParams, toPage } from "../pagination";
import { carriesLabel } from "./label-filter";
import type { ConversationCore } from "./conversation-schema";
import type { LabelRef } from "../shared/label-schema";

export { type ConversationRow, findConversation } from "./find-conversation";
import { type ConversationRow, findConversation } from "./find-conversation";

/** The columns a conversation's view reads: all the conversation list selects. */
const viewColumns = pickColumns(conversations, [
  "id",
  "contactId",
  "status",
  "lastInboundAt",
  "assigneeId",
  "waitingSince",
  "tokensUsed",
  "rating",
  "ratingComment",
  "ratedAt",
  "createdAt",
  "updatedAt",
] as const);

export function conversationView(c: DatesOrIso<RowOf<typeof viewColumns.columns>>): ConversationCore {
  return {
    id: c.id,
    contactId: c.contactId,
    status: c.status,
    lastInboundAt: iso(c.lastInboundAt),
    assigneeId: c.assigneeId,
    waitingSince: iso(c.waitingSince),
    tokensUsed: c.tokensUsed,
    satisfaction: c.rating === null ? null : { rating: c.rating, comment: c.ratingComment, ratedAt: iso(c.ratedAt) },
    createdAt: iso(c.createdAt) as string,
    updatedAt: iso(c.updatedAt) as string,
  };
}

export async function getConversation(db: Db, businessId: string, id: string): Promise<ConversationCore> {
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
 *
 * `read`: the contact's latest conversation as the caller read it in this transaction. When that one is
 * closed or there is none (a contact made just now), nothing is read first and whether the new one
 * reopens a thread is known: 1 statement instead of 3. Should an open one exist after all (opened
 * meanwhile, or an older one reopened), the insert does nothing and it is read.
 */
export async function ensureConversation(
  tx: Db,
  businessId: string,
  contactId: string,
  opener: { type: ConversationActorType; userId: string | null } = { type: "customer", userId: null },
  read?: { latest: ConversationRow | null },
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const noneOpen = read !== undefined && (read.latest === null || read.latest.status === "closed");
  if (!noneOpen) {
    const existing = await activeConversation(tx, businessId, contactId);
    if (existing) return { conversation: existing, created: false };
  }
  const [opened] = await tx
    .insert(conversations)
    .values({ id: newId("conv"), businessId, contactId, status: "open" })
    .onConflictDoNothing({ target: [conversations.businessId, conversations.contactId], where: sql`status <> 'closed'` })
    .returning();
  if (!opened) {
    const conversation = await activeConversation(tx, businessId, contactId);
    if (!conversation) throw new Error("conversation vanished while being opened");
    return { conversation, created: false };
  }
  // A contact whose earlier conversations are all closed: the thread says it was reopened, and by whom.
  const reopens = noneOpen
    ? read?.latest != null
    : (
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId), eq(conversations.status, "closed")))
          .limit(1)
      ).length > 0;
  if (reopens) await recordConversationEvent(tx, opened, { kind: "reopened", actor: opener });
  return { conversation: opened, created: true };
}

/** The latest time the customer wrote, over all their conversations (the 24-hour window's anchor). */
export async function lastInboundAt(db: Db, businessId: string, contactId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${conversations.lastInboundAt})` })
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)));
  return row?.at ? new Date(row.at) : null;
}

/** lastInboundAt for an address (a phone, or a WhatsApp BSUID), in one read (null for a customer never seen). */
export async function lastInboundAtByPhone(db: Db, businessId: string, phone: string): Promise<Date | null> {
  const byAddress = isBsuid(phone) ? eq(contacts.waUserId, phone) : eq(contacts.phone, phone);
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${conversations.lastInboundAt})` })
    .from(conversations)
    .innerJoin(contacts, and(eq(contacts.businessId, conversations.businessId), eq(contacts.id, conversations.contactId)))
    .where(and(eq(conversations.businessId, businessId), eq(contacts.businessId, businessId), byAddress));
  return row?.at ? new Date(row.at) : null;
}

export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const insideWindow = (last: Date | null, now = Date.now()) => !!last && now - last.getTime() < WINDOW_MS;

/**
 * The labels a conversation carries, as its list item shows them (what labels.ts's labelsOf reads, in
 * the same order), as a column of the list's own statement: a page is one round trip, not two.
 */
const LABELS_COLUMN = `(select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name), l.id), '[]'::json)
  from conversation_labels cl join labels l on l.id = cl.label_id and l.business_id = cl.business_id
  where cl.business_id = "conversations"."business_id" and cl.conversation_id = "conversations"."id")`;
const listColumns = { columns: viewColumns.columns, aliased: `${viewColumns.aliased}, ${LABELS_COLUMN} as "labels"` };
const listItem = <R extends Parameters<typeof conversationView>[0]>(row: R) => ({
  ...conversationView(row),
  labels: jsonValue<LabelRef[] | null>((row as { labels?: unknown }).labels) ?? [],
});

/** The conversation list, each item with its labels. */
export async function listConversations(
  db: Db,
  businessId: string,
  filter: PageParams & { status?: ConversationStatus; contactId?: string; assigneeId?: string; label?: string },
): Promise<Page<ConversationCore & { labels: LabelRef[] }>> {
  if (filter.label) {
    // The label filter joins two more tables: a plain query instead of the hot lists' statement.
    const cursor = filter.cursor ? decodeCursor(filter.cursor, "conv_") : null;
    const rows = await db
      .select({ ...getTableColumns(conversations), labels: sql<unknown>`${sql.raw(LABELS_COLUMN)}` })
      .from(conversations)
      .where(
        and(
          eq(conversations.businessId, businessId),
          filter.status ? eq(conversations.status, filter.status) : undefined,
          filter.contactId ? eq(conversations.contactId, filter.contactId) : undefined,
          filter.assigneeId === "unassigned"
            ? isNull(conversations.assigneeId)
            : filter.assigneeId
              ? eq(conversations.assigneeId, filter.assigneeId)
              : undefined,
          carriesLabel(businessId, filter.label),
          afterCursor(conversations.createdAt, conversations.id, cursor),
        ),
      )
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(filter.limit + 1);
    return toPage(rows, filter.limit, listItem);
  }
  const assignee: Equals | undefined = filter.assigneeId
    ? [conversations.assigneeId, filter.assigneeId === "unassigned" ? null : filter.assigneeId]
    : undefined;
  return keysetPage(
    db,
    conversations,
    {
      idPrefix: "conv_",
      page: { limit: filter.limit, cursor: filter.cursor },
      filters: [
        [conversations.businessId, businessId],
        filter.status ? [conversations.status, filter.status] : undefined,
        filter.contactId ? [conversations.contactId, filter.contactId] : undefined,
        assignee,
      ],
      select: listColumns,
    },
    listItem,
  );
}
