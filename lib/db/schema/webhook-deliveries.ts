import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt, ts, updatedAt } from "./columns";

// One delivery = one event to one endpoint; its id stays the same across retries.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    endpointId: text("endpoint_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.businessId, t.endpointId, t.createdAt, t.id)],
);
