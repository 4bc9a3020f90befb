import { check, foreignKey, index, pgTable, text } from "drizzle-orm/pg-core";
import { appointments } from "./appointments";
import { createdAt, ts } from "./columns";
import { businessId, oneOf } from "./tenancy";

export const reminderOutcomes = ["sent", "failed"] as const;

// One row per appointment whose reminder was taken care of, inserted in the transaction that queues the
// template message: the primary key makes a reminder go once, whatever the number of workers or
// restarts. `failed`: the send was refused (the template gone or not approved); it is not retried.
export const appointmentReminders = pgTable(
  "appointment_reminders",
  {
    appointmentId: text("appointment_id").primaryKey(),
    businessId: businessId(),
    outcome: text("outcome").notNull(),
    messageId: text("message_id"),
    error: text("error"),
    dueAt: ts("due_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: "appointment_reminders_appointment_fk", columns: [t.appointmentId], foreignColumns: [appointments.id] }).onDelete("cascade"),
    index("appointment_reminders_business_idx").on(t.businessId),
    check("appointment_reminders_outcome_check", oneOf(t.outcome, reminderOutcomes)),
  ],
);
