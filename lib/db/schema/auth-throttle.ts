import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

// Failed sign-ins and sign-ups per client address, and per address and email together
// (lib/auth/throttle.ts). In the database, so every instance sees the same counts.
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  // No attempt for this key is even checked before this moment (the growing delay).
  blockedUntil: ts("blocked_until"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
