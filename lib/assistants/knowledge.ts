import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { assistants, knowledgeItems } from "../db/schema";
import type { StoredKnowledgeTranslation } from "../db/schema/knowledge-items";
import { getServedLanguages } from "./served-languages";
import { notFound } from "../errors";
import { newId } from "../ids";
import { listPage, type Page, type PageParams } from "../pagination";
import type { ContentLanguage, KnowledgeOut, knowledgeIn, knowledgePatch } from "../shared/assistant-schema";
import { editedTranslations, itemLanguage, missingLanguages, readLanguage, translationsView } from "./knowledge-translations";

// An assistant's knowledge: what it may answer customers from, each item in the owner's language with
// versions in the others (./knowledge-translations.ts), and which of the business's languages lack one.

type KnowledgeRow = typeof knowledgeItems.$inferSelect;

export function knowledgeView(k: KnowledgeRow, served: readonly string[] = []): KnowledgeOut {
  return {
    id: k.id,
    assistantId: k.assistantId,
    title: k.title,
    content: k.content,
    language: itemLanguage(k),
    translations: translationsView(k),
    missing: missingLanguages(k, served),
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
  const { languages } = await getServedLanguages(db, businessId);
  return listPage(
    db,
    knowledgeItems,
    {
      idPrefix: "ki_",
      page: { limit: page.limit, cursor: page.cursor },
      where: [eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId)],
    },
    (row) => knowledgeView(row, languages),
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
  const { translations, language, ...text } = input;
  const own = language ?? readLanguage(text);
  const [row] = await db
    .insert(knowledgeItems)
    .values({
      id: newId("ki"),
      businessId,
      assistantId,
      ...text,
      language: own,
      translations: editedTranslations({}, text, own, false, translations),
    })
    .returning();
  return knowledgeView(row, (await getServedLanguages(db, businessId)).languages);
}

export async function updateKnowledge(
  db: Db,
  businessId: string,
  assistantId: string,
  id: string,
  patch: z.infer<typeof knowledgePatch>,
): Promise<KnowledgeOut> {
  const mine = and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId), eq(knowledgeItems.id, id));
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(knowledgeItems).where(mine).for("update");
    if (!before) throw notFound("knowledge item");
    const text = { title: patch.title ?? before.title, content: patch.content ?? before.content };
    const changed = text.title !== before.title || text.content !== before.content;
    const own: ContentLanguage = patch.language ?? (changed && !before.language ? readLanguage(text) : itemLanguage(before));
    const translations = editedTranslations(before.translations, text, own, changed || own !== itemLanguage(before), patch.translations);
    const [after] = await tx
      .update(knowledgeItems)
      .set({ ...text, language: own, translations, updatedAt: sql`now()` })
      .where(mine)
      .returning();
    return after;
  });
  return knowledgeView(row, (await getServedLanguages(db, businessId)).languages);
}

/**
 * Stores a model's translation of an item, unless the owner has a version in that language (theirs
 * always wins) or the item's text changed since the translation was asked for.
 */
export async function storeMachineTranslation(
  db: Db,
  businessId: string,
  id: string,
  lang: ContentLanguage,
  version: StoredKnowledgeTranslation,
): Promise<boolean> {
  const rows = await db
    .update(knowledgeItems)
    .set({ translations: sql`${knowledgeItems.translations} || jsonb_build_object(${lang}::text, ${JSON.stringify(version)}::jsonb)` })
    .where(
      and(
        eq(knowledgeItems.businessId, businessId),
        eq(knowledgeItems.id, id),
        sql`coalesce(${knowledgeItems.translations} -> ${lang}::text ->> 'origin', '') <> 'owner'`,
      ),
    )
    .returning({ id: knowledgeItems.id });
  return rows.length > 0;
}

export async function deleteKnowledge(db: Db, businessId: string, assistantId: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(knowledgeItems)
    .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId), eq(knowledgeItems.id, id)))
    .returning({ id: knowledgeItems.id });
  if (!rows.length) throw notFound("knowledge item");
  return { id, deleted: true };
}
