import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt } from "./columns";

export const eventTypes = [
  "message.received",
  "message.sent",
  "conversation.handoff",
  "record.created",
  "record.updated",
  "contact.created",
  "contact.updated",
  "campaign.completed",
] as const;
export type EventType = (typeof eventTypes)[number];

// The outbox: written in the same transaction as the change it reports, delivered from here.
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    type: text("type", { enum: eventTypes }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_business_idx").on(t.businessId, t.createdAt)],
);
