import "server-only";
import { defers } from "../understanding/deferral";
import { now } from "../../time/clock";
import type { SkillGraph, TypedNode } from "../../shared/graph-schema";
import { turnLanguage } from "../base/conversation-language";
import { cartOf } from "../engine/cart-node";
import { newRun, type Outcome, releaseUnlessKept, sessionRun, triggerOf, walk } from "../engine/interpreter";
import { endSession, type Session, saveSession } from "../../conversations/skill-sessions";
import { ASK_QTY, EDITING, LANG, NOTES, OFFERED, REFUSAL, type SkillRun, SWITCH, whenParts } from "../engine/run-state";
import { alternatives, rangesOn, slotFor } from "../engine/availability-node";
import { wallClock } from "../../time/time-zone";
import { asMeant } from "../understanding/repairs";
import { mentionsAllergen, staffNotes } from "../understanding/staff-notes";
import { partyChange } from "../understanding/party-size";
import { isDetectedLanguage, type DetectedLanguage } from "../../language";
import { languageScores } from "../understanding/language";
import { t } from "../messages";
import { reply } from "../base/reply";
import { answerEachQuestion, sayAnswer } from "./questions";
import { pointsToPerson } from "../understanding/deferral";
import { offerPerson } from "../base/person-offer";
import { hasSearchWords } from "../retrieval/search-index";
import { matchTrigger, type RunnableSkill, searchIgnored } from "../retrieval/skill-catalog";
import { onlyThanks, smallTalk } from "../understanding/small-talk";
import { readInterest } from "../understanding/interest";
import { countTokens } from "../understanding/tokens";
import { topicalKnowledge } from "../retrieval/retrieval-reply";
import { asksPrice, asksSomething, factQuestion, statedPayment } from "../understanding/fact-questions";
import { factsReply } from "../retrieval/facts-answer";
import { servedDays } from "../understanding/served-days";
import { fallbackDay } from "../understanding/when";
import { skillKind } from "../retrieval/skill-intents";
import { containsPhrase, normalize } from "../understanding/text-match";
import type { Turn } from "../base/turn-context";
import { addsSomething, agreementBeside, agreesWhileAnswering, isCancel, isCorrection, questionParts, saysNo, saysYes } from "../understanding/acts";
import { applyCartChanges, readCartChanges } from "../engine/cart";
import { emptyCart } from "../engine/cart-math";
import { OFFER_QTY } from "../engine/cart-node";
import { list, phrases, weekdayName } from "../base/phrases";
import { questionClauses, type Understanding } from "../llm/llm-understand";
import {
  extractSlots,
  mergeWhen,
  readAddress,
  readAddressInText,
  readFulfilment,
  readName,
  readNameAnswer,
  readNameInText,
  readPartySize,
  type Slot,
  slotsOf,
} from "../understanding/slots";
import { readWhenParts, rollPastWeekday, toIso, type WhenParts } from "../understanding/when";
import { searchServices, serviceInLastReply, serviceNamedIn } from "../retrieval/service-search";
import { sayClosedForOrder } from "./order-hours";

// The dialogue manager: every message to a running skill (and every message that starts one) is
// first understood as acts: answers and corrections (slot values said with their context), a cancel,
// a question, another skill's trigger, small talk. Then: a cancel ends the session and stores nothing;
// slot values fill the skill's questions (a correction re-walks the graph from its start, so every
// question already answered is skipped and the confirmation is asked again); a question is answered
// and the pending question asked again; another skill's trigger asks whether to drop this one; small
// talk gets a short reply. Whatever is left is the pending question's answer, read by its node.

export type Understood = {
  lang: DetectedLanguage;
};

const langOf = (l: string): DetectedLanguage => (isDetectedLanguage(l) ? l : "en");

/**
 * The skill a message asks for without its trigger phrase: an order named by its items ("2 margheritas
 * and a coke for pickup"). Only items with a quantity, or with a way to get them, count.
 */
export async function impliedSkill(turn: Turn, skills: RunnableSkill[], { besideQuestions = false } = {}): Promise<RunnableSkill | null> {
  let text = asMeant(turn.message.text);
  // A message read as a question: only what is said beside its questions (or asked as a request,
  // "can i get 3 diavolas delivered") can start a skill: "I want 3 diavolas, and do you take card?".
  if (besideQuestions) {
    for (const q of questionParts(text)) if (!requestStart.test(normalize(q).replace(greetingWords, ""))) text = text.replace(q, " ");
    if (!normalize(text)) return null;
  }
  // A party size and a day or time ("sunday for 4 ppl", "2 personas, a las 20h"): a booking.
  if (readPartySize(text) !== null && readWhenParts(text, { timeZone: turn.timeZone, now: now() })) {
    // "the paella mixta for two to pick up tonight": a menu item to take away or have delivered is an order.
    const order = readFulfilment(text) ? await orderNaming(turn, skills, text, { counted: false }) : null;
    if (order) return order;
    const booking = skills.find(
      (s) => slotsOf(s.graph).some((slot) => slot.role === "party") && slotsOf(s.graph).some((slot) => slot.role === "when"),
    );
    if (booking) return booking;
  }
  // A service named with a day or time, or asked for ("I'd like a check-up tomorrow at 5pm", "queria
  // marcar uma limpeza", "¿me podéis hacer una limpieza el martes?"): an appointment.
  const appointment = skills.find((s) => s.graph.nodes.some((n) => n.type === "service"));
  if (appointment) {
    const when = readWhenParts(text, { timeZone: turn.timeZone, now: now() });
    const wants = when !== null || appointmentAsk.test(normalize(text));
    if (wants && !aboutHours.test(normalize(text))) {
      // A long message covers little of itself with a service's name: a word of the name said as written is enough.
      // Several services a word names alike ("um corte": the cuts) still ask for one: the skill asks which.
      // One service alone that a word recalls ("my teeth properly white") is the one asked for.
      const [best, second] = await searchServices(turn.db, turn.businessId, text);
      if (best && (best.coverage >= 0.5 || best.exactPrimaryHit || !second)) return appointment;
      // A day and a time with no service, right after a message that named one ("how much is the
      // whitening?" then "can I come on Friday at 4?"): that service's appointment.
      if (!best && when !== null && (await serviceNamedIn(turn.db, turn.businessId, turn.loaded?.previousInboundText ?? null))) return appointment;
      // Or that the business's answer before named ("a kids' cut costs the same as a men's haircut").
      if (!best && when?.date && when.time && (await serviceInLastReply(turn.db, lastReplyAsk(turn)))) return appointment;
    }
  }
  // "do you have pizza?" asks; "can I get a lasagna for pickup?" and "3 diavolas, and do you take card?" order.
  const asks = questionParts(text);
  if (
    asks.length &&
    !/\b(\d+|one|two|three|dos|tres|dois|duas|um|uma|una|un|unas|unos|umas|uns)\b/i.test(text) &&
    !asks.some((q) => requestStart.test(normalize(q).replace(greetingWords, ""))) &&
    // "I'd like to order a rooibos and an earl grey. Could they be delivered?": the request is said as a
    // sentence of its own beside the question.
    !statedRequest(text, asks)
  )
    return null;
  // "just do croquetas, pimientos de padron and the gambas for pickup then": items named for pickup or
  // delivery are an order, counted or not.
  return orderNaming(turn, skills, text, { counted: !readFulfilment(text) });
}

