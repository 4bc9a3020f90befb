import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt, updatedAt } from "./columns";

export const records = pgTable(
  "records",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    collection: text("collection").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    conversationId: text("conversation_id"),
    contactId: text("contact_id"),
    // The first status of its collection when captured (bookings confirmed; orders and leads new), then
    // moved by the customer (a cancelled booking) or by staff and clients (lib/records/statuses.ts); record.updated.
    status: text("status").notNull().default("confirmed"),
    createdAt: createdAt(),
  },
  (t) => [index("records_collection_idx").on(t.businessId, t.collection, t.createdAt, t.id)],
);

/**
 * What happens when staff mark an order ready (issue 15): the customer gets `readyText` while the
 * 24-hour window is open, else the approved template chosen here; with neither, nobody is messaged
 * and the status change still succeeds. One row per business, absent until the owner saves it.
 */
export const orderSettings = pgTable("order_settings", {
  businessId: text("business_id").primaryKey(),
  notifyReady: boolean("notify_ready").notNull().default(true),
  readyText: text("ready_text"),
  readyTemplateName: text("ready_template_name"),
  readyTemplateLanguage: text("ready_template_language"),
  updatedAt: updatedAt(),
});
