import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId, businessKey, oneOf } from "./tenancy";
import { recordStatuses, otherRecordStatuses } from "../../shared/record-statuses";
import { contacts } from "./contacts";
import { conversations } from "./conversations";

// Every status of every collection (lib/shared/record-statuses.ts): which ones a collection allows is checked by the code.
const allRecordStatuses = [...new Set([...Object.values(recordStatuses).flat(), ...otherRecordStatuses])];

export const records = pgTable(
  "records",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    collection: text("collection").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    // The first status of its collection when captured (bookings confirmed; orders and leads new), then
    // moved by the customer (a cancelled booking) or by staff and clients (lib/shared/record-statuses.ts); record.updated.
    status: text("status").notNull().default("confirmed"),
    createdAt: createdAt(),
  },
  (t) => [
    index("records_collection_idx").on(t.businessId, t.collection, t.createdAt, t.id),
    index("records_contact_idx").on(t.contactId).where(sql`contact_id is not null`),
    index("records_conversation_idx").on(t.conversationId).where(sql`conversation_id is not null`),
    check("records_status_check", oneOf(t.status, allRecordStatuses)),
  ],
);

/**
 * What happens when staff mark an order ready (issue 15): the customer gets `readyText` while the
 * 24-hour window is open, else the approved template chosen here; with neither, nobody is messaged
 * and the status change still succeeds. One row per business, absent until the owner saves it.
 */
export const orderSettings = pgTable("order_settings", {
  businessId: businessKey(),
  notifyReady: boolean("notify_ready").notNull().default(true),
  readyText: text("ready_text"),
  readyTemplateName: text("ready_template_name"),
  readyTemplateLanguage: text("ready_template_language"),
  updatedAt: updatedAt(),
});
