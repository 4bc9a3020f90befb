import { z } from "zod";
import type { Holiday, WeeklyHours } from "../db/schema/business-hours";
import { isoDate, wallClock, zonedInstant } from "../time/time-zone";

// Business hours as pure rules (no database, browser-safe): weekly ranges per weekday and holidays,
// read in the business's IANA time zone. A range "09:00-17:00" is open from 09:00 up to (not
// including) 17:00 that day; a range that ends before it starts ("20:00-02:00") runs past midnight
// into the next day; "00:00-24:00" is the whole day. A holiday replaces its date's weekly hours:
// closed all day, or open only at its own `hours`. A range past midnight from the day before still
// runs into a holiday (the night shift that began before it).

export const weekdayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];
export type HoursRules = { weekly: WeeklyHours; holidays: Holiday[] };

const hm = /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const hoursRangeSchema = z
  .string()
  .regex(hm, 'must look like "09:00-17:00" (24-hour clock; "20:00-02:00" runs past midnight)')
  .refine((r) => !hm.test(r) || r.slice(0, 5) !== r.slice(6), "must not start and end at the same time");

const dayRanges = z.array(hoursRangeSchema).max(12, "at most 12 ranges a day");

export const weeklyHoursSchema = z.partialRecord(z.enum(weekdayKeys), dayRanges);

export const holidaySchema = z.object({
  date: z.iso.date("must be a date like 2026-12-25"),
  name: z.string().trim().max(100).optional(),
  hours: dayRanges.optional().describe("Special hours that day; left out, closed all day."),
});

export const hoursRulesSchema = z.object({
  weekly: weeklyHoursSchema,
  holidays: z
    .array(holidaySchema)
    .max(366)
    .refine((h) => new Set(h.map((x) => x.date)).size === h.length, "must not name one date twice"),
});

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** [from, to) minutes of one range; `overnight` when it runs past midnight into the next day. */
export function parseRange(range: string): { from: number; to: number; overnight: boolean } {
  const from = toMinutes(range.slice(0, 5));
  const to = toMinutes(range.slice(6));
  return { from, to, overnight: to < from };
}

type Day = { year: number; month: number; day: number };

const shift = (d: Day, days: number): Day & { weekday: number } => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: (t.getUTCDay() + 6) % 7 };
};

/** The ranges a date's own hours start on that date (a holiday's, else its weekday's). */
export function ownRanges(rules: HoursRules, d: Day): string[] {
  const date = isoDate(d);
  const holiday = rules.holidays.find((h) => h.date === date);
  if (holiday) return holiday.hours ?? [];
  const weekday = shift(d, 0).weekday;
  return rules.weekly[weekdayKeys[weekday]] ?? [];
}

/**
 * When the business is open on a calendar date, as same-day ranges sorted by start ("HH:MM-HH:MM",
 * the last may end at 24:00): the date's own ranges, cut at midnight, and the tail of the day
 * before's ranges that run past midnight. This is the form a booking skill's slots are cut from.
 */
export function openRangesOn(rules: HoursRules, d: Day): string[] {
  const out: Array<[number, number]> = [];
  for (const r of ownRanges(rules, d)) {
    const p = parseRange(r);
    out.push([p.from, p.overnight ? 1440 : p.to]);
  }
  for (const r of ownRanges(rules, shift(d, -1))) {
    const p = parseRange(r);
    if (p.overnight && p.to > 0) out.push([0, p.to]);
  }
  out.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of out) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged.map(([from, to]) => `${clock(from)}-${clock(to)}`);
}

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** True when no weekly range and no holiday hours are set: the business never said when it is open. */
export function hasNoHours(rules: HoursRules): boolean {
  return Object.values(rules.weekly).every((r) => !r?.length) && rules.holidays.every((h) => !h.hours?.length);
}

/** Is the business open at `instant`? A business with no hours set counts as open (nothing to wait for). */
export function isOpenAt(rules: HoursRules, timeZone: string, instant: Date): boolean {
  if (hasNoHours(rules)) return true;
  const w = wallClock(instant, timeZone);
  const minute = w.hour * 60 + w.minute;
  return openRangesOn(rules, w).some((r) => {
    const p = parseRange(r);
    return minute >= p.from && minute < (p.to === 0 ? 1440 : p.to);
  });
}

/**
 * The next instant the business opens after `instant` (or `instant` itself when open now), looking
 * up to 400 days ahead (a long holiday); null when it never opens in that time.
 */
export function nextOpening(
  rules: HoursRules,
  timeZone: string,
  instant: Date,
): { at: Date; wall: Day & { weekday: number; minute: number } } | null {
  const w = wallClock(instant, timeZone);
  const nowMinute = w.hour * 60 + w.minute;
  for (let ahead = 0; ahead <= 400; ahead++) {
    const d = shift(w, ahead);
    for (const r of openRangesOn(rules, d)) {
      const p = parseRange(r);
      const to = p.to === 0 ? 1440 : p.to;
      if (ahead === 0 && to <= nowMinute) continue;
      const start = ahead === 0 ? Math.max(p.from, nowMinute) : p.from;
      const at = zonedInstant(timeZone, { year: d.year, month: d.month, day: d.day, hour: Math.floor(start / 60), minute: start % 60 });
      return { at, wall: { ...d, minute: start } };
    }
  }
  return null;
}

export const emptyHours = (): HoursRules => ({ weekly: {}, holidays: [] });
