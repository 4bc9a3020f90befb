import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { conversationLabels, labels } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import type { LabelOut, LabelRef, labelIn, labelPatch } from "../shared/label-schema";
import type { ConversationCore, ConversationOut } from "./conversation-schema";
import { conversationView } from "./conversations";
import { findConversation } from "./find-conversation";

// Conversation labels (issue 36, item 8): owners manage them, agents put them on conversations.

/** Enough for any real team; the label picker and the filter load them all at once. */
export const MAX_LABELS = 100;

type LabelRow = typeof labels.$inferSelect;

function view(r: LabelRow): LabelOut {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    firstResponseMinutes: r.firstResponseMinutes,
    resolutionMinutes: r.resolutionMinutes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const taken = (name: string) =>
  new AppError("conflict", `A label named "${name}" already exists.`, [{ path: "name", message: `"${name}" is taken.` }]);

/** Every label of the business, by name. */
export async function listLabels(db: Db, businessId: string): Promise<{ data: LabelOut[] }> {
  const rows = await db
    .select()
    .from(labels)
    .where(eq(labels.businessId, businessId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  return { data: rows.map(view) };
}

export async function findLabel(db: Db, businessId: string, id: string): Promise<LabelRow> {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.businessId, businessId), eq(labels.id, id)));
  if (!row) throw notFound("label");
  return row;
}

export async function createLabel(db: Db, businessId: string, input: z.output<typeof labelIn>): Promise<LabelOut> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`labels:${businessId}`}))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(labels).where(eq(labels.businessId, businessId));
    if (Number(n) >= MAX_LABELS) throw new AppError("conflict", `A business may have at most ${MAX_LABELS} labels.`);
    const [clash] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.businessId, businessId), sql`lower(${labels.name}) = lower(${input.name})`));
    if (clash) throw taken(input.name);
    const [row] = await tx
      .insert(labels)
      .values({
        id: newId("lbl"),
        businessId,
        name: input.name,
        color: input.color,
        firstResponseMinutes: input.firstResponseMinutes ?? null,
        resolutionMinutes: input.resolutionMinutes ?? null,
      })
      .returning();
    return view(row);
  });
}

export async function updateLabel(db: Db, businessId: string, id: string, patch: z.output<typeof labelPatch>): Promise<LabelOut> {
  await findLabel(db, businessId, id);
  if (patch.name !== undefined) {
    const [clash] = await db
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.businessId, businessId), sql`lower(${labels.name}) = lower(${patch.name})`, sql`${labels.id} <> ${id}`));
    if (clash) throw taken(patch.name);
  }
  try {
    const [row] = await db
      .update(labels)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(labels.businessId, businessId), eq(labels.id, id)))
      .returning();
    return view(row);
  } catch (err) {
    if (isUniqueViolation(err) && patch.name) throw taken(patch.name);
    throw err;
  }
}

/** Deletes the label; the conversations that carried it lose it. */
export async function deleteLabel(db: Db, businessId: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(labels)
    .where(and(eq(labels.businessId, businessId), eq(labels.id, id)))
    .returning({ id: labels.id });
  if (!rows.length) throw notFound("label");
  return { id, deleted: true };
}

/** The labels of each conversation (by name), for the public object, the inbox and the webhooks. */
export async function labelsOf(db: Db, businessId: string, conversationIds: string[]): Promise<Map<string, LabelRef[]>> {
  const out = new Map<string, LabelRef[]>(conversationIds.map((id) => [id, []]));
  if (!conversationIds.length) return out;
  const rows = await db
    .select({ conversationId: conversationLabels.conversationId, id: labels.id, name: labels.name, color: labels.color })
    .from(conversationLabels)
    .innerJoin(labels, and(eq(labels.id, conversationLabels.labelId), eq(labels.businessId, businessId)))
    .where(and(eq(conversationLabels.businessId, businessId), inArray(conversationLabels.conversationId, conversationIds)))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  for (const r of rows) out.get(r.conversationId)?.push({ id: r.id, name: r.name, color: r.color });
  return out;
}

/** A conversation as the API shows it: the core fields and its labels. */
export async function withLabels(db: Db, businessId: string, c: ConversationCore): Promise<ConversationOut> {
  return { ...c, labels: (await labelsOf(db, businessId, [c.id])).get(c.id) ?? [] };
}

export async function withLabelsAll<T extends ConversationCore>(db: Db, businessId: string, list: T[]): Promise<(T & { labels: LabelRef[] })[]> {
  const map = await labelsOf(
    db,
    businessId,
    list.map((c) => c.id),
  );
  return list.map((c) => ({ ...c, labels: map.get(c.id) ?? [] }));
}

/**
 * Puts a label on a conversation, or takes it off. Either id of another business answers 404 like a
 * missing one. A change fires `conversation.labeled` with the labels the conversation now carries;
 * adding a label it has, or removing one it lacks, changes nothing and fires nothing.
 */
export async function setConversationLabel(
  db: Db,
  businessId: string,
  conversationId: string,
  labelId: string,
  on: boolean,
): Promise<ConversationOut> {
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, businessId, conversationId);
    const label = await findLabel(tx, businessId, labelId);
    const changed = on
      ? await tx
          .insert(conversationLabels)
          .values({ businessId, conversationId, labelId })
          .onConflictDoNothing()
          .returning({ id: conversationLabels.labelId })
      : await tx
          .delete(conversationLabels)
          .where(
            and(
              eq(conversationLabels.businessId, businessId),
              eq(conversationLabels.conversationId, conversationId),
              eq(conversationLabels.labelId, labelId),
            ),
          )
          .returning({ id: conversationLabels.labelId });
    const now = (await labelsOf(tx, businessId, [conversationId])).get(conversationId) ?? [];
    if (changed.length) {
      const ref = { id: label.id, name: label.name, color: label.color };
      await emitEvent(tx, businessId, "conversation.labeled", {
        conversationId,
        contactId: conversation.contactId,
        labels: now,
        added: on ? [ref] : [],
        removed: on ? [] : [ref],
      });
    }
    return { ...conversationView(conversation), labels: now };
  });
}
