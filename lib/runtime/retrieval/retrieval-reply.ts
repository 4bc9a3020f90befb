import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { memoInTurn } from "../base/turn-memo";
import { versionIn } from "../../assistants/knowledge-translations";
import { defineJob } from "../../jobs/job";
import { enqueue } from "../../jobs/queue";
import type { Language } from "../../language";
import { localizeMoneyIn } from "../../shared/locale-format";
import { searchCatalog } from "./catalog-search";
import { serviceDurationReply, servicePriceReply } from "./service-prices";
import { staffReply } from "./staff-answer";
import { t } from "../messages";
import { catalogAnswer } from "./catalog-line";
import { conceptsOf, topicConcepts } from "../understanding/synonyms";
import { normalize, words } from "../understanding/text-match";
import { detectLanguage } from "../understanding/language";
import { answerFromKnowledge, type KnowledgeItem } from "./retrieval";
import { type FactTopic, extremePriceReply, factsReply, priceReply, repeatsFacts } from "./facts-answer";

// The retrieval engine's answer to a free question: the best knowledge item, else the catalog items
// the question names ("do you have tiramisu?"), else nothing. `context` is what an LLM would have been
// given to read, which the wallet counts as the prompt.
//
// A knowledge item answers in the customer's language: its own text when that is the customer's, else
// its version in that language (the owner's, or a model's translation). With neither, the customer is
// told in their language that this is the business's own text, and it is quoted as written, never
// framed half in one language and half in another; `untranslated` then names what a model could
// translate (the caller asks for it when one is configured: requestTranslation).

/** The queue of a knowledge item's missing versions, made by the model (lib/runtime/llm/knowledge-translation.ts). */
/** Machine-translates one knowledge item into one language (lib/runtime/llm/knowledge-translation.ts). */
export const knowledgeTranslation = defineJob({
  name: "knowledge-translate",
  payload: z.object({ businessId: z.string(), itemId: z.string(), language: z.string() }),
  maxAttempts: 3,
});

export type Untranslated = { itemId: string; language: "en" | "pt" | "es" };
export type RetrievalReply = { text: string; context: string; untranslated?: Untranslated };

const quoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

function knowledgeText(item: KnowledgeItem, language: Language, businessName?: string): { text: string; untranslated?: Untranslated } {
  const version = versionIn(item, language);
  if (version) return { text: `${t(language, "knowledgeIntro", { title: version.title })}\n${localizeMoneyIn(version.content, language)}` };
  const source = t(language, `languageName.${item.language}`);
  const intro = businessName
    ? t(language, "knowledgeOwnWords", { business: businessName, language: source })
    : t(language, "knowledgeOurWords", { language: source });
  // A quote is the owner's text as written, amounts included.
  const text = `${intro}\n${quoted(item.content)}`;
  return language === "en" || language === "pt" || language === "es" ? { text, untranslated: { itemId: item.id, language } } : { text };
}

type RetrievalOpts = { businessName?: string; afterFacts?: FactTopic[] };

/**
 * The answer the business's own data gives to a question, or null. Within one pass of a turn it is
 * worked out once per question (base/turn-memo.ts): deciding what the message is asks it too.
 */
export function retrievalReply(
  db: Db,
  businessId: string,
  assistantId: string,
  question: string,
  language: Language,
  opts: RetrievalOpts = {},
): Promise<RetrievalReply | null> {
  const key = JSON.stringify(["retrieval", businessId, assistantId, question, language, opts.businessName ?? null, opts.afterFacts ?? null]);
  return memoInTurn(db, key, () => answerFromData(db, businessId, assistantId, question, language, opts));
}

async function answerFromData(
  db: Db,
  businessId: string,
  assistantId: string,
  question: string,
  language: Language,
  opts: RetrievalOpts,
): Promise<RetrievalReply | null> {
  // "is marco in on saturdays?", "¿la revisión la hace la doctora Gómez?": the staff's own days and services
  // ("qual é o horário do Marco?" is his hours, not the business's).
  const staff = await staffReply(db, businessId, question, language);
  if (staff) return staff;
  // The business's stated facts (hours, address, delivery, payment) from its settings, never from a
  // text; what else the question asks ("address? also gluten free pizza") is searched clause by clause.
  if (!opts.afterFacts) {
    const facts = await factsReply(db, businessId, question, language);
    if (facts) {
      const more: RetrievalReply[] = [];
      for (const rest of facts.rests.slice(0, 3)) {
        const found = await retrievalReply(db, businessId, assistantId, rest, language, { ...opts, afterFacts: facts.topics });
        if (found && !more.some((m) => m.text === found.text)) more.push(found);
      }
      const untranslated = more.find((m) => m.untranslated)?.untranslated;
      return {
        text: [facts.text, ...more.map((m) => m.text)].join("\n\n"),
        context: [facts.context, ...more.map((m) => m.context)].join("\n"),
        ...(untranslated ? { untranslated } : {}),
      };
    }
  }
  // "what's ur cheapest pizza??": the one item, with its price.
  const extreme = await extremePriceReply(db, businessId, question, language);
  if (extreme) return extreme;
  // "how much is the margherita?": the menu's price, before a text that only names the item.
  const priced = await priceReply(db, businessId, question, language);
  if (priced) return priced;
  // "how much is a check-up?": the business's services and what they cost.
  const service = await servicePriceReply(db, businessId, question, language);
  if (service) return service;
  // "how long does a colour take?": the service's duration.
  const duration = await serviceDurationReply(db, businessId, question, language);
  if (duration) return duration;
  // "what's in the tiramisu?", "o que leva a lasanha?": the dish's own description, from the menu.
  const madeOf = await dishDescription(db, businessId, question, language);
  if (madeOf) return madeOf;
  // "what pizzas u got?", "que pizzas têm?", "¿qué tapas tenéis?": the menu's items of that kind.
  const kind = await itemsOfKind(db, businessId, question, language);
  if (kind) return kind;
  const hit = await answerFromKnowledge(db, businessId, assistantId, question);
  if (hit && !repeatsFacts(hit.item.title, opts.afterFacts)) {
    const { title, content } = hit.item;
    return { ...knowledgeText(hit.item, language, opts.businessName), context: `${title}\n${content}` };
  }
  const items = await searchCatalog(db, businessId, null, question, { minCoverage: 0.5, limit: 5 });
  if (!items.length) return null;
  return catalogList(items, language);
}

