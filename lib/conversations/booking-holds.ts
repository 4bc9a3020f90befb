import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

// The place a booking session holds in `booking_slots` ({skillId, slot, covers} under RESERVED), and
// giving it back. A session that ends without writing its booking gives its place back however it
// ends: "no" at the confirmation, a cancel, a switch to another skill, a handoff (by the skill, by
// staff, by the assistant), a close, an expired session. A session that changes an earlier booking
// starts holding that booking's place (EDITING.hold): if it ends without writing, the booking stands
// as it was, so its place is counted again when the change had let it go.

export type Held = { skillId: string; slot: string; covers: number };

// The session variables that hold a place (the runtime's run-state.ts lists them with the others).
// The place an availability node holds for this session: Held.
export const RESERVED = "$reserved";
// The record a session changes instead of creating one: {id, collection, hold}.
export const EDITING = "$editing";

const samePlace = (a: Held | undefined, b: Held | undefined) => !!a && !!b && a.skillId === b.skillId && a.slot === b.slot && a.covers === b.covers;

/** Gives back one held place (never below zero). */
export async function releaseHeld(db: Db, businessId: string, held: Held): Promise<void> {
  await db.execute(
    sql`update booking_slots set booked = greatest(booked - ${held.covers}, 0)
        where business_id = ${businessId} and skill_id = ${held.skillId} and slot_start = ${held.slot}::timestamptz`,
  );
}

/**
 * The session ends without its booking written: its place goes back, and the earlier booking it was
 * changing gets its own place back if the change had let it go (at most up to the slot's capacity,
 * which someone may have taken meanwhile: the booking stands either way).
 */
export async function giveBackHold(db: Db, businessId: string, variables: Record<string, unknown>): Promise<void> {
  const held = variables[RESERVED] as Held | undefined;
  const kept = (variables[EDITING] as { hold?: Held } | undefined)?.hold;
  delete variables[RESERVED];
  if (samePlace(held, kept)) return;
  if (held) await releaseHeld(db, businessId, held);
  if (kept) {
    await db.execute(
      sql`update booking_slots set booked = least(booked + ${kept.covers}, capacity)
          where business_id = ${businessId} and skill_id = ${kept.skillId} and slot_start = ${kept.slot}::timestamptz`,
    );
  }
}
