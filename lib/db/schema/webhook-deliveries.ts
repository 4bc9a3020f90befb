import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { events } from "./events";
import { webhookEndpoints } from "./webhook-endpoints";

export const deliveryStatuses = ["pending", "succeeded", "failed"] as const;

// One delivery = one event to one endpoint; its id stays the same across retries.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.businessId, t.endpointId, t.createdAt, t.id),
    index("webhook_deliveries_event_idx").on(t.eventId),
    // Deleting an endpoint (cascade) finds its deliveries without reading every delivery.
    index("webhook_deliveries_endpoint_fk_idx").on(t.endpointId),
    check("webhook_deliveries_status_check", oneOf(t.status, deliveryStatuses)),
  ],
);
