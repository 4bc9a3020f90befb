import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";

// The reminders' job chain (./reminders.ts runs it): one waiting run per business with reminders on.

export const appointmentReminderJob = defineJob({ name: "appointments.reminders", payload: z.object({ businessId: z.string() }), maxAttempts: 5 });
export const reminderIntervalMs = () => Number(process.env.APPOINTMENT_REMINDER_INTERVAL_MS ?? 60_000);

/** Queues a reminders run (now, or at `runAt`) unless one is already waiting for this business. */
export async function scheduleReminders(db: Db, businessId: string, runAt?: Date): Promise<void> {
  const [waiting] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where queue = ${appointmentReminderJob.name} and business_id = ${businessId} and status = 'pending' and locked_by is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return;
  await enqueue(db, appointmentReminderJob, { businessId }, { runAt });
}
