import "server-only";
import { abandonPausedSession, abandonSession, pauseSession, unpauseSession } from "./skill-sessions";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ConversationActorType, conversations, conversationTransitions, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import type { ConversationCore } from "./conversation-schema";
import { conversationView, findConversation } from "./conversations";
import { recordConversationEvent } from "./conversation-events";
import { labelsOf } from "./labels";
import { pickRoundRobinAgent } from "./presence";

type ConversationRow = typeof conversations.$inferSelect;
export type Actor = ConversationActorType;
/** Who did it: the kind of actor, and the member when a person did it from the dashboard. */
export type ActorRef = Actor | { type: Actor; userId?: string | null };

const refOf = (a: ActorRef): { type: Actor; userId: string | null } =>
  typeof a === "string" ? { type: a, userId: null } : { type: a.type, userId: a.userId ?? null };

/**
 * Hand a conversation to a human: any non-closed status -> handoff. Already in handoff: a no-op with no
 * second event. Closed: 409. The assistant pauses, and so does its running skill session: what it
 * gathered waits for a person to complete it or hand it back (skill-sessions.ts).
 */
export async function handoffConversation(
  db: Db,
  businessId: string,
  conversationId: string,
  opts: { reason?: string | null; actor: ActorRef },
): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "handoff") return conversationView(current);
    if (current.status === "closed") throw new AppError("invalid_transition", "A closed conversation cannot be handed off.");
    return conversationView(await handOff(tx, current, { reason: opts.reason ?? null, actor: refOf(opts.actor) }));
  });
}

/**
 * The handoff itself, inside the caller's transaction on a locked open conversation: status, the
 * transition and the thread's line, the running skill session paused, `conversation.handoff`,
 * and the assignee (the given one, else round-robin when the business turned it on).
 */
export async function handOff(
  tx: Db,
  current: ConversationRow,
  opts: { reason: string | null; actor: { type: Actor; userId: string | null }; assignTo?: string | null },
): Promise<ConversationRow> {
  let updated = await setStatus(tx, current, "handoff", opts.reason, opts.actor);
  await pauseSession(tx, current.id);
  await emitEvent(tx, current.businessId, "conversation.handoff", {
    conversationId: current.id,
    contactId: current.contactId,
    status: "handoff",
    reason: opts.reason,
    labels: (await labelsOf(tx, current.businessId, [current.id])).get(current.id) ?? [],
  });
  if (opts.assignTo && opts.assignTo !== updated.assigneeId) {
    updated = await setAssignee(tx, updated, opts.assignTo, opts.actor, "agent_replied");
  } else if (!updated.assigneeId) {
    const agent = await pickRoundRobinAgent(tx, current.businessId);
    if (agent) updated = await setAssignee(tx, updated, agent, { type: "system", userId: null }, "round_robin");
  }
  return updated;
}

/**
 * Return a handed-off conversation to the assistant: handoff -> open. A skill session people paused is
 * dropped (its held place goes back), unless `keepSkill`: the skill was handed back to finish.
 */
export async function resumeConversation(
  db: Db,
  businessId: string,
  conversationId: string,
  actor: ActorRef,
  opts: { reason?: string | null; keepSkill?: boolean } = {},
): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "open") return conversationView(current);
    if (current.status !== "handoff") throw new AppError("invalid_transition", `A ${current.status} conversation cannot be resumed.`);
    const updated = await setStatus(tx, current, "open", opts.reason ?? null, refOf(actor));
    if (opts.keepSkill) await unpauseSession(tx, conversationId);
    else await abandonPausedSession(tx, conversationId);
    return conversationView(updated);
  });
}

/** Close a conversation (from open or handoff); the next inbound message opens a new one. */
export async function closeConversation(db: Db, businessId: string, conversationId: string, actor: ActorRef): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "closed") return conversationView(current);
    const updated = await setStatus(tx, current, "closed", null, refOf(actor));
    await abandonSession(tx, conversationId);
    return conversationView(updated);
  });
}

