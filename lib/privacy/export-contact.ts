import "server-only";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { contactOut } from "../shared/contact-schema";
import { contactView } from "../contacts/contacts";
import { conversationView } from "../conversations/conversations";
import type { Db } from "../db/client";
import {
  campaignOptOuts,
  campaignRecipients,
  contacts,
  conversationEvents,
  conversations,
  mediaFiles,
  messages,
  records,
  skillSessions,
} from "../db/schema";
import { notFound } from "../errors";
import { messageView } from "../messages/messages";
import { messageOut } from "../messages/message-schema";
import { recordOut, recordView } from "../records/records";
import { conversationCoreOut as conversationOut } from "../conversations/conversation-schema";

const loose = z.record(z.string(), z.unknown());

export const contactExportOut = z.object({
  exportedAt: z.string(),
  contact: contactOut,
  conversations: z.array(conversationOut),
  messages: z.array(messageOut).describe("Every message, oldest first; a media message's `url` is valid for an hour."),
  notes: z.array(loose).describe("Staff notes and the history lines of their conversations (handed off, assigned, closed...)."),
  records: z.array(recordOut),
  skillSessions: z.array(loose).describe("A skill's conversation in progress: the answers collected so far."),
  optOuts: z.array(loose).describe("Whether they opted out of campaigns, and how."),
  campaigns: z.array(loose).describe("The campaigns they were a recipient of, with the rendered variables and the outcome."),
  media: z.array(loose).describe("The files of their messages (metadata; the bytes are behind each message's media `url`)."),
});
export type ContactExportOut = z.infer<typeof contactExportOut>;

/** A row as JSON: dates as ISO strings, without the business id (the caller's own). */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === "businessId") continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** Everything stored about one contact (GET /v1/contacts/{id}/export), for a privacy request's access. */
export async function exportContact(db: Db, businessId: string, contactId: string): Promise<ContactExportOut> {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  if (!contact) throw notFound("contact");
  const convs = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  const convIds = convs.map((c) => c.id);
  const msgs = await db
    .select()
    .from(messages)
    .where(and(eq(messages.businessId, businessId), eq(messages.contactId, contactId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const notes = convIds.length
    ? await db
        .select()
        .from(conversationEvents)
        .where(and(eq(conversationEvents.businessId, businessId), inArray(conversationEvents.conversationId, convIds)))
        .orderBy(asc(conversationEvents.createdAt), asc(conversationEvents.id))
    : [];
  const recs = await db
    .select()
    .from(records)
    .where(
      and(
        eq(records.businessId, businessId),
        convIds.length ? or(eq(records.contactId, contactId), inArray(records.conversationId, convIds)) : eq(records.contactId, contactId),
      ),
    )
    .orderBy(asc(records.createdAt), asc(records.id));
  const sessions = convIds.length
    ? await db
        .select()
        .from(skillSessions)
        .where(and(eq(skillSessions.businessId, businessId), inArray(skillSessions.conversationId, convIds)))
    : [];
  const optOuts = await db
    .select()
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.businessId, businessId), eq(campaignOptOuts.contactId, contactId)));
  const recipients = await db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.businessId, businessId), eq(campaignRecipients.contactId, contactId)));
  const fileIds = [...new Set(msgs.map((m) => m.media?.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length
    ? await db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.businessId, businessId), inArray(mediaFiles.id, fileIds)))
    : [];
  const who = { name: contact.name, phone: contact.phone, username: contact.username, waUserId: contact.waUserId };
  return {
    exportedAt: new Date().toISOString(),
    contact: contactView(contact),
    conversations: convs.map(conversationView),
    messages: msgs.map(messageView),
    notes: notes.map(plain),
    records: recs.map((r) => recordView(r, who)),
    skillSessions: sessions.map(plain),
    optOuts: optOuts.map(plain),
    campaigns: recipients.map(({ claim: _claim, ...r }) => plain(r)),
    media: files.map(({ storageKey: _key, storage: _storage, ...f }) => plain(f)),
  };
}
