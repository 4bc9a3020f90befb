import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/rows";
import { type TypedNode, weekdays } from "../../skills/graph-schema";
import type { SkillRun, Step } from "./skill-run";
import { wallClock, zonedInstant } from "./time-zone";

// An `availability` node books one place in the slot holding the captured date-time: `free` when it
// got one, `taken` when the slot is full, closed, in the past, or the time is missing. Slots start at
// the opening time and run `slotMinutes` each (18:00-23:00 in 90-minute slots: 18:00, 19:30, 21:00,
// 22:30), in the business's time zone.

export async function availabilityNode(run: SkillRun, node: TypedNode<"availability">): Promise<Step> {
  const slot = slotFor(node.data, run.variables[node.data.variable], run.turn.timeZone);
  if (!slot || slot.getTime() + node.data.slotMinutes * 60_000 <= Date.now()) return { kind: "next", handle: "taken" };
  const booked = await reservePlace(run.turn.db, run.turn.businessId, run.skillId, slot, node.data.capacity);
  return { kind: "next", handle: booked ? "free" : "taken" };
}

/** The start of the opening-hours slot that holds `value` (an ISO date-time), or null when closed. */
export function slotFor(data: TypedNode<"availability">["data"], value: unknown, timeZone: string): Date | null {
  if (typeof value !== "string" || !value.includes("T")) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const w = wallClock(instant, timeZone);
  const minute = w.hour * 60 + w.minute;
  for (const range of data.openingHours[weekdays[w.weekday]] ?? []) {
    const [from, to] = range.split("-").map((hm) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5)));
    if (minute < from || minute >= to) continue;
    const start = from + Math.floor((minute - from) / data.slotMinutes) * data.slotMinutes;
    return zonedInstant(timeZone, { year: w.year, month: w.month, day: w.day, hour: Math.floor(start / 60), minute: start % 60 });
  }
  return null;
}

/**
 * One statement, so the database decides: the first booking of a slot inserts its row, later ones add
 * one only while `booked < capacity`. Two conversations racing for the last place queue on the row
 * lock; the second re-checks the condition after the first commits and gets no row back.
 */
export async function reservePlace(db: Db, businessId: string, skillId: string, slotStart: Date, capacity: number): Promise<boolean> {
  const rows = await queryRows<{ booked: number }>(
    db,
    sql`insert into booking_slots (business_id, skill_id, slot_start, booked, capacity)
        values (${businessId}, ${skillId}, ${slotStart.toISOString()}::timestamptz, 1, ${capacity})
        on conflict (business_id, skill_id, slot_start) do update
          set booked = booking_slots.booked + 1, capacity = excluded.capacity
          where booking_slots.booked < excluded.capacity
        returning booked`,
  );
  return rows.length > 0;
}
