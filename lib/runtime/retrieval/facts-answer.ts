import "server-only";
import { catalogAnswer } from "./catalog-line";
import { eq } from "drizzle-orm";
import { factsView } from "../../businesses/facts";
import type { Db } from "../../db/client";
import { businesses, businessFacts, businessHours } from "../../db/schema";
import type { Language } from "../../language";
import { now } from "../../time/clock";
import { asksPrice, type FactQuestion, type FactTopic, factQuestion, factTopics } from "../understanding/fact-questions";
import { catalogItemsNamedIn, searchCatalog } from "./catalog-search";
import { normalize } from "../understanding/text-match";
import { type Known, Writer } from "./facts-writer";

// The answer to a question about the business's stated facts (understanding/fact-questions.ts), written
// from the settings in the customer's language: the hours (a day's, now, or the week with the coming
// holidays), the address, delivery (where, what it costs, the minimum), how to pay (at the business or
// on delivery) and pickup. Nothing here comes from free text, so a changed setting is answered at once
// and the fee quoted is the fee the cart charges. A topic the business has not set is left to the
// knowledge; null when no topic could be answered.

export type { FactTopic };
export type FactsReply = { text: string; context: string; topics: FactTopic[]; rests: string[]; refusedPayment?: boolean };

/** A knowledge item about a fact just answered from the settings ("Delivery and pickup"): not said twice. */
export function repeatsFacts(title: string, answered: readonly FactTopic[] | undefined): boolean {
  if (!answered?.length) return false;
  // "How to get here" is the owner's directions, not the address repeated (factTopics leaves it out).
  const about = factTopics(title);
  const family = (t: FactTopic) => (t === "deliveryCost" || t === "minimum" ? "delivery" : t);
  return about.some((t) => answered.some((a) => family(a) === family(t)));
}

