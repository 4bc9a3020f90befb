import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId, oneOf } from "./tenancy";

export const channels = ["whatsapp", "sandbox"] as const;

export const contacts = pgTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    // How WhatsApp names the customer (issue 37): an E.164 phone, a business-scoped user id (BSUID,
    // "US.13491208655302741918") and a username. Each may be missing; at least one is there.
    phone: text("phone"),
    waUserId: text("wa_user_id"),
    username: text("username"),
    name: text("name"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    // Which channel reaches this contact: the business's WhatsApp number or the built-in sandbox.
    channel: text("channel", { enum: channels }).notNull().default("whatsapp"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contacts_business_phone_uq").on(t.businessId, t.phone),
    uniqueIndex("contacts_business_wa_user_uq").on(t.businessId, t.waUserId),
    uniqueIndex("contacts_business_username_uq").on(t.businessId, t.username),
    check("contacts_identified_check", sql`${t.phone} is not null or ${t.waUserId} is not null or ${t.username} is not null`),
    index("contacts_business_created_idx").on(t.businessId, t.createdAt, t.id),
    index("contacts_tags_idx").using("gin", t.tags),
    // GET /v1/contacts?search= is a case-insensitive substring match on name, phone, username or BSUID: trigram indexes
    // answer it without reading the business's every contact (pg_trgm, created by the migration).
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contacts_phone_trgm_idx").using("gin", t.phone.op("gin_trgm_ops")),
    index("contacts_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("contacts_wa_user_trgm_idx").using("gin", t.waUserId.op("gin_trgm_ops")),
    check("contacts_channel_check", oneOf(t.channel, channels)),
  ],
);
