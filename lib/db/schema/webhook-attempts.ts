import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId } from "./tenancy";
import { webhookDeliveries } from "./webhook-deliveries";
import { webhookEndpoints } from "./webhook-endpoints";

// Every HTTP attempt of a delivery: what the receiver answered and how long it took.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.createdAt),
    // Deleting an endpoint (cascade) finds its attempts without reading every attempt.
    index("webhook_attempts_endpoint_fk_idx").on(t.endpointId),
  ],
);
