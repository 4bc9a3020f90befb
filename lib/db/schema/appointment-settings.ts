import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { businessKey } from "./tenancy";

/**
 * A business's appointment settings (issue 40, item 4): whether a reminder goes out before each
 * appointment, how long before, and which approved utility template carries it. No row: reminders off,
 * 24 hours before once turned on. See docs/appointments.md, "Reminders".
 */
export const appointmentSettings = pgTable(
  "appointment_settings",
  {
    businessId: businessKey(),
    remindersEnabled: boolean("reminders_enabled").notNull().default(false),
    reminderLeadMinutes: integer("reminder_lead_minutes").notNull().default(1440),
    reminderTemplateName: text("reminder_template_name"),
    reminderTemplateLanguage: text("reminder_template_language"),
    updatedAt: updatedAt(),
  },
  (t) => [check("appointment_settings_lead_check", sql`${t.reminderLeadMinutes} between 15 and 10080`)],
);
