import "server-only";
import { and, desc, eq, lte } from "drizzle-orm";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { now } from "../../time/clock";
import { searchCatalog } from "../retrieval/catalog-search";
import { formatPrice } from "../understanding/price";
import { factsBrief } from "../retrieval/facts-answer";
import { searchKnowledge } from "../retrieval/retrieval";
import { requestTranslation } from "../retrieval/retrieval-reply";
import { versionIn } from "../../assistants/knowledge-translations";
import { replyLanguage } from "../base/canned-replies";
import type { TurnBrief } from "../base/turn-brief";

// What the model reads: the business's instructions and language rule, its stated facts (hours,
// address, delivery charges, payment: the settings the offline answers and the cart read), the
// knowledge and catalog items that match the customer's words, the skills it may start, and the
// conversation so far.

const HISTORY = 12;

export async function llmMessages(db: Db, brief: TurnBrief, extraInstructions?: string): Promise<ChatCompletionMessageParam[]> {
  const { assistant } = brief;
  const knowledge = await knowledgeInLanguage(db, brief);
  const facts = await factsBrief(db, brief.businessId);
  const catalog = await searchCatalog(db, brief.businessId, null, brief.text, { limit: 5 });
  const language =
    assistant.language === "auto"
      ? "Reply in the language the customer writes in."
      : `Reply in ${assistant.language}, unless the customer clearly cannot read it.`;
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: brief.timeZone, dateStyle: "full", timeStyle: "short" }).format(now());
  const system = [
    `You are ${assistant.name}, answering customers on WhatsApp for ${brief.businessName}.`,
    assistant.instructions,
    extraInstructions ?? "",
    language,
    "Write short, plain-text replies that read well on a phone.",
    "Read the customer's message as a sequence of clauses: answer every question it asks, in the order asked, in one reply; when it also asks for something a skill does, start that skill (the skill answers the message's questions itself).",
    "State only facts found in the business facts, knowledge and catalog below. If they do not answer the question, say so honestly and offer what you can do, or hand off.",
    `Now it is ${today} (${brief.timeZone}).`,
    brief.skills.length
      ? `Skills you can start with start_skill when the customer wants one:\n${brief.skills.map((s) => `- ${s.id}: ${s.name}. ${s.description} (e.g. "${s.keywords[0]}")`).join("\n")}`
      : "",
    facts ? `Business facts (the business's settings: quote these exactly, in the customer's language and money format):\n${facts}` : "",
    knowledge.length
      ? `Knowledge:\n${knowledge.map((k) => `### ${k.title}\n${k.content}`).join("\n\n")}`
      : "Knowledge: nothing matches this message.",
    catalog.length
      ? `Catalog items matching the message:\n${catalog
          .map(
            ({ item }) =>
              `- ${item.title} (${item.collection}/${item.externalId}) ${formatPrice(item.priceAmount, item.priceCurrency)}${item.inStock ? "" : " OUT OF STOCK"}`,
          )
          .join("\n")}`
      : "",
  ]
    .filter((line) => line.trim())
    .join("\n\n");
  return [{ role: "system", content: system }, ...(await history(db, brief))];
}

/**
 * The knowledge items matching the message, each in its version in the customer's language when it has
 * one (the owner's reviewed words beat the model's own translation); an item without one is translated
 * once in the background (requestTranslation), for the owner to review and the next customers to read.
 */
async function knowledgeInLanguage(db: Db, brief: TurnBrief): Promise<Array<{ title: string; content: string }>> {
  const hits = await searchKnowledge(db, brief.businessId, brief.assistant.id, brief.text, 3);
  const language = replyLanguage(brief.assistant.language, brief.text);
  const out: Array<{ title: string; content: string }> = [];
  for (const { item } of hits) {
    const version = versionIn(item, language);
    if (!version && (language === "en" || language === "pt" || language === "es")) {
      await requestTranslation(db, brief.businessId, { itemId: item.id, language });
    }
    out.push(version ?? item);
  }
  return out;
}

/** The last messages of the conversation up to the one being answered, oldest first. */
async function history(db: Db, brief: TurnBrief): Promise<ChatCompletionMessageParam[]> {
  const [current] = await db.select({ createdAt: messages.createdAt }).from(messages).where(eq(messages.id, brief.messageId));
  const rows = await db
    .select({ direction: messages.direction, text: messages.text })
    .from(messages)
    .where(and(eq(messages.conversationId, brief.conversationId), current ? lte(messages.createdAt, current.createdAt) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY);
  const turns: ChatCompletionMessageParam[] = rows
    .reverse()
    .map((m) => ({ role: m.direction === "inbound" ? "user" : "assistant", content: m.text }));
  if (!turns.length || turns[turns.length - 1].role !== "user") turns.push({ role: "user", content: brief.text });
  return turns;
}
