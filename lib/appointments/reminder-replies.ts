import "server-only";
import { and, eq } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { appointmentReminders, appointments, businesses, contacts, messages } from "../db/schema";
import { AppError } from "../errors";
import { runs } from "../jobs/worker";
import { type ReminderAnswer, reminderAnswerJob, reminderAnswerOf } from "../messages/reminder-answer";
import { sendMessage } from "../messages/send-message";
import { now } from "../time/clock";
import { updateAppointment } from "./appointments";
import { freeTimes } from "./free-times";
import { localTimeText, type ReplyLanguage, replies, replyLanguage } from "./wording";

// What a tap on a reminder's button does (docs/appointments.md, "Reminders"): confirm sets the
// appointment `confirmed`, cancel sets it `cancelled` (its time is free again), reschedule offers the
// next free times of the same service with the same staff member as a list, and a tap on one of them
// moves the appointment (updateAppointment: rechecked and race-safe; a time taken meanwhile is said
// and the list offered again). Each change fires appointment.updated. Only the customer the
// appointment is for can act on it: another contact's tap reads as an unknown appointment.

const MAX_TIMES = 10;
const DAY = 86_400_000;

type Context = { db: Db; businessId: string; to: string; language: ReplyLanguage; timeZone: string };

async function say(c: Context, text: string): Promise<void> {
  await sendMessage(c.db, c.businessId, { to: c.to, type: "text", text }, { source: "assistant" });
}

/** The reschedule's offer: the next free times of the service with the same staff member, as a list. */
async function offerTimes(c: Context, a: typeof appointments.$inferSelect, at: Date): Promise<void> {
  const r = replies[c.language];
  const free = await freeTimes(
    c.db,
    c.businessId,
    { serviceId: a.serviceId, staffId: a.staffId, from: at.toISOString(), to: new Date(at.getTime() + 14 * DAY).toISOString(), step: 15 },
    at,
  );
  const slots = free.slots.filter((s) => new Date(s.start).getTime() !== a.startAt.getTime()).slice(0, MAX_TIMES);
  if (!slots.length) return say(c, r.noTimes);
  const rows = slots.map((s) => {
    const start = new Date(s.start);
    return { id: `apt:move:${a.id}:${Math.round(start.getTime() / 60_000)}`, title: localTimeText(start, c.timeZone, c.language).slice(0, 24) };
  });
  await sendMessage(
    c.db,
    c.businessId,
    { to: c.to, type: "interactive", interactive: { type: "list", body: r.pick, button: r.pickButton, sections: [{ rows }] } },
    { source: "assistant" },
  );
}

/** Acts on one reminder answer of `contactId` at `at` and replies; returns what was done (tests read it). */
export async function answerReminder(db: Db, businessId: string, contactId: string, answer: ReminderAnswer, at: Date): Promise<string> {
  const [who] = await db
    .select({ phone: contacts.phone, waUserId: contacts.waUserId, timeZone: businesses.timeZone })
    .from(contacts)
    .innerJoin(businesses, eq(businesses.id, contacts.businessId))
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  const to = who?.phone ?? who?.waUserId;
  if (!who || !to) return "no_address";
  const [a] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.businessId, businessId), eq(appointments.id, answer.appointmentId), eq(appointments.contactId, contactId)));
  const [reminder] = a
    ? await db.select({ messageId: appointmentReminders.messageId }).from(appointmentReminders).where(eq(appointmentReminders.appointmentId, a.id))
    : [];
  const [sent] = reminder?.messageId
    ? await db.select({ template: messages.template }).from(messages).where(eq(messages.id, reminder.messageId))
    : [];
  const c: Context = { db, businessId, to, timeZone: who.timeZone, language: replyLanguage(sent?.template?.language ?? "en") };
  const r = replies[c.language];
  if (!a) {
    await say(c, r.unknown);
    return "unknown";
  }
  const active = a.status === "booked" || a.status === "confirmed";
  if (!active || a.startAt <= at) {
    await say(c, r.notActive);
    return "not_active";
  }
  if (answer.action === "confirm") {
    const out = await updateAppointment(db, businessId, a.id, { status: "confirmed" }, at);
    await say(c, r.confirmed(localTimeText(new Date(out.start), c.timeZone, c.language)));
    return "confirmed";
  }
  if (answer.action === "cancel") {
    await updateAppointment(db, businessId, a.id, { status: "cancelled" }, at);
    await say(c, r.cancelled(localTimeText(a.startAt, c.timeZone, c.language)));
    return "cancelled";
  }
  if (answer.action !== "move") {
    await offerTimes(c, a, at);
    return "offered";
  }
  try {
    const out = await updateAppointment(db, businessId, a.id, { start: answer.start }, at);
    await say(c, r.moved(localTimeText(new Date(out.start), c.timeZone, c.language)));
    return "moved";
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== "conflict" && err.code !== "invalid_request")) throw err;
    await say(c, r.taken);
    await offerTimes(c, a, at);
    return "taken";
  }
}

export const reminderAnswerRunner = runs(reminderAnswerJob, async (payload) => {
  const db = defaultDb();
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.businessId, payload.businessId), eq(messages.id, payload.messageId)));
  const answer = m ? reminderAnswerOf(m) : null;
  if (!m || !answer) return;
  await answerReminder(db, payload.businessId, m.contactId, answer, now());
});
