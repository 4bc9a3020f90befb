import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { InteractiveMessage } from "../../shared/interactive-schema";
import { createdAt, ts } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { channels, contacts } from "./contacts";
import { conversations } from "./conversations";
import { users } from "./users";

export const messageStatuses = ["queued", "sent", "delivered", "read", "failed", "received"] as const;
export const messageDirections = ["inbound", "outbound"] as const;
// `meta_agent`: Meta Business Agent answered on the number (a standby message echo), not this service.
export const messageSources = ["assistant", "agent", "api", "customer", "campaign", "meta_agent"] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export type MessageError = { code: string; message: string; channelCode: number | null };
/**
 * A template message as sent: the values of its variables (by position, or by name for a named
 * template) and, kept for showing the message, its header, footer and buttons with the values this
 * message gave them (a header file is the message's media).
 */
export type TemplatePayload = {
  name: string;
  language: string;
  variables: string[] | Record<string, string>;
  parameterFormat?: "positional" | "named";
  /** `text`: the header as shown; `variable` and `value`: a text header's one variable and this message's value for it. */
  header?: { format: "text" | "image" | "video" | "document"; text: string | null; variable?: string; value?: string } | null;
  footer?: string | null;
  buttons?: TemplateButtonSent[];
};
/** A template's button as one message carries it: its title and, for a URL or copy code, this message's value. */
export type TemplateButtonSent = {
  index: number;
  type: "quick_reply" | "url" | "phone_number" | "copy_code" | "flow";
  text: string;
  /** The URL's variable part, the code to copy, the payload a quick reply sends back, or a Flow button's flow_token (null: the message's id). */
  value: string | null;
};
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
  /** An outbound OGG/Opus audio sent as a WhatsApp voice note (`voice: true`), not an audio file. */
  voice?: boolean;
  /** Why it is unavailable, for staff. */
  problem?: string | null;
};
/** Who reacted with what: the customer's and the business's latest reaction (null when removed). */
export type MessageReactions = { customer?: string | null; business?: string | null };
/** A choice offered: its title, or a title with an id the reply carries back ("handoff…" offers a person). */
export type InteractiveOption = string | { id: string; title: string };
/** The assistant's choice question: buttons or a list built from its options (lib/channels/whatsapp/build-payload.ts). */
export type ChoiceInteractive = { kind: "buttons"; options: InteractiveOption[] } | { kind: "list"; options: InteractiveOption[]; button?: string };
/**
 * The interactive part of an outbound message: the assistant's choice question (`kind`), or an
 * interactive message a person or the API composed (`type`: button, list, cta_url, location_request;
 * lib/shared/interactive-schema.ts).
 */
export type InteractivePayload = ChoiceInteractive | ComposedInteractive;
/** A composed one has no `kind` or `options`: code reading the assistant's options reads none. */
export type ComposedInteractive = InteractiveMessage & { kind?: undefined; options?: undefined };
export const isComposedInteractive = (i: InteractivePayload | null | undefined): i is ComposedInteractive => !!i && "type" in i && !!i.type;

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: messageDirections }).notNull(),
    source: text("source", { enum: messageSources }).notNull(),
    type: text("type").notNull().default("text"),
    text: text("text").notNull(),
    template: jsonb("template").$type<TemplatePayload>(),
    interactive: jsonb("interactive").$type<InteractivePayload>(),
    // Structured content of inbound types we understand (interactive replies, orders).
    content: jsonb("content").$type<Record<string, unknown>>(),
    media: jsonb("media").$type<MessageMedia>(),
    // The message this one quotes (WhatsApp's context.id, our id): a customer's reply to a message, or a
    // person's or the API's reply to one of the same conversation. Null when the quoted one is unknown.
    replyToId: text("reply_to_id").references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    reactions: jsonb("reactions").$type<MessageReactions>(),
    // When we told WhatsApp the customer's message was read (blue ticks): at most once per message.
    readReceiptAt: ts("read_receipt_at"),
    status: text("status", { enum: messageStatuses }).notNull(),
    error: jsonb("error").$type<MessageError>(),
    channel: text("channel", { enum: channels }).notNull(),
    // The channel's own id (WhatsApp wamid): inbound duplicates are stored once.
    channelMessageId: text("channel_message_id"),
    // When the channel says the customer sent it (inbound) or accepted it (outbound).
    channelTimestamp: ts("channel_timestamp"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    tokens: integer("tokens").notNull().default(0),
    // What WhatsApp says it charges for this outbound message: the `pricing` object of its status
    // webhooks (issue 37 item 6; docs/whatsapp.md, "What WhatsApp costs"). Null until a status carries
    // one. The category is Meta's own word (marketing, utility, authentication, service, and the rarer
    // ones Meta adds), kept as sent, so no CHECK: Meta's list grows. The country is the recipient's,
    // read from their number (ISO 3166 alpha-2), which is how Meta's rate cards are priced.
    pricingBillable: boolean("pricing_billable"),
    pricingCategory: text("pricing_category"),
    pricingModel: text("pricing_model"),
    pricingType: text("pricing_type"),
    pricingCountry: text("pricing_country"),
    // The status timestamp that first carried the pricing: the day and month a charge counts in.
    pricedAt: ts("priced_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    // The foreign keys' lookups: erasing a contact, removing a member.
    index("messages_contact_idx").on(t.contactId),
    index("messages_user_idx").on(t.userId).where(sql`user_id is not null`),
    index("messages_reply_to_idx").on(t.replyToId).where(sql`reply_to_id is not null`),
    // Analytics reads conversation and source from the index alone (index-only scan over the window).
    index("messages_business_created_idx").on(t.businessId, t.createdAt, t.conversationId, t.source),
    // Reports (issue 36): a conversation's person replies (first response, handled by the assistant alone).
    index("messages_agent_reply_idx").on(t.conversationId, t.createdAt).where(sql`source = 'agent'`),
    // WhatsApp's charges per day: the billable outbound messages of a business by when they were priced.
    index("messages_priced_idx").on(t.businessId, t.pricedAt).where(sql`pricing_billable`),
    uniqueIndex("messages_channel_message_uq").on(t.channel, t.channelMessageId),
    // Inbox search: words of any language (the `simple` configuration: no stemming, so English, Spanish
    // and Portuguese match alike), accents ignored (convo_unaccent, made immutable by the migration).
    check("messages_direction_check", oneOf(t.direction, messageDirections)),
    check("messages_source_check", oneOf(t.source, messageSources)),
    check("messages_status_check", oneOf(t.status, messageStatuses)),
    check("messages_channel_check", oneOf(t.channel, channels)),
    index("messages_search_idx").using("gin", sql`to_tsvector('simple'::regconfig, convo_unaccent(${t.text}))`),
    // Which messages use a stored file: the unused-upload sweep, retention and erasure ask it per file.
    index("messages_media_file_idx").using("btree", sql`(${t.media} ->> 'fileId')`).where(sql`media is not null`),
  ],
);
