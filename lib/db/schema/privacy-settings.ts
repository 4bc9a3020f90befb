import { check, integer, pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { updatedAt } from "./columns";
import { businessKey } from "./tenancy";

/**
 * A business's privacy settings (issue 17): how long messages are kept. No row, or a null
 * `message_retention_days`, keeps them for as long as the business exists (the default). With N, the
 * `privacy.retention` job deletes messages older than N days (lib/privacy/retention.ts).
 */
export const privacySettings = pgTable(
  "privacy_settings",
  {
    businessId: businessKey(),
    messageRetentionDays: integer("message_retention_days"),
    updatedAt: updatedAt(),
  },
  (t) => [check("privacy_settings_retention_check", sql`${t.messageRetentionDays} is null or ${t.messageRetentionDays} between 1 and 3650`)],
);
