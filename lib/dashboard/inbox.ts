import "server-only";
import { contactLabel } from "../shared/customer-address";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { getContact } from "../contacts/contacts";
import type { ContactOut } from "../shared/contact-schema";
import type { ConversationOut } from "../conversations/conversation-schema";
import { conversationView, getConversation, insideWindow, lastInboundAt, WINDOW_MS } from "../conversations/conversations";
import { onlineMemberIds, touchPresence } from "../conversations/presence";
import { assignQueued } from "../conversations/assignment";
import { carriesLabel } from "../conversations/label-filter";
import { labelsOf, withLabels } from "../conversations/labels";
import { type SlaMark, slaMarks } from "../conversations/sla";
import type { Db } from "../db/client";
import { type ConversationStatus, contacts, conversationReads, conversations, messages, users } from "../db/schema";
import { invalid } from "../errors";
import type { Page } from "../pagination";

// Read models for the inbox: the lib's conversations with what a list row, the thread header and the
// navigation's counters need, for the signed-in member (views and unread counts are per member).

export type InboxView = "mine" | "unassigned" | "all";

export type InboxRow = ConversationOut & {
  contact: { id: string; name: string | null; phone: string | null; username: string | null; waUserId: string | null } | null;
  lastMessage: { text: string; direction: string; source: string; authorName: string | null; createdAt: string } | null;
  assignee: { id: string; name: string | null } | null;
  /** Customer messages this member has not seen yet. */
  unread: number;
  /** The SLA clock furthest gone of a handed-off conversation with a target (issue 36); null: none. */
  sla: SlaMark | null;
};

// The list's order: handed-off conversations whose customer is waiting come first, the longest wait
// at the top; then every other conversation, latest activity first. The cursor is the row's place in
// that order (group, key, id).
const waitingGroup = sql<number>`(case when ${conversations.status} = 'handoff' and ${conversations.waitingSince} is not null then 0 else 1 end)`;
const orderKey = sql<number>`(case when ${conversations.status} = 'handoff' and ${conversations.waitingSince} is not null
  then extract(epoch from ${conversations.waitingSince}) * 1000
  else -extract(epoch from coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})) * 1000 end)`;

function encodeInboxCursor(group: number, key: number, id: string): string {
  return Buffer.from(`${group}.${Math.round(key)}.${id}`).toString("base64url");
}

function decodeInboxCursor(cursor: string): { group: number; key: number; id: string } {
  const raw = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^([01])\.(-?\d{1,16})\.(conv_[A-Za-z0-9]{1,40})$/.exec(raw);
  if (!match) throw invalid([{ path: "cursor", message: "The cursor is malformed or belongs to another list." }]);
  return { group: Number(match[1]), key: Number(match[2]), id: match[3] };
}

