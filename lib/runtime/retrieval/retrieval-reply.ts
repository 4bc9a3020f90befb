import "server-only";
import type { Db } from "../../db/client";
import type { Language } from "../../language";
import { searchCatalog } from "./catalog-search";
import { t } from "../messages";
import { formatPrice } from "../understanding/price";
import { answerFromKnowledge } from "./retrieval";

// The retrieval engine's answer to a free question: the best knowledge item, else the catalog items
// the question names ("do you have tiramisu?"), else nothing. `context` is what an LLM would have been
// given to read, which the wallet counts as the prompt.

export type RetrievalReply = { text: string; context: string };

export async function retrievalReply(
  db: Db,
  businessId: string,
  assistantId: string,
  question: string,
  language: Language,
): Promise<RetrievalReply | null> {
  const hit = await answerFromKnowledge(db, businessId, assistantId, question);
  if (hit) {
    const { title, content } = hit.item;
    return { text: `${t(language, "knowledgeIntro", { title })}\n${content}`, context: `${title}\n${content}` };
  }
  const items = await searchCatalog(db, businessId, null, question, { minCoverage: 0.5, limit: 5 });
  if (!items.length) return null;
  const lines = items.map(({ item }) => {
    const price = formatPrice(item.priceAmount, item.priceCurrency);
    return `• ${item.title}${price ? ` — ${price}` : ""}${item.inStock ? "" : ` (${t(language, "outOfStock")})`}`;
  });
  return { text: `${t(language, "catalogIntro")}\n${lines.join("\n")}`, context: lines.join("\n") };
}
