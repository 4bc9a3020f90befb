import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { skillSessions } from "../db/schema";
import { giveBackHold } from "./booking-holds";

// A running skill lives only in its skill_sessions row (one per conversation): a restart, or another
// app instance, picks it up from there. Idle sessions expire after 24 hours.
//
// People taking a conversation over (a handoff: a person's reply, the Hand off button, the customer
// asking for a person) pause its session instead of ending it (issue 36): what the skill gathered
// stays, with the place a booking holds, until a person completes it, hands it back to the assistant
// or drops it (lib/runtime/turn/takeover.ts). A paused session never runs by itself: a conversation
// that goes back to the assistant any other way (Return to assistant, the inactivity timeout) or is
// closed drops it, and a turn that still finds one drops it too.

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export type Session = typeof skillSessions.$inferSelect;
export type SessionState = { skillId: string; version: number; nodeId: string; variables: Record<string, unknown>; retries: number };

/**
 * The conversation's live session; an expired one is deleted and reads as none, and so is a paused one
 * (people took over and nobody handed it back: the assistant never picks up a stale skill).
 */
export async function activeSession(db: Db, conversationId: string, now = new Date()): Promise<Session | null> {
  const [row] = await db.select().from(skillSessions).where(eq(skillSessions.conversationId, conversationId));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime() || row.pausedAt) {
    await abandonSession(db, conversationId);
    return null;
  }
  return row;
}

/** The session people took over, waiting for a person's decision; an expired one is dropped and reads as none. */
export async function pausedSession(db: Db, conversationId: string, now = new Date()): Promise<Session | null> {
  const [row] = await db.select().from(skillSessions).where(eq(skillSessions.conversationId, conversationId));
  if (!row?.pausedAt) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await abandonSession(db, conversationId);
    return null;
  }
  return row;
}

/** People took over: the running session (if any) keeps its state and its held place, and waits. */
export async function pauseSession(db: Db, conversationId: string): Promise<void> {
  await db
    .update(skillSessions)
    .set({ pausedAt: sql`now()` })
    .where(and(eq(skillSessions.conversationId, conversationId), isNull(skillSessions.pausedAt)));
}

/** Handed back to the assistant: the session runs again, with a fresh 24 hours. */
export async function unpauseSession(db: Db, conversationId: string): Promise<void> {
  await db
    .update(skillSessions)
    .set({ pausedAt: null, expiresAt: new Date(Date.now() + SESSION_TTL_MS), updatedAt: sql`now()` })
    .where(eq(skillSessions.conversationId, conversationId));
}

/** Drops the session if people had paused it (the conversation went back to the assistant without it); its place goes back. */
export async function abandonPausedSession(db: Db, conversationId: string): Promise<void> {
  const [row] = await db
    .delete(skillSessions)
    .where(and(eq(skillSessions.conversationId, conversationId), isNotNull(skillSessions.pausedAt)))
    .returning({ businessId: skillSessions.businessId, variables: skillSessions.variables });
  if (row) await giveBackHold(db, row.businessId, row.variables);
}

/** Stores where the skill waits; every save pushes the expiry 24 hours out (a paused session stays paused). */
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
