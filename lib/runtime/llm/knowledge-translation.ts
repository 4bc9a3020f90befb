import "server-only";
import { runs } from "../../jobs/worker";
import { knowledgeTranslation } from "../retrieval/retrieval-reply";
import { and, eq } from "drizzle-orm";
import { fingerprint, itemLanguage, machineVersion, versionIn } from "../../assistants/knowledge-translations";
import { storeMachineTranslation } from "../../assistants/knowledge";
import { db as defaultDb } from "../../db/client";
import { knowledgeItems } from "../../db/schema";
import { componentLogger } from "../../observability/log";
import { chargeTokens, tokenBalance } from "../../wallet/wallet";
import { llmClient, llmSettings } from "./llm-client";
import { countTokens } from "../understanding/tokens";

// The background job behind a missing version of a knowledge item (retrieval-reply.ts asks for it):
// the configured model translates the owner's title and content once, the business's wallet pays for
// it, and the result is stored as a machine translation the owner reviews in the dashboard. It is
// skipped when the version exists by then, the owner has written one, the wallet is empty, or no
// model is configured; a model that fails is retried by the queue.

const log = componentLogger("assistant");

const names = { en: "English", pt: "European Portuguese", es: "Spanish (Spain)" } as const;
type Lang = keyof typeof names;
const isLang = (l: unknown): l is Lang => l === "en" || l === "pt" || l === "es";

/** The model's answer read back: the first line is the title, the rest the content. */
export function readTranslation(answer: string): { title: string; content: string } | null {
  const [first = "", ...rest] = answer.trim().split("\n");
  const title = first.replace(/^(title|título|titulo)\s*:\s*/i, "").trim();
  const content = rest
    .join("\n")
    .replace(/^\s*(content|conteúdo|contenido)\s*:\s*/i, "")
    .trim();
  if (!title || !content || title.length > 200 || content.length > 20_000) return null;
  return { title, content };
}

async function translateItem(payload: Record<string, unknown>): Promise<void> {
  const settings = llmSettings();
  const { businessId, itemId, language } = payload;
  if (!settings || typeof businessId !== "string" || typeof itemId !== "string" || !isLang(language)) return;
  const db = defaultDb();
  const [item] = await db
    .select()
    .from(knowledgeItems)
    .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.id, itemId)));
  if (!item) return;
  const existing = item.translations[language];
  if (versionIn(item, language) && !(existing?.origin === "machine" && existing.source !== fingerprint(item))) return;
  if ((await tokenBalance(db, businessId)) <= 0) return;
  const from = names[itemLanguage(item)];
  const completion = await llmClient(settings).chat.completions.create({
    model: settings.model,
    temperature: 0,
    messages: [
      {
        role: "system",
        content: [
          `Translate a business's text for its customers from ${from} into ${names[language]}.`,
          "Keep names of dishes, places, streets and stations, prices, times, phone numbers and links exactly as written.",
          "Answer with the translated title on the first line and the translated text below it, and nothing else.",
        ].join(" "),
      },
      { role: "user", content: `${item.title}\n${item.content}` },
    ],
  });
  const answer = completion.choices[0]?.message?.content ?? "";
  const translated = readTranslation(answer);
  if (!translated) {
    log.warn({ businessId, itemId, language }, "knowledge translation: the model's answer could not be read");
    return;
  }
  const tokens = completion.usage?.total_tokens ?? countTokens(item.title, item.content, answer);
  await db.transaction(async (tx) => {
    // The owner may have edited the item meanwhile: a translation of the old text is not kept.
    const [now] = await tx
      .select({ title: knowledgeItems.title, content: knowledgeItems.content })
      .from(knowledgeItems)
      .where(and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.id, itemId)))
      .for("update");
    if (!now || fingerprint(now) !== fingerprint(item)) return;
    if (!(await chargeTokens(tx, businessId, tokens, {}))) return;
    await storeMachineTranslation(tx, businessId, itemId, language, machineVersion(item, translated));
  });
}

/** The knowledge-translate job: queued by retrieval-reply.ts when an item lacks the customer's language. */
export const knowledgeTranslationJob = runs(knowledgeTranslation, translateItem);
