import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

// Live job workers, one row each, refreshed every few seconds. A job locked by a worker whose heartbeat
// went stale (the process was killed) is taken again at once instead of after its full lease.
export const workers = pgTable("workers", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: ts("started_at").notNull().defaultNow(),
  heartbeatAt: ts("heartbeat_at").notNull().defaultNow(),
});