/** Whether a sentence that is none of the message's questions opens as a request ("I'd like to order...", "quisiera llevarme..."). */
function statedRequest(text: string, asks: string[]): boolean {
  let rest = text;
  for (const q of asks) rest = rest.replace(q, " ");
  return rest.split(/(?<=[.!?\n])\s+/).some((s) =>
    requestStart.test(
      normalize(s)
        .replace(greetingWords, "")
        .replace(/^(?:please|por favor|pf|porfa)\s+/, ""),
    ),
  );
}

/** The order skill whose menu has the items `text` names (with a quantity each when `counted`). */
async function orderNaming(turn: Turn, skills: RunnableSkill[], text: string, { counted }: { counted: boolean }): Promise<RunnableSkill | null> {
  for (const skill of skills) {
    const node = skill.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
    if (!node) continue;
    const address = readAddressInText(text);
    const changes = await readCartChanges(
      turn.db,
      turn.businessId,
      node.data.collection,
      address ? text.replace(address, " ") : text,
      emptyCart({}),
      [],
    );
    if (changes.some((c) => (c.kind === "add" || c.kind === "set") && (!counted || c.qty !== null))) return skill;
  }
  return null;
}

/**
 * "Noted" with the customer's notes, and what the business's knowledge says about a note's topic
 * ("a table on the terrace": "the terrace cannot be booked, first come first served").
 */
async function sayNoted(run: SkillRun, noted: string[]): Promise<void> {
  const { turn } = run;
  await reply(turn, t(run.lang, "noted", { note: noted.join("; ") }));
  const said = new Set<string>();
  for (const note of noted) {
    const known = await topicalKnowledge(turn.db, turn.businessId, turn.assistant.id, note, run.lang, turn.businessName);
    if (!known || said.has(known.text)) continue;
    said.add(known.text);
    turn.unbilled += countTokens(known.context);
    await sayAnswer(turn, run.lang, known.text);
  }
  // An allergy told beside a booking or an order is kept, and a person who knows the kitchen offered.
  if (noted.some(mentionsAllergen) && ![...said].some(pointsToPerson)) await offerPerson(turn, run.lang, "allergy", t(run.lang, "offer.allergy"));
}

/** Starts `skill` on the message that triggered it, with every slot the message fills already filled. */
export async function startWithSlots(
  turn: Turn,
  skill: RunnableSkill,
  skills: RunnableSkill[],
  variables: Record<string, unknown> = {},
): Promise<Outcome> {
  const language = await turnLanguage(turn);
  const run = newRun(turn, { ...skill, triggerPhrases: searchIgnored(skill) }, langOf(language));
  Object.assign(run.variables, variables);
  const asSaid = turn.message.text;
  // "two margheritas no wait three": read as said right the first time.
  turn.message = { ...turn.message, text: asMeant(turn.message.text) };
  const text = turn.message.text;
  const slots = slotsOf(skill.graph);
  const { changed, past, noted } = await fill(run, slots, text, null);
  // "change my booking" with nothing else said: the day and time are asked again.
  if (run.variables[EDITING] && !changed) {
    for (const slot of slots)
      if (slot.role === "when") {
        delete run.variables[slot.node.data.variable];
        delete run.variables[whenParts(slot.node.data.variable)];
      }
  }
  // A lead whose first message already says what it is about is not asked again.
  const interest =
    skillKind(skill.graph) === "lead" ? slots.find((s) => s.role === "text" && run.variables[s.node.data.variable] === undefined) : null;
  const said = interest ? readInterest(text, [skill.name, skill.description ?? "", ...skill.keywords, ...skill.examples.map((e) => e.text)]) : null;
  if (interest && said) {
    run.variables[interest.node.data.variable] = said;
    run.filled.add(interest.node.data.variable);
  }
  // A skill that goes straight to a free answer (an `ai` node) answers the message's questions itself.
  if (!answersFreely(skill.graph)) await answerQuestions(run, text, skills);
  // The wait said ("in 20 minutes") is read from the words as said: the readers above leave it out.
  await sayClosedForOrder(run, asSaid);
  if (noted.length) await sayNoted(run, noted);
  if (past) await reply(turn, past);
  return walk(run, overMaxNode(run) ?? triggerOf(skill.graph), false);
}

/** Whether the skill's trigger leads straight to an `ai` node, which answers the message as a whole. */
function answersFreely(graph: SkillGraph): boolean {
  const first = graph.edges.find((e) => e.source === triggerOf(graph))?.target;
  return graph.nodes.find((n) => n.id === first)?.type === "ai";
}

/**
 * A value the first message gave above its question's maximum ("somos um grupo de 25"): the walk
 * starts at that question, which hands off with the business's message at once, before the name or
 * the day is asked for a booking the assistant cannot take.
 */
function overMaxNode(run: SkillRun): string | null {
  for (const node of run.graph.nodes) {
    if (node.type !== "question" || node.data.max === undefined) continue;
    const value = run.variables[node.data.variable];
    if (typeof value === "number" && value > node.data.max) return node.id;
  }
  return null;
}

