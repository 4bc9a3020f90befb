import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businessId, createdAt, ts } from "./columns";

export const messageStatuses = ["queued", "sent", "delivered", "read", "failed", "received"] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export type MessageError = { code: string; message: string; channelCode: number | null };
export type TemplatePayload = { name: string; language: string; variables: string[] };
/**
 * A message's file: the stored copy (fileId, null while unavailable), what WhatsApp said about it, and
 * for a voice note its transcript. `unavailable`: every download attempt failed or the file broke a limit.
 */
export type MessageMedia = {
  fileId: string | null;
  kind: string;
  mimeType: string | null;
  size: number | null;
  filename: string | null;
  caption: string | null;
  status: "ready" | "unavailable";
  transcript?: string | null;
  /** Why it is unavailable, for staff. */
  problem?: string | null;
};
/** Who reacted with what: the customer's and the business's latest reaction (null when removed). */
export type MessageReactions = { customer?: string | null; business?: string | null };
export type InteractivePayload = { kind: "buttons"; options: string[] } | { kind: "list"; options: string[]; button?: string };

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    conversationId: text("conversation_id").notNull(),
    contactId: text("contact_id").notNull(),
    direction: text("direction", { enum: ["inbound", "outbound"] }).notNull(),
    source: text("source", { enum: ["assistant", "agent", "api", "customer", "campaign"] }).notNull(),
    type: text("type").notNull().default("text"),
    text: text("text").notNull(),
    template: jsonb("template").$type<TemplatePayload>(),
    interactive: jsonb("interactive").$type<InteractivePayload>(),
    // Structured content of inbound types we understand (interactive replies, orders).
    content: jsonb("content").$type<Record<string, unknown>>(),
    media: jsonb("media").$type<MessageMedia>(),
    reactions: jsonb("reactions").$type<MessageReactions>(),
    // When we told WhatsApp the customer's message was read (blue ticks): at most once per message.
    readReceiptAt: ts("read_receipt_at"),
    status: text("status", { enum: messageStatuses }).notNull(),
    error: jsonb("error").$type<MessageError>(),
    channel: text("channel", { enum: ["whatsapp", "sandbox"] }).notNull(),
    // The channel's own id (WhatsApp wamid): inbound duplicates are stored once.
    channelMessageId: text("channel_message_id"),
    // When the channel says the customer sent it (inbound) or accepted it (outbound).
    channelTimestamp: ts("channel_timestamp"),
    userId: text("user_id"),
    tokens: integer("tokens").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    // Analytics reads conversation and source from the index alone (index-only scan over the window).
    index("messages_business_created_idx").on(t.businessId, t.createdAt, t.conversationId, t.source),
    uniqueIndex("messages_channel_message_uq").on(t.channel, t.channelMessageId),
    // Inbox search: words of any language (the `simple` configuration: no stemming, so English, Spanish
    // and Portuguese match alike), accents ignored (convo_unaccent, made immutable by the migration).
    index("messages_search_idx").using("gin", sql`to_tsvector('simple'::regconfig, convo_unaccent(${t.text}))`),
  ],
);
