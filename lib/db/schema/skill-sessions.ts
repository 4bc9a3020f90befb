import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt, ts, updatedAt } from "./columns";

// At most one running skill session per conversation.
export const skillSessions = pgTable("skill_sessions", {
  conversationId: text("conversation_id").primaryKey(),
  businessId: businessId(),
  skillId: text("skill_id").notNull(),
  version: integer("version").notNull(),
  nodeId: text("node_id").notNull(),
  variables: jsonb("variables").$type<Record<string, unknown>>().notNull().default({}),
  retries: integer("retries").notNull().default(0),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
