import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, updatedAt } from "./columns";
import { conversations } from "./conversations";
import { businessId } from "./tenancy";

// Labels and SLA targets (issue 36, item 8).

/**
 * A business's conversation label: a name and a colour, managed by owners, put on conversations by
 * agents. A label may carry its own first-response and resolution targets (minutes), which win over
 * the business's (inbox_settings) for the conversations that carry it.
 */
export const labels = pgTable(
  "labels",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    // #rrggbb
    color: text("color").notNull(),
    firstResponseMinutes: integer("first_response_minutes"),
    resolutionMinutes: integer("resolution_minutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("labels_business_name_uq").on(t.businessId, sql`lower(${t.name})`),
    index("labels_business_created_idx").on(t.businessId, t.createdAt, t.id),
    check("labels_color_check", sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** Which labels a conversation carries. */
export const conversationLabels = pgTable(
  "conversation_labels",
  {
    businessId: businessId(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    labelId: text("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.labelId] }),
    index("conversation_labels_label_idx").on(t.labelId, t.conversationId),
    index("conversation_labels_business_idx").on(t.businessId, t.labelId),
  ],
);
