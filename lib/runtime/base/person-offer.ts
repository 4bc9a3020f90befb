import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { type InteractiveOption, messages } from "../../db/schema";
import type { Language } from "../../language";
import { saysNo, saysYes } from "../understanding/acts";
import { words } from "../understanding/text-match";
import { readWhenParts } from "../understanding/when";
import { now } from "../../time/clock";
import { t } from "../messages";
import { reply } from "./reply";
import type { Turn } from "./turn-context";

// Never a dead end (issue 35 item 6): when the assistant cannot help, it says so and offers a person
// as a reply button whose id is "handoff:<why>". Pressing the button, saying yes, or asking for
// "someone" in the next message hands the conversation over with that reason; saying no carries on.

const PREFIX = "handoff";
/** The reason of a person offered beside a knowledge answer that says a person arranges it. */
export const KNOWLEDGE_OFFER = "knowledge";

/** The button that offers a person; `why` becomes the handoff's reason when it is taken. */
export const personOption = (language: Language, why: string): InteractiveOption => ({ id: `${PREFIX}:${why}`, title: t(language, "talkToPerson") });

/** Says `text` with a button offering a person (and `choices` before it, as buttons too). */
export async function offerPerson(turn: Turn, language: Language, why: string, text: string, choices: InteractiveOption[] = []): Promise<void> {
  const options = [...choices, personOption(language, why)];
  await reply(turn, text, { interactive: { kind: options.length <= 3 ? "buttons" : "list", options } });
}

const idOf = (o: InteractiveOption) => (typeof o === "string" ? null : o.id);

/** The reason of the person offered in the assistant's last reply of this conversation, if it offered one. */
export async function offeredPerson(turn: Turn): Promise<{ why: string; alone: boolean } | null> {
  // Read with the turn (Turn.loaded) when it was: what the turn sends comes after the customer's message.
  const interactive = turn.loaded ? turn.loaded.lastReplyInteractive : await lastReplyInteractive(turn);
  const options = interactive?.options ?? [];
  const offer = options.map(idOf).find((id) => id?.startsWith(PREFIX));
  if (!offer) return null;
  return { why: offer.slice(PREFIX.length + 1) || "customer_request", alone: options.length === 1 };
}

async function lastReplyInteractive(turn: Turn) {
  const [last] = await turn.db
    .select({ interactive: messages.interactive })
    .from(messages)
    .where(and(eq(messages.conversationId, turn.conversation.id), eq(messages.direction, "outbound"), lt(messages.id, turn.message.id)))
    .orderBy(desc(messages.id))
    .limit(1);
  return last?.interactive ?? null;
}

// "someone", "alguém", "alguien", "a colleague": in reply to an offer, a request for a person. Not
// "person" itself: "a table for one person" is no answer to it.
const personWords = new Set(["someone", "somebody", "anyone", "colleague", "staff", "alguem", "colega", "alguien", "companero"]);
const lookWords = new Set([
  "mira",
  "mire",
  "miren",
  "mirad",
  "revisa",
  "revise",
  "revisen",
  "olha",
  "olhe",
  "olhem",
  "veja",
  "vejam",
  "verifica",
  "verifique",
  "check",
  "look",
]);
const thanks = new Set(["thanks", "thank", "thx", "ty", "cheers", "obrigado", "obrigada", "valeu", "gracias", "merci", "danke"]);
const agreeing = new Set(["yes", "yeah", "yep", "please", "pls", "sim", "si", "favor", "claro", "sure"]);

/**
 * How the customer answers an offer: "take" (the button, "yes", "can someone check?"), "decline"
 * ("no", "ok thanks, we'll write again"), or null when the message is about something else.
 */
export function answerToOffer(turn: Turn, offer: { why?: string; alone: boolean }): "take" | "decline" | null {
  const id = typeof turn.message.content?.id === "string" ? turn.message.content.id : null;
  if (id?.startsWith(PREFIX)) return "take";
  const text = turn.message.text;
  const said = words(text);
  if (said.some((w) => personWords.has(w))) return "take";
  // A person offered beside a knowledge answer ("arranged with our team") is there to press: a "yes"
  // or "no" after it is about the conversation ("yes, a table for 8 on friday"), not about the offer.
  if (offer.why === KNOWLEDGE_OFFER) return null;
  if (saysNo(text) || (!text.includes("?") && said.some((w) => thanks.has(w)) && !said.some((w) => agreeing.has(w)))) return "decline";
  // "mira la foto porfa", "can you check it": asking for what only a person can do, after the offer.
  // "ok ok can i book a check up fri at 10am": a request with its day or time is neither.
  if (readWhenParts(text, { timeZone: turn.timeZone, now: now() })) return null;
  if (!text.includes("?") && said.some((w) => lookWords.has(w))) return "take";
  if (offer.alone && saysYes(text)) return "take";
  return null;
}
