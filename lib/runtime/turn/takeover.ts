import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ConversationCore } from "../../conversations/conversation-schema";
import { recordConversationEvent } from "../../conversations/conversation-events";
import { conversationView } from "../../conversations/conversations";
import type { PausedSkillOut } from "../../conversations/paused-skill-schema";
import { abandonSession, activeSession, endSession, pausedSession, type Session, unpauseSession } from "../../conversations/skill-sessions";
import { lockConversation, resumeConversation } from "../../conversations/transitions";
import type { Db } from "../../db/client";
import { businesses, conversations, messages, skills } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { RecordOut } from "../../records/records";
import type { SkillGraph } from "../../shared/graph-schema";
import { sessionRun, walk } from "../engine/interpreter";
import { confirmationText, describePausedSkill, planCompletion, sessionLanguage } from "../engine/pending-skill";
import { writeSkillRecord } from "../engine/record-write";
import { graphAtVersion } from "../retrieval/skill-catalog";
import { loadTurn } from "./turn";

// A person takes over a conversation in which the assistant was running a skill (issue 36): the
// handoff pauses the skill's session with what it gathered (lib/conversations/skill-sessions.ts), and
// a person decides what becomes of it:
// - complete: the record is written by the skill's own record step (engine/record-write.ts), so it and
//   its event (`record.created`, or `record.updated` for a change to an earlier booking) are exactly
//   what the skill would have written had the customer said yes; the place a booking held stays with
//   it; the conversation stays with the person, who gets the skill's confirmation to send;
// - hand back: the conversation returns to the assistant with the session running again, and the
//   assistant asks the question it was waiting on once more (the customer's answers to a person are not
//   taken as answers to the skill);
// - drop: the session ends, a held place goes back.
// Each writes a line in the thread's history (skill_completed, skill_handed_back, skill_discarded).

type Actor = { type: "agent" | "api"; userId: string | null };
type Loaded = { session: Session; graph: SkillGraph; skill: { id: string; name: string }; timeZone: string };

/** The paused session of a conversation of this business, with its graph; null when there is none. */
async function loadPaused(db: Db, businessId: string, conversationId: string): Promise<Loaded | null> {
  const session = await pausedSession(db, conversationId);
  if (!session || session.businessId !== businessId) return null;
  const graph = await graphAtVersion(db, businessId, session.skillId, session.version);
  const [row] = await db
    .select({ name: skills.name, timeZone: businesses.timeZone })
    .from(skills)
    .innerJoin(businesses, eq(businesses.id, skills.businessId))
    .where(and(eq(skills.businessId, businessId), eq(skills.id, session.skillId)));
  if (!graph || !row) return null;
  return { session, graph, skill: { id: session.skillId, name: row.name }, timeZone: row.timeZone };
}

const noneToDecide = () => new AppError("not_found", "No skill is paused in this conversation.");

/** What the paused skill had gathered and whether it can be completed; null when no skill is paused. */
export async function pausedSkillView(db: Db, businessId: string, conversationId: string): Promise<PausedSkillOut | null> {
  const loaded = await loadPaused(db, businessId, conversationId);
  if (!loaded) return null;
  const { session, graph, skill, timeZone } = loaded;
  return describePausedSkill({
    conversationId,
    skill,
    graph,
    timeZone,
    session: { nodeId: session.nodeId, variables: session.variables, pausedAt: session.pausedAt ?? session.updatedAt, expiresAt: session.expiresAt },
  });
}

/** The paused skill of a conversation (404 for a conversation of another business, or with none). */
export async function getPausedSkill(db: Db, businessId: string, conversationId: string): Promise<PausedSkillOut> {
  await assertConversation(db, businessId, conversationId);
  const view = await pausedSkillView(db, businessId, conversationId);
  if (!view) throw noneToDecide();
  return view;
}

async function assertConversation(db: Db, businessId: string, conversationId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, conversationId)));
  if (!row) throw notFound("conversation");
}

/** A person acted: the people's clock (the inactivity timeout) restarts. */
async function touchPeople(tx: Db, conversationId: string, actor: Actor) {
  if (actor.type === "agent") await tx.update(conversations).set({ humanActivityAt: sql`now()` }).where(eq(conversations.id, conversationId));
}

export type Completed = { record: RecordOut; confirmation: string | null; conversation: ConversationCore };

