import { z } from "zod";

// The appointment settings' schemas (issue 40, item 4; docs/appointments.md, "Reminders"): validate
// GET/PATCH /v1/appointment-settings and document them in OpenAPI. The dashboard imports the types only.

/** What a reminder template's body may name, in this order for numbered placeholders ({{1}} is the service). */
export const reminderVariables = ["service", "staff", "time", "business"] as const;
/** The payload of each of the reminder's quick-reply buttons, in the template's order, and the list rows of a move. */
export const reminderActions = ["confirm", "reschedule", "cancel"] as const;

const templateRef = z.strictObject({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, "name must be a template name (a-z, 0-9, _)."),
  language: z.string().min(2).max(15),
});

export const remindersIn = z.strictObject({
  enabled: z.boolean().optional().describe("Send a reminder before each active appointment (needs `template`)."),
  leadMinutes: z
    .number()
    .int()
    .min(15, "leadMinutes must be at least 15.")
    .max(10080, "leadMinutes must be at most 10080 (7 days).")
    .optional()
    .describe("How long before the start the reminder goes, 15..10080 minutes (default 1440: 24 hours)."),
  template: templateRef
    .nullable()
    .optional()
    .describe(
      "An approved `utility` template of this business whose first three buttons are quick replies (confirm, reschedule, cancel, in that order). Its body may name the service, staff member, local time and business: numbered {{1}}..{{4}} in that order, or named {{service}}, {{staff}}, {{time}}, {{business}}.",
    ),
});

export const appointmentSettingsPatch = z
  .strictObject({ reminders: remindersIn })
  .refine((p) => Object.values(p.reminders).some((v) => v !== undefined), "Give at least one field to change.");

export const appointmentSettingsOut = z
  .object({
    reminders: z.object({
      enabled: z.boolean(),
      leadMinutes: z.number().int(),
      template: templateRef.nullable(),
    }),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "AppointmentSettings" });
export type AppointmentSettingsOut = z.infer<typeof appointmentSettingsOut>;
