// Wall-clock arithmetic in a business's IANA time zone with nothing but Intl: which day and hour an
// instant is there, which instant a wall-clock time there is (DST included), and the ISO form with
// the zone's offset that captured date-times are stored in ("2026-11-23T19:00:00+01:00").

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const weekdayIndex: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The wall clock in `timeZone` at `instant`; weekday 0 is Monday. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: weekdayIndex[parts.weekday] ?? 0,
  };
}

/** Minutes east of UTC in `timeZone` at `instant` (Lisbon in summer: 60). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const whole = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - whole) / 60_000);
}

/** The instant a wall-clock time in `timeZone` names (in a DST gap, the hour after). */
export function zonedInstant(timeZone: string, w: Omit<WallClock, "weekday">): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  const second = offsetMinutes(new Date(instant), timeZone);
  instant = guess - second * 60_000;
  return new Date(instant);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** ISO 8601 with the zone's offset at that instant: 2026-11-23T19:00:00+01:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

export function isoDate(w: Pick<WallClock, "year" | "month" | "day">): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

export const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
