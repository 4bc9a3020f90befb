import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { businesses } from "./businesses";
import { oneOf } from "./tenancy";

export const jobStatuses = ["pending", "failed"] as const;

// The durable job queue: claimed with FOR UPDATE SKIP LOCKED, woken with NOTIFY on commit.
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // The business the job works for (from payload.businessId), so the claim can share the workers
    // fairly: null for work not yet tied to one (a WhatsApp body before it is routed).
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    // Jobs sharing an orderKey in one queue run one at a time, in insertion order.
    orderKey: text("order_key"),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    runAt: ts("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    lockedUntil: ts("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_ready_idx").on(t.queue, t.status, t.runAt),
    // The claim (lib/jobs/queue.ts): whether a job heads its orderKey; each business's next jobs of a
    // queue, and the jobs it holds; the next jobs of no business. Partial, so each one is the only
    // index that fits its step (the embedded database has no statistics to choose by).
    index("jobs_order_idx").on(t.queue, t.orderKey, t.id).where(sql`status = 'pending'`),
    index("jobs_fair_idx").on(t.queue, t.businessId, t.runAt, t.id).where(sql`status = 'pending'`),
    index("jobs_held_idx").on(t.queue, t.businessId).where(sql`locked_until is not null`),
    check("jobs_status_check", oneOf(t.status, jobStatuses)),
    index("jobs_unowned_idx").on(t.queue, t.runAt, t.id).where(sql`status = 'pending' and business_id is null`),
  ],
);
