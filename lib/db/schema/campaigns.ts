import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, businessKey, oneOf } from "./tenancy";
import { contacts } from "./contacts";
import { messages } from "./messages";

export const campaignStatuses = ["scheduled", "running", "paused", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Who gets a campaign: filters AND together; `phones` (from a CSV) are upserted as contacts on creation. */
/**
 * What a campaign's template needs besides the body's variables (issue 38): a text header's value or a
 * media header's file (stored once, sent to everyone), and the values of URL and copy code buttons.
 * Text values are expressions like the variables (`{{name|there}}`), rendered per recipient.
 */
export type CampaignComponents = {
  header?: { text: string } | { fileId: string; kind: "image" | "video" | "document"; filename?: string };
  buttons?: { index: number; text?: string; payload?: string }[];
};

/** A recipient's rendered header text and button values (the campaign's expressions filled for the contact). */
export type RecipientComponents = { header?: string; buttons?: { index: number; text?: string; payload?: string }[] };

export type CampaignAudience = {
  tags?: { any?: string[]; all?: string[] };
  search?: string;
  wroteWithinDays?: number;
  phones?: string[];
};

// A template broadcast. The recipients are snapshotted when it is created (one row each, below), so
// what the owner previewed is what is sent; the send job works through them at the business's pace.
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    templateName: text("template_name").notNull(),
    templateLanguage: text("template_language").notNull(),
    // One expression per {{n}} of the template: text with {{field|fallback}} taken from the contact.
    variables: jsonb("variables").$type<string[]>().notNull(),
    components: jsonb("components").$type<CampaignComponents>(),
    audience: jsonb("audience").$type<CampaignAudience>().notNull(),
    status: text("status", { enum: campaignStatuses }).notNull(),
    scheduledAt: ts("scheduled_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("campaigns_business_created_idx").on(t.businessId, t.createdAt, t.id),
    index("campaigns_status_idx").on(t.businessId, t.status),
    check("campaigns_status_check", oneOf(t.status, campaignStatuses)),
  ],
);

export const recipientStatuses = ["pending", "sending", "sent", "failed", "skipped", "cancelled"] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];
export type RecipientError = { code: string; message: string; channelCode: number | null };

// One row per contact per campaign (the unique index): the guard that nobody gets a campaign twice.
// pending -> sending (claimed by one send pass, `claim` = its token) -> sent | failed | pending (slowed
// down); every move is an UPDATE guarded by the state it leaves, so a stale pass changes nothing.
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    businessId: businessId(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    name: text("name"),
    // The template's variables for this contact, rendered when the campaign was created.
    variables: jsonb("variables").$type<string[]>().notNull(),
    // The header text and button values rendered for this contact, when the template needs them.
    components: jsonb("components").$type<RecipientComponents>(),
    status: text("status", { enum: recipientStatuses }).notNull().default("pending"),
    claim: text("claim"),
    // DEFERRABLE INITIALLY DEFERRED (drizzle/0014_foreign_keys.sql): the send names the message before inserting it.
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    error: jsonb("error").$type<RecipientError>(),
    attempts: integer("attempts").notNull().default(0),
    notBefore: ts("not_before"),
    sentAt: ts("sent_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("campaign_recipients_contact_uq").on(t.campaignId, t.contactId),
    index("campaign_recipients_status_idx").on(t.campaignId, t.status, t.id),
    index("campaign_recipients_message_idx").on(t.messageId),
    index("campaign_recipients_contact_idx").on(t.businessId, t.contactId),
    index("campaign_recipients_contact_fk_idx").on(t.contactId),
    check("campaign_recipients_status_check", oneOf(t.status, recipientStatuses)),
  ],
);

// Per business: how fast campaigns may go and the customer-chosen words that opt out.
export const campaignSettings = pgTable("campaign_settings", {
  businessId: businessKey(),
  // The number's throughput (Cloud API default 80 messages a second) and the pace campaigns use.
  throughputPerSecond: integer("throughput_per_second").notNull().default(80),
  ratePerSecond: integer("rate_per_second").notNull().default(80),
  // Meta's messaging-limit tier: unique customers reached by business-initiated messages in 24 h.
  dailyLimit: integer("daily_limit").default(1000),
  // Cut on 130429 (throughput) and grown back on clean passes: Meta's own signal beats our settings.
  slowFactor: real("slow_factor").notNull().default(1),
  optOutWords: text("opt_out_words").array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

// `channel`: the customer stopped marketing messages in the channel's own app (WhatsApp error 131050).
export const optOutSources = ["customer", "staff", "api", "channel"] as const;

// Customers who asked not to receive campaigns. Replies to their own messages still go out.
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    businessId: businessId(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    optedOut: boolean("opted_out").notNull(),
    // "stop" words / "start" words from the customer, or a staff member's change.
    source: text("source", { enum: optOutSources }).notNull(),
    language: text("language"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.contactId] }),
    // Erasing a contact (cascade) finds its row by contact alone.
    index("campaign_opt_outs_contact_fk_idx").on(t.contactId),
    check("campaign_opt_outs_source_check", oneOf(t.source, optOutSources)),
  ],
);
