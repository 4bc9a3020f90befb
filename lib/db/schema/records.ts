import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt } from "./columns";

export const records = pgTable(
  "records",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    collection: text("collection").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    conversationId: text("conversation_id"),
    contactId: text("contact_id"),
    // "confirmed" when captured; a booking the customer cancels becomes "cancelled" (record.updated).
    status: text("status").notNull().default("confirmed"),
    createdAt: createdAt(),
  },
  (t) => [index("records_collection_idx").on(t.businessId, t.collection, t.createdAt, t.id)],
);
