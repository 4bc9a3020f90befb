import "server-only";
import { eq, sql } from "drizzle-orm";
import { conversations } from "../../db/schema";
import { createRecord } from "../../records/records";
import { turnLanguage } from "../base/conversation-language";
import type { Outcome } from "../engine/interpreter";
import { startWithSlots } from "../dialogue/manager";
import { acknowledgeBooked } from "../dialogue/appointments";
import { nameForOrder } from "../dialogue/order-name";
import { phrases } from "../base/phrases";
import { isDetectedLanguage, type Language } from "../../language";
import { triggerPhraseFor } from "../understanding/language";
import type { LlmDecision } from "../llm/llm";
import { t } from "../messages";
import { offerPerson } from "../base/person-offer";
import { handOffSaying, reply } from "../base/reply";
import { type RetrievalReply, requestTranslation, retrievalReply } from "../retrieval/retrieval-reply";
import { llmSettings } from "../llm/llm-client";
import { hasNameIn, skillNameIn } from "../base/skill-name";
import type { RunnableSkill } from "../retrieval/skill-catalog";
import { asksIfBot, type SmallTalkKind, smallTalk } from "../understanding/small-talk";
import { isCancel, questionParts } from "../understanding/acts";
import { answerEachQuestion, sayAnswer } from "../dialogue/questions";
import { countTokens } from "../understanding/tokens";
import { meaningfulWords } from "../understanding/stopwords";
import { normalize } from "../understanding/text-match";
import { asksIfItHurts, EMERGENCY_TEXT, painQuery } from "../understanding/pain";
import { addedToService, asksDuration, asksPrice, asksWhatIf, factQuestion } from "../understanding/fact-questions";
import { addedServicePrice, serviceDurationReply, servicePriceReply } from "../retrieval/service-prices";
import type { Turn } from "../base/turn-context";

// A message no skill handles: the LLM's answer when one was written, else the retrieval engine's.
// Small talk ("hi", "obrigado", "ok thanks bye") gets a short friendly reply and is no miss; otherwise
// the retrieval engine says honestly when it has no answer and offers the skills, and a second miss
// in a row hands the conversation to a person.

