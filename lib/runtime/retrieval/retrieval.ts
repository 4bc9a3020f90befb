import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { knowledgeItems } from "../../db/schema";
import { buildIndex, cachedIndex, hasSearchWords, searchIndex } from "./search-index";
import { normalize, words } from "../understanding/text-match";

// The offline answer engine: the knowledge item that best matches a question, or nothing when no
// item matches well enough, so the assistant can say honestly that it does not know.

export type KnowledgeAnswer = { item: { id: string; title: string; content: string }; score: number };

type Item = { id: string; title: string; content: string };

async function knowledgeIndex(db: Db, businessId: string, assistantId: string) {
  const mine = and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId));
  const [stamp] = await db
    .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${knowledgeItems.updatedAt})::text` })
    .from(knowledgeItems)
    .where(mine);
  return cachedIndex(`knowledge:${businessId}:${assistantId}`, `${stamp?.n ?? 0}:${stamp?.latest ?? ""}`, async () => {
    const rows = await db
      .select({ id: knowledgeItems.id, title: knowledgeItems.title, content: knowledgeItems.content })
      .from(knowledgeItems)
      .where(mine);
    const items = new Map<string, Item>(rows.map((r) => [r.id, r]));
    return { items, index: buildIndex(["title", "content"], { title: 2 }, rows) };
  });
}

/**
 * Good enough to answer with: half of the question's meaningful words found in one item, or a third
 * when one of them is in the item's title ("parking nearby?" -> "Parking").
 */
const answers = (m: { coverage: number; primaryHit: boolean }) => m.coverage >= 0.5 || (m.primaryHit && m.coverage >= 0.33);

// "where are you?", "onde é que vocês estão?", "¿dónde estáis?": made of small words only, the
// question word is all there is, and it asks for the address. "How do I get to ...?" asks for
// directions, which "get" (a stop word) cannot say.
const whereWords = new Set(["where", "wheres", "onde", "aonde", "donde", "adonde"]);
function searchable(question: string): string {
  if (!hasSearchWords(question) && words(question).some((w) => whereWords.has(w))) return "address";
  return /\bget (to|there|here)\b/.test(normalize(question)) ? `${question} directions` : question;
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
