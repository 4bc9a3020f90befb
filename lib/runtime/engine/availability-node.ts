import "server-only";
import { sql } from "drizzle-orm";
import { now } from "../../time/clock";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/rows";
import { type HoursRules, hasNoHours, openRangesOn } from "../../businesses/hours-rules";
import { type TypedNode, weekdays } from "../../shared/graph-schema";
import { list, localeOf, phrases, weekdayName } from "../base/phrases";
import { type Held, releaseHeld } from "../../conversations/booking-holds";
import { RESERVED, type SkillRun, type Step, whenParts } from "./run-state";
import { wallClock, zonedInstant } from "../../time/time-zone";

// An `availability` node holds a place in the slot of the captured date-time: `free` when it got one,
// `taken` when the slot is full, closed, in the past, or the time is missing. Slots start at the
// opening time and run `slotMinutes` each (18:00-23:00 in 90-minute slots: 18:00, 19:30, 21:00,
// 22:30), in the business's time zone. With `covers` set, a slot counts people (the party size in that
// variable), not bookings. A session holds at most one place: walking the node again for the same slot
// keeps it, for another slot (a correction) gives it back first; a cancelled session gives it back.
// When it says `taken`, `_why` and `_alternatives` tell the customer why and the nearest open times.

type Data = TypedNode<"availability">["data"];
type Hours = Pick<Data, "openingHours">;

/**
 * The opening ranges of a calendar date: the node's own `openingHours` when it sets them, else the
 * business hours (holidays and ranges past midnight included; no hours set at all: the whole day).
 */
export function rangesOn(data: Hours, business: HoursRules | undefined, d: { year: number; month: number; day: number }, weekday: number): string[] {
  if (data.openingHours) return data.openingHours[weekdays[weekday]] ?? [];
  if (!business || hasNoHours(business)) return ["00:00-24:00"];
  return openRangesOn(business, d);
}

export async function availabilityNode(run: SkillRun, node: TypedNode<"availability">): Promise<Step> {
  const { data } = node;
  const value = run.variables[data.variable];
  const covers = data.covers ? Math.max(1, Number(run.variables[data.covers]) || 1) : 1;
  const slot = slotFor(data, value, run.turn.timeZone, run.turn.hours);
  const instant = typeof value === "string" ? new Date(value) : null;
  const texts = phrases[run.lang];
  const taken = async (why: string) => {
    run.variables._why = why;
    run.variables._alternatives = alternatives(data, instant, run);
    await releasePlace(run);
    // The time is asked again (the loop back to the question); the day said stays for "ok 7pm then".
    run.variables[refusedKey(data.variable)] = value;
    const parts = run.variables[whenParts(data.variable)] as { time?: string; lastTime?: string } | undefined;
    if (parts?.time) parts.lastTime = parts.time;
    if (parts) delete parts.time;
    return { kind: "next", handle: "taken" } as const;
  };
  if (!slot || !instant) {
    if (!instant || Number.isNaN(instant.getTime())) return taken("");
    const w = wallClock(instant, run.turn.timeZone);
    const hours = rangesOn(data, run.turn.hours, w, w.weekday);
    return taken(hours.length ? texts.closedAt(list(hours, texts.and)) : texts.closedDay(weekdayName(w.weekday, run.lang)));
  }
  if (instant.getTime() <= now().getTime()) return taken(texts.past(clock(run)));
  const held = run.variables[RESERVED] as Held | undefined;
  if (held && held.skillId === run.skillId && held.slot === slot.toISOString() && held.covers === covers) {
    clearWhy(run);
    return { kind: "next", handle: "free" };
  }
  await releasePlace(run);
  const booked = await reservePlace(run.turn.db, run.turn.businessId, run.skillId, slot, data.capacity, covers);
  if (!booked) return taken(texts.full);
  run.variables[RESERVED] = { skillId: run.skillId, slot: slot.toISOString(), covers } satisfies Held;
  clearWhy(run);
  return { kind: "next", handle: "free" };
}

function clearWhy(run: SkillRun) {
  delete run.variables._why;
  delete run.variables._alternatives;
}

const clock = (run: SkillRun) => {
  const w = wallClock(now(), run.turn.timeZone);
  return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
};

