import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { messages } from "../../db/schema";
import { now } from "../../time/clock";
import { turnLanguage } from "../base/conversation-language";
import { offerPerson } from "../base/person-offer";
import { handOffSaying, reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { impliedSkill } from "../dialogue/manager";
import { llmSettings } from "../llm/llm-client";
import { t } from "../messages";
import { menuReply } from "../retrieval/menu-reply";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { serviceNamedIn } from "../retrieval/service-search";
import { staffReply } from "../retrieval/staff-answer";
import { staffQuestion } from "../understanding/staff-questions";
import { decideIntent, type Intent, skillKind, UNSURE } from "../retrieval/skill-intents";
import { containsPhrase, normalize, words } from "../understanding/text-match";
import { asksForHuman, soundsAggrieved } from "../understanding/human-request";
import type { RunnableSkill } from "../retrieval/skill-catalog";
import { questionParts } from "../understanding/acts";
import {
  addedToService,
  asksDiscount,
  asksDuration,
  asksForSlot,
  asksPrice,
  asksSomething,
  asksWhatIf,
  factQuestion,
} from "../understanding/fact-questions";
import { readWhenParts } from "../understanding/when";
import { readAddressInText, slotsOf } from "../understanding/slots";
import { asksIfBot, smallTalk } from "../understanding/small-talk";
import { meaningfulWords } from "../understanding/stopwords";
import { EMERGENCY_TEXT, painQuery, saysPain } from "../understanding/pain";
import { setMisses } from "./free-answer";
import { pointsToPerson } from "../understanding/deferral";
import { countTokens } from "../understanding/tokens";

// Which skill a new message starts, by meaning (issue 35 item 2): the intent classifier's clear
// answer, else what the message's values imply (a party size and a time, menu items with quantities).
// What no skill serves (a lost item, a complaint, an allergy, a booking made elsewhere) gets an honest
// "I can't" and a person offered; a message that might mean a skill but not clearly gets one short
// question with the skills and a person as buttons, never the wrong skill.

export type Route = RunnableSkill | "answered" | null;

/** With an email address in the message, this much of a skill's meaning starts the skill that asks for one. */
const LEAD_EVIDENCE = 0.15;

// Asking to have something now: "I want", "can I get", "queria 2", "ponme". "Queria saber" only asks.
const orderingNow =
  /\b(?:i want|i d like|i would like|i ll have|i ll take|i ll get|can i get|can i have|can i order|could i get|could i have|could i order|give me|we want|we d like|we ll have|quero(?! saber)|queria(?! saber)|queremos(?! saber)|quiero(?! saber)|quisiera(?! saber)|queriamos(?! saber)|me da|me pones|ponme|mandame|manda me|pedir|encomendar|order (?:\d|one|two|a|an|some))\b/;
// "can u deliver 2 bravas 2 croquetas ... and how much is delivery": items counted are an order.
const counted = /\b\d{1,2}\s+(?!(?:pm|am|h|hs|min|mins|minutes|minutos|people|persons|pessoas|personas|euros?|eur)\b)[a-z]{3,}/;
// "No quiero reservar todavía", "I don't want to order yet": wanting said in the negative.
const notWanting =
  /\b(?:no|nao|not|dont|don t|do not|ainda nao|todavia no)\s+(?:quiero|quero|queria|queremos|want|wanna|quisiera|gostaria|going to)\b/;
function ordersNow(text: string): boolean {
  const n = normalize(text);
  if (notWanting.test(n) && !counted.test(n)) return false;
  return orderingNow.test(n) || counted.test(n);
}

export async function routeByIntent(turn: Turn, skills: RunnableSkill[]): Promise<Route> {
  const text = turn.message.text;
  // A button of the question below: its id names the skill.
  const pressed = typeof turn.message.content?.id === "string" ? turn.message.content.id : "";
  const chosen = pressed.startsWith("skill:") ? skills.find((s) => `skill:${s.id}` === pressed) : undefined;
  if (chosen) return chosen;
  // "is marco in on saturdays?", "¿la revisión la hace la doctora Gómez?": a question about the staff is
  // answered from their hours and services (retrieval/staff-answer.ts); no booking starts, and
  // "qual é o horário do Marco?" is his hours, not the business's.
  if (staffQuestion(text) && (await staffReply(turn.db, turn.businessId, text, await turnLanguage(turn)))) return null;
  // A question that asks only about the business's stated facts (hours, address, delivery and what it
  // costs, payment) is answered from its settings, whatever skill its words recall ("e tem pedido mínimo?").
  // "can i get two diavolas n one margherita delivered pls, also do u take mb way": an order asked for
  // beside the question is still an order (the skill answers the question as it starts).
  const slotAsked = asksForSlot(text);
  if (factQuestion(text)?.rests.length === 0 && !ordersNow(text) && !slotAsked) return null;
  // "tem horário pra unha amanhã depois das 5?": a free time asked for a service the business offers.
  const appointments = skills.find((s) => skillKind(s.graph) === "appointment");
  if (slotAsked && appointments && (await serviceNamedIn(turn.db, turn.businessId, text))) return appointments;
  // "mi hijo tiene 7 años y necesita una revisión", "I need a filling": a service the business offers,
  // needed or wanted, is a booking (a price or a duration asked of it is answered instead, below).
  if (
    appointments &&
    needsService.test(normalize(text)) &&
    !asksPrice(text) &&
    !asksDuration(text) &&
    (await serviceNamedIn(turn.db, turn.businessId, text))
  )
    return appointments;
  // "e se a encomenda for de 50 euros?" after "quanto custa o envio?": the facts again, no order.
  if (asksWhatIf(text) && factQuestion(turn.loaded?.previousInboundText ?? "")?.topics.length) return null;
  // "¿y con barba?" after "¿cuánto cuesta un corte de hombre?": the price of the two together is asked, no booking.
  if (addedToService(text) && asksPrice(turn.loaded?.previousInboundText ?? "")) return null;
  // "¿usted es un robot o una persona? jaja": a question about the assistant and nothing else starts no
  // skill ("una persona" is no party of one); it is answered as small talk.
  if (onlyAsksIfBot(text, turn.businessName)) return null;
  // "Dói-me imenso um dente, podem ver-me hoje?": pain or an emergency said outright is no booking for the
  // service one of its words recalls ("dente", a cleaning) when the business says what to do in an
  // emergency (a clinic's same-day line): that answers it, as it does when no service is recalled.
  if (saysPain(text) && (await knowledgeOnEmergencies(turn, text))) return null;
  const decision = await decideIntent(turn.db, turn.businessId, turn.assistant.id, skills, text);
  // "encomendei há mais de uma hora e ainda não chegou nada!!! Onde está a minha encomenda?": a grievance
  // said outright is a complaint, whatever the question in it recalls (never a knowledge answer). With a
  // model configured, the model settles it (it may hand off itself).
  const aggrieved = decision.intent?.kind !== "skill" && !llmSettings() && soundsAggrieved(text);
  const intent: Intent | null = aggrieved ? { kind: "complaint" } : decision.intent;
  const asking = text.includes("?") || questionParts(text).length > 0;
  if (intent?.kind === "menu") {
    const language = await turnLanguage(turn);
    const menu = await menuReply(turn.db, turn.businessId, skills, language);
    if (menu) {
      await setMisses(turn, 0);
      await reply(turn, menu);
      return "answered";
    }
    return null;
  }
  // "quería reservar para 3 el sábado a las 14:00. Mi hijo es alérgico a los frutos secos": the booking
  // is made, the allergy kept as its note, and a person offered beside it (the skill's questions do).
  if (intent?.kind === "allergy") {
    const booking = await impliedSkill(turn, skills);
    if (booking) return booking;
  }
  if (intent && intent.kind !== "skill" && intent.kind !== "question") {
    const language = await turnLanguage(turn);
    await setMisses(turn, 0);
    // "Are the croquetas safe for a nut allergy? Any chance of traces?": what the business says about
    // allergies (traces, what it cannot guarantee) first, then a person for what is safe.
    if (intent.kind === "allergy") {
      const known = await retrievalReply(turn.db, turn.businessId, turn.assistant.id, text, language, { businessName: turn.businessName });
      if (known) {
        turn.unbilled += countTokens(known.context);
        // A text that itself sends the customer to the staff is the offer of a person.
        if (pointsToPerson(known.text)) {
          await offerPerson(turn, language, intent.kind, known.text);
          return "answered";
        }
        await reply(turn, known.text);
      }
    }
    await offerPerson(turn, language, intent.kind, t(language, `offer.${intent.kind}`));
    return "answered";
  }
  // The message's values: a party size and a time, menu items with quantities. Not for a question whose
  // words are far from that skill ("a set menu for groups? we'd be 7" is no booking).
  const implied = await impliedSkill(turn, skills);
  const impliedScore = decision.classification.ranked.find((r) => r.intent === `skill:${implied?.id}`)?.score ?? 0;
  // Values said beside the questions still ask for it: "I want 3 diavolas, and is there parking nearby?".
  const beside =
    implied && intent?.kind === "question" && asking && impliedScore < UNSURE ? await impliedSkill(turn, skills, { besideQuestions: true }) : implied;
  // "Kindly share the price of the Caesar salad and the Lasagna, I will revert with my order": prices
  // asked, nothing ordered yet. The prices are the answer; no order starts (a booking said beside still does).
  // "¿Cuánto es el envío?" beside the items and an address asks the delivery's price: that is an order.
  const onlyPrices =
    asksPrice(text) && asksSomething(text) && !ordersNow(text) && !readAddressInText(text) && !factQuestion(text)?.topics.includes("deliveryCost");
  // "hay descuento si compro 5?", "a discount if I buy 5 teas?": a deal asked about is answered (or a
  // person offered), no order started; the count is of the case asked about ("quero 5 chás, há desconto?"
  // orders). A skill of the business's own about deals still starts.
  const onlyDeal = asksDiscount(text) && !orderingNow.test(normalize(text));
  const ordering = (skill: RunnableSkill | undefined) => !!skill && skillKind(skill.graph) === "order";
  if ((onlyPrices || onlyDeal) && (implied ? ordering(implied) : intent?.kind === "skill" && ordering(intent.skill))) return null;
  // "how much is just a haircut and beard?", "¿cuánto tarda un corte y barba?": what a service costs or
  // how long it takes, asked with no day, no time and no wish to book, is answered; no booking starts.
  if (intent?.kind === "skill" && skillKind(intent.skill.graph) === "appointment" && onlyAsksAboutService(turn, text)) return null;
  if (implied && beside) return implied;
  if (intent?.kind === "skill" && asking && (await knowledgeSaysIt(turn, intent.skill, text))) return null;
  if (intent?.kind === "skill") return intent.skill;
  // "...you can reach me at ana@example.com": an email address for the skill that asks for one.
  if (/[^\s@]@[\w-]+(?:\.[\w-]+)+/.test(text)) {
    const likely = (s: RunnableSkill) => (decision.classification.ranked.find((r) => r.intent === `skill:${s.id}`)?.score ?? 0) >= LEAD_EVIDENCE;
    const emailed = skills.find((s) => likely(s) && slotsOf(s.graph).some((slot) => slot.role === "email"));
    if (emailed) return emailed;
  }
  // A clear question is answered by the knowledge; about the menu, with the menu when no item answers it.
  if (intent?.kind === "question" && asking) {
    const menuScore = decision.classification.ranked.find((r) => r.intent === "menu")?.score ?? 0;
    if (menuScore < UNSURE) return null;
    const language = await turnLanguage(turn);
    if (await retrievalReply(turn.db, turn.businessId, turn.assistant.id, text, language)) return null;
    const menu = await menuReply(turn.db, turn.businessId, skills, language);
    if (!menu) return null;
    await setMisses(turn, 0);
    await reply(turn, menu);
    return "answered";
  }
  // With an LLM the model settles what is unclear; a question or small talk is answered as it is.
  if (!decision.unsure.length || llmSettings() || smallTalk(text, turn.businessName) || asking) return null;
  const language = await turnLanguage(turn);
  // Something the knowledge answers is no skill.
  if (await retrievalReply(turn.db, turn.businessId, turn.assistant.id, text, language)) return null;
  // Not understood twice in a row: a person takes over.
  if (turn.conversation.misses >= 1) {
    await handOffSaying(turn, "not_understood", t(language, "noAnswerHandoff"));
    return "answered";
  }
  await setMisses(turn, turn.conversation.misses + 1);
  const names = decision.unsure.map((s) => s.name);
  const options = names.length > 1 ? t(language, "clarifyOr", { first: names[0], second: names[1] }) : names[0];
  await offerPerson(
    turn,
    language,
    "not_understood",
    t(language, "clarifySkill", { options }),
    names.map((title, i) => ({ id: `skill:${decision.unsure[i].id}`, title })),
  );
  return "answered";
}

/**
 * A request for a person that also complains gets an apology first: "...I have a complaint about my
 * order", "WHERE IS MY ORDER. I ordered over an hour ago. I want a manager NOW" (the sentences beside
 * the request, read alone), or a request that follows the complaint the customer just sent ("My order
 * arrived cold." then "I want to speak to a manager").
 */
export async function complains(turn: Turn, skills: RunnableSkill[]): Promise<boolean> {
  const text = turn.message.text;
  if (soundsAggrieved(text)) return true;
  const beside = text
    .split(/[.!?\n]+/)
    .map((s) => s.trim())
    .filter((s) => words(s).length >= 3 && !asksForHuman(s));
  const before = await previousInboundText(turn);
  const readings = [text, beside.join(". "), ...(before ? [before] : [])].filter(Boolean);
  for (const reading of new Set(readings)) {
    const { classification } = await decideIntent(turn.db, turn.businessId, turn.assistant.id, skills, reading);
    const complaint = classification.ranked.find((r) => r.intent === "complaint");
    if (complaint && complaint.score >= UNSURE && complaint.score >= (classification.ranked[0]?.score ?? 0) - 0.05) return true;
  }
  return false;
}

/** The customer's message before this one, when it came in the last half hour (the same grievance). */
async function previousInboundText(turn: Turn): Promise<string | null> {
  const [previous] = await turn.db
    .select({ text: messages.text, at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, turn.conversation.id), eq(messages.direction, "inbound"), lt(messages.id, turn.message.id)))
    .orderBy(desc(messages.id))
    .limit(1);
  if (!previous?.text) return null;
  return now().getTime() - new Date(previous.at).getTime() <= 30 * 60_000 ? previous.text : null;
}

