import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { skillSessions } from "../db/schema";
import { giveBackHold } from "./booking-holds";

// A running skill lives only in its skill_sessions row (one per conversation): a restart, or another
// app instance, picks it up from there. Idle sessions expire after 24 hours.

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export type Session = typeof skillSessions.$inferSelect;
export type SessionState = { skillId: string; version: number; nodeId: string; variables: Record<string, unknown>; retries: number };

/** The conversation's live session; an expired one is deleted and reads as none. */
export async function activeSession(db: Db, conversationId: string, now = new Date()): Promise<Session | null> {
  const [row] = await db.select().from(skillSessions).where(eq(skillSessions.conversationId, conversationId));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await abandonSession(db, conversationId);
    return null;
  }
  return row;
}

/** Stores where the skill waits; every save pushes the expiry 24 hours out. */
export async function saveSession(db: Db, businessId: string, conversationId: string, state: SessionState): Promise<void> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const values = { ...state, expiresAt };
  await db
    .insert(skillSessions)
    .values({ conversationId, businessId, ...values })
    .onConflictDoUpdate({ target: skillSessions.conversationId, set: { ...values, updatedAt: sql`now()` } });
}

export async function endSession(db: Db, conversationId: string): Promise<void> {
  await db.delete(skillSessions).where(eq(skillSessions.conversationId, conversationId));
}

/**
 * Ends a session from outside its walk (a handoff, a close, an expiry, a skill gone): the place its
 * stored state holds for a booking it never wrote goes back (booking-holds.ts).
 */
export async function abandonSession(db: Db, conversationId: string): Promise<void> {
  const [row] = await db
    .delete(skillSessions)
    .where(eq(skillSessions.conversationId, conversationId))
    .returning({ businessId: skillSessions.businessId, variables: skillSessions.variables });
  if (row) await giveBackHold(db, row.businessId, row.variables);
}

/** The skill hands off mid-walk: a place held for a booking not written goes back, and the session ends. */
export async function endUnbooked(run: {
  turn: { db: Db; businessId: string; conversation: { id: string } };
  variables: Record<string, unknown>;
  recorded?: boolean;
}): Promise<void> {
  if (!run.recorded) await giveBackHold(run.turn.db, run.turn.businessId, run.variables);
  await endSession(run.turn.db, run.turn.conversation.id);
}