/** A message to a waiting session. Null when the message was not for the skill (the caller answers it). */
export async function continueWithDialogue(
  turn: Turn,
  session: Session,
  graph: SkillGraph,
  skills: RunnableSkill[],
  understanding: Understanding | null = null,
): Promise<Outcome> {
  const detected = await turnLanguage(turn);
  // "pedro", "2", "ok" say nothing about language: the session's language stands.
  const evidence = Object.values(languageScores(turn.message.text)).some((n) => n > 0);
  const language = understanding?.language ?? (evidence ? detected : (rememberedLang(session.variables) ?? detected));
  const lang = langOf(language);
  const run = sessionRun(turn, session, graph, lang);
  run.modelQuestions = questionClauses(understanding);
  const asSaid = turn.message.text;
  // "two margheritas no wait three": read as said right the first time.
  turn.message = { ...turn.message, text: asMeant(turn.message.text) };
  let text = turn.message.text;
  const pending = graph.nodes.find((n) => n.id === session.nodeId);
  const current = skills.find((s) => s.id === session.skillId);

  // A pending "drop this and start the other skill?".
  const switching = run.variables[SWITCH] as { skillId: string; text: string } | undefined;
  if (switching) {
    delete run.variables[SWITCH];
    const other = skills.find((s) => s.id === switching.skillId);
    if (other && saysYes(text)) {
      await releaseUnlessKept(run);
      await endSession(turn.db, turn.conversation.id);
      turn.message = { ...turn.message, text: switching.text };
      return startWithSlots(turn, other, skills);
    }
    if (saysNo(text)) {
      await reply(turn, phrases[lang].keepGoing);
      return walk(run, session.nodeId, false);
    }
  }

  // "esquece a diavola", "ya no quiero las croquetas": an item out of the cart, not the order cancelled.
  // "ah nvm then, ill just pick it up instead": the way changes, the order stands.
  const otherWay = /\b(instead|em vez|en vez|en lugar|rather)\b/i.test(normalize(text)) && readFulfilment(text) !== null;
  const cancelling = (isCancel(text) && !otherWay && !(await changesCart(run, text))) || (understanding?.acts.includes("cancel") ?? false);
  if (cancelling && !(pending?.type === "question" && pending.data.confirm && saysNo(text))) {
    await releaseUnlessKept(run);
    await endSession(turn.db, turn.conversation.id);
    await reply(turn, t(language, "cancelled"));
    // "esquece a mesa, prefiro encomendar: 2 margheritas": what is asked instead starts.
    const others = skills.filter((s) => s.id !== session.skillId);
    const instead = matchTrigger(text, others) ?? (await impliedSkill(turn, others));
    if (instead) return startWithSlots(turn, instead, skills);
    // "esquece a reserva. vcs fazem entregas?": the question is still answered.
    await answerQuestions(run, text, skills, { requests: false });
    return { kind: "ended" };
  }

  // "lo hablo con mis compañeros y os digo": the decision is put off. Nothing is asked again and
  // nothing is kept; a question said with it is still answered.
  if (defers(text) && !(pending?.type === "question" && pending.data.confirm && saysYes(text))) {
    await answerQuestions(run, text, skills, { requests: false });
    await releaseUnlessKept(run);
    await endSession(turn.db, turn.conversation.id);
    await reply(turn, t(language, "deferred"));
    return { kind: "ended" };
  }

  const slots = slotsOf(graph);
  const pendingSlot = pending?.type === "question" ? slots.find((s) => s.node.id === pending.id) : undefined;
  // "Perfect, Ben Carter" at the name: agreement said with the last detail confirms what was asked for.
  if (pending?.type === "question" && !pending.data.confirm && agreesWhileAnswering(text)) run.agreed = true;
  const { changed, corrected, past, noted } = await fill(run, slots, text, pendingSlot ?? null, pending, understanding);
  await sayClosedForOrder(run, asSaid);
  if (noted.length) {
    await sayNoted(run, noted);
    // What is left once the notes are out is read as usual; a message that was only a note asks again.
    for (const note of noted) text = text.replace(note, " ");
    turn.message = { ...turn.message, text };
    if (!changed && !/\p{L}{3,}/u.test(text)) return walk(run, session.nodeId, false);
    // "..., precisamos de uma cadeira de bebé. De resto está tudo certo": the note and a yes.
    const agreed = pending?.type === "question" && pending.data.confirm ? agreementBeside(text) : null;
    if (agreed) {
      text = agreed;
      turn.message = { ...turn.message, text };
    }
    // At a confirmation, what is left of a note ("..., que mi mujer no lo aguanta") is no yes or no.
    if (!changed && pending?.type === "question" && pending.data.confirm && !saysYes(text) && !saysNo(text)) return walk(run, session.nodeId, false);
  }

  if (changed) {
    // "Claire Bennett. Sorry, could we make that 13:30 instead?": the name asked for, and a change.
    takeLeadingName(run, pendingSlot, text);
    await answerQuestions(run, text, skills);
    if (past) await reply(turn, past);
    // A correction (or a value for another question than the one asked) re-walks from the start:
    // answered questions are skipped and the confirmation comes again with the new values.
    if (corrected || !pendingSlot || !run.filled.has(pendingSlot.node.data.variable)) {
      run.retries = 0;
      return walk(run, overMaxNode(run) ?? triggerOf(graph), false);
    }
    return walk(run, session.nodeId, true);
  }
  if (past !== null) {
    if (past) await reply(turn, past);
    return walk(run, session.nodeId, false);
  }

  // Not a value for any slot: a question, small talk, another skill, or the pending question's answer.
  const accepted = pending?.type === "question" && acceptsDirectly(run, pending, text);
  if (!accepted) {
    const talk = smallTalk(text, turn.businessName);
    // Inside a skill a question naming a trigger word ("what's the minimum order?") is still a question;
    // a message that is no question part but no answer either ("uhh whats the address again") is tried whole.
    const freeTextPending = pendingSlot?.role === "name" || pendingSlot?.role === "address";
    const answered = await answerQuestions(run, text, skills, { requests: false, whole: !talk && freeTextPending });
    if (answered || talk) {
      if (!answered && talk) await reply(turn, t(language, `smallTalk.${talk.kind}`));
      // "Martín Sosa. ¿Y cuánto sale la paella?": the name asked for, then the question answered.
      if (takeLeadingName(run, pendingSlot, text)) return walk(run, triggerOf(graph), false);
      // "thanks", "bye" after the menu was shown, nothing chosen: the customer was only looking; the
      // numbered menu is not sent again.
      const onlyLooking = pending?.type === "catalog" && !answered && (talk?.kind === "thanks" || talk?.kind === "goodbye");
      if (onlyLooking && !cartNodeHasItems(run)) {
        await releaseUnlessKept(run);
        await endSession(turn.db, turn.conversation.id);
        return { kind: "ended" };
      }
      return walk(run, session.nodeId, false);
    }
    // Another skill named by its words, or by its values ("mejor pido a domicilio: 3 diavolas").
    const others = skills.filter((s) => s.id !== session.skillId);
    const other = matchTrigger(text, others) ?? (await impliedSkill(turn, others));
    if (other) {
      run.variables[SWITCH] = { skillId: other.id, text };
      await reply(turn, t(language, "switchSkill", { current: current?.name ?? "", next: other.name }));
      await saveSession(turn.db, turn.businessId, turn.conversation.id, {
        skillId: run.skillId,
        version: run.version,
        nodeId: session.nodeId,
        variables: run.variables,
        retries: run.retries,
      });
      return { kind: "waiting" };
    }
  }
  return walk(run, session.nodeId, true);
}

