import "server-only";
import { bookingRules, qualifiedStaff } from "../../appointments/free-times";
import { computeAvailability } from "../../appointments/availability";
import { findService } from "../../appointments/services";
import type { Db } from "../../db/client";
import { isoInZone, wallClock } from "../../time/time-zone";
import { DEFAULT_DAYS, inPart, type TimeRange } from "../understanding/time-range";

// The nearest free times of a service to what the customer asked for: the same rules and the same
// availability computation as GET /v1/availability (lib/appointments), over the window the customer
// named, kept to the part of the day they said, nearest to a time they said first.

export type OfferedTime = { start: string; staffId: string };

const DAY = 24 * 3600_000;
const MAX_DAYS = 31;

export async function nearestTimes(
  db: Db,
  businessId: string,
  q: { serviceId: string; staffId?: string; range: TimeRange; step: number; max: number; now: Date; timeZone: string; exceptId?: string },
): Promise<OfferedTime[]> {
  const service = await findService(db, businessId, q.serviceId);
  if (!service?.active) return [];
  const staff = await qualifiedStaff(db, businessId, service.id, q.staffId);
  if (!staff.length) return [];
  const from = q.range.from < q.now ? q.now : q.range.from;
  const to = new Date(Math.min(q.range.to.getTime(), from.getTime() + MAX_DAYS * DAY));
  if (to <= from) return [];
  const rules = await bookingRules(db, businessId, service, staff, { from, to, now: q.now, exceptId: q.exceptId });
  const target = q.range.time ? minutesOf(q.range.time) : null;
  const slots = computeAvailability({ ...rules, stepMinutes: q.step, staff }).filter((s) => {
    const w = wallClock(s.start, q.timeZone);
    // "after 6": at 18:00 or later; "before 5": starting before 17:00.
    if (target !== null && q.range.bound === "after" && w.hour * 60 + w.minute < target) return false;
    if (target !== null && q.range.bound === "before" && w.hour * 60 + w.minute >= target) return false;
    // "between 5 and 7pm": starting before 19:00.
    if (q.range.until && w.hour * 60 + w.minute >= minutesOf(q.range.until)) return false;
    // A time said ("por la tarde... tipo seis") is nearer the customer's meaning than the part of the day.
    return inPart(w.hour, q.range.time ? undefined : q.range.part);
  });
  const ordered =
    target === null
      ? slots
      : // A time said: that day's (or each day's) times nearest to it, days in order.
        [...slots].sort((a, b) => dayOf(a.start, q.timeZone).localeCompare(dayOf(b.start, q.timeZone)) || distance(a.start) - distance(b.start));
  function distance(start: Date) {
    const w = wallClock(start, q.timeZone);
    return Math.abs(w.hour * 60 + w.minute - (target ?? 0));
  }
  return ordered.slice(0, q.max).map((s) => ({ start: isoInZone(s.start, q.timeZone), staffId: s.staffIds[0] }));
}

/** Nothing free in the window asked for: the nearest times after its start, over the default two weeks. */
export function widened(range: TimeRange): TimeRange {
  return { from: range.from, to: new Date(range.from.getTime() + DEFAULT_DAYS * DAY), said: false };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const dayOf = (start: Date, timeZone: string) => isoInZone(start, timeZone).slice(0, 10);

/** "Fri 5 Dec, 10:00" / "sex., 5/12, 10:00": short enough for a WhatsApp list row (24 characters). */
export function timeLabel(iso: string, timeZone: string, locale: string): string {
  const d = new Date(iso);
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short" }).format(d);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return `${day}, ${time}`;
}
