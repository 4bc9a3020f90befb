import "server-only";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { loadBusinessHours } from "../businesses/hours";
import type { Db } from "../db/client";
import { activeAppointmentStatuses, appointments, serviceStaff, staffBusyTimes, staffMembers } from "../db/schema";
import { type ErrorDetail, invalid } from "../errors";
import { isoInZone, zonedInstant } from "../time/time-zone";
import { type AvailabilityInput, type AvailabilityStaff, type Busy, computeAvailability } from "./availability";
import type { AvailabilityOut } from "./schema";
import { findService } from "./services";

export const MAX_RANGE_DAYS = 31;
const DAY = 24 * 3600_000;

type ServiceRow = NonNullable<Awaited<ReturnType<typeof findService>>>;

/** The active staff members who perform a service (one of them when `staffId` is given), by id. */
export async function qualifiedStaff(db: Db, businessId: string, serviceId: string, staffId?: string): Promise<AvailabilityStaff[]> {
  return db
    .select({ id: staffMembers.id, weekly: staffMembers.weekly, breaks: staffMembers.breaks, timeOff: staffMembers.timeOff })
    .from(serviceStaff)
    .innerJoin(staffMembers, and(eq(staffMembers.businessId, serviceStaff.businessId), eq(staffMembers.id, serviceStaff.staffId)))
    .where(
      and(
        eq(serviceStaff.businessId, businessId),
        eq(serviceStaff.serviceId, serviceId),
        eq(staffMembers.active, true),
        staffId ? eq(staffMembers.id, staffId) : undefined,
      ),
    )
    .orderBy(asc(staffMembers.id));
}

/** What holds these staff members between two instants: their active appointments, buffers included. */
export async function busyTimes(db: Db, businessId: string, staffIds: string[], from: Date, to: Date, exceptId?: string): Promise<Busy[]> {
  if (!staffIds.length) return [];
  const rows = await db
    .select({ id: appointments.id, staffId: appointments.staffId, start: appointments.startAt, end: appointments.bufferEndAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.businessId, businessId),
        inArray(appointments.staffId, staffIds),
        inArray(appointments.status, [...activeAppointmentStatuses]),
        lt(appointments.startAt, to),
        gt(appointments.bufferEndAt, from),
      ),
    );
  return rows.filter((r) => r.id !== exceptId);
}

/** The staff members' private busy times between two instants, from their busy-times feeds (./busy-feeds.ts). */
export async function calendarBusyTimes(db: Db, businessId: string, staffIds: string[], from: Date, to: Date): Promise<Busy[]> {
  if (!staffIds.length) return [];
  return db
    .select({ staffId: staffBusyTimes.staffId, start: staffBusyTimes.startAt, end: staffBusyTimes.endAt })
    .from(staffBusyTimes)
    .where(
      and(
        eq(staffBusyTimes.businessId, businessId),
        inArray(staffBusyTimes.staffId, staffIds),
        lt(staffBusyTimes.startAt, to),
        gt(staffBusyTimes.endAt, from),
      ),
    );
}

/** The rules a service is booked under now: business hours and zone, the service's times, busy staff. */
export async function bookingRules(
  db: Db,
  businessId: string,
  service: ServiceRow,
  staff: AvailabilityStaff[],
  window: { from: Date; to: Date; now: Date; exceptId?: string },
): Promise<Omit<AvailabilityInput, "stepMinutes" | "staff">> {
  const hours = await loadBusinessHours(db, businessId);
  const held = (service.durationMinutes + service.bufferAfterMinutes) * 60_000;
  const busy = await busyTimes(
    db,
    businessId,
    staff.map((s) => s.id),
    new Date(window.from.getTime() - held),
    new Date(window.to.getTime() + held),
    window.exceptId,
  );
  const calendarBusy = await calendarBusyTimes(
    db,
    businessId,
    staff.map((s) => s.id),
    new Date(window.from.getTime() - held),
    new Date(window.to.getTime() + held),
  );
  return {
    timeZone: hours.timeZone,
    calendarBusy,
    from: window.from,
    to: window.to,
    now: window.now,
    durationMinutes: service.durationMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    business: { weekly: hours.weekly, holidays: hours.holidays },
    busy,
  };
}

/** A query's `from`/`to`: a date is that local day's midnight (`to`: the next day's, so the day is included). */
function resolve(value: string, timeZone: string, end: boolean): Date {
  if (value.length !== 10) return new Date(value);
  const [year, month, day] = value.split("-").map(Number);
  return zonedInstant(timeZone, { year, month, day: day + (end ? 1 : 0), hour: 0, minute: 0 });
}

export type FreeTimesQuery = { serviceId: string; staffId?: string; from?: string; to?: string; step: number };

/** GET /v1/availability: the free start times of a service over at most 31 days, from now on. */
export async function freeTimes(db: Db, businessId: string, q: FreeTimesQuery, now: Date): Promise<AvailabilityOut> {
  const service = await findService(db, businessId, q.serviceId);
  if (!service) throw invalid([{ path: "serviceId", message: "No such service." }]);
  const hours = await loadBusinessHours(db, businessId);
  const from = q.from ? resolve(q.from, hours.timeZone, false) : now;
  const to = q.to ? resolve(q.to, hours.timeZone, true) : new Date(from.getTime() + 7 * DAY);
  const problems: ErrorDetail[] = [];
  if (to <= from) problems.push({ path: "to", message: "to must be after from." });
  else if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
    problems.push({ path: "to", message: `The range is at most ${MAX_RANGE_DAYS} days.` });
  const staff = service.active ? await qualifiedStaff(db, businessId, service.id, q.staffId) : [];
  if (q.staffId && !staff.length) {
    const [known] = await db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, q.staffId)));
    if (!known) problems.push({ path: "staffId", message: "No such staff member." });
  }
  if (problems.length) throw invalid(problems);
  const rules = await bookingRules(db, businessId, service, staff, { from, to, now });
  const slots = computeAvailability({ ...rules, stepMinutes: q.step, staff });
  const duration = service.durationMinutes * 60_000;
  return {
    serviceId: service.id,
    timeZone: hours.timeZone,
    stepMinutes: q.step,
    from: isoInZone(from, hours.timeZone),
    to: isoInZone(to, hours.timeZone),
    slots: slots.map((s) => ({
      start: isoInZone(s.start, hours.timeZone),
      end: isoInZone(new Date(s.start.getTime() + duration), hours.timeZone),
      staffIds: s.staffIds,
    })),
  };
}
