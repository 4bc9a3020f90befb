import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { appointmentReminders, appointments, businesses, contacts, services, staffMembers } from "../db/schema";
import { AppError } from "../errors";
import { runs } from "../jobs/worker";
import { sendMessage } from "../messages/send-message";
import { templateVariables } from "../shared/template-schema";
import { findTemplate } from "../templates/templates";
import { now } from "../time/clock";
import { reminderActions, reminderVariables } from "./reminder-schema";
import { appointmentReminderJob, reminderIntervalMs, scheduleReminders } from "./reminder-schedule";
import { getAppointmentSettings } from "./settings";
import { localTimeText, serviceName } from "./wording";

// Appointment reminders (issue 40, item 4; docs/appointments.md, "Reminders"). One job chain per
// business with reminders on, as the template sync's: each run sends the reminders that are due and
// queues the next run a minute later; turning reminders off ends the chain at its next run.
//
const BATCH = 100;

// A reminder is due `leadMinutes` before the start and goes while the appointment is active and has not
// started: one booked (or moved) inside the lead time gets it at once. Each is claimed by inserting its
// appointment_reminders row in the transaction that queues the template message, with the appointment
// row locked, so it goes once across workers and restarts, and a cancel or move committed first wins
// (a moved appointment's reminder follows its new start; once sent, a move sends no second one).

/** The quick-reply payloads of a reminder: `apt:<action>:<appointment id>` (reminder-replies.ts reads them). */
export const reminderPayload = (action: (typeof reminderActions)[number], appointmentId: string) => `apt:${action}:${appointmentId}`;

export type ReminderRun = { sent: string[]; failed: string[] } | null;

/** Sends every reminder due at `at` (null when reminders are off: the chain ends). */
export async function sendDueReminders(db: Db, businessId: string, at: Date): Promise<ReminderRun> {
  const settings = (await getAppointmentSettings(db, businessId)).reminders;
  if (!settings.enabled || !settings.template) return null;
  const lead = settings.leadMinutes;
  const due = await queryRows<{ id: string }>(
    db,
    sql`select a.id from appointments a
        where a.business_id = ${businessId} and a.status in ('booked', 'confirmed')
          and a.start_at > ${at.toISOString()}::timestamptz
          and a.start_at - make_interval(mins => ${lead}) <= ${at.toISOString()}::timestamptz
          and not exists (select 1 from appointment_reminders r where r.appointment_id = a.id)
        order by a.start_at limit ${BATCH}`,
  );
  const out = { sent: [] as string[], failed: [] as string[] };
  for (const { id } of due) {
    try {
      if (await sendReminder(db, businessId, id, at, lead, settings.template)) out.sent.push(id);
    } catch (err) {
      // A refused send (the template deleted, paused or changed): recorded once, not retried every minute.
      if (!(err instanceof AppError)) throw err;
      await db
        .insert(appointmentReminders)
        .values({ appointmentId: id, businessId, outcome: "failed", error: err.message, dueAt: at })
        .onConflictDoNothing();
      out.failed.push(id);
    }
  }
  return out;
}

async function sendReminder(
  db: Db,
  businessId: string,
  id: string,
  at: Date,
  lead: number,
  ref: { name: string; language: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locked: a cancel or move waits for this send, or this send sees it (and the rechecks below fail).
    const [a] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.businessId, businessId), eq(appointments.id, id)))
      .for("update");
    if (!a || !["booked", "confirmed"].includes(a.status) || a.startAt <= at) return false;
    if (a.startAt.getTime() - lead * 60_000 > at.getTime()) return false;
    const [claimed] = await tx
      .insert(appointmentReminders)
      .values({ appointmentId: id, businessId, outcome: "sent", dueAt: new Date(a.startAt.getTime() - lead * 60_000) })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    const [row] = await tx
      .select({
        phone: contacts.phone,
        waUserId: contacts.waUserId,
        service: services.name,
        staff: staffMembers.name,
        business: businesses.name,
        timeZone: businesses.timeZone,
      })
      .from(appointments)
      .innerJoin(contacts, eq(contacts.id, appointments.contactId))
      .innerJoin(services, and(eq(services.businessId, appointments.businessId), eq(services.id, appointments.serviceId)))
      .innerJoin(staffMembers, and(eq(staffMembers.businessId, appointments.businessId), eq(staffMembers.id, appointments.staffId)))
      .innerJoin(businesses, eq(businesses.id, appointments.businessId))
      .where(eq(appointments.id, id));
    const to = row.phone ?? row.waUserId;
    if (!to) throw new AppError("invalid_request", "The customer has no WhatsApp address to remind.");
    const template = await findTemplate(tx, businessId, ref.name, ref.language);
    if (!template) throw new AppError("unknown_template", `No template ${ref.name} (${ref.language}) for this business.`);
    const values: Record<(typeof reminderVariables)[number], string> = {
      service: serviceName(row.service, ref.language),
      staff: row.staff,
      time: localTimeText(a.startAt, row.timeZone, ref.language),
      business: row.business,
    };
    // Named placeholders by their names; numbered ones in reminderVariables' order ({{1}} the service).
    const keys = templateVariables(template.body);
    const fill = (k: string) => values[(template.parameterFormat === "named" ? k : reminderVariables[Number(k) - 1]) as keyof typeof values] ?? "";
    const variables = template.parameterFormat === "named" ? Object.fromEntries(keys.map((k) => [k, fill(k)])) : keys.map(fill);
    const message = await sendMessage(
      tx,
      businessId,
      {
        to,
        type: "template",
        template: {
          name: ref.name,
          language: ref.language,
          variables,
          buttons: reminderActions.map((action, index) => ({ index, payload: reminderPayload(action, id) })),
        },
      },
      { source: "assistant" },
    );
    await tx.update(appointmentReminders).set({ messageId: message.id }).where(eq(appointmentReminders.appointmentId, id));
    return true;
  });
}

export const appointmentRemindersJob = runs(appointmentReminderJob, async (payload) => {
  const db = defaultDb();
  const run = await sendDueReminders(db, payload.businessId, now());
  if (run === null) return; // reminders turned off (or the business is gone): the chain ends
  await scheduleReminders(db, payload.businessId, new Date(now().getTime() + reminderIntervalMs()));
});