/**
 * At the name question, a name said as the message's first sentence before something else ("Claire
 * Bennett. Sorry, could we make that 13:30 instead?", "Martín Sosa. ¿Y cuánto sale la paella?") is the
 * answer. Fills it and says whether it did.
 */
function takeLeadingName(run: SkillRun, pendingSlot: Slot | undefined, text: string): boolean {
  if (pendingSlot?.role !== "name") return false;
  const v = pendingSlot.node.data.variable;
  if (run.filled.has(v) && run.variables[v]) return false;
  // The first sentence, ended by a full stop (a question is no name: "do you have parking? Helen").
  const first = text.split(/(?<=\p{L})[.!]\s+/u)[0]?.trim() ?? "";
  const plain = !!first && first.length < text.trim().length && !/[?¿]/.test(first) && !asksSomething(first);
  const name = (plain ? readName(first) : null) ?? readNameInText(text);
  if (!name) return false;
  run.variables[v] = name;
  run.filled.add(v);
  return true;
}

/** The item whose count the cart asked for ("How many Rooibos?"), by external id; null when none is asked. */
function asked(run: SkillRun): string | null {
  const v = run.variables[ASK_QTY] as { externalId?: unknown } | undefined;
  return typeof v?.externalId === "string" ? v.externalId : null;
}

/** Whether the skill's cart (if it has one) holds anything yet. */
function cartNodeHasItems(run: SkillRun): boolean {
  const node = run.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
  return !!node && cartOf(run, node).items.length > 0;
}

/** Whether the pending question's own reading takes the message as its answer (a bare "4", "Ana", "yes"). */
function acceptsDirectly(run: SkillRun, node: TypedNode<"question">, text: string): boolean {
  if (/\?/.test(text)) return false;
  if (node.data.kind === "choice") return !smallTalk(text) || saysYes(text) || saysNo(text) || (!!node.data.confirm && onlyThanks(text));
  if (node.data.kind === "number") return /^\W*(\d+|[a-z]+)\W*$/i.test(text.trim()) || readPartySize(text) !== null;
  if (node.data.kind === "text") {
    const role = slotsOf({ nodes: [node], edges: [] })[0]?.role;
    if (role === "name") return readNameAnswer(text) !== null;
    if (role === "address") return readAddress(text) !== null;
    return !smallTalk(text) && text.trim().split(/\s+/).length <= 6;
  }
  void run;
  return false;
}

/**
 * Fills slots from the message. `changed`: some slot got a new value; `corrected`: a slot that had a
 * value got another one; `past`: the date-time said is in the past (the reason, to tell the customer,
 * with the nearest open times); `noted`: what the customer said for the staff, kept on the record.
 */
