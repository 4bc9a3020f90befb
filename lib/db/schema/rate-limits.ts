import { doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

// One token bucket per API key, shared by every instance on this database. Instances lease a few
// tokens at a time (lib/api/rate-limit.ts), so a row is written once per lease, not once per request.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  // Tokens handed out by the last lease (RETURNING sees only the new row).
  lastGrant: integer("last_grant").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