async function loadKnown(db: Db, businessId: string): Promise<Known | null> {
  const [row] = await db
    .select({
      timeZone: businesses.timeZone,
      address: businesses.address,
      weekly: businessHours.weekly,
      holidays: businessHours.holidays,
      facts: businessFacts,
    })
    .from(businesses)
    .leftJoin(businessHours, eq(businessHours.businessId, businesses.id))
    .leftJoin(businessFacts, eq(businessFacts.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) return null;
  return { timeZone: row.timeZone, hours: { weekly: row.weekly ?? {}, holidays: row.holidays ?? [] }, facts: factsView(row.address, row.facts) };
}

/** The facts a question asks about, answered from the settings; null when it asks none the business has set. */
export async function factsReply(db: Db, businessId: string, question: string, language: Language, at: Date = now()): Promise<FactsReply | null> {
  const asked = factQuestion(question);
  if (!asked) return null;
  const known = await loadKnown(db, businessId);
  if (!known) return null;
  const w = new Writer(language, known, at);
  const answered: FactTopic[] = [];
  const parts: string[] = [];
  for (const topic of asked.topics) {
    // Delivery, its cost and its minimum are one answer.
    if ((topic === "deliveryCost" || topic === "minimum") && answered.includes("delivery")) continue;
    const text = w.topic(topic, asked, question);
    if (!text) continue;
    answered.push(topic === "deliveryCost" || topic === "minimum" ? "delivery" : topic, topic);
    parts.push(text);
  }
  if (!parts.length) return null;
  const text = parts.join("\n\n");
  return { text, context: text, topics: [...new Set(answered)], rests: asked.rests, refusedPayment: w.refusedPayment };
}

/**
 * A question that asks a price ("how much is the margherita?", also as the rest of a facts question):
 * the menu's items and prices, before any knowledge text that only names the item.
 */
export const priceAsking =
  / (?:how much|what|whats|is|are|would|will|be|it|do|does|the|a|an|kindly|share|tell|me|please|pls|let|know|give|could|can|you|u|send|us|of|price|prices|cost|costs|quanto|quanta|custa|custam|sai|saem|fica|ficam|e|o|a|os|as|preco|precos|cuanto|cuanta|cuesta|cuestan|sale|salen|seria|es|el|la|los|las|precio|precios|vale|valen)(?= )/g;

export async function priceReply(db: Db, businessId: string, rest: string, language: Language): Promise<{ text: string; context: string } | null> {
  if (!asksPrice(rest)) return null;
  // "Quanto sai a paella?", "how much would the croquetas be": the item's words are what is searched.
  const named = ` ${normalize(rest)} `.replace(priceAsking, " ").trim();
  // "the price of the Caesar salad and the Lasagna, I will revert with my order": each item named is
  // searched on its own, so the words around them do not drown them; then the question whole.
  const parts = rest
    .split(/[,;.?!]|\s(?:and|&|e|y|plus|or|ou|o)\s/i)
    .map((p) => ` ${normalize(p)} `.replace(priceAsking, " ").trim())
    .filter(Boolean);
  const found = new Map<string, Awaited<ReturnType<typeof searchCatalog>>[number]>();
  if (parts.length > 1)
    for (const part of parts.slice(0, 4))
      for (const hit of await searchCatalog(db, businessId, null, part, { minCoverage: 0.5, limit: 3 })) found.set(hit.item.id, hit);
  const items = found.size ? [...found.values()] : await searchCatalog(db, businessId, null, named || rest, { minCoverage: 0.5, limit: 5 });
  if (!items.length) {
    // "...always drank your Earl Grey with tea. What does a box cost now?": the price of what the message names in full.
    const titled = await catalogItemsNamedIn(db, businessId, rest);
    return titled.length && titled.length <= 3 ? catalogAnswer(titled, language) : null;
  }
  return catalogAnswer(
    items.map(({ item }) => item),
    language,
  );
}

// "what's ur cheapest pizza??", "qual é a pizza mais barata?", "¿cuál es la tapa más cara?".
const cheapest = /\b(?:cheapest|least expensive|lowest priced|mais barat[oa]s?|mas barat[oa]s?)\b/;
const dearest = /\b(?:most expensive|priciest|dearest|mais car[oa]s?|mas car[oa]s?)\b/;

/** The cheapest (or dearest) item of the kind named beside the word: "cheapest pizza" is a Margherita at 11 €. */
export async function extremePriceReply(
  db: Db,
  businessId: string,
  question: string,
  language: Language,
): Promise<{ text: string; context: string } | null> {
  const n = normalize(question);
  const m = cheapest.exec(n) ?? dearest.exec(n);
  if (!m) return null;
  const low = cheapest.test(n);
  const after = n
    .slice(m.index + m[0].length)
    .trim()
    .split(" ")
    .filter(Boolean);
  const before = n.slice(0, m.index).trim().split(" ").filter(Boolean);
  // The kind is said right after the word ("cheapest pizza") or right before it ("a pizza mais barata").
  for (const kind of [after.slice(0, 2).join(" "), after.slice(0, 1).join(" "), before.slice(-1).join(" ")]) {
    if (!kind) continue;
    const found = (await searchCatalog(db, businessId, null, kind, { minCoverage: 1, limit: 50 })).filter(
      (f) => f.item.inStock && f.item.priceAmount !== null && f.item.priceCurrency,
    );
    if (!found.length) continue;
    const best = found.reduce((a, b) => ((low ? b.item.priceAmount! < a.item.priceAmount! : b.item.priceAmount! > a.item.priceAmount!) ? b : a));
    return catalogAnswer([best.item], language);
  }
  return null;
}

/**
 * Everything the business has stated, in English, for a model's prompt: the model quotes the same
 * hours, fee and payment methods the offline answers and the cart use. Null when nothing is set.
 */
export async function factsBrief(db: Db, businessId: string, at: Date = now()): Promise<string | null> {
  const known = await loadKnown(db, businessId);
  if (!known) return null;
  const w = new Writer("en", known, at);
  const none: FactQuestion = { topics: [], methods: [], onDelivery: false, place: null, now: false, directionsOnly: false, rests: [] };
  const parts = (["hours", "address", "delivery", "payment", "pickup"] as const).map((topic) => w.topic(topic, none, ""));
  const text = parts.filter(Boolean).join("\n");
  return text || null;
}