async function fill(
  run: SkillRun,
  slots: Slot[],
  text: string,
  pendingSlot: Slot | null,
  pending?: SkillGraph["nodes"][number],
  understanding: Understanding | null = null,
): Promise<{ changed: boolean; corrected: boolean; past: string | null; noted: string[] }> {
  const { turn } = run;
  const ctx = { timeZone: turn.timeZone, now: now() };
  const found = { ...extractSlots(text, slots, run.variables, ctx), ...modelSlots(understanding, slots) };
  let changed = false;
  let corrected = false;
  let past: string | null = null;
  const correcting = isCorrection(text) || (understanding?.acts.includes("correction") ?? false);
  const set = (variable: string, value: unknown) => {
    const before = run.variables[variable];
    if (before === value) return;
    if (before !== undefined && before !== null && before !== "") corrected = true;
    run.variables[variable] = value;
    run.filled.add(variable);
    changed = true;
  };
  // A question that takes free text (a lead's interest) takes the whole message as its answer, not as a note.
  const noted = pendingSlot?.role === "text" ? [] : keepNotes(run, text);
  const partySlot = slots.find((s) => s.role === "party");
  if (partySlot && !(partySlot.node.data.variable in found)) {
    const v = partySlot.node.data.variable;
    const bare = /^\D*?\b([1-9]\d{0,2})\b\D*$/.exec(
      text.replace(
        /\b\d{1,2}[:h.]\d{2}(?!\d)(?:\s*(?:am|pm)\b)?|\b\d{1,2}\s*(am|pm|h)\b|\b\d{1,2}[/-]\d{1,2}\b|\b(at|as|às|a las|pelas|till|until|til|by|after|before|from|around|hasta|desde|até|ate|sobre las|depois das|antes das)\s+\d{1,2}(?:[:h.]\d{2})?\b/gi,
        " ",
      ),
    );
    const cartNode = run.graph.nodes.some((n) => n.type === "catalog" && n.data.cart === true);
    // A bare number is the answer to a number question, unless it belongs to a time or a date ("8pm");
    // said as a correction at another question ("sorry, so 5"), it is the party size again.
    if (bare && pendingSlot === partySlot && (correcting || Object.keys(found).length > 0)) found[v] = Number(bare[1]);
    else if (bare && correcting && !cartNode && typeof run.variables[v] === "number" && pendingSlot?.role !== "address") found[v] = Number(bare[1]);
    else if (typeof run.variables[v] === "number") {
      // "one more person is joining", "ma pal cannae make it".
      const delta = partyChange(text);
      if (delta) found[v] = Math.max(1, (run.variables[v] as number) + delta);
    }
  }
  for (const slot of slots) {
    const v = slot.node.data.variable;
    if (slot.role === "when" || slot.role === "date") {
      const parts = found[`$parts_${v}`] as WhenParts | undefined;
      if (!parts) continue;
      const key = whenParts(v);
      const merged = mergeWhen(run.variables[key] as WhenParts | undefined, parts);
      // "tuesday then, same time": the time refused before comes back.
      // "can we do Saturday instead, same time?": the time of the date-time given before stands.
      const before = (run.variables[key] as WhenParts | undefined)?.time;
      if (!merged.time && /\b(same time|mesma hora|misma hora|same hour|a la misma hora|a mesma hora)\b/i.test(text))
        merged.time = merged.lastTime ?? before;
      // "saturday" said on a Saturday, then a time already past: next Saturday.
      rollPastWeekday(merged, ctx);
      run.variables[key] = merged;
      // "segunda ao jantar" on a day the business is closed: said at once, with the nearest open times.
      const closed = slot.role === "when" && merged.date && !merged.time ? closedOn(run, v, merged.date, merged.meal) : null;
      if (closed) {
        past = refusal(run, closed.why, closed.nearest);
        delete merged.date;
        delete merged.sameWeekday;
        continue;
      }
      if (slot.role === "date" && merged.date) set(v, merged.date);
      if (slot.role === "when" && merged.date && merged.time) {
        let iso = toIso(merged.date, merged.time, turn.timeZone);
        // A past time, or one the business is not open at ("sunday at 15:30" when lunch ends at 15:00),
        // is said at once with the nearest open times, and the time is asked again.
        let shut = new Date(iso).getTime() <= ctx.now.getTime() ? t(run.lang, "pastTime") : closedAt(run, v, iso);
        // "el lunes a las 21h. Si el lunes cerráis, pues el martes a la misma hora": the day said for that case.
        const otherwise = shut ? fallbackDay(text, ctx) : null;
        if (otherwise?.date) {
          const alternative = toIso(otherwise.date, otherwise.time ?? merged.time, turn.timeZone);
          const shutToo = new Date(alternative).getTime() <= ctx.now.getTime() ? t(run.lang, "pastTime") : closedAt(run, v, alternative);
          if (!shutToo) {
            merged.date = otherwise.date;
            merged.time = otherwise.time ?? merged.time;
            iso = alternative;
            shut = null;
          }
        }
        if (shut) {
          past = refusal(run, shut, nearestTimes(run, v, iso));
          merged.lastTime = merged.time;
          delete merged.time;
          // A day the business is closed all day is not kept: the question that follows asks the day again
          // without saying the refusal twice, and "tuesday then, same time" still finds the time.
          if (closedOn(run, v, merged.date, merged.meal)) {
            delete merged.date;
            delete merged.sameWeekday;
          }
          if (run.variables[v] !== undefined) {
            delete run.variables[v];
          }
        } else set(v, iso);
      } else if (slot.role === "when" && (parts.date || parts.meal) && run.variables[v] !== undefined) {
        // A new day without a time: the old date-time no longer stands; the time is asked.
        delete run.variables[v];
        changed = true;
        corrected = true;
      }
      continue;
    }
    if (slot.role === "address") continue;
    if (v in found) {
      // A value said for the very question being asked is its answer, not a correction.
      set(v, found[v]);
      if (pendingSlot && pendingSlot.node.data.variable === v && run.variables[v] === found[v]) run.filled.add(v);
    }
  }
  // The cart: items, quantities, removals said in any message; at a free-text question (a name, an
  // address) only a change said as one ("actually no tiramisu"), which is then no answer to it.
  const cartNode = run.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
  const freeText = pendingSlot && (pendingSlot.role === "name" || pendingSlot.role === "address" || pendingSlot.role === "text");
  const atOffer = pending?.type === "catalog" && (Array.isArray(run.variables[OFFERED]) || run.variables[ASK_QTY]);
  let cartChanged = false;
  // "Awesome, that's everything — Megan Walsh" at the confirmation agrees; it orders nothing more.
  const agreeing =
    pending?.type === "question" &&
    !!pending.data.confirm &&
    (agreesWhileAnswering(text) || onlyThanks(text)) &&
    !/\d/.test(text) &&
    !addsSomething(text) &&
    !explicitCartChange.test(normalize(text));
  if (cartNode && !agreeing && (!freeText || cartChangeWords.test(normalize(text))) && !(atOffer && /^\W*\d{1,2}\W*$/.test(text))) {
    const cart = cartOf(run, cartNode);
    const before = JSON.stringify(cart.items);
    // The address said in the same breath ("... to Rua Augusta 50") names no menu item.
    const address = readAddressInText(text);
    const itemsText = address ? text.replace(address, " ") : text;
    const read = await readCartChanges(turn.db, turn.businessId, cartNode.data.collection, itemsText, cart, run.triggerPhrases);
    // An item its description serves only on some days ("solo los fines de semana") is not ordered on another.
    const today = wallClock(now(), turn.timeZone).weekday;
    const notToday = read.filter((c) => (c.kind === "add" || c.kind === "set") && !(servedDays(c.row.description)?.has(today) ?? true));
    const changes = read.filter((c) => !notToday.includes(c));
    // "Paella mixta: not served today (only on Saturday and Sunday)." The days it is served are said.
    for (const c of notToday) {
      if (c.kind !== "add" && c.kind !== "set") continue;
      const days = [...(servedDays(c.row.description) ?? [])].sort((a, b) => a - b).map((d) => weekdayName(d, run.lang));
      const when = days.length ? ` (${t(run.lang, "servedOnly", { days: list(days, phrases[run.lang].and) })})` : "";
      await reply(turn, `${c.row.title}: ${t(run.lang, "notServedToday")}${when}.`);
    }
    // Items named outright answer the open "which one?" as well.
    if (changes.some((c) => c.kind !== "ambiguous")) {
      delete run.variables[OFFERED];
      delete run.variables[OFFER_QTY];
    }
    if (!freeText || changes.some((c) => c.kind !== "ambiguous")) {
      const { askQty, offer, removed, soldOut } = applyCartChanges(cart, changes);
      if (soldOut.length) await reply(turn, `${list(soldOut, phrases[run.lang].and)}: ${t(run.lang, "outOfStock")}.`);
      if (askQty) run.variables[ASK_QTY] = { externalId: askQty.externalId, title: askQty.title };
      // "How many rooibos?" answered by "four rooibos and two infusers": the count said is the answer.
      else if (asked(run) && changes.some((c) => (c.kind === "add" || c.kind === "set") && c.qty !== null && c.row.externalId === asked(run)))
        delete run.variables[ASK_QTY];
      if (offer && offer.kind === "ambiguous") {
        run.variables[OFFERED] = offer.rows.map((r) => r.externalId);
        if (offer.qty !== null) run.variables[OFFER_QTY] = offer.qty;
        run.retries = 0;
      }
      if (removed.length) await reply(turn, phrases[run.lang].removed(list(removed, phrases[run.lang].and)));
      const after = JSON.stringify(cart.items);
      if (after !== before || askQty || offer) {
        if (before !== "[]" && after !== before) corrected = true;
        run.filled.add(cartNode.data.variable);
        changed = true;
        cartChanged = true;
      }
      // An item found but not served today was found: no "couldn't find that on the menu" after it.
      if (!changes.length && !notToday.length && !cart.items.length && hasSearchWords(text, [...run.triggerPhrases, ...notMenuWords]))
        run.variables.$searched = true;
    }
  }
  // The address: the whole answer when it reads as one (a shared location keeps its coordinates), never
  // a message that changed the cart; an address said inside a longer message anywhere.
  for (const slot of slots) {
    if (slot.role !== "address") continue;
    const v = slot.node.data.variable;
    if (pendingSlot === slot && !cartChanged) {
      const whole = readAddress(text);
      if (whole && (readAddressInText(text) || /\d/.test(whole))) found[v] = whole;
    }
    if (v in found) {
      set(v, found[v]);
      if (pendingSlot === slot && run.variables[v] === found[v]) run.filled.add(v);
    }
  }
  // An address given before the way was chosen means delivery.
  const addressSlot = slots.find((s) => s.role === "address" && run.filled.has(s.node.data.variable));
  const wayNode = slots.find((s) => s.role === "choice" && (s.node.data.choices ?? []).some((c) => /^deliver/i.test(c)));
  if (addressSlot && wayNode && !run.variables[wayNode.node.data.variable]) {
    set(
      wayNode.node.data.variable,
      (wayNode.node.data.choices ?? []).find((c) => /^deliver/i.test(c)),
    );
  }
  if (changed) delete run.variables.confirm;
  if (changed || !past) delete run.variables[REFUSAL];
  return { changed, corrected, past, noted };
}