const asksToBeContacted =
  /\b(contact me|contact us|call me|call us|email me|text me|get back to me|reach me|quote|estimate|i d like|i would like|we d like|we would like|i want|we want|interested|orcamento|contactem|contactar|liguem|ligar me|gostaria|queria|quero|estou interessad[oa]|presupuesto|contacten|contactad|llamadme|llamenme|quisiera|me gustaria|quiero|queremos|interesad[oa])\b/;

/**
 * "¿Vendéis tarjetas regalo?": a question whose words are a lead skill's trigger ("tarjetas regalo",
 * "gift cards") but which the business's own knowledge answers ("No vendemos vales ni tarjetas regalo")
 * is a question, not a request to be contacted: it is answered, and no lead is started.
 */
async function knowledgeSaysIt(turn: Turn, skill: RunnableSkill, text: string): Promise<boolean> {
  if (skillKind(skill.graph) !== "lead") return false;
  const said = skill.keywords.filter((k) => containsPhrase(text, k));
  // Named by its meaning, not its words ("do you sell gift vouchers?"): a question the knowledge answers
  // is answered, unless the customer also asks to be contacted or for a quote.
  if (!said.length && asksToBeContacted.test(words(text).join(" "))) return false;
  const answer = await retrievalReply(turn.db, turn.businessId, turn.assistant.id, text, await turnLanguage(turn));
  if (!said.length) return Boolean(answer);
  return Boolean(answer && said.some((k) => containsPhrase(answer.text, k)));
}

