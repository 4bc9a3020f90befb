import "server-only";
import { now } from "../../time/clock";
import type { TypedNode } from "../../shared/graph-schema";
import { agreesWhileAnswering, opensWithYes, saysNo, saysYes } from "../understanding/acts";
import { onlyThanks } from "../understanding/small-talk";
import { words } from "../understanding/text-match";
import { belowMinimum, isCart, money, subtotal } from "./cart-math";
import { humanDay, list, localeOf, phrases, weekdayName } from "../base/phrases";
import type { WhenParts } from "../understanding/when";
import { alternatives, rangesOn, refusedKey } from "./availability-node";
import { zonedInstant } from "../../time/time-zone";
import { choiceBySynonym, readAddress, readNameAnswer, slotsOf } from "../understanding/slots";
import { handOff, reply } from "../base/reply";
import { interactiveFor, numberedOptions, pickOption } from "./choice";
import { parseAnswer } from "./parse-answer";
import { renderMessage } from "./render";
import { endUnbooked } from "../../conversations/skill-sessions";
import { localized, type SkillRun, type Step, whenParts } from "./run-state";

// A `question` is a slot: asked only while its variable is missing (the dialogue manager fills it
// from anything the customer said), then read by kind. A wrong answer gets the retry text; after
// `maxRetries` re-asks the next wrong answer leaves by `invalid`. A name or an address must read as
// one: a question, a command word or "I'll pick it up" is never stored as data.

async function ask(run: SkillRun, node: TypedNode<"question">, text: string): Promise<void> {
  const locale = localeOf(run.lang);
  const body = renderMessage(text, run.variables, run.turn.timeZone, locale);
  const choices = shownChoices(run, node);
  if (!choices.length) {
    await reply(run.turn, body);
    return;
  }
  // The numbers are in the text too: a list or buttons may not render everywhere, and "2" always works.
  await reply(run.turn, numberedOptions(body, choices), { interactive: interactiveFor(choices) });
}

function shownChoices(run: SkillRun, node: TypedNode<"question">): string[] {
  const choices = node.data.kind === "choice" ? (node.data.choices ?? []) : [];
  const shown = node.data.choiceTexts?.[run.lang];
  return shown && shown.length === choices.length ? shown : choices;
}

export async function askQuestion(run: SkillRun, node: TypedNode<"question">): Promise<void> {
  await ask(run, node, localized(run, node.data.text, node.data.texts));
}

/**
 * A cart's business rule before its confirmation: a delivery below the minimum is not confirmed; the
 * customer is told the minimum and may add items or choose pickup (both re-walk the skill).
 */
async function belowDeliveryMinimum(run: SkillRun): Promise<boolean> {
  const cart = Object.values(run.variables).find(isCart);
  if (!cart || !belowMinimum(cart, run.variables.fulfilment)) return false;
  await reply(run.turn, phrases[run.lang].minimum(money(cart, cart.minimumDelivery ?? 0, run.lang), money(cart, subtotal(cart), run.lang)));
  return true;
}

export async function questionNode(run: SkillRun, node: TypedNode<"question">, answering: boolean): Promise<Step> {
  const variable = node.data.variable;
  if (node.data.confirm && !run.filled.has(variable) && (await belowDeliveryMinimum(run))) return { kind: "wait" };
  // "Perfect, Ben Carter" as the last detail: the customer has agreed; the confirmation is not asked again.
  if (node.data.confirm && !answering && run.agreed && (run.variables[variable] ?? "") === "") {
    run.variables[variable] = node.data.choices?.[0] ?? "Yes";
    return (await overMax(run, node)) ?? { kind: "next", handle: "next" };
  }
  if (!answering || run.filled.has(variable)) {
    const have = run.variables[variable];
    const refused = have !== undefined && have === run.variables[refusedKey(variable)];
    if (have !== undefined && have !== null && have !== "" && !refused) return (await overMax(run, node)) ?? { kind: "next", handle: "next" };
    run.retries = 0;
    if (!refused && (await askTime(run, node))) return { kind: "wait" };
    await askQuestion(run, node);
    return { kind: "wait" };
  }
  const value = readAnswer(run, node);
  if (value !== null) {
    run.variables[variable] = value;
    run.retries = 0;
    return (await overMax(run, node)) ?? { kind: "next", handle: "next" };
  }
  if (run.retries >= node.data.maxRetries) {
    run.retries = 0;
    return { kind: "next", handle: "invalid" };
  }
  run.retries += 1;
  if (await askTime(run, node)) return { kind: "wait" };
  await ask(run, node, localized(run, node.data.retryText, node.data.retryTexts) ?? localized(run, node.data.text, node.data.texts));
  return { kind: "wait" };
}

