import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { assistants, knowledgeItems } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { listPage, type Page, type PageParams } from "../pagination";
import type { KnowledgeOut, knowledgeIn, knowledgePatch } from "../shared/assistant-schema";

type KnowledgeRow = typeof knowledgeItems.$inferSelect;

export function knowledgeView(k: KnowledgeRow): KnowledgeOut {
  return {
    id: k.id,
    assistantId: k.assistantId,
    title: k.title,
    content: k.content,
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
  };
}

async function assertAssistant(db: Db, businessId: string, assistantId: string) {
  const [row] = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.businessId, businessId), eq(assistants.id, assistantId)));
  if (!row) throw notFound("assistant");
}

export async function listKnowledge(db: Db, businessId: string, assistantId: string, page: PageParams): Promise<Page<KnowledgeOut>> {
  await assertAssistant(db, businessId, assistantId);
  return listPage(
    db,
    knowledgeItems,
    {
      idPrefix: "ki_",
      page: { limit: page.limit, cursor: page.cursor },
      where: [eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId)],
    },
    knowledgeView,
  );
}

/** Every knowledge item of an assistant (the retrieval index is built from these). */
export async function allKnowledge(db: Db, businessId: string, assistantId: string): Promise<KnowledgeRow[]> {
  return db
    .select()
    .from(knowledgeItems)
    .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId)));
}

export async function createKnowledge(db: Db, businessId: string, assistantId: string, input: z.infer<typeof knowledgeIn>): Promise<KnowledgeOut> {
  await assertAssistant(db, businessId, assistantId);
  const [row] = await db
    .insert(knowledgeItems)
    .values({ id: newId("ki"), businessId, assistantId, ...input })
    .returning();
  return knowledgeView(row);
}

export async function updateKnowledge(
  db: Db,
  businessId: string,
  assistantId: string,
  id: string,
  patch: z.infer<typeof knowledgePatch>,
): Promise<KnowledgeOut> {
  const [row] = await db
    .update(knowledgeItems)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId), eq(knowledgeItems.id, id)))
    .returning();
  if (!row) throw notFound("knowledge item");
  return knowledgeView(row);
}

export async function deleteKnowledge(db: Db, businessId: string, assistantId: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(knowledgeItems)
    .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId), eq(knowledgeItems.id, id)))
    .returning({ id: knowledgeItems.id });
  if (!rows.length) throw notFound("knowledge item");
  return { id, deleted: true };
}