export async function answerWithRetrieval(turn: Turn, skills: RunnableSkill[]): Promise<void> {
  const language = await turnLanguage(turn);
  const chat = smallTalk(turn.message.text, turn.businessName);
  if (chat) {
    await reply(turn, t(language, `smallTalk.${chat.kind}`));
    await answerBesideBotQuestion(turn, language, chat.kind);
    return;
  }
  // "Good afternoon... Am I chatting with a real person or an automated system? Kindly also tell what is
  // the timings on Sunday.": a long message that asks about the assistant in one sentence gets that
  // answer, then what the rest asks.
  const sentences = turn.message.text.split(/(?<=[.!?\n])\s+/);
  if (sentences.length > 1 && sentences.some((s) => asksIfBot(s))) {
    await reply(turn, t(language, "smallTalk.bot"));
    await setMisses(turn, 0);
    const rest = sentences.filter((s) => !asksIfBot(s) && smallTalk(s, turn.businessName) === null).join(" ");
    const others = questionParts(rest).filter((q) => /\p{L}{3,}/u.test(q));
    if (others.length > 1 && (await answerEachQuestion(turn, language, others))) return;
    const answer = rest.trim()
      ? await retrievalReply(turn.db, turn.businessId, turn.assistant.id, rest, language, { businessName: turn.businessName })
      : null;
    if (answer) {
      turn.unbilled += countTokens(answer.context);
      await sayAnswer(turn, language, answer.text);
    }
    return;
  }
  // "what are your hours and can I park nearby": each question gets its own answer (dialogue/questions.ts).
  const questions = questionParts(turn.message.text);
  if (questions.length > 1 && (await answerEachQuestion(turn, language, questions))) {
    await setMisses(turn, 0);
    return;
  }
  // The whole message first (its remarks may say what the question is about), then its one question
  // alone: "tá bom kkk e qual o metrô mais perto? vou aí no fim de semana".
  // "¿Y duele?" after a treatment's price asks whether the treatment hurts: what the business says to do in
  // an emergency, which its pain word recalls, is no answer to it.
  const procedurePain = asksIfItHurts(turn.message.text);
  const ask = async (text: string) => {
    const found = await retrievalReply(turn.db, turn.businessId, turn.assistant.id, text, language, { businessName: turn.businessName });
    return found && procedurePain && EMERGENCY_TEXT.test(normalize(found.text)) ? null : found;
  };
  // "e quanto custa?" after "quanto tempo demora a coloração?", "¿y con barba?" after a cut's price: a
  // follow-up that names nothing is about the service asked about before, not a text that shares a word.
  const followUp = isFollowUp(turn.message.text) ? await aboutServiceBefore(turn, language) : await factsAgain(turn, ask);
  const answer =
    followUp ??
    (await ask(turn.message.text)) ??
    (questions.length === 1 && questions[0] !== turn.message.text.trim() ? await ask(questions[0]) : null) ??
    // "my tooth has been killing me since last night, can someone see me today?": what the business says
    // about pain (a clinic's same-day line), asked by the pain words alone.
    (await askAboutPain(turn.message.text, ask)) ??
    // "Me duele muchísimo una muela, ¿me podéis ver hoy?": the remark beside the question says what it is about.
    (questions.length ? await askRemarks(turn.message.text, questions, ask) : null) ??
    // "Quanto fica uma coloração?", then "E demora quanto tempo?": about the service the message before named.
    (await aboutServiceBefore(turn, language));
  if (answer) {
    await setMisses(turn, 0);
    turn.unbilled += countTokens(answer.context);
    await sayAnswer(turn, language, answer.text);
    // No version in the customer's language yet: with a model configured, one is made once (and kept).
    if (answer.untranslated && llmSettings()) await requestTranslation(turn.db, turn.businessId, answer.untranslated);
    return;
  }
  // A name or a yes after the appointment just booked: it stands, and nothing was missed; a name after
  // an order is the name it is under.
  if ((await acknowledgeBooked(turn)) || (await nameForOrder(turn))) {
    await setMisses(turn, 0);
    return;
  }
  const misses = turn.conversation.misses + 1;
  if (misses >= 2) {
    await handOffSaying(turn, "no_answer", t(language, "noAnswerHandoff"));
    return;
  }
  await setMisses(turn, misses);
  const offers = skills.map((s) => skillOffer(language, s)).join("\n");
  // Never a dead end: a person is offered with the answer the assistant does not have.
  await offerPerson(turn, language, "no_answer", offers ? t(language, "noAnswerOffer", { offers }) : t(language, "noAnswer"));
}

/** A price or a duration asked in two words or fewer ("e quanto custa?"), or a thing added ("¿y con barba?"). */
function isFollowUp(text: string): boolean {
  return ((asksPrice(text) || asksDuration(text)) && meaningfulWords(text).length <= 2) || addedToService(text) !== null;
}

/** "e se a encomenda for de 50 euros?" after "quanto custa o envio?": the facts asked before, answered again. */
async function factsAgain<T>(turn: Turn, ask: (text: string) => Promise<T | null>): Promise<T | null> {
  const before = turn.loaded?.previousInboundText;
  if (!before || !asksWhatIf(turn.message.text) || !factQuestion(before)?.topics.length || factQuestion(turn.message.text)) return null;
  return ask(before);
}

const termsAsked =
  /\b(?:how (?:long|far|much|late)|until when|what is|what s|whats|policy|quanto tempo|ate quando|qual e|quanto custa|politica|cuanto tiempo|hasta cuando|cual es|cuanto cuesta)\b/;

/** A question about cancelling (how long before, what it costs), not a request to cancel. */
function asksCancelTerms(text: string): boolean {
  return text.includes("?") && termsAsked.test(normalize(text));
}

async function aboutServiceBefore(turn: Turn, language: Language): Promise<RetrievalReply | null> {
  const before = turn.loaded?.previousInboundText;
  if (!before) return null;
  const text = turn.message.text;
  const added = addedToService(text);
  if (added && asksPrice(before)) return addedServicePrice(turn.db, turn.businessId, before, added, language);
  return (
    (await serviceDurationReply(turn.db, turn.businessId, text, language, [before])) ??
    (asksPrice(text) ? await servicePriceReply(turn.db, turn.businessId, text, language, before) : null)
  );
}

async function askAboutPain<T>(text: string, ask: (text: string) => Promise<T | null>): Promise<T | null> {
  const pain = painQuery(text);
  return pain ? ask(pain) : null;
}