/**
 * Assign to a member of the same business, or unassign with null. A member of another business answers
 * exactly like a missing one (404 not_found). Assigning the current assignee again changes nothing.
 */
export async function assignConversation(
  db: Db,
  businessId: string,
  conversationId: string,
  userId: string | null,
  actor: ActorRef = "api",
): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    if (userId) {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.businessId, businessId), eq(users.id, userId)));
      if (!user) throw notFound("user");
    }
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.assigneeId === userId) return conversationView(current);
    return conversationView(await setAssignee(tx, current, userId, refOf(actor), "manual"));
  });
}

/** Sets the assignee inside the caller's transaction: the thread's line and `conversation.assigned`. */
export async function setAssignee(
  tx: Db,
  current: ConversationRow,
  userId: string | null,
  actor: { type: Actor; userId: string | null },
  reason: "manual" | "agent_replied" | "round_robin",
): Promise<ConversationRow> {
  const person = actor.type === "agent";
  const [updated] = await tx
    .update(conversations)
    .set({ assigneeId: userId, updatedAt: sql`now()`, ...(person ? { humanActivityAt: sql`now()` } : {}) })
    .where(eq(conversations.id, current.id))
    .returning();
  await recordConversationEvent(tx, current, {
    kind: userId ? "assigned" : "unassigned",
    actor,
    assigneeId: userId,
    text: reason === "manual" ? null : reason,
  });
  await emitEvent(tx, current.businessId, "conversation.assigned", {
    conversationId: current.id,
    contactId: current.contactId,
    assigneeId: userId,
    previousAssigneeId: current.assigneeId,
    reason,
    labels: (await labelsOf(tx, current.businessId, [current.id])).get(current.id) ?? [],
  });
  return updated;
}

export async function lockConversation(tx: Db, businessId: string, id: string): Promise<ConversationRow> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, id)))
    .for("update");
  if (!row) return findConversation(tx, businessId, id); // throws not_found
  return row;
}

const lineFor = { handoff: "handed_off", open: "returned", closed: "closed" } as const;

/**
 * The customer's wait across a status change (issue 36). A handoff starts it at once, unless the
 * customer was already waiting for an answer (then the earlier start stands): a conversation handed to
 * a person is waiting for that person from the handoff, not from the customer's next message. Back with
 * the assistant, the wait is what the messages say (the customer's first message after the business's
 * last reply); closed, nobody waits.
 */
function waitingAfter(status: "open" | "handoff" | "closed"): SQL | null {
  if (status === "handoff") return sql`coalesce(${conversations.waitingSince}, now())`;
  if (status === "closed") return null;
  return sql`(select min(i.created_at) from messages i
    where i.conversation_id = ${conversations.id} and i.direction = 'inbound'
      and i.created_at > coalesce((select max(o.created_at) from messages o
        where o.conversation_id = ${conversations.id} and o.direction = 'outbound' and o.source in ('agent', 'assistant', 'api')), '-infinity'::timestamptz))`;
}

async function setStatus(
  tx: Db,
  current: ConversationRow,
  status: "open" | "handoff" | "closed",
  reason: string | null,
  actor: { type: Actor; userId: string | null },
): Promise<ConversationRow> {
  const [updated] = await tx
    .update(conversations)
    .set({
      status,
      handoffReason: status === "handoff" ? reason : null,
      misses: 0,
      updatedAt: sql`now()`,
      // A handoff starts the people's clock; the inactivity timeout counts from their last action.
      ...(status === "handoff" || actor.type === "agent" ? { humanActivityAt: sql`now()` } : {}),
      waitingSince: waitingAfter(status),
    })
    .where(eq(conversations.id, current.id))
    .returning();
  await tx.insert(conversationTransitions).values({
    id: newId("trn"),
    businessId: current.businessId,
    conversationId: current.id,
    fromStatus: current.status,
    toStatus: status,
    reason,
    actor: actor.type,
  });
  await recordConversationEvent(tx, current, { kind: lineFor[status], actor, text: reason });
  return updated;
}