// Words of an order that name no dish: "queria encomendar o jantar para entrega" searches the menu for nothing.
const notMenuWords =
  "dinner lunch food tonight today tomorrow delivery deliver pickup takeaway jantar almoco comida hoje amanha entrega levantar casa cena almuerzo hoy manana domicilio recoger llevar".split(
    " ",
  );

// Words that change a cart even at a free-text question: "actually no tiramisu", "and a panna cotta too".
const cartChangeWords =
  /\b(no|remove|take off|without|no more|actually|instead|should be|make it|make one|swap|change|also|too|another|more|add|plus|and|n|sem|tira|tirar|retira|afinal|alias|troca|em vez|esquece|nao quero|mais|outra|outro|tambem|junta|adiciona|acrescenta|e|quita|quitar|sin|cambia|en vez|en lugar|no quiero|ya no|otra|otro|tambien|mejor|anade|y)\b/;

// Words that add or take out even in a message that agrees ("yes, and add a coke").
const explicitCartChange =
  /\b(add|more|also|too|another|without|remove|instead|plus|mais|tambem|sem|tira|tirar|outra|outro|junta|adiciona|acrescenta|otra|otro|tambien|sin|quita|anade|ponme)\b/;

/** Whether the message changes the running skill's cart ("esquece a diavola"), read without applying it. */
async function changesCart(run: SkillRun, text: string): Promise<boolean> {
  const cartNode = run.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
  if (!cartNode) return false;
  const cart = cartOf(run, cartNode);
  if (!cart.items.length) return false;
  const changes = await readCartChanges(run.turn.db, run.turn.businessId, cartNode.data.collection, text, cart, run.triggerPhrases);
  return changes.some((c) => c.kind === "remove" || c.kind === "set" || (c.kind === "add" && c.qty !== null));
}

/** Keeps what the message says for the staff; returns the notes new in this message. */
function keepNotes(run: SkillRun, text: string): string[] {
  const kept = Array.isArray(run.variables[NOTES]) ? (run.variables[NOTES] as string[]) : [];
  const fresh = staffNotes(text).filter((n) => !kept.includes(n));
  if (fresh.length) run.variables[NOTES] = [...kept, ...fresh];
  return fresh;
}

/** The nearest open times to a refused date-time, from the availability node that checks it ("" when none). */
function nearestTimes(run: SkillRun, variable: string, iso: string): string {
  const node = run.graph.nodes.find((n): n is TypedNode<"availability"> => n.type === "availability" && n.data.variable === variable);
  return node ? alternatives(node.data, new Date(iso), run) : "";
}

/** A refusal said the last time is not said again word for word: the nearest times alone, or nothing ("": the question is asked). */
function refusal(run: SkillRun, why: string, nearest: string): string {
  const text = `${why} ${nearest}`.trim();
  const again = run.variables[REFUSAL] === text;
  run.variables[REFUSAL] = text;
  return again ? nearest : text;
}

/** Why a time cannot be booked when the business is not open at it that day (null when open, or no availability node checks it). */
function closedAt(run: SkillRun, variable: string, iso: string): string | null {
  const node = run.graph.nodes.find((n): n is TypedNode<"availability"> => n.type === "availability" && n.data.variable === variable);
  if (!node || slotFor(node.data, iso, run.turn.timeZone, run.turn.hours)) return null;
  const w = wallClock(new Date(iso), run.turn.timeZone);
  const hours = rangesOn(node.data, run.turn.hours, w, w.weekday);
  const p = phrases[run.lang];
  return hours.length ? p.closedAt(list(hours, p.and)) : p.closedDay(weekdayName(w.weekday, run.lang));
}

