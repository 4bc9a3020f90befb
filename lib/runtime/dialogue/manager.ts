import "server-only";
import { now } from "../../time/clock";
import type { SkillGraph, TypedNode } from "../../shared/graph-schema";
import { turnLanguage } from "../base/conversation-language";
import { cartOf } from "../engine/cart-node";
import { newRun, type Outcome, releaseUnlessKept, sessionRun, triggerOf, walk } from "../engine/interpreter";
import { endSession, type Session, saveSession } from "../../conversations/skill-sessions";
import { ASK_QTY, EDITING, LANG, OFFERED, type SkillRun, SWITCH, whenParts } from "../engine/run-state";
import { isDetectedLanguage, type DetectedLanguage } from "../../language";
import { languageScores } from "../understanding/language";
import { t } from "../messages";
import { reply } from "../base/reply";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { hasSearchWords } from "../retrieval/search-index";
import { matchTrigger, type RunnableSkill, searchIgnored } from "../retrieval/skill-catalog";
import { smallTalk } from "../understanding/small-talk";
import { containsPhrase } from "../understanding/text-match";
import { countTokens } from "../understanding/tokens";
import type { Turn } from "../base/turn-context";
import { isCancel, isCorrection, questionParts, saysNo, saysYes } from "../understanding/acts";
import { applyCartChanges, readCartChanges } from "../engine/cart";
import { emptyCart } from "../engine/cart-math";
import { OFFER_QTY } from "../engine/cart-node";
import { humanDay, list, phrases } from "../base/phrases";
import type { Understanding } from "../llm/llm-understand";
import { extractSlots, mergeWhen, readAddress, readAddressInText, readName, readPartySize, type Slot, slotsOf } from "../understanding/slots";
import { readWhenParts, toIso, type WhenParts } from "../understanding/when";

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
export async function impliedSkill(turn: Turn, skills: RunnableSkill[]): Promise<RunnableSkill | null> {
  const text = turn.message.text;
  // A party size and a day or time ("sunday for 4 ppl", "2 personas, a las 20h"): a booking.
  if (readPartySize(text) !== null && readWhenParts(text, { timeZone: turn.timeZone, now: now() })) {
    const booking = skills.find(
      (s) => slotsOf(s.graph).some((slot) => slot.role === "party") && slotsOf(s.graph).some((slot) => slot.role === "when"),
    );
    if (booking) return booking;
  }
  if (questionParts(text).length && !/\b(\d+|one|two|three|dos|tres|dois|duas|um|uma|una|un)\b/i.test(text)) return null;
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
    if (changes.some((c) => (c.kind === "add" || c.kind === "set") && c.qty !== null)) return skill;
  }
  return null;
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
  const text = turn.message.text;
  const slots = slotsOf(skill.graph);
  const { changed, past } = await fill(run, slots, text, null);
  // "change my booking" with nothing else said: the day and time are asked again.
  if (run.variables[EDITING] && !changed) {
    for (const slot of slots)
      if (slot.role === "when") {
        delete run.variables[slot.node.data.variable];
        delete run.variables[whenParts(slot.node.data.variable)];
      }
  }
  await answerQuestions(run, text, skills);
  if (past) await reply(turn, past);
  return walk(run, triggerOf(skill.graph), false);
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
  const text = turn.message.text;
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

  const cancelling = isCancel(text) || (understanding?.acts.includes("cancel") ?? false);
  if (cancelling && !(pending?.type === "question" && pending.data.confirm && saysNo(text))) {
    await releaseUnlessKept(run);
    await endSession(turn.db, turn.conversation.id);
    await reply(turn, t(language, "cancelled"));
    // "esquece a reserva. vcs fazem entregas?": the question is still answered.
    await answerQuestions(run, text, []);
    return { kind: "ended" };
  }

  const slots = slotsOf(graph);
  const pendingSlot = pending?.type === "question" ? slots.find((s) => s.node.id === pending.id) : undefined;
  const { changed, corrected, past } = await fill(run, slots, text, pendingSlot ?? null, pending, understanding);

  if (changed) {
    await answerQuestions(run, text, skills);
    if (past) await reply(turn, past);
    // A correction (or a value for another question than the one asked) re-walks from the start:
    // answered questions are skipped and the confirmation comes again with the new values.
    if (corrected || !pendingSlot || !run.filled.has(pendingSlot.node.data.variable)) {
      run.retries = 0;
      return walk(run, triggerOf(graph), false);
    }
    return walk(run, session.nodeId, true);
  }
  if (past) {
    await reply(turn, past);
    return walk(run, session.nodeId, false);
  }

  // Not a value for any slot: a question, small talk, another skill, or the pending question's answer.
  const accepted = pending?.type === "question" && acceptsDirectly(run, pending, text);
  if (!accepted) {
    const talk = smallTalk(text, turn.businessName);
    // Inside a skill a question naming a trigger word ("what's the minimum order?") is still a question;
    // a message that is no question part but no answer either ("uhh whats the address again") is tried whole.
    const freeTextPending = pendingSlot?.role === "name" || pendingSlot?.role === "address";
    const answered = await answerQuestions(run, text, [], !talk && freeTextPending);
    if (answered || talk) {
      if (!answered && talk) await reply(turn, t(language, `smallTalk.${talk.kind}`));
      return walk(run, session.nodeId, false);
    }
    const other = matchTrigger(
      text,
      skills.filter((s) => s.id !== session.skillId),
    );
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

/** Whether the pending question's own reading takes the message as its answer (a bare "4", "Ana", "yes"). */
function acceptsDirectly(run: SkillRun, node: TypedNode<"question">, text: string): boolean {
  if (/\?/.test(text)) return false;
  if (node.data.kind === "choice") return !smallTalk(text) || saysYes(text) || saysNo(text);
  if (node.data.kind === "number") return /^\W*(\d+|[a-z]+)\W*$/i.test(text.trim()) || readPartySize(text) !== null;
  if (node.data.kind === "text") {
    const role = slotsOf({ nodes: [node], edges: [] })[0]?.role;
    if (role === "name") return readName(text) !== null;
    if (role === "address") return readAddress(text) !== null;
    return !smallTalk(text) && text.trim().split(/\s+/).length <= 6;
  }
  void run;
  return false;
}

/**
 * Fills slots from the message. `changed`: some slot got a new value; `corrected`: a slot that had a
 * value got another one; `past`: the date-time said is in the past (the reason, to tell the customer).
 */
async function fill(
  run: SkillRun,
  slots: Slot[],
  text: string,
  pendingSlot: Slot | null,
  pending?: SkillGraph["nodes"][number],
  understanding: Understanding | null = null,
): Promise<{ changed: boolean; corrected: boolean; past: string | null }> {
  const { turn } = run;
  const ctx = { timeZone: turn.timeZone, now: now() };
  const found = { ...extractSlots(text, slots, run.variables, ctx), ...modelSlots(understanding, slots) };
  let changed = false;
  let corrected = false;
  let past: string | null = null;
  const correcting = isCorrection(text);
  const set = (variable: string, value: unknown) => {
    const before = run.variables[variable];
    if (before === value) return;
    if (before !== undefined && before !== null && before !== "") corrected = true;
    run.variables[variable] = value;
    run.filled.add(variable);
    changed = true;
  };
  // The address asked for: the whole answer when it reads as one (a shared location keeps its coordinates).
  if (pendingSlot?.role === "address") {
    const whole = readAddress(text);
    if (whole && (readAddressInText(text) || /\d/.test(whole))) found[pendingSlot.node.data.variable] = whole;
  }
  // A bare number is the answer to a number question, unless it belongs to a time or a date ("8pm").
  if (pendingSlot?.role === "party" && !(pendingSlot.node.data.variable in found)) {
    const bare = /^\D*?\b(\d{1,3})\b\D*$/.exec(
      text.replace(/\b\d{1,2}([:h.]\d{2})?\s*(am|pm|h)\b|\b\d{1,2}[/-]\d{1,2}\b|\b(at|as|às|a las|pelas)\s+\d{1,2}\b/gi, " "),
    );
    if (bare && (correcting || Object.keys(found).length > 0)) found[pendingSlot.node.data.variable] = Number(bare[1]);
  }
  for (const slot of slots) {
    const v = slot.node.data.variable;
    if (slot.role === "when" || slot.role === "date") {
      const parts = found[`$parts_${v}`] as WhenParts | undefined;
      if (!parts) continue;
      const key = whenParts(v);
      const merged = mergeWhen(run.variables[key] as WhenParts | undefined, parts);
      // "tuesday then, same time": the time refused before comes back.
      if (!merged.time && merged.lastTime && /\b(same time|mesma hora|misma hora|same hour)\b/i.test(text)) merged.time = merged.lastTime;
      run.variables[key] = merged;
      if (slot.role === "date" && merged.date) set(v, merged.date);
      if (slot.role === "when" && merged.date && merged.time) {
        const iso = toIso(merged.date, merged.time, turn.timeZone);
        if (new Date(iso).getTime() <= ctx.now.getTime()) {
          past = t(run.lang, "pastTime");
          delete merged.time;
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
    if (v in found) {
      // A value said for the very question being asked is its answer, not a correction.
      set(v, found[v]);
      if (pendingSlot && pendingSlot.node.data.variable === v && run.variables[v] === found[v]) run.filled.add(v);
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
  // The cart: items, quantities, removals said in any message but a free-text answer (a name, an address).
  const cartNode = run.graph.nodes.find((n): n is TypedNode<"catalog"> => n.type === "catalog" && n.data.cart === true);
  const freeText = pendingSlot && (pendingSlot.role === "name" || pendingSlot.role === "address" || pendingSlot.role === "text");
  const atOffer = pending?.type === "catalog" && (Array.isArray(run.variables[OFFERED]) || run.variables[ASK_QTY]);
  if (cartNode && !freeText && !(atOffer && /^\W*\d{1,2}\W*$/.test(text))) {
    const cart = cartOf(run, cartNode);
    const before = JSON.stringify(cart.items);
    // The address said in the same breath ("... to Rua Augusta 50") names no menu item.
    const address = readAddressInText(text);
    const itemsText = address ? text.replace(address, " ") : text;
    const changes = await readCartChanges(turn.db, turn.businessId, cartNode.data.collection, itemsText, cart, run.triggerPhrases);
    // Items named outright answer the open "which one?" as well.
    if (changes.some((c) => c.kind !== "ambiguous")) {
      delete run.variables[OFFERED];
      delete run.variables[OFFER_QTY];
    }
    const { askQty, offer, removed, soldOut } = applyCartChanges(cart, changes);
    if (soldOut.length) await reply(turn, `${list(soldOut, phrases[run.lang].and)}: ${t(run.lang, "outOfStock")}.`);
    if (askQty) run.variables[ASK_QTY] = { externalId: askQty.externalId, title: askQty.title };
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
    }
    if (!changes.length && !cart.items.length && hasSearchWords(text, run.triggerPhrases)) run.variables.$searched = true;
  }
  if (changed) delete run.variables.confirm;
  void humanDay;
  return { changed, corrected, past };
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
 * that only ask for a skill ("can I book a table?"). True when something was answered.
 */
async function answerQuestions(run: SkillRun, text: string, skills: RunnableSkill[], whole = false): Promise<boolean> {
  const { turn } = run;
  let parts = questionParts(text).filter((q) => !skills.some((s) => s.keywords.some((k) => containsPhrase(q, k))));
  if (!parts.length && whole) parts = [text];
  let answered = false;
  for (const q of parts.slice(0, 2)) {
    const answer = await retrievalReply(turn.db, turn.businessId, turn.assistant.id, q, run.lang, { businessName: turn.businessName });
    if (!answer) continue;
    turn.unbilled += countTokens(answer.context);
    await reply(turn, answer.text);
    answered = true;
  }
  return answered;
}

export const rememberedLang = (variables: Record<string, unknown>) =>
  isDetectedLanguage(variables[LANG]) ? (variables[LANG] as DetectedLanguage) : null;
