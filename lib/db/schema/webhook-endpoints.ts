import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId } from "./tenancy";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    // whsec_ secret, encrypted at rest with ENCRYPTION_KEY (it must be readable to sign).
    secretEnc: text("secret_enc").notNull(),
    disabledReason: text("disabled_reason"),
    // Start of the current unbroken run of failed deliveries (null after any success).
    failingSince: ts("failing_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_business_idx").on(t.businessId, t.createdAt, t.id)],
);