/** Why a day cannot be booked when the business is closed all of it, with the nearest open times; null when open. */
function closedOn(run: SkillRun, variable: string, date: string, meal?: "lunch" | "dinner"): { why: string; nearest: string } | null {
  const node = run.graph.nodes.find((n): n is TypedNode<"availability"> => n.type === "availability" && n.data.variable === variable);
  if (!node) return null;
  const [year, month, day] = date.split("-").map(Number);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const ranges = rangesOn(node.data, run.turn.hours, { year, month, day }, weekday);
  const p = phrases[run.lang];
  if (ranges.length && meal) {
    // "tonight" on a Sunday open only at lunch: closed for the meal said, though open that day.
    if (ranges.some((r) => servesMeal(r, meal))) return null;
    return {
      why: p.closedMeal(weekdayName(weekday, run.lang), meal, list(ranges, p.and)),
      nearest: nearestTimes(run, variable, toIso(date, meal === "dinner" ? "20:00" : "13:00", run.turn.timeZone)),
    };
  }
  if (ranges.length) return null;
  return {
    why: p.closedDay(weekdayName(weekday, run.lang)),
    nearest: nearestTimes(run, variable, toIso(date, "12:00", run.turn.timeZone)),
  };
}

/** Whether an opening range ("13:00-16:30") serves a meal: lunch before 17:00, dinner after 18:00. */
function servesMeal(range: string, meal: "lunch" | "dinner"): boolean {
  const [from, to] = range.split("-").map((x) => {
    const [h, m] = x.split(":").map(Number);
    return h * 60 + (m || 0);
  });
  const end = to <= from ? to + 24 * 60 : to;
  return meal === "lunch" ? from < 17 * 60 && end > 11 * 60 : end > 18 * 60;
}

/**
 * The model's slot values, each checked as the deterministic reading checks it: a party is a whole
 * number, a date-time a local "YYYY-MM-DDTHH:MM", a name reads as a name, an address as an address, a
 * choice is one of the choices. The confirmation is never taken from the model.
 */
function modelSlots(understanding: Understanding | null, slots: Slot[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const slot of slots) {
    const v = slot.node.data.variable;
    const value = understanding?.slots[v];
    if (value === undefined || slot.role === "confirm") continue;
    const text = String(value).trim();
    if (slot.role === "party" || slot.role === "number") {
      const n = Number(text);
      if (Number.isInteger(n) && n > 0 && n <= 500) out[v] = n;
    } else if (slot.role === "when") {
      const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(text);
      if (m) out[`$parts_${v}`] = { date: m[1], time: m[2] };
    } else if (slot.role === "date") {
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) out[`$parts_${v}`] = { date: text };
    } else if (slot.role === "name") {
      const name = readName(text);
      if (name) out[v] = name;
    } else if (slot.role === "address") {
      const address = readAddress(text);
      if (address) out[v] = address;
    } else if (slot.role === "choice") {
      const choice = (slot.node.data.choices ?? []).find((c) => c.toLowerCase() === text.toLowerCase());
      if (choice) out[v] = choice;
    } else if (slot.role === "email") {
      if (/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(text)) out[v] = text;
    }
  }
  return out;
}

/**
 * Answers the questions inside a message from the knowledge ("do you have parking?"), skipping those
 * that only ask for a skill ("can I book a table?") unless `requests` is false. An allergy question
 * ("do you have anything gluten-free? my husband is celiac") is a person's to answer: one is offered.
 * `whole`: with no question part, the whole message is tried. True when something was answered.
 */
async function answerQuestions(
  run: SkillRun,
  text: string,
  skills: RunnableSkill[],
  { requests = true, whole = false }: { requests?: boolean; whole?: boolean } = {},
): Promise<boolean> {
  const { turn } = run;
  let parts: string[] = [];
  const asked: string[] = [];
  for (const q of withModelQuestions(questionParts(text), text, run.modelQuestions)) {
    // "¿puedo pagar con tarjeta cuando llega el pedido?": a question about the business's stated facts
    // (payment, hours, address, the minimum) is answered, whatever skill word it names.
    const separate = factQuestion(q)?.topics.some(
      (topic) => topic === "payment" || topic === "hours" || topic === "address" || topic === "minimum" || topic === "deliveryCost",
    );
    // "what does that cost and can u do friday at 10am?": a service's price is answered, request or not.
    const servicePrice = asksPrice(q) && run.graph.nodes.some((n) => n.type === "service");
    if (!separate && !servicePrice && (await isRequest(run, q, requests ? skills : []))) asked.push(q);
    else parts.push(q);
  }
  if (!parts.length && whole) parts = [text];
  // "i want my teeth white ✨ what does that cost and can u do friday?": a price asked in no clause read
  // as a question is still asked of the service the message names.
  if (run.graph.nodes.some((n) => n.type === "service") && asksPrice(text) && !parts.some((q) => asksPrice(q))) parts.push(text);
  // An allergy question: what the knowledge says, then a person offered for what is safe.
  const allergy = parts.some(mentionsAllergen);
  const answered = await answerEachQuestion(turn, run.lang, parts, text);
  // The request itself, when it names something the business has a word on ("can we reserve one of your
  // terrace tables?": the terrace cannot be booked): that word is said before the skill goes on.
  for (const q of asked) {
    // Only a request said as one ("can we...", "dá para..."): a question that merely names the skill's word is not.
    if (!saidAsRequest(normalize(q).replace(greetingWords, ""))) continue;
    const known = await topicalKnowledge(turn.db, turn.businessId, turn.assistant.id, q, run.lang, turn.businessName);
    if (!known) continue;
    turn.unbilled += countTokens(known.context);
    await sayAnswer(turn, run.lang, known.text);
  }
  if (allergy) await offerPerson(turn, run.lang, "allergy", t(run.lang, "offer.allergy"));
  const refusedPayment = await sayPaymentRefused(run, text, parts);
  return answered || allergy || refusedPayment;
}

/**
 * "Pago con tarjeta." said with a delivery order: a way of paying the business does not take (on
 * delivery, for a delivery) is said at once with the ways it does take; one it takes needs no word.
 */
