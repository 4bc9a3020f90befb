import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { loadBusinessHours } from "../businesses/hours";
import { ensureContact } from "../contacts/contacts";
import type { Db } from "../db/client";
import { activeAppointmentStatuses, appointments, contacts, staffMembers } from "../db/schema";
import { isExclusionViolation } from "../db/unique-violation";
import { AppError, invalid, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import { isoInZone } from "../time/time-zone";
import { followAppointment } from "./appointment-record";
import { isFreeAt } from "./availability";
import { bookingRules, qualifiedStaff } from "./free-times";
import type { AppointmentOut, appointmentIn, appointmentPatch, appointmentStatus } from "./schema";
import { findService } from "./services";

type AppointmentRow = typeof appointments.$inferSelect;
type Status = z.infer<typeof appointmentStatus>;
const MINUTE = 60_000;

function view(r: AppointmentRow, timeZone: string): AppointmentOut {
  return {
    id: r.id,
    serviceId: r.serviceId,
    staffId: r.staffId,
    contactId: r.contactId,
    start: isoInZone(r.startAt, timeZone),
    end: isoInZone(r.endAt, timeZone),
    bufferEnd: isoInZone(r.bufferEndAt, timeZone),
    status: r.status as Status,
    notes: r.notes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const eventView = (a: AppointmentOut) => ({
  id: a.id,
  serviceId: a.serviceId,
  staffId: a.staffId,
  contactId: a.contactId,
  start: a.start,
  end: a.end,
  bufferEnd: a.bufferEnd,
  status: a.status,
  notes: a.notes,
});

const taken = () =>
  new AppError("conflict", "That time is no longer free: another appointment holds it. Ask GET /v1/availability for free times.", [
    { path: "start", message: "The staff member is not free then." },
  ]);

/**
 * Books a service. Each candidate staff member (the one named, or every active one who performs the
 * service, in turn) is tried in a transaction of its own that rechecks availability against the
 * appointments committed so far and inserts; the exclusion constraint appointments_no_overlap decides a
 * race the recheck cannot see (two transactions at once on Postgres): the loser's insert fails, and it
 * tries the next candidate or answers 409 conflict. Nothing is written by a refused booking.
 */
export async function bookAppointment(db: Db, businessId: string, input: z.output<typeof appointmentIn>, now: Date): Promise<AppointmentOut> {
  const service = await findService(db, businessId, input.serviceId);
  if (!service) throw invalid([{ path: "serviceId", message: "No such service." }]);
  if (!service.active) throw new AppError("conflict", "This service is inactive: it is not offered.", [{ path: "serviceId", message: "Inactive." }]);
  const candidates = await qualifiedStaff(db, businessId, service.id, input.staffId);
  if (input.staffId && !candidates.length) throw invalid([{ path: "staffId", message: await staffProblem(db, businessId, input.staffId) }]);
  if (input.contactId) {
    const [c] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.id, input.contactId)));
    if (!c) throw invalid([{ path: "contactId", message: "No such contact." }]);
  }
  if (input.start.getTime() % MINUTE !== 0) throw invalid([{ path: "start", message: "start must be on a whole minute." }]);
  const start = input.start;
  const end = new Date(start.getTime() + service.durationMinutes * MINUTE);
  const bufferEnd = new Date(end.getTime() + service.bufferAfterMinutes * MINUTE);
  const timeZone = (await loadBusinessHours(db, businessId)).timeZone;
  let everFree = false;
  for (const member of candidates) {
    try {
      const booked = await db.transaction(async (tx) => {
        const rules = await bookingRules(tx, businessId, service, [member], { from: start, to: bufferEnd, now });
        if (!isFreeAt(rules, member, start)) return null;
        everFree = true;
        const contactId = input.contactId ?? (await ensureContact(tx, businessId, input.phone as string)).contact.id;
        const [row] = await tx
          .insert(appointments)
          .values({
            id: newId("apt"),
            businessId,
            serviceId: service.id,
            staffId: member.id,
            contactId,
            startAt: start,
            endAt: end,
            bufferEndAt: bufferEnd,
            status: "booked",
            notes: input.notes || null,
          })
          .returning();
        const out = view(row, timeZone);
        await emitEvent(tx, businessId, "appointment.created", { appointment: eventView(out) });
        return out;
      });
      if (booked) return booked;
    } catch (err) {
      if (!isExclusionViolation(err)) throw err;
      everFree = true;
    }
  }
  if (everFree) throw taken();
  throw new AppError("conflict", "No staff member who performs this service is free then. Ask GET /v1/availability for free times.", [
    { path: "start", message: "Not a free time for this service." },
  ]);
}

