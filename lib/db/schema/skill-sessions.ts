import { foreignKey, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId } from "./tenancy";
import { conversations } from "./conversations";
import { skills } from "./skills";

// At most one running skill session per conversation.
export const skillSessions = pgTable(
  "skill_sessions",
  {
    conversationId: text("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    businessId: businessId(),
    skillId: text("skill_id").notNull(),
    version: integer("version").notNull(),
    nodeId: text("node_id").notNull(),
    variables: jsonb("variables").$type<Record<string, unknown>>().notNull().default({}),
    retries: integer("retries").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    // Set when people took the conversation over mid-skill (a handoff): the session keeps what it
    // gathered for a person to complete or hand back, and runs again only when handed back.
    pausedAt: ts("paused_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Composite: the skill of the session's own business. A deleted skill ends its running sessions.
  (t) => [foreignKey({ columns: [t.businessId, t.skillId], foreignColumns: [skills.businessId, skills.id] }).onDelete("cascade")],
);
