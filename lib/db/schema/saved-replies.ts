import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

/** A business-wide canned response: staff type `/shortcut` in the reply box to insert `text`. */
export const savedReplies = pgTable(
  "saved_replies",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    shortcut: text("shortcut").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_replies_business_shortcut_uq").on(t.businessId, t.shortcut),
    index("saved_replies_business_created_idx").on(t.businessId, t.createdAt, t.id),
  ],
);