/**
 * Completes the paused skill as if the customer had said yes: its record step writes the record from
 * what it gathered. Refused (409 invalid_transition, nothing written) while something is still to ask.
 */
export async function completePausedSkill(db: Db, businessId: string, conversationId: string, actor: Actor): Promise<Completed> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, businessId, conversationId);
    const loaded = await loadPaused(tx, businessId, conversationId);
    if (!loaded) throw noneToDecide();
    const { session, graph, skill, timeZone } = loaded;
    const plan = planCompletion(graph, session.variables, session.nodeId);
    const view = describePausedSkill({
      conversationId,
      skill,
      graph,
      timeZone,
      session: {
        nodeId: session.nodeId,
        variables: session.variables,
        pausedAt: session.pausedAt ?? session.updatedAt,
        expiresAt: session.expiresAt,
      },
    });
    if (!plan.record || !view.canComplete) {
      throw new AppError(
        "invalid_transition",
        `${skill.name} cannot be completed yet: ${view.reason ?? "it writes no record from here."}`,
        view.missing.map((m) => ({ path: m.variable, message: `${m.label} has not been given yet.` })),
      );
    }
    const record = await writeSkillRecord(tx, { businessId, conversationId, contactId: conversation.contactId }, plan.record, plan.variables);
    if (!record) throw new AppError("not_found", "The record this skill was changing no longer exists.");
    // The held place went with the record (writeSkillRecord): the session ends without giving it back.
    await endSession(tx, conversationId);
    await recordConversationEvent(tx, conversation, { kind: "skill_completed", actor, text: skill.name });
    await touchPeople(tx, conversationId, actor);
    const [updated] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    return { record, confirmation: confirmationText(plan, timeZone), conversation: conversationView(updated) };
  });
}

/**
 * Hands the paused skill back: the conversation returns to the assistant (`open`) with the session
 * running, and the assistant asks its pending question again.
 */
export async function handBackPausedSkill(db: Db, businessId: string, conversationId: string, actor: Actor): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "closed") throw new AppError("invalid_transition", "A closed conversation cannot be handed back.");
    const loaded = await loadPaused(tx, businessId, conversationId);
    if (!loaded) throw noneToDecide();
    if (current.status === "handoff") await resumeConversation(tx, businessId, conversationId, actor, { keepSkill: true });
    else await unpauseSession(tx, conversationId);
    await recordConversationEvent(tx, current, { kind: "skill_handed_back", actor, text: loaded.skill.name });
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    await askAgain(tx, conversation, loaded.graph);
    const [after] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    return conversationView(after);
  });
}

/**
 * The assistant takes up the skill where it waited: a question (or a catalog choice) is asked again,
 * through the skill's own walk, as one turn with no customer message to read.
 */
async function askAgain(tx: Db, conversation: typeof conversations.$inferSelect, graph: SkillGraph): Promise<void> {
  const session = await activeSession(tx, conversation.id);
  const waiting = session && graph.nodes.find((n) => n.id === session.nodeId);
  if (!session || (waiting?.type !== "question" && waiting?.type !== "catalog")) return;
  const [last] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.direction, "inbound")))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!last) return;
  const { turn } = await loadTurn(
    tx,
    conversation,
    { businessId: conversation.businessId, conversationId: conversation.id, messageId: last.id },
    undefined,
  );
  if (!turn) return;
  // Nothing the customer said is read as an answer here: the step asks.
  turn.message = { id: last.id, text: "", content: null, kind: "text" };
  await walk(sessionRun(turn, session, graph, sessionLanguage(session.variables)), session.nodeId, false);
}

/** Drops the paused skill: nothing is written, a place it held goes back. */
export async function discardPausedSkill(db: Db, businessId: string, conversationId: string, actor: Actor): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, businessId, conversationId);
    const loaded = await loadPaused(tx, businessId, conversationId);
    if (!loaded) {
      // A paused session whose skill is gone is dropped all the same.
      const session = await pausedSession(tx, conversationId);
      if (!session || session.businessId !== businessId) throw noneToDecide();
      await abandonSession(tx, conversationId);
      return { id: session.skillId, deleted: true as const };
    }
    await abandonSession(tx, conversationId);
    await recordConversationEvent(tx, conversation, { kind: "skill_discarded", actor, text: loaded.skill.name });
    await touchPeople(tx, conversationId, actor);
    return { id: loaded.skill.id, deleted: true as const };
  });
}
