import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { conversationStatuses, conversations } from "./conversations";
import { conversationActorTypes } from "./inbox";

// Every status change of a conversation; analytics count handoffs from here.
export const conversationTransitions = pgTable(
  "conversation_transitions",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_transitions_business_idx").on(t.businessId, t.toStatus, t.createdAt),
    index("conversation_transitions_conversation_idx").on(t.conversationId, t.createdAt),
    check("conversation_transitions_from_check", oneOf(t.fromStatus, conversationStatuses)),
    check("conversation_transitions_to_check", oneOf(t.toStatus, conversationStatuses)),
    check("conversation_transitions_actor_check", oneOf(t.actor, conversationActorTypes)),
  ],
);
