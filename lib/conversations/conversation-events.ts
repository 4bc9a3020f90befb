import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ConversationActorType, type ConversationEventKind, conversationEvents, conversations, users } from "../db/schema";
import { newId } from "../ids";
import type { ConversationEventOut } from "./conversation-schema";
import { findConversation } from "./find-conversation";

type ConversationRef = { id: string; businessId: string };
type EventRow = typeof conversationEvents.$inferSelect;

/** Writes one line of a conversation's history (or a note) inside the caller's transaction. */
export async function recordConversationEvent(
  tx: Db,
  conversation: ConversationRef,
  line: {
    kind: ConversationEventKind;
    actor: { type: ConversationActorType; userId: string | null };
    text?: string | null;
    assigneeId?: string | null;
  },
): Promise<EventRow> {
  const [row] = await tx
    .insert(conversationEvents)
    .values({
      id: newId("cev"),
      businessId: conversation.businessId,
      conversationId: conversation.id,
      kind: line.kind,
      text: line.text ?? null,
      actorType: line.actor.type,
      actorUserId: line.actor.userId,
      assigneeId: line.assigneeId ?? null,
    })
    .returning();
  return row;
}

/**
 * An internal note: seen by the team in the thread, never sent to the customer (it is not a message:
 * no delivery job can ever pick it up) and left out of the message list unless asked for.
 */
export async function addNote(
  db: Db,
  businessId: string,
  conversationId: string,
  text: string,
  author: { type: "agent" | "api"; userId: string | null },
) {
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, businessId, conversationId);
    const row = await recordConversationEvent(tx, conversation, { kind: "note", actor: author, text });
    if (author.type === "agent") {
      await tx.update(conversations).set({ humanActivityAt: sql`now()` }).where(eq(conversations.id, conversation.id));
    }
    const [view] = await conversationEventViews(tx, businessId, [row]);
    return view;
  });
}

/** Lines and notes of one conversation, newest first, from the given position on (the message list merges them). */
export async function conversationEventRows(
  db: Db,
  businessId: string,
  conversationId: string,
  opts: { notes: boolean; events: boolean; before: { createdAt: Date; id: string } | null; limit: number },
): Promise<EventRow[]> {
  const kinds: ConversationEventKind[] = [
    ...(opts.notes ? (["note"] as const) : []),
    ...(opts.events
      ? ([
          "handed_off",
          "assigned",
          "unassigned",
          "returned",
          "closed",
          "reopened",
          "number_changed",
          "skill_completed",
          "skill_handed_back",
          "skill_discarded",
          "rated",
        ] as const)
      : []),
  ];
  if (!kinds.length) return [];
  return db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.businessId, businessId),
        eq(conversationEvents.conversationId, conversationId),
        inArray(conversationEvents.kind, kinds),
        opts.before
          ? sql`(${conversationEvents.createdAt}, ${conversationEvents.id}) < (${opts.before.createdAt.toISOString()}::timestamptz, ${opts.before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(conversationEvents.createdAt), desc(conversationEvents.id))
    .limit(opts.limit);
}

/** The public shape, with the names of the members involved. */
export async function conversationEventViews(db: Db, businessId: string, rows: EventRow[]): Promise<ConversationEventOut[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.actorUserId, r.assigneeId]).filter((x): x is string => !!x))];
  const people = ids.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.businessId, businessId), inArray(users.id, ids)))
    : [];
  const byId = new Map(people.map((p) => [p.id, { id: p.id, name: p.name ?? p.email }]));
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    kind: r.kind === "note" ? ("note" as const) : ("event" as const),
    event: r.kind === "note" ? null : r.kind,
    text: r.text,
    actor: { type: r.actorType, user: r.actorUserId ? (byId.get(r.actorUserId) ?? { id: r.actorUserId, name: null }) : null },
    assignee: r.assigneeId ? (byId.get(r.assigneeId) ?? { id: r.assigneeId, name: null }) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
