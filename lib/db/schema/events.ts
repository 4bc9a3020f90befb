import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId } from "./tenancy";

// The event types are lib/events/schemas.ts's entries (one per event, with its fields): emitEvent
// writes only those. The schema names no event so that the database stays the lowest floor.

// The outbox: written in the same transaction as the change it reports, delivered from here.
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_business_idx").on(t.businessId, t.createdAt)],
);
