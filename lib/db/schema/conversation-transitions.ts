import { index, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt } from "./columns";

// Every status change of a conversation; analytics count handoffs from here.
export const conversationTransitions = pgTable(
  "conversation_transitions",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    conversationId: text("conversation_id").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_transitions_business_idx").on(t.businessId, t.toStatus, t.createdAt),
    index("conversation_transitions_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);
