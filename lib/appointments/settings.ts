import "server-only";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { appointmentSettings } from "../db/schema";
import { type ErrorDetail, invalid } from "../errors";
import { templateVariables } from "../shared/template-schema";
import { findTemplate, type TemplateRow, templateSendNeeds } from "../templates/templates";
import { scheduleReminders } from "./reminder-schedule";
import { type AppointmentSettingsOut, type appointmentSettingsPatch, reminderVariables } from "./reminder-schema";

export const DEFAULT_LEAD_MINUTES = 1440;

type SettingsRow = typeof appointmentSettings.$inferSelect;

function view(row: SettingsRow | undefined): AppointmentSettingsOut {
  const template =
    row?.reminderTemplateName && row.reminderTemplateLanguage ? { name: row.reminderTemplateName, language: row.reminderTemplateLanguage } : null;
  return {
    reminders: { enabled: row?.remindersEnabled ?? false, leadMinutes: row?.reminderLeadMinutes ?? DEFAULT_LEAD_MINUTES, template },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getAppointmentSettings(db: Db, businessId: string): Promise<AppointmentSettingsOut> {
  const [row] = await db.select().from(appointmentSettings).where(eq(appointmentSettings.businessId, businessId));
  return view(row);
}

/** Why a template cannot carry reminders (empty when it can): what the reminder job fills and sends. */
export function reminderTemplateProblems(t: TemplateRow): ErrorDetail[] {
  const path = "reminders.template";
  const out: ErrorDetail[] = [];
  if (t.status !== "approved") out.push({ path, message: `Template ${t.name} is ${t.status}: only an approved template is sent.` });
  if (t.category !== "utility") out.push({ path, message: "A reminder is a utility template (category utility)." });
  const names = templateVariables(t.body);
  if (t.parameterFormat === "named") {
    const unknown = names.filter((n) => !(reminderVariables as readonly string[]).includes(n));
    if (unknown.length) out.push({ path, message: `Its body may name only ${reminderVariables.join(", ")} (not ${unknown.join(", ")}).` });
  } else if (names.length > reminderVariables.length) {
    out.push({ path, message: "Its body may have at most 4 placeholders: {{1}} service, {{2}} staff, {{3}} time, {{4}} business." });
  }
  const quick = t.buttons.slice(0, 3).filter((b) => b.type === "quick_reply").length;
  if (quick < 3) out.push({ path, message: "Its first three buttons must be quick replies: confirm, reschedule, cancel." });
  const needs = templateSendNeeds(t);
  if (needs.length) out.push({ path, message: `It needs values a reminder cannot give: ${needs.join(", ")}.` });
  return out;
}

/** PATCH /v1/appointment-settings: only the fields given change; turning reminders on needs a fit template. */
export async function setAppointmentSettings(
  db: Db,
  businessId: string,
  patch: z.output<typeof appointmentSettingsPatch>,
): Promise<AppointmentSettingsOut> {
  const current = (await getAppointmentSettings(db, businessId)).reminders;
  const r = patch.reminders;
  const next = {
    enabled: r.enabled ?? current.enabled,
    leadMinutes: r.leadMinutes ?? current.leadMinutes,
    template: r.template === undefined ? current.template : r.template,
  };
  if (next.enabled && !next.template) throw invalid([{ path: "reminders.template", message: "Choose the template the reminder is sent with." }]);
  if (next.template && r.template !== undefined) {
    const row = await findTemplate(db, businessId, next.template.name, next.template.language);
    if (!row) throw invalid([{ path: "reminders.template", message: `No template ${next.template.name} (${next.template.language}).` }]);
    const problems = reminderTemplateProblems(row);
    if (problems.length) throw invalid(problems);
  }
  const values = {
    remindersEnabled: next.enabled,
    reminderLeadMinutes: next.leadMinutes,
    reminderTemplateName: next.template?.name ?? null,
    reminderTemplateLanguage: next.template?.language ?? null,
  };
  const [row] = await db
    .insert(appointmentSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: appointmentSettings.businessId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (row.remindersEnabled) await scheduleReminders(db, businessId);
  return view(row);
}
