import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { getContact } from "../contacts/contacts";
import type { ContactOut } from "../contacts/contact-schema";
import type { ConversationOut } from "../conversations/conversation-schema";
import { getConversation, insideWindow, lastInboundAt, listConversations, WINDOW_MS } from "../conversations/conversations";
import type { Db } from "../db/client";
import { type ConversationStatus, contacts, messages, users } from "../db/schema";
import type { Page } from "../pagination";

// Read models for the inbox: the lib's conversations with what a list row and the thread header need.

export type InboxRow = ConversationOut & {
  contact: { id: string; name: string | null; phone: string } | null;
  lastMessage: { text: string; direction: string; createdAt: string } | null;
};

export async function inboxPage(
  db: Db,
  businessId: string,
  filter: { status?: ConversationStatus; assigneeId?: string; contactId?: string; limit: number; cursor?: string | null },
): Promise<Page<InboxRow>> {
  const page = await listConversations(db, businessId, filter);
  const contactIds = [...new Set(page.data.map((c) => c.contactId))];
  const conversationIds = page.data.map((c) => c.id);
  const people = contactIds.length
    ? await db
        .select({ id: contacts.id, name: contacts.name, phone: contacts.phone })
        .from(contacts)
        .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, contactIds)))
    : [];
  const latest = conversationIds.length
    ? await db
        .selectDistinctOn([messages.conversationId], {
          conversationId: messages.conversationId,
          text: messages.text,
          direction: messages.direction,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.businessId, businessId), inArray(messages.conversationId, conversationIds)))
        .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id))
    : [];
  const byContact = new Map(people.map((p) => [p.id, p]));
  const byConversation = new Map(latest.map((m) => [m.conversationId, m]));
  return {
    nextCursor: page.nextCursor,
    data: page.data.map((c) => {
      const last = byConversation.get(c.id);
      return {
        ...c,
        contact: byContact.get(c.contactId) ?? null,
        lastMessage: last ? { text: last.text, direction: last.direction, createdAt: last.createdAt.toISOString() } : null,
      };
    }),
  };
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
    conversation,
    contact,
    assignee: assignee ?? null,
    windowOpen: insideWindow(last),
    windowClosesAt: last ? new Date(last.getTime() + WINDOW_MS).toISOString() : null,
  };
}
