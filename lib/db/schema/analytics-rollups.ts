import { foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { businessId } from "./tenancy";
import { conversations } from "./conversations";

// Analytics rollups (issue 41, item 4; docs/performance.md, "Analytics"): per UTC hour, what the
// summary, the overview chart and the reports count, kept by triggers on messages,
// conversation_transitions and records in the same statement as the write (the migration creates the
// triggers and fills the tables from existing rows). UTC hours, not local days: a change of the
// business's time zone changes nothing stored, and lib/analytics/rollups.ts reads the hours a range
// or a local day only partly covers (its edges, a half-hour zone's midnight) from the raw rows.

/**
 * One row per conversation and hour it was active in: distinct conversations cannot be summed across
 * hours, so the conversation is the key. All counters of a business live here (no per-business
 * counter row), so two conversations' writes never wait for each other's transaction.
 */
export const analyticsConversationHours = pgTable(
  "analytics_conversation_hours",
  {
    businessId: businessId(),
    hour: ts("hour").notNull(),
    conversationId: text("conversation_id").notNull(),
    messages: integer("messages").notNull().default(0),
    assistantMessages: integer("assistant_messages").notNull().default(0),
    handoffs: integer("handoffs").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "analytics_conversation_hours_pk", columns: [t.businessId, t.hour, t.conversationId] }),
    // Named here: drizzle's generated name is longer than Postgres's 63 characters.
    foreignKey({ name: "analytics_conversation_hours_conversation_fk", columns: [t.conversationId], foreignColumns: [conversations.id] }).onDelete(
      "cascade",
    ),
    index("analytics_conversation_hours_conversation_idx").on(t.conversationId),
  ],
);

/** Records captured per hour and collection (records are never moved between hours or collections). */
export const analyticsRecordHours = pgTable(
  "analytics_record_hours",
  {
    businessId: businessId(),
    hour: ts("hour").notNull(),
    collection: text("collection").notNull(),
    records: integer("records").notNull().default(0),
  },
  (t) => [primaryKey({ name: "analytics_record_hours_pk", columns: [t.businessId, t.hour, t.collection] })],
);