/**
 * A date-time question whose day is known ("tomorrow", "saturday lunch") asks only the time, with
 * that day's opening hours when an availability node checks this variable.
 */
async function askTime(run: SkillRun, node: TypedNode<"question">): Promise<boolean> {
  if (node.data.kind !== "datetime") return false;
  const parts = run.variables[whenParts(node.data.variable)] as WhenParts | undefined;
  if (!parts?.date || parts.time) return false;
  const availability = run.graph.nodes.find(
    (n): n is TypedNode<"availability"> => n.type === "availability" && n.data.variable === node.data.variable,
  );
  const [y, m, d] = parts.date.split("-").map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  let hours = availability ? rangesOn(availability.data, run.turn.hours, { year: y, month: m, day: d }, weekday) : [];
  if (parts.meal && hours.length > 1) hours = parts.meal === "lunch" ? hours.slice(0, 1) : hours.slice(-1);
  const p = phrases[run.lang];
  const day = humanDay(parts.date, run.lang);
  if (availability && !hours.length) {
    // Closed that day: the nearest open times are offered with the question (issue 35 item 7).
    const nearest = alternatives(availability.data, zonedInstant(run.turn.timeZone, { year: y, month: m, day: d, hour: 12, minute: 0 }), run);
    await reply(
      run.turn,
      [p.closedDay(weekdayName(weekday, run.lang)), nearest, localized(run, node.data.text, node.data.texts)].filter(Boolean).join(" "),
    );
    delete run.variables[whenParts(node.data.variable)];
    return true;
  }
  // Open all day (a business without hours): no hours worth listing.
  const allDay = hours.length === 1 && hours[0] === "00:00-24:00";
  await reply(run.turn, hours.length && !allDay ? p.askTime(day, list(hours, p.and)) : p.askTimeOnly(day));
  return true;
}

/** A number above the business's maximum (the largest party) hands off with the node's message. */
async function overMax(run: SkillRun, node: TypedNode<"question">): Promise<Step | null> {
  const value = run.variables[node.data.variable];
  if (node.data.max === undefined || typeof value !== "number" || value <= node.data.max) return null;
  const text = localized(run, node.data.maxText, node.data.maxTexts);
  const vars = { ...run.variables, _max: node.data.max };
  return {
    kind: "handoff",
    text: text ? renderMessage(text, vars, run.turn.timeZone, localeOf(run.lang)) : undefined,
    reason: `${node.data.variable} over the maximum of ${node.data.max}`,
  };
}

export async function sayAndHandOff(run: SkillRun, text: string | undefined, reason: string): Promise<void> {
  if (text) await reply(run.turn, text);
  await endUnbooked(run);
  if (!run.turn.halted) await handOff(run.turn, reason);
}

function readAnswer(run: SkillRun, node: TypedNode<"question">): string | number | null {
  const { message, timeZone, contact } = run.turn;
  const text = message.text;
  if (node.data.kind === "choice") {
    const choices = node.data.choices ?? [];
    if (node.data.confirm) {
      const yes = choices[0];
      const no = choices[1] ?? choices[0];
      if (saysYes(text)) return yes;
      if (saysNo(text)) return no;
      // "Sim, no próximo sábado, dia 5.": a yes with more said after it (its values are read before this);
      // "sweet ye thats it, name's josh".
      if (opensWithYes(text) || agreesWhileAnswering(text)) return yes;
      // "Thank you so much, sir.": thanks said to "Shall I confirm it?".
      if (onlyThanks(text)) return yes;
      // "ay no espera q al final somos más, pon 3 de bravas en vez de 2": a "no" inside a longer message
      // that changes something is no refusal; only a short answer or a button picks an option here.
      if (!message.content && words(text).length > 4) return null;
    }
    const index = pickOption(text, message.content, choices);
    if (index !== null) return choices[index];
    const shown = node.data.choiceTexts?.[run.lang];
    if (shown && shown.length === choices.length) {
      const i = pickOption(text, null, shown);
      if (i !== null) return choices[i];
    }
    return choiceBySynonym(node, text);
  }
  const role = slotsOf({ nodes: [node], edges: [] })[0]?.role;
  if (role === "name") return readNameAnswer(text);
  if (role === "address") return readAddress(text);
  if (node.data.kind === "text") {
    // Free text still refuses a bare question: it is answered, not stored.
    if (/\?\s*$/.test(text.trim())) return null;
    return parseAnswer("text", text, { timeZone, customerPhone: contact.phone });
  }
  if (node.data.kind === "number" && isCart(run.variables[node.data.variable])) return null;
  return parseAnswer(node.data.kind, text, { timeZone, customerPhone: contact.phone, now: now() });
}
