import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { knowledgeItems } from "../../db/schema";
import type { StoredKnowledgeTranslations } from "../../db/schema/knowledge-items";
import { itemLanguage } from "../../assistants/knowledge-translations";
import type { ContentLanguage } from "../../shared/assistant-schema";
import { buildIndex, cachedIndex, hasSearchWords, searchIndex } from "./search-index";
import { memoInTurn } from "../base/turn-memo";
import { normalize, words } from "../understanding/text-match";

// The offline answer engine: the knowledge item that best matches a question, or nothing when no
// item matches well enough, so the assistant can say honestly that it does not know. An item is
// found by its own text and by each of its versions in other languages, so a Spanish question finds
// an item the owner wrote in English once it has a Spanish version (and, through the synonyms, often
// before).

export type KnowledgeItem = {
  id: string;
  title: string;
  content: string;
  /** The language of title and content. */
  language: ContentLanguage;
  translations: StoredKnowledgeTranslations;
};
export type KnowledgeAnswer = { item: KnowledgeItem; score: number };

/** Whether an assistant's knowledge changed: its items' count, latest edit and the size of their versions. */
export type KnowledgeStamp = { n: number; latest: string | null; versions: number };

/** The memo key of an assistant's knowledge stamp in a turn's pass (the turn's load reads it: lib/runtime/turn/turn.ts). */
export const knowledgeStampKey = (businessId: string, assistantId: string) => `knowledgeStamp:${businessId}:${assistantId}`;

/**
 * The knowledge's stamp, which says whether the cached search index and intent model still hold. A
 * machine translation lands without touching updated_at (it is no edit of the owner's), so the stamp
 * also counts the versions' size. Once a pass: the turn's load reads it with the turn.
 */
export function knowledgeStamp(db: Db, businessId: string, assistantId: string): Promise<KnowledgeStamp> {
  return memoInTurn(db, knowledgeStampKey(businessId, assistantId), async () => {
    const [stamp] = await db
      .select({
        n: sql<number>`count(*)::int`,
        latest: sql<string | null>`max(${knowledgeItems.updatedAt})::text`,
        versions: sql<number>`coalesce(sum(octet_length(${knowledgeItems.translations}::text)), 0)::int`,
      })
      .from(knowledgeItems)
      .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId)));
    return { n: stamp?.n ?? 0, latest: stamp?.latest ?? null, versions: stamp?.versions ?? 0 };
  });
}

async function knowledgeIndex(db: Db, businessId: string, assistantId: string) {
  const mine = and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId));
  const stamp = await knowledgeStamp(db, businessId, assistantId);
  return cachedIndex(`knowledge:${businessId}:${assistantId}`, `${stamp.n}:${stamp.latest ?? ""}:${stamp.versions}`, async () => {
    const rows = await db
      .select({
        id: knowledgeItems.id,
        title: knowledgeItems.title,
        content: knowledgeItems.content,
        language: knowledgeItems.language,
        translations: knowledgeItems.translations,
      })
      .from(knowledgeItems)
      .where(mine);
    const items = new Map<string, KnowledgeItem>(rows.map((r) => [r.id, { ...r, language: itemLanguage(r) }]));
    const docs = rows.map((r) => {
      const versions = Object.values(r.translations ?? {});
      return {
        id: r.id,
        title: [r.title, ...versions.map((v) => v.title)].join("\n"),
        content: [r.content, ...versions.map((v) => v.content)].join("\n"),
      };
    });
    return { items, index: buildIndex(["title", "content"], { title: 2 }, docs) };
  });
}

/**
 * Good enough to answer with: half of the question's meaningful words found in one item, or a third
 * when one of them is in the item's title ("parking nearby?" -> "Parking"), or the title's own topic
 * named in other words ("dog-friendly seating? we travel with our pup" -> "Perros": the concept ~pets
 * of synonyms.ts, which holds only words that alone point at their topic; "do you sell cars?" names none).
 * Never on stems alone: "servem" shares only a stem with "servimos", which says nothing of the topic.
 */
const answers = (m: { coverage: number; primaryHit: boolean; conceptPrimaryHit: boolean; strongHit: boolean }) =>
  m.strongHit && (m.coverage >= 0.5 || (m.primaryHit && m.coverage >= 0.33) || m.conceptPrimaryHit);

// "where are you?", "onde é que vocês estão?", "¿dónde estáis?": made of small words only, the
// question word is all there is, and it asks for the address. "How do I get to ...?" asks for
// directions, which "get" (a stop word) cannot say.
const whereWords = new Set(["where", "wheres", "onde", "aonde", "donde", "adonde"]);
const askedTheWay =
  /\b(?:get (?:to|there|here)|reach (?:you|your|the|ur)|by (?:metro|subway|tube|bus|train|underground)|(?:como|how to) (?:chegar|chego|llegar|llego|go there)|de metro|en metro)\b/;
function searchable(question: string): string {
  if (!hasSearchWords(question) && words(question).some((w) => whereWords.has(w))) return "address";
  return askedTheWay.test(normalize(question)) ? `${question} directions` : question;
}

/** The best-matching knowledge items of an assistant for a question, best first (for the LLM's context too). */
export async function searchKnowledge(db: Db, businessId: string, assistantId: string, question: string, limit = 3): Promise<KnowledgeAnswer[]> {
  const { items, index } = await knowledgeIndex(db, businessId, assistantId);
  return searchIndex(index, searchable(question), "title")
    .filter(answers)
    .slice(0, limit)
    .flatMap((m) => {
      const item = items.get(m.id);
      return item ? [{ item, score: m.score }] : [];
    });
}

/** The knowledge item that answers a question, or null when none matches well enough. */
export async function answerFromKnowledge(db: Db, businessId: string, assistantId: string, question: string): Promise<KnowledgeAnswer | null> {
  const [best] = await searchKnowledge(db, businessId, assistantId, question, 1);
  return best ?? null;
}