async function sayPaymentRefused(run: SkillRun, text: string, asked: string[]): Promise<boolean> {
  const paying = statedPayment(text);
  if (!paying || asked.some((q) => normalize(q).includes(normalize(paying)))) return false;
  const { turn } = run;
  const delivered =
    readFulfilment(text) === "delivery" ||
    slotsOf(run.graph).some((s) => s.role === "choice" && readFulfilment(String(run.variables[s.node.data.variable] ?? "")) === "delivery");
  // Read as the question it answers: "can I pay <by card> on delivery?".
  const facts = await factsReply(turn.db, turn.businessId, `can I pay ${paying}${delivered ? " on delivery" : ""}?`, run.lang);
  if (!facts?.refusedPayment) return false;
  turn.unbilled += countTokens(facts.context);
  await reply(turn, facts.text);
  return true;
}

/**
 * The question parts of `text`, with the questions the model read (the LLM path's clause structure)
 * that the offline reading missed, in the order they are written; a model question still has to be in
 * what is left of the message (notes already said are taken out).
 */
function withModelQuestions(parts: string[], text: string, model: string[] | undefined): string[] {
  if (!model?.length) return parts;
  const n = (s: string) => ` ${normalize(s)} `;
  const extra = model.filter((q) => n(text).includes(n(q)) && !parts.some((p) => n(p).includes(n(q)) || n(q).includes(n(p))));
  const at = (q: string) => normalize(text).indexOf(normalize(q));
  return [...parts, ...extra].sort((a, b) => at(a) - at(b));
}

// Asking for a service's appointment without a day: "book me in for", "queria marcar", "quiero pedir cita".
const appointmentAsk =
  /\b(book|booking|appointment|appt|slot|schedule|can i get|could i get|can i have|i d like|i would like|i want|i need|we need|come in|come for|marcar|marcacao|agendar|agenda|reservar|quero|queria|gostaria|preciso|precisava|cita|pedir cita|turno|reservar|quiero|quisiera|me gustaria|necesito|puedo ir|podeis|podes)\b/;

// "holaa", "buenas", "oi gente": greetings before a request.
const greetingWords =
  /^(?:(?:h+i+|hello|hey+|hiya|hola+|ola+|oi+|buenas|bom dia|boa tarde|boa noite|buenos dias|buenas tardes|gente|guys|love|dear|darling|there|mate|folks|quillo|cara|galera|pessoal|chicos|tio|tia|e ai|fala)\s+)+/;

const requestStart =
  /^(?:(?:and|also|e|y|ah|oh|so)\s+)?(?:can|could|may|shall)\s+(?:i|we|u|you|[a-z]+ and (?:i|me))\b|^(?:(?:i m |im |we re |were )?keen (?:to|on)|(?:i |we )?wanna|(?:i |we )?want to|gimme|grab|me podeis|me podes|me puedes|me pueden|nos podeis|nos puedes|nos pueden|me podem|podem me|i d like|i would like|i want|we want|we d like|id like|quero|queria|queriamos|gostaria|podia|podiam|posso|podemos|pode|podem|da para|da pra|dava|quiero|queria|querria|quisiera|me pones|ponme|dame|puedo|podemos|podeis|pueden|se puede|me regala|me regalas|me das|me da|me pone|me manda|me mandas|me trae|me traes|me traeis|manda|mandem|mandam)\b/;
// "¿La terraza se puede reservar?", "the terrace can we book it": a short subject said before the request.
const subjectFirst =
  /^(?:\S+\s+){1,3}(?:se puede|se pueden|se podria|es posible|da para|da pra|e possivel|pode se|podem se|can (?:i|we|you|u)|could (?:i|we)|is it possible)\b/;
const saidAsRequest = (n: string) => requestStart.test(n) || subjectFirst.test(n);
const asksWhatIsServed =
  /^(?:(?:e|and|y)\s+)?(?:do you (?:have|do|serve|make)|have you got|do u have|is there|are there|voces tem|vcs tem|voces teem|tem|tens|teem|servem|fazem|tienen|teneis|tiene|hay|servis|sirven|haceis|hacen)\b/;

// Asking whether the business is open names a day, but is a question to answer, not a booking.
const aboutHours =
  /\b(open|opens|opening|close|closes|closed|hours|abren|abrem|abre|aberto|abertos|abierto|abiertos|fecham|fechado|fechados|cierran|cerrado|cerrados|horario|horarios)\b/;

/**
 * Whether a question part is the request itself, for the running skill to act on rather than a
 * question to answer: "can I book a table for two on thursday?", "can we do saturday instead of
 * friday?", "can i get 3 diavolas delivered", "can I also order?". A question about something else
 * that names another skill's word ("how much is the Menú Lola for groups?") is answered.
 */
async function isRequest(run: SkillRun, part: string, skills: RunnableSkill[]): Promise<boolean> {
  // "hiya can i get an earl grey": the greeting before the request is no part of it.
  const n = normalize(part).replace(greetingWords, "");
  const current = skills.find((s) => s.id === run.skillId);
  if (current?.keywords.some((k) => containsPhrase(part, k))) return true;
  const asking = requestStart.test(n);
  if (asking && skills.some((s) => s.keywords.some((k) => containsPhrase(part, k)))) return true;
  const values = extractSlots(part, slotsOf(run.graph), run.variables, { timeZone: run.turn.timeZone, now: now() });
  // A day or a time said ("can we do saturday instead?"); a meal alone ("queriamos comer a paella") is none.
  const when = Object.entries(values).some(([k, v]) => k.startsWith("$parts_") && ((v as WhenParts).date || (v as WhenParts).time));
  // "Vocês têm paella no sábado né?": what is served that day is asked, not a table.
  if (when && !aboutHours.test(n) && !asksWhatIsServed.test(n)) return true;
  const slots = slotsOf(run.graph);
  if (slots.some((s) => (s.role === "party" || s.role === "name" || s.role === "address") && s.node.data.variable in values)) return true;
  if (readPartySize(part) !== null) return true;
  if (!asking) return false;
  const cartNode = run.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
  if (!cartNode) return false;
  const changes = await readCartChanges(run.turn.db, run.turn.businessId, cartNode.data.collection, part, cartOf(run, cartNode), run.triggerPhrases);
  return changes.some((c) => c.kind === "add" || c.kind === "set");
}

export const rememberedLang = (variables: Record<string, unknown>) =>
  isDetectedLanguage(variables[LANG]) ? (variables[LANG] as DetectedLanguage) : null;

const lastReplyAsk = (turn: Turn) => ({ businessId: turn.businessId, conversationId: turn.conversation.id, beforeMessageId: turn.message.id });