export async function inboxPage(
  db: Db,
  businessId: string,
  userId: string,
  filter: { view?: InboxView; status?: ConversationStatus; contactId?: string; label?: string; limit: number; cursor?: string | null },
): Promise<Page<InboxRow>> {
  const cursor = filter.cursor ? decodeInboxCursor(filter.cursor) : null;
  const view: SQL | undefined =
    filter.view === "mine" ? eq(conversations.assigneeId, userId) : filter.view === "unassigned" ? isNull(conversations.assigneeId) : undefined;
  const rows = await db
    .select({ row: conversations, group: waitingGroup, key: orderKey })
    .from(conversations)
    .where(
      and(
        eq(conversations.businessId, businessId),
        filter.status ? eq(conversations.status, filter.status) : undefined,
        filter.contactId ? eq(conversations.contactId, filter.contactId) : undefined,
        filter.label ? carriesLabel(businessId, filter.label) : undefined,
        view,
        cursor ? sql`(${waitingGroup}, round(${orderKey}), ${conversations.id}) > (${cursor.group}, ${cursor.key}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(waitingGroup), asc(sql`round(${orderKey})`), asc(conversations.id))
    .limit(filter.limit + 1);
  const more = rows.length > filter.limit;
  const slice = more ? rows.slice(0, filter.limit) : rows;
  const last = slice.at(-1);
  const data = await decorate(
    db,
    businessId,
    userId,
    slice.map((r) => r.row),
  );
  return { data, nextCursor: more && last ? encodeInboxCursor(Number(last.group), Number(last.key), last.row.id) : null };
}

async function decorate(db: Db, businessId: string, userId: string, rows: (typeof conversations.$inferSelect)[]): Promise<InboxRow[]> {
  const contactIds = [...new Set(rows.map((c) => c.contactId))];
  const conversationIds = rows.map((c) => c.id);
  if (!rows.length) return [];
  const people = await db
    .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, username: contacts.username, waUserId: contacts.waUserId })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, contactIds)));
  const latest = await db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      text: messages.text,
      direction: messages.direction,
      source: messages.source,
      userId: messages.userId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.businessId, businessId), inArray(messages.conversationId, conversationIds)))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  const unread = await db
    .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
    .from(messages)
    .leftJoin(conversationReads, and(eq(conversationReads.userId, userId), eq(conversationReads.conversationId, messages.conversationId)))
    .where(
      and(
        eq(messages.businessId, businessId),
        inArray(messages.conversationId, conversationIds),
        eq(messages.direction, "inbound"),
        or(isNull(conversationReads.readAt), sql`${messages.createdAt} > ${conversationReads.readAt}`),
      ),
    )
    .groupBy(messages.conversationId);
  const memberIds = [...new Set([...rows.map((r) => r.assigneeId), ...latest.map((m) => m.userId)].filter((x): x is string => !!x))];
  const members = memberIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.businessId, businessId), inArray(users.id, memberIds)))
    : [];
  const nameOf = new Map(members.map((m) => [m.id, m.name ?? m.email]));
  const labelsBy = await labelsOf(db, businessId, conversationIds);
  const marks = await slaMarks(db, businessId, conversationIds);
  const byContact = new Map(people.map((p) => [p.id, p]));
  const byConversation = new Map(latest.map((m) => [m.conversationId, m]));
  const unreadBy = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
  return rows.map((c) => {
    const lastMessage = byConversation.get(c.id);
    return {
      ...conversationView(c),
      contact: byContact.get(c.contactId) ?? null,
      lastMessage: lastMessage
        ? {
            text: lastMessage.text,
            direction: lastMessage.direction,
            source: lastMessage.source,
            authorName: lastMessage.userId ? (nameOf.get(lastMessage.userId) ?? null) : null,
            createdAt: lastMessage.createdAt.toISOString(),
          }
        : null,
      assignee: c.assigneeId ? { id: c.assigneeId, name: nameOf.get(c.assigneeId) ?? null } : null,
      unread: unreadBy.get(c.id) ?? 0,
      labels: labelsBy.get(c.id) ?? [],
      sla: marks.get(c.id) ?? null,
    };
  });
}

/** The member has seen the conversation up to now: its unread count drops to 0 for them only. */
export async function markSeen(db: Db, businessId: string, userId: string, conversationId: string): Promise<{ unread: 0 }> {
  await getConversation(db, businessId, conversationId);
  await db
    .insert(conversationReads)
    .values({ businessId, userId, conversationId, readAt: new Date() })
    .onConflictDoUpdate({ target: [conversationReads.userId, conversationReads.conversationId], set: { readAt: sql`now()` } });
  return { unread: 0 };
}

export type InboxSummary = {
  /** Handed-off conversations, the member's or unassigned, with customer messages the member has not seen. */
  unreadConversations: number;
  /**
   * The handed-off conversations for the member's team (theirs or unassigned), newest handoff first:
   * when the handoff happened and since when the customer waits (from the handoff on, issue 36; null
   * once a person has replied).
   */
  handoffs: { id: string; contactName: string; assigneeId: string | null; handedOffAt: string; waitingSince: string | null }[];
};

/**
 * What every dashboard page polls for the navigation's counter and the new-handoff notification. It is
 * also the member's presence (round-robin assigns only to agents whose dashboard is open).
 */
export async function inboxSummary(db: Db, businessId: string, userId: string): Promise<InboxSummary> {
  await touchPresence(db, businessId, userId);
  // Queued handoffs go to agents as places free up (an agent back, a conversation closed).
  await assignQueued(db, businessId);
  const mineOrNobody = or(eq(conversations.assigneeId, userId), isNull(conversations.assigneeId));
  const [count] = await db
    .select({ n: sql<number>`count(distinct ${conversations.id})::int` })
    .from(conversations)
    .innerJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.businessId, businessId), eq(messages.direction, "inbound")))
    .leftJoin(conversationReads, and(eq(conversationReads.userId, userId), eq(conversationReads.conversationId, conversations.id)))
    .where(
      and(
        eq(conversations.businessId, businessId),
        eq(conversations.status, "handoff"),
        mineOrNobody,
        or(isNull(conversationReads.readAt), sql`${messages.createdAt} > ${conversationReads.readAt}`),
      ),
    );
  const handoffs = await db
    .select({
      id: conversations.id,
      name: contacts.name,
      phone: contacts.phone,
      username: contacts.username,
      waUserId: contacts.waUserId,
      assigneeId: conversations.assigneeId,
      at: sql<Date | string | null>`(select max(t.created_at) from conversation_transitions t
        where t.conversation_id = ${conversations.id} and t.to_status = 'handoff')`,
      waitingSince: conversations.waitingSince,
      updatedAt: conversations.updatedAt,
    })
    .from(conversations)
    .innerJoin(contacts, and(eq(contacts.id, conversations.contactId), eq(contacts.businessId, businessId)))
    .where(and(eq(conversations.businessId, businessId), eq(conversations.status, "handoff"), mineOrNobody))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(20);
  return {
    unreadConversations: Number(count?.n ?? 0),
    handoffs: handoffs.map((h) => ({
      id: h.id,
      contactName: h.name ?? contactLabel(h),
      assigneeId: h.assigneeId,
      handedOffAt: new Date(h.at ?? h.updatedAt).toISOString(),
      waitingSince: h.waitingSince ? h.waitingSince.toISOString() : null,
    })),
  };
}

export type InboxMember = { id: string; name: string | null; email: string; role: "owner" | "agent"; online: boolean };

/** The business's members for the assignment picker, with who is online. */
export async function inboxMembers(db: Db, businessId: string): Promise<{ data: InboxMember[] }> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const online = await onlineMemberIds(db, businessId);
  return { data: rows.map((r) => ({ ...r, online: online.has(r.id) })) };
}

export type ConversationDetail = {
  conversation: ConversationOut;
  contact: ContactOut;
  assignee: { id: string; name: string | null; email: string } | null;
  /** The 24-hour rule as sendMessage applies it: free text only while the window is open. */
  windowOpen: boolean;
  windowClosesAt: string | null;
};

export async function conversationDetail(db: Db, businessId: string, conversationId: string): Promise<ConversationDetail> {
  const conversation = await getConversation(db, businessId, conversationId);
  const contact = await getContact(db, businessId, conversation.contactId);
  const last = await lastInboundAt(db, businessId, contact.id);
  const [assignee] = conversation.assigneeId
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.businessId, businessId), eq(users.id, conversation.assigneeId)))
    : [];
  return {
    conversation: await withLabels(db, businessId, conversation),
    contact,
    assignee: assignee ?? null,
    windowOpen: insideWindow(last),
    windowClosesAt: last ? new Date(last.getTime() + WINDOW_MS).toISOString() : null,
  };
}
