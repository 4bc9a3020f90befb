import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { contacts } from "./contacts";
import { users } from "./users";

export const conversationStatuses = ["open", "handoff", "closed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export const conversations = pgTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    status: text("status", { enum: conversationStatuses }).notNull().default("open"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    handoffReason: text("handoff_reason"),
    lastInboundAt: ts("last_inbound_at"),
    lastMessageAt: ts("last_message_at"),
    tokensUsed: bigint("tokens_used", { mode: "number" }).notNull().default(0),
    // Consecutive knowledge misses of the retrieval engine (second miss hands off).
    misses: bigint("misses", { mode: "number" }).notNull().default(0),
    // The language the customer writes in (en, pt or es), detected per message and kept while a
    // message says nothing about it ("ok", "2"); null until one does. See lib/runtime/understanding/language.ts.
    language: text("language"),
    // Since when the customer has been waiting for a reply: set by their first message after the
    // business's last one and by a handoff (lib/conversations/transitions.ts); cleared by a reply
    // (lib/messages/outbound.ts: in a handoff only a person's). Null: nobody is waiting.
    waitingSince: ts("waiting_since"),
    // The last time a person acted on the conversation (handoff, reply, note, assignment): the inactivity
    // timeout that returns a handoff to the assistant counts from here (lib/conversations/people-first.ts).
    humanActivityAt: ts("human_activity_at"),
    // Customer satisfaction (issue 36): when the customer was asked to rate the resolved conversation
    // (at most once), their rating (1..5), when they gave it, and their optional comment
    // (lib/messages/satisfaction.ts). Null until each happens.
    ratingAskedAt: ts("rating_asked_at"),
    rating: smallint("rating"),
    ratedAt: ts("rated_at"),
    ratingComment: text("rating_comment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One non-closed conversation per contact.
    uniqueIndex("conversations_one_active_uq").on(t.businessId, t.contactId).where(sql`status <> 'closed'`),
    index("conversations_business_created_idx").on(t.businessId, t.createdAt, t.id),
    index("conversations_status_idx").on(t.businessId, t.status, t.createdAt, t.id),
    index("conversations_contact_idx").on(t.businessId, t.contactId, t.createdAt, t.id),
    index("conversations_assignee_idx").on(t.businessId, t.assigneeId, t.createdAt, t.id),
    // The foreign keys' own look-ups: erasing a contact (cascade) and removing a member (set null) find
    // their conversations without reading every conversation of every business.
    index("conversations_contact_fk_idx").on(t.contactId),
    index("conversations_assignee_fk_idx").on(t.assigneeId).where(sql`assignee_id is not null`),
    check("conversations_status_check", oneOf(t.status, conversationStatuses)),
    check("conversations_rating_check", sql`rating is null or rating between 1 and 5`),
    // Reports: the rated conversations of a range, per day and per agent.
    index("conversations_rated_idx").on(t.businessId, t.ratedAt).where(sql`rated_at is not null`),
  ],
);