/**
 * Asks the configured model, in the background, for the item's version in the customer's language
 * (lib/runtime/llm/knowledge-translation.ts): made once, stored as a machine translation for the
 * owner to review, and used from then on. Jobs for one item and language run one at a time, and one
 * that finds the version made returns at once.
 */
export async function requestTranslation(db: Db, businessId: string, untranslated: Untranslated): Promise<void> {
  await enqueue(
    db,
    knowledgeTranslation,
    { businessId, itemId: untranslated.itemId, language: untranslated.language },
    { orderKey: `translate:${untranslated.itemId}:${untranslated.language}` },
  );
}

const topicsOf = (text: string) =>
  new Set(
    words(text)
      .flatMap(conceptsOf)
      .filter((c) => topicConcepts.has(c)),
  );

/**
 * The knowledge item about the topic a remark names ("a table on the terrace", "we're bringing our
 * dog"), when its title is about that same topic: what the business says about it ("the terrace cannot
 * be booked"), told beside the booking or order the remark came with. Null when no item is about it.
 */
export async function topicalKnowledge(
  db: Db,
  businessId: string,
  assistantId: string,
  remark: string,
  language: Language,
  businessName?: string,
): Promise<RetrievalReply | null> {
  const topics = topicsOf(remark);
  if (!topics.size) return null;
  const hit = await answerFromKnowledge(db, businessId, assistantId, remark);
  if (!hit) return null;
  const version = versionIn(hit.item, language);
  const titles = [hit.item.title, version?.title ?? ""].join(" ");
  if (![...topicsOf(titles)].some((c) => topics.has(c))) return null;
  return { ...knowledgeText(hit.item, language, businessName), context: `${hit.item.title}\n${hit.item.content}` };
}

const madeOfAsked =
  /\b(?:what s in|whats in|what is in|what goes in|what comes in|what comes with|ingredients (?:of|in)|o que (?:leva|tem|vem n)|que (?:lleva|trae))\s+(?:the |your |ur |o |a |os |as |el |la |los |las )?([a-z][a-z ]{2,40})/;

/** The description of the dish a question asks what is in; null when it names none the menu describes. */
async function dishDescription(db: Db, businessId: string, question: string, language: Language): Promise<RetrievalReply | null> {
  const m = madeOfAsked.exec(normalize(question));
  if (!m) return null;
  const [hit] = await searchCatalog(db, businessId, null, m[1], { minCoverage: 0.5, limit: 1 });
  const description = hit?.item.description?.trim();
  if (!hit || !description) return null;
  // The owner's description in another language than the customer's is not said (a knowledge answer is).
  const written = detectLanguage(description);
  if (written && written !== language) return null;
  const line = `${hit.item.title}: ${description}`;
  return { text: line, context: line };
}

const kindAsked =
  /\b(?:what|which|que|quais|cuales)\s+([a-z]{4,20})\s+(?:do you have|do u have|do ya have|you got|u got|ya got|have you got|do you do|do you serve|tem|tens|tem voces|voces tem|tienen|teneis|hay)\b/;

/** The menu's items of the kind a question asks for ("what pizzas u got?"); null unless two or more. */
async function itemsOfKind(db: Db, businessId: string, question: string, language: Language): Promise<RetrievalReply | null> {
  const m = kindAsked.exec(normalize(question));
  if (!m) return null;
  const items = await searchCatalog(db, businessId, null, m[1], { minCoverage: 1, limit: 8 });
  if (items.length < 2) return null;
  return catalogList(items, language);
}

/** Menu items as the customer reads them: "Here is what we have:" and a line per item with its price. */
function catalogList(items: Awaited<ReturnType<typeof searchCatalog>>, language: Language): RetrievalReply {
  return catalogAnswer(
    items.map(({ item }) => item),
    language,
  );
}
