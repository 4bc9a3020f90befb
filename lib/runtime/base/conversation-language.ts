import "server-only";
import { eq, sql } from "drizzle-orm";
import { conversations } from "../../db/schema";
import { fixedLanguage } from "./canned-replies";
import { type DetectedLanguage, isDetectedLanguage, type Language } from "../../language";
import { detectLanguage, hasLanguageEvidence, localLanguage } from "../understanding/language";
import { smallTalk } from "../understanding/small-talk";
import type { Turn } from "./turn-context";

// The language of a turn's replies, decided once per turn: the assistant's fixed language, else the
// customer's message read against the conversation's language so far (conversations.language), which
// is updated here when the customer switches (small talk alone never switches it). A conversation
// whose messages said nothing about language yet ("2", "ok") stores nothing, so its first real
// sentence decides without a margin.

const decided = new WeakMap<Turn, Language>();

/** The conversation's language before this message (null until a message told). */
export function conversationLanguage(turn: Turn): DetectedLanguage | null {
  return isDetectedLanguage(turn.conversation.language) ? turn.conversation.language : null;
}

export async function turnLanguage(turn: Turn): Promise<Language> {
  const known = decided.get(turn);
  if (known) return known;
  const fixed = fixedLanguage(turn.assistant.language);
  const previous = conversationLanguage(turn);
  let language: Language = fixed ?? previous ?? "en";
  if (!fixed && turn.message.kind === "text") {
    const text = turn.message.text;
    // A thanks, a greeting or a goodbye in another language ("¡Gracias!" from a Portuguese customer,
    // "obrigado" in English) is politeness, not a switch: the conversation keeps its language.
    const detected = previous && smallTalk(text) ? previous : detectLanguage(text, previous, localLanguage(turn.timeZone));
    if (detected !== previous && (previous || hasLanguageEvidence(text))) await rememberLanguage(turn, detected);
    language = detected;
  }
  decided.set(turn, language);
  return language;
}

/** Stores the customer's language on the conversation (also for a caller that knows better). */
export async function rememberLanguage(turn: Turn, language: DetectedLanguage): Promise<void> {
  if (turn.conversation.language === language) return;
  await turn.db.update(conversations).set({ language, updatedAt: sql`now()` }).where(eq(conversations.id, turn.conversation.id));
  turn.conversation = { ...turn.conversation, language };
  decided.set(turn, language);
}