const needsService =
  /\b(?:need|needs|want|wants|would like|d like|necesito|necesita|necesitamos|necesitan|quiero|quiere|quisiera|queria|quero|quer|queremos|preciso|precisa|precisamos|gostaria)\b/;

const wantsBooking =
  /\b(?:book|booking|appointment|schedule|slot|slots|free|available|availability|fit me in|marcar|marcacao|agendar|horario|vaga|vagas|cita|citas|hueco|huecos|reservar|reserva|disponible|disponivel)\b/;

function onlyAsksAboutService(turn: Turn, text: string): boolean {
  if (!(asksPrice(text) || asksDuration(text)) || !asksSomething(text) || ordersNow(text)) return false;
  if (wantsBooking.test(normalize(text))) return false;
  return readWhenParts(text, { timeZone: turn.timeZone, now: now() }) === null;
}

/** Whether every sentence of the message either asks if the assistant is a bot or is small talk. */
function onlyAsksIfBot(text: string, businessName?: string): boolean {
  if (!asksIfBot(text)) return false;
  return text
    .split(/[.!?\n]+/)
    .filter((s) => !asksIfBot(s))
    .every((s) => !meaningfulWords(s).length || smallTalk(s, businessName) !== null);
}

/** Whether the knowledge's answer to the message is about emergencies (what the business says to do). */
async function knowledgeOnEmergencies(turn: Turn, text: string): Promise<boolean> {
  const language = await turnLanguage(turn);
  const ask = (q: string) => retrievalReply(turn.db, turn.businessId, turn.assistant.id, q, language);
  // The whole message, else its pain words alone (a long message matches no item as a whole).
  const pain = painQuery(text);
  const known = (await ask(text)) ?? (pain ? await ask(pain) : null);
  return !!known && EMERGENCY_TEXT.test(normalize(known.text));
}
