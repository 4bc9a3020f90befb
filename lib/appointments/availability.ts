import { type HoursRules, hasNoHours, openRangesOn, parseRange, weekdayKeys } from "../businesses/hours-rules";
import type { WeeklyHours } from "../db/schema/business-hours";
import type { TimeOff } from "../db/schema/staff-members";
import { isoDate, wallClock, zonedInstant } from "../time/time-zone";

// The free start times of a service: pure (no database, no clock of its own), so every rule is tested
// directly. Everything is worked out in real instants: each local range of a day ("09:00-13:00" in the
// business's time zone) becomes the instants it names on that date, so a day that loses or gains an
// hour to DST has exactly the hours it really has. Rules (docs/appointments.md):
// - the appointment itself [start, start + duration) lies inside one of the staff member's working
//   ranges, outside their breaks, and inside the business's opening hours (when it has any);
// - the staff member's time it holds, [start, start + duration + buffer), overlaps no active
//   appointment's held time [start, buffer end) (the database's exclusion constraint says the same);
// - a day of the staff member's time off, or a business holiday without hours, offers nothing;
// - starts fall on the step from local midnight (09:00, 09:15, ...), a wall-clock time that does not
//   exist that day (the hour DST skips) is not offered, and nothing starts before `now`.

export type AvailabilityStaff = { id: string; weekly: WeeklyHours; breaks: WeeklyHours; timeOff: TimeOff[] };
export type Busy = { staffId: string; start: Date; end: Date };
export type AvailabilityInput = {
  timeZone: string;
  from: Date;
  to: Date;
  now: Date;
  stepMinutes: number;
  durationMinutes: number;
  bufferAfterMinutes: number;
  /** The business's opening hours and holidays; with none set, only the staff's hours count. */
  business: HoursRules;
  staff: AvailabilityStaff[];
  /** Active appointments: each holds its staff member from its start to its buffer end. */
  busy: Busy[];
  /**
   * The staff members' private busy times (their busy-times calendar feeds): an appointment's held time
   * [start, start + duration + buffer) may not overlap one, as with another appointment.
   */
  calendarBusy?: Busy[];
};
export type Slot = { start: Date; staffIds: string[] };

type Interval = [number, number];
type Day = { year: number; month: number; day: number };

const MINUTE = 60_000;

/** The instants a day's same-day ranges ("HH:MM-HH:MM", end up to 24:00) name, in `timeZone`. */
function dayIntervals(ranges: string[], d: Day, timeZone: string): Interval[] {
  return ranges.map((r) => {
    const { from, to } = parseRange(r);
    const end = to === 0 || to < from ? 1440 : to;
    return [at(timeZone, d, from), at(timeZone, d, end)];
  });
}

function at(timeZone: string, d: Day, minutes: number): number {
  const day = new Date(Date.UTC(d.year, d.month - 1, d.day + Math.floor(minutes / 1440)));
  const m = minutes % 1440;
  return zonedInstant(timeZone, {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: Math.floor(m / 60),
    minute: m % 60,
  }).getTime();
}

const weeklyRules = (weekly: WeeklyHours): HoursRules => ({ weekly, holidays: [] });
const within = (a: number, b: number, list: Interval[]) => list.some(([s, e]) => s <= a && b <= e);
const overlaps = (a: number, b: number, list: Interval[]) => list.some(([s, e]) => s < b && a < e);

function onTimeOff(date: string, timeOff: TimeOff[]): boolean {
  return timeOff.some((t) => t.from <= date && date <= t.to);
}