/** The first answer to a remark said beside the message's questions (each clause of two words worth searching or more). */
async function askRemarks<T>(text: string, questions: string[], ask: (text: string) => Promise<T | null>): Promise<T | null> {
  let rest = text;
  for (const q of questions) rest = rest.replace(q, " ");
  const remarks = rest
    .split(/[.!?\n,;]+/)
    .map((r) => r.trim())
    .filter((r) => meaningfulWords(r).length >= 2);
  for (const remark of remarks.slice(0, 3)) {
    const found = await ask(remark);
    if (found) return found;
  }
  return null;
}

/**
 * "• Reservas de mesa": the skill's name in the customer's language; a skill named in one language only
 * is shown with a trigger phrase in the customer's ("• Table booking: escreva "reservar"").
 */
function skillOffer(language: Language, skill: RunnableSkill): string {
  if (hasNameIn(skill, language)) return t(language, "skillOfferName", { name: skillNameIn(skill, language) });
  const word = isDetectedLanguage(language) ? triggerPhraseFor(skill.keywords, language) : skill.keywords[0];
  return word ? t(language, "skillOffer", { name: skill.name, word }) : t(language, "skillOfferName", { name: skill.name });
}

/**
 * What the assistant says to a message no skill takes, without a model (or when the model failed or its
 * answer was refused): small talk gets a short friendly reply, "cancel" with nothing running says so,
 * anything else is answered by the retrieval engine.
 */
export async function answerOffline(turn: Turn, skills: RunnableSkill[]): Promise<void> {
  // Greetings, thanks, goodbyes: a short friendly reply, never a miss.
  const talk = smallTalk(turn.message.text, turn.businessName);
  if (talk) {
    await setMisses(turn, 0);
    const language = await turnLanguage(turn);
    await reply(turn, t(language, `smallTalk.${talk.kind}`));
    await answerBesideBotQuestion(turn, language, talk.kind);
    return;
  }
  // "¿cuánto tiempo antes tengo que cancelar?" asks the cancellation terms; "cancel" alone cancels.
  if (isCancel(turn.message.text) && !asksCancelTerms(turn.message.text)) {
    const language = await turnLanguage(turn);
    await reply(turn, phrases[isDetectedLanguage(language) ? language : "en"].nothingToCancel);
    return;
  }
  await answerWithRetrieval(turn, skills);
}

export async function applyLlmDecision(turn: Turn, decision: LlmDecision, skills: RunnableSkill[]): Promise<Outcome | null> {
  for (const record of decision.records) {
    await createRecord(turn.db, turn.businessId, { ...record, conversationId: turn.conversation.id, contactId: turn.contact.id });
  }
  await setMisses(turn, 0);
  // The provider's usage is the whole cost of this answer: the customer's message is in it.
  turn.unbilled = decision.tokens;
  if (decision.kind === "start_skill") {
    // The skill starts as the offline path starts it: with every slot the message fills and its
    // questions answered (dialogue/manager.ts), not from a bare first question.
    const skill = skills.find((s) => s.id === decision.skillId);
    if (skill) return startWithSlots(turn, skill, skills);
    await answerOffline(turn, skills);
    return null;
  }
  if (decision.kind === "handoff") {
    await handOffSaying(turn, decision.reason, decision.text ?? t(await turnLanguage(turn), "handingOff"), {
      tokens: 0,
    });
    return null;
  }
  await reply(turn, decision.text, { tokens: 0 });
  return null;
}

export async function setMisses(turn: Turn, misses: number): Promise<void> {
  if (turn.conversation.misses === misses) return;
  await turn.db.update(conversations).set({ misses, updatedAt: sql`now()` }).where(eq(conversations.id, turn.conversation.id));
  turn.conversation = { ...turn.conversation, misses };
}

/**
 * "are you a bot? what are your hours": asking whether the assistant is a bot makes the message small
 * talk whatever else it says, so the other questions are answered after that reply (issue 35 item 1).
 */
async function answerBesideBotQuestion(turn: Turn, language: Language, kind: SmallTalkKind): Promise<void> {
  if (kind !== "bot") return;
  const others = questionParts(turn.message.text).filter((q) => !asksIfBot(q) && /\p{L}{3,}/u.test(q));
  if (others.length) await answerEachQuestion(turn, language, others);
}
