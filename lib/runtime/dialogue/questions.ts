import "server-only";
import type { Language } from "../../language";
import { reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { priceReply } from "../retrieval/facts-answer";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { serviceDurationReply, servicePriceReply } from "../retrieval/service-prices";
import { asksDuration, asksPrice } from "../understanding/fact-questions";
import { normalize } from "../understanding/text-match";
import { countTokens } from "../understanding/tokens";
import { KNOWLEDGE_OFFER, offerPerson } from "../base/person-offer";
import { pointsToPerson } from "../understanding/deferral";

// Every question of a message gets its answer (issue 35 item 1): "what are your hours and can I park
// nearby" is two questions, each searched on its own, each answer said once, in the order asked.

// "e a porção de croquetas", "and the gambas": a short "and the X" (normalized: single spaces).
const elliptical = /^(?:e|and|y) (?:(?:o|a|os|as|the|el|la|los|las|um|uma|un|una) )?[^ ]+(?: [^ ]+){0,3}$/;

/**
 * Answers each of `questions`; true when at least one was answered. `about` is the whole message: a
 * price asked of nothing named ("Segunda às 11h dá? Quanto custa?") is the price of the service it names.
 */
export async function answerEachQuestion(turn: Turn, language: Language, questions: string[], about?: string): Promise<boolean> {
  const said: string[] = [];
  const asked = questions.slice(0, 4);
  for (const [i, q] of asked.entries()) {
    // "do you have a vegan pizza? how much is it?": a price asked of nothing named is the price of what the
    // question before it named.
    // "quanto sai a paella? e a porção de croquetas?": "and the X?" after a price asks X's price.
    const followsPrice = i > 0 && asksPrice(asked[i - 1]) && elliptical.test(normalize(q));
    const answer =
      (about && asksPrice(q) ? await servicePriceReply(turn.db, turn.businessId, q, language, about) : null) ??
      // "E demora quanto tempo?" after "Quanto fica uma coloração?": the duration of the service this
      // message or the one before it named.
      (asksDuration(q)
        ? await serviceDurationReply(turn.db, turn.businessId, q, language, [about, turn.message.text, turn.loaded?.previousInboundText])
        : null) ??
      (followsPrice ? await priceReply(turn.db, turn.businessId, `price ${q}`, language) : null) ??
      (await retrievalReply(turn.db, turn.businessId, turn.assistant.id, q, language, { businessName: turn.businessName })) ??
      (i > 0 && asksPrice(q) ? await priceReply(turn.db, turn.businessId, `price ${asked[i - 1]}`, language) : null);
    // One answer can cover two questions (the facts answer reads every clause): it is said once.
    if (!answer || said.some((s) => s.includes(answer.text) || answer.text.includes(s))) continue;
    turn.unbilled += countTokens(answer.context);
    await sayAnswer(turn, language, answer.text);
    said.push(answer.text);
  }
  return said.length > 0;
}

/** A knowledge answer; one that says the thing is arranged with a person comes with the offer of one. */
export async function sayAnswer(turn: Turn, language: Language, text: string): Promise<void> {
  if (pointsToPerson(text)) await offerPerson(turn, language, KNOWLEDGE_OFFER, text);
  else await reply(turn, text);
}