/** The local calendar days from `from`'s day to `to`'s day in `timeZone`. */
function daysBetween(from: Date, to: Date, timeZone: string): Day[] {
  const first = wallClock(from, timeZone);
  const last = wallClock(new Date(to.getTime() - 1), timeZone);
  const out: Day[] = [];
  const lastKey = isoDate(last);
  for (let i = 0; i < 400; i++) {
    const t = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const d = { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
    out.push(d);
    if (isoDate(d) >= lastKey) break;
  }
  return out;
}

/** The local minutes of the day, on the step from midnight, that fall inside one of the ranges. */
function startMinutes(ranges: string[], step: number): number[] {
  const out: number[] = [];
  for (const r of ranges) {
    const { from, to } = parseRange(r);
    const end = to === 0 || to < from ? 1440 : to;
    for (let m = Math.ceil(from / step) * step; m < end; m += step) out.push(m);
  }
  return out;
}

type MemberDay = { minutes: number[]; fits: (start: number) => boolean };

/** One staff member's day: the local minutes a start may fall on, and whether a start there fits. */
function memberDay(input: AvailabilityInput, d: Day, member: AvailabilityStaff, busy: Interval[], step: number): MemberDay | null {
  const { timeZone, business } = input;
  const date = isoDate(d);
  // A holiday closed all day closes it even for a business that set no weekly hours.
  if (business.holidays.some((h) => h.date === date && !h.hours?.length)) return null;
  if (onTimeOff(date, member.timeOff)) return null;
  const open = hasNoHours(business) ? null : dayIntervals(openRangesOn(business, d), d, timeZone);
  if (open && open.length === 0) return null;
  const workingRanges = openRangesOn(weeklyRules(member.weekly), d);
  if (workingRanges.length === 0) return null;
  const working = dayIntervals(workingRanges, d, timeZone);
  const weekday = weekdayKeys[(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7];
  const breaks = dayIntervals(member.breaks[weekday] ?? [], d, timeZone);
  const duration = input.durationMinutes * MINUTE;
  const held = (input.durationMinutes + input.bufferAfterMinutes) * MINUTE;
  return {
    minutes: startMinutes(workingRanges, step),
    fits: (start) => {
      const finish = start + duration;
      if (!within(start, finish, working)) return false;
      if (open && !within(start, finish, open)) return false;
      return !overlaps(start, finish, breaks) && !overlaps(start, start + held, busy);
    },
  };
}

function busyByStaff(busy: Busy[]): Map<string, Interval[]> {
  const out = new Map<string, Interval[]>();
  for (const b of busy) {
    const list = out.get(b.staffId) ?? [];
    list.push([b.start.getTime(), b.end.getTime()]);
    out.set(b.staffId, list);
  }
  return out;
}

/** Free start times in [from, to), each with the staff members free then, earliest first. */
export function computeAvailability(input: AvailabilityInput): Slot[] {
  const { timeZone, stepMinutes } = input;
  const earliest = Math.max(input.from.getTime(), input.now.getTime());
  const end = input.to.getTime();
  if (earliest >= end || input.staff.length === 0) return [];
  const busyOf = busyByStaff([...input.busy, ...(input.calendarBusy ?? [])]);
  const slots = new Map<number, string[]>();
  for (const d of daysBetween(new Date(earliest), input.to, timeZone)) {
    for (const member of input.staff) {
      const day = memberDay(input, d, member, busyOf.get(member.id) ?? [], stepMinutes);
      if (!day) continue;
      for (const minute of day.minutes) {
        const start = at(timeZone, d, minute);
        if (start < earliest || start >= end) continue;
        // The hour DST skips: 02:30 names no instant that day, and zonedInstant moved it on.
        const w = wallClock(new Date(start), timeZone);
        if (w.hour * 60 + w.minute !== minute || w.day !== d.day) continue;
        if (!day.fits(start)) continue;
        const ids = slots.get(start) ?? [];
        ids.push(member.id);
        slots.set(start, ids);
      }
    }
  }
  return [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([start, staffIds]) => ({ start: new Date(start), staffIds }));
}

/**
 * Whether one staff member is free for the service at exactly `start` (a booking's recheck, inside its
 * transaction): the same rules as computeAvailability, at any whole minute rather than on the step.
 */
export function isFreeAt(input: Omit<AvailabilityInput, "from" | "to" | "stepMinutes" | "staff">, member: AvailabilityStaff, start: Date): boolean {
  const t = start.getTime();
  if (t < input.now.getTime() || t % MINUTE !== 0) return false;
  const w = wallClock(start, input.timeZone);
  const full: AvailabilityInput = { ...input, from: start, to: start, stepMinutes: 1440, staff: [member] };
  const day = memberDay(
    full,
    { year: w.year, month: w.month, day: w.day },
    member,
    busyByStaff([...input.busy, ...(input.calendarBusy ?? [])]).get(member.id) ?? [],
    1440,
  );
  return day?.fits(t) ?? false;
}
