import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversations, conversationTransitions, skillSessions, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import type { ConversationOut } from "./conversation-schema";
import { conversationView, findConversation } from "./conversations";

type Actor = "api" | "agent" | "assistant" | "system" | "customer";

/**
 * Hand a conversation to a human: any non-closed status -> handoff. Already in handoff: a no-op with no
 * second event. Closed: 409. The assistant pauses (its running skill session ends).
 */
export async function handoffConversation(
  db: Db,
  businessId: string,
  conversationId: string,
  opts: { reason?: string | null; actor: Actor },
): Promise<ConversationOut> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "handoff") return conversationView(current);
    if (current.status === "closed") throw new AppError("invalid_transition", "A closed conversation cannot be handed off.");
    const updated = await setStatus(tx, current, "handoff", opts.reason ?? null, opts.actor);
    await tx.delete(skillSessions).where(eq(skillSessions.conversationId, conversationId));
    await emitEvent(tx, businessId, "conversation.handoff", {
      conversationId,
      contactId: current.contactId,
      status: "handoff",
      reason: opts.reason ?? null,
    });
    return conversationView(updated);
  });
}

/** Return a handed-off conversation to the assistant: handoff -> open. */
export async function resumeConversation(db: Db, businessId: string, conversationId: string, actor: Actor): Promise<ConversationOut> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "open") return conversationView(current);
    if (current.status !== "handoff") throw new AppError("invalid_transition", `A ${current.status} conversation cannot be resumed.`);
    return conversationView(await setStatus(tx, current, "open", null, actor));
  });
}

/** Close a conversation (from open or handoff); the next inbound message opens a new one. */
export async function closeConversation(db: Db, businessId: string, conversationId: string, actor: Actor): Promise<ConversationOut> {
  return db.transaction(async (tx) => {
    const current = await lockConversation(tx, businessId, conversationId);
    if (current.status === "closed") return conversationView(current);
    const updated = await setStatus(tx, current, "closed", null, actor);
    await tx.delete(skillSessions).where(eq(skillSessions.conversationId, conversationId));
    return conversationView(updated);
  });
}

/** Assign to a teammate of the same business, or unassign with null. */
export async function assignConversation(db: Db, businessId: string, conversationId: string, userId: string | null): Promise<ConversationOut> {
  if (userId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.id, userId)));
    if (!user) throw notFound("user");
  }
  const [row] = await db
    .update(conversations)
    .set({ assigneeId: userId, updatedAt: sql`now()` })
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, conversationId)))
    .returning();
  if (!row) throw notFound("conversation");
  return conversationView(row);
}

async function lockConversation(tx: Db, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, id)))
    .for("update");
  if (!row) return findConversation(tx, businessId, id); // throws not_found
  return row;
}

async function setStatus(
  tx: Db,
  current: typeof conversations.$inferSelect,
  status: "open" | "handoff" | "closed",
  reason: string | null,
  actor: Actor,
) {
  const [updated] = await tx
    .update(conversations)
    .set({ status, handoffReason: status === "handoff" ? reason : null, misses: 0, updatedAt: sql`now()` })
    .where(eq(conversations.id, current.id))
    .returning();
  await tx.insert(conversationTransitions).values({
    id: newId("trn"),
    businessId: current.businessId,
    conversationId: current.id,
    fromStatus: current.status,
    toStatus: status,
    reason,
    actor,
  });
  return updated;
}