async function staffProblem(db: Db, businessId: string, staffId: string): Promise<string> {
  const [s] = await db
    .select({ active: staffMembers.active })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, staffId)));
  if (!s) return "No such staff member.";
  return s.active ? "This staff member does not perform the service." : "This staff member is inactive.";
}

export type AppointmentFilter = PageParams & { from?: Date; to?: Date; staffId?: string; status?: Status };

/** Appointments newest first (by when they were booked), paged; `from`/`to` bound their start. */
export async function listAppointments(db: Db, businessId: string, f: AppointmentFilter): Promise<Page<AppointmentOut>> {
  const cursor = f.cursor ? decodeCursor(f.cursor, "apt_") : null;
  const timeZone = (await loadBusinessHours(db, businessId)).timeZone;
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.businessId, businessId),
        f.from ? gte(appointments.startAt, f.from) : undefined,
        f.to ? lt(appointments.startAt, f.to) : undefined,
        f.staffId ? eq(appointments.staffId, f.staffId) : undefined,
        f.status ? eq(appointments.status, f.status) : undefined,
        afterCursor(appointments.createdAt, appointments.id, cursor),
      ),
    )
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(f.limit + 1);
  return toPage(rows, f.limit, (r) => view(r, timeZone));
}

async function findAppointment(db: Db, businessId: string, id: string, lock = false): Promise<AppointmentRow | undefined> {
  const q = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.businessId, businessId), eq(appointments.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function getAppointment(db: Db, businessId: string, id: string): Promise<AppointmentOut> {
  const row = await findAppointment(db, businessId, id);
  if (!row) throw notFound("appointment");
  return view(row, (await loadBusinessHours(db, businessId)).timeZone);
}

const isActive = (s: string) => (activeAppointmentStatuses as readonly string[]).includes(s);

/**
 * Reschedules (a new `start` and/or `staffId`), changes the status (confirm, cancel, no_show,
 * completed) or the notes. A move, or bringing a cancelled appointment back, is checked like a booking
 * (availability recheck in the transaction, the exclusion constraint for races: 409 conflict).
 * `appointment.updated` fires when anything changed, with the previous status, start and staff member.
 */
export async function updateAppointment(
  db: Db,
  businessId: string,
  id: string,
  patch: z.output<typeof appointmentPatch>,
  now: Date,
): Promise<AppointmentOut> {
  const timeZone = (await loadBusinessHours(db, businessId)).timeZone;
  try {
    return await db.transaction(async (tx) => {
      const current = await findAppointment(tx, businessId, id, true);
      if (!current) throw notFound("appointment");
      const service = await findService(tx, businessId, current.serviceId);
      if (!service) throw notFound("appointment");
      const start = patch.start ?? current.startAt;
      const staffId = patch.staffId ?? current.staffId;
      const status = patch.status ?? current.status;
      const moved = start.getTime() !== current.startAt.getTime() || staffId !== current.staffId;
      const notes = patch.notes === undefined ? current.notes : patch.notes || null;
      if (!moved && status === current.status && notes === current.notes) return view(current, timeZone);
      if (moved && !isActive(status)) {
        throw invalid([{ path: "start", message: `A ${status} appointment cannot be moved; book a new one.` }]);
      }
      if (start.getTime() % MINUTE !== 0) throw invalid([{ path: "start", message: "start must be on a whole minute." }]);
      const end = new Date(start.getTime() + service.durationMinutes * MINUTE);
      const bufferEnd = new Date(end.getTime() + service.bufferAfterMinutes * MINUTE);
      if (isActive(status) && (moved || !isActive(current.status))) {
        const [member] = await qualifiedStaff(tx, businessId, service.id, staffId);
        if (!member) throw invalid([{ path: "staffId", message: await staffProblem(tx, businessId, staffId) }]);
        const rules = await bookingRules(tx, businessId, service, [member], { from: start, to: bufferEnd, now, exceptId: id });
        if (!isFreeAt(rules, member, start)) throw taken();
      }
      const [row] = await tx
        .update(appointments)
        .set({
          startAt: start,
          endAt: moved ? end : current.endAt,
          bufferEndAt: moved ? bufferEnd : current.bufferEndAt,
          staffId,
          status,
          notes,
          updatedAt: sql`now()`,
        })
        .where(and(eq(appointments.businessId, businessId), eq(appointments.id, id)))
        .returning();
      const out = view(row, timeZone);
      await emitEvent(tx, businessId, "appointment.updated", {
        appointment: eventView(out),
        previous: { status: current.status, start: isoInZone(current.startAt, timeZone), staffId: current.staffId },
      });
      // The record the assistant wrote for it (if any) follows, with record.updated.
      await followAppointment(tx, businessId, out);
      return out;
    });
  } catch (err) {
    if (isExclusionViolation(err)) throw taken();
    throw err;
  }
}
