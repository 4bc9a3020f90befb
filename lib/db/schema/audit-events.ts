import { sql } from "drizzle-orm";
import { check, index, inet, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { ts } from "./columns";

/**
 * The audit trail: who (a member, a key or the system) did which security-relevant thing, when, from
 * which address, to what. Append-only: a trigger (migration 0014's hand-written part) refuses UPDATE
 * and DELETE, except the cascade of the business's own deletion. docs/audit.md lists the actions.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // The column is occurred_at; the property is createdAt so listPage's keyset (createdAt, id) applies.
    createdAt: ts("occurred_at").notNull().defaultNow(),
    actorType: text("actor_type", { enum: ["user", "key", "system"] }).notNull(),
    actorId: text("actor_id"),
    // An email, or a key's name and last four characters: never a secret.
    actorLabel: text("actor_label").notNull().default(""),
    // The client address as lib/auth/client-address.ts resolves it; null when unknown (no serve.mjs, the CLI).
    ip: inet("ip"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_events_business_idx").on(t.businessId, t.createdAt, t.id),
    index("audit_events_business_action_idx").on(t.businessId, t.action, t.createdAt, t.id),
    index("audit_events_business_actor_idx").on(t.businessId, t.actorId, t.createdAt, t.id),
    check("audit_events_actor_type_check", sql`${t.actorType} in ('user', 'key', 'system')`),
  ],
);