/** Where a refused value is kept: its question asks again while the variable still holds it. */
export const refusedKey = (variable: string) => `$refused:${variable}`;

/** Gives back the place this session holds (a correction to another slot, a time that is refused). */
export async function releasePlace(run: Pick<SkillRun, "variables" | "turn">): Promise<void> {
  const held = run.variables[RESERVED] as Held | undefined;
  if (!held) return;
  delete run.variables[RESERVED];
  await releaseHeld(run.turn.db, run.turn.businessId, held);
}

/** The start of the opening-hours slot that holds `value` (an ISO date-time), or null when closed. */
export function slotFor(data: Pick<Data, "openingHours" | "slotMinutes">, value: unknown, timeZone: string, business?: HoursRules): Date | null {
  if (typeof value !== "string" || !value.includes("T")) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const w = wallClock(instant, timeZone);
  const minute = w.hour * 60 + w.minute;
  for (const range of rangesOn(data, business, w, w.weekday)) {
    const [from, to] = range.split("-").map((hm) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5)));
    if (minute < from || minute >= to) continue;
    const start = from + Math.floor((minute - from) / data.slotMinutes) * data.slotMinutes;
    return zonedInstant(timeZone, { year: w.year, month: w.month, day: w.day, hour: Math.floor(start / 60), minute: start % 60 });
  }
  return null;
}

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/**
 * The nearest open times to what was asked: on that day the last slot before and the first after;
 * on a closed day (or one already over), the first times of the next open day. "" when none.
 */
export function alternatives(
  data: Pick<Data, "openingHours" | "slotMinutes">,
  instant: Date | null,
  run: { turn: Pick<SkillRun["turn"], "timeZone" | "hours">; lang: SkillRun["lang"] },
): string {
  if (!instant || Number.isNaN(instant.getTime())) return "";
  const tz = run.turn.timeZone;
  const texts = phrases[run.lang];
  const current = now();
  const w = wallClock(instant, tz);
  const asked = w.hour * 60 + w.minute;
  for (let ahead = 0; ahead < 8; ahead++) {
    const day = new Date(Date.UTC(w.year, w.month - 1, w.day + ahead));
    const weekday = (w.weekday + ahead) % 7;
    const starts: number[] = [];
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    for (const range of rangesOn(data, run.turn.hours, date, weekday)) {
      const [from, to] = range.split("-").map((x) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3, 5)));
      for (let m = from; m + Math.min(data.slotMinutes, 30) <= to; m += Math.max(30, Math.min(data.slotMinutes, 60))) starts.push(m);
    }
    const future = starts.filter((m) => {
      const at = zonedInstant(tz, {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour: Math.floor(m / 60),
        minute: m % 60,
      });
      return at.getTime() > current.getTime();
    });
    if (!future.length) continue;
    let picks: number[];
    if (ahead === 0) {
      const before = future.filter((m) => m < asked).slice(-1);
      const after = future.filter((m) => m > asked).slice(0, 2);
      picks = [...before, ...after].slice(0, 3);
    } else picks = future.slice(0, 3);
    if (!picks.length) continue;
    const label = ahead === 0 ? "" : `${weekdayName(weekday, run.lang)} `;
    return texts.nearest(
      list(
        picks.map((m) => `${label}${hm(m)}`),
        texts.or,
      ),
    );
  }
  void localeOf;
  return "";
}

/**
 * One statement, so the database decides: the first booking of a slot inserts its row, later ones add
 * their covers only while they fit. Two conversations racing for the last places queue on the row
 * lock; the second re-checks the condition after the first commits and gets no row back.
 */
export async function reservePlace(db: Db, businessId: string, skillId: string, slotStart: Date, capacity: number, covers = 1): Promise<boolean> {
  if (covers > capacity) return false;
  const rows = await queryRows<{ booked: number }>(
    db,
    sql`insert into booking_slots (business_id, skill_id, slot_start, booked, capacity)
        values (${businessId}, ${skillId}, ${slotStart.toISOString()}::timestamptz, ${covers}, ${capacity})
        on conflict (business_id, skill_id, slot_start) do update
          set booked = booking_slots.booked + ${covers}, capacity = excluded.capacity
          where booking_slots.booked + ${covers} <= excluded.capacity
        returning booked`,
  );
  return rows.length > 0;
}
