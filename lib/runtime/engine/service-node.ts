import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import { localeOf } from "../base/phrases";
import { reply } from "../base/reply";
import { offerableServices, type ServiceChoice, serviceInLastReply, serviceName, serviceNamedIn, searchServices } from "../retrieval/service-search";
import { questionParts, speakerGender } from "../understanding/acts";
import { addedToService, asksPrice } from "../understanding/fact-questions";
import { combinationIn } from "./service-combination";
import { normalize } from "../understanding/text-match";
import { interactiveFor, numberedOptions, pickOption } from "./choice";
import { renderMessage } from "./render";
import { localized, OFFERED, type SkillRun, type Step } from "./run-state";

// A `service` node finds the service the customer names in their own words ("corte e barba", "limpieza
// dental", "oil change") among the business's active services (or the node's `services`), in any of
// their en/pt/es names. One clear match is taken at once; several, or none named, are offered as a
// list, and the answer (the row, its number, its name, another search) picks one. A business with a
// single service needs no question. Leaves by `none` when nothing can be offered or after two re-offers.

const MAX_REOFFERS = 2;
const MAX_ROWS = 10;

/** What a skill keeps of the chosen service: `{{service}}` says its name, `{{service.id}}` is its id. */
export type ChosenService = { id: string; title: string; durationMinutes: number };

export async function serviceNode(run: SkillRun, node: TypedNode<"service">, answering: boolean): Promise<Step> {
  const { turn } = run;
  const chosen = run.variables[node.data.variable] as Partial<ChosenService> | undefined;
  if (!answering && typeof chosen?.id === "string") return { kind: "next", handle: "found" };
  const only = node.data.services;
  let offered: ServiceChoice[] = [];
  if (answering) {
    const ids = Array.isArray(run.variables[OFFERED]) ? (run.variables[OFFERED] as string[]) : [];
    const rows = (await offerableServices(turn.db, turn.businessId, ids)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    if (ids.length) offered = rows;
    const picked = pickOption(
      turn.message.text,
      turn.message.content,
      rows.map((s) => serviceName(s, run.lang)),
    );
    if (picked !== null) return choose(run, node, rows[picked]);
  } else run.retries = 0;

  const search = (text: string) => searchServices(turn.db, turn.businessId, text, { only, ignore: answering ? [] : run.triggerPhrases });
  // "a check-up tomorrow at 5pm. Also how much is a check-up and how much is a cleaning?": the service
  // booked is the one the request names, not every one whose price is asked beside it.
  const booked = withoutPriceQuestions(turn.message.text);
  const fromRequest = booked !== turn.message.text && normalize(booked) ? await search(booked) : [];
  const matches = fromRequest.length ? fromRequest : await search(turn.message.text);
  // "a men's cut and beard trim": the one service that joins the two ("Haircut and beard").
  const joined = await combinationIn(turn, booked, only);
  if (joined) return choose(run, node, joined);
  const [best, second] = matches;
  if (best && (!second || best.score > second.score * 1.5)) return choose(run, node, best.service);
  // "Dá pra sexta às 16h?" right after "o meu sorriso está amarelado... quanto sai?": the service the
  // customer's message before named, when this one names none.
  // "¿y con barba?" before it added to the service asked about: the service the answer named ("Corte y
  // barba: 27,00 €") is the one meant, not the thing added.
  if (!matches.length && !answering) {
    const previous = turn.loaded?.previousInboundText ?? null;
    const inLastReply = () =>
      serviceInLastReply(turn.db, { businessId: turn.businessId, conversationId: turn.conversation.id, beforeMessageId: turn.message.id, only });
    const before =
      previous && addedToService(previous)
        ? ((await inLastReply()) ?? (await serviceNamedIn(turn.db, turn.businessId, previous, only)))
        : ((await serviceNamedIn(turn.db, turn.businessId, previous, only)) ?? (await inLastReply()));
    if (before) return choose(run, node, before);
  }
  // An answer that names no service ("Sandra Moreira. Obrigada!") is asked again with the same few, not every service.
  const offer = matches.length ? matches.map((m) => m.service) : offered.length ? offered : await offerableServices(turn.db, turn.businessId, only);
  // "um corte" and then "Obrigada!": of a women's and a men's cut, the one of the customer's own gender.
  const theirs = forSpeaker(offer, turn.message.text);
  if (theirs) return choose(run, node, theirs);
  if (!offer.length) return { kind: "next", handle: "none" };
  if (offer.length === 1 && !answering) return choose(run, node, offer[0]);
  if (answering) {
    if (run.retries >= MAX_REOFFERS) return { kind: "next", handle: "none" };
    run.retries += 1;
  }
  const rows = offer.slice(0, MAX_ROWS);
  const names = rows.map((s) => serviceName(s, run.lang));
  const body = renderMessage(localized(run, node.data.text, node.data.texts), run.variables, turn.timeZone, localeOf(run.lang));
  await reply(turn, numberedOptions(body, names), { interactive: interactiveFor(names) });
  run.variables[OFFERED] = rows.map((s) => s.id);
  return { kind: "wait" };
}

const forWomen = /\b(?:women|womens|woman|ladies|lady|female|feminino|feminina|senhora|senhoras|mujer|mujeres|dama|damas|femenino)\b/;
const forMen = /\b(?:men|mens|man|gents|gentlemen|male|masculino|homem|homens|hombre|hombres|caballero|caballeros)\b/;

/** The one service of several whose names are for the speaker's gender, as their own words say it; null otherwise. */
function forSpeaker(offer: ServiceChoice[], text: string): ServiceChoice | null {
  const gender = speakerGender(text);
  if (!gender || offer.length < 2) return null;
  const said = (s: ServiceChoice) => normalize(Object.values(s.name).join(" "));
  const women = offer.filter((s) => forWomen.test(said(s)));
  const men = offer.filter((s) => forMen.test(said(s)));
  // Only a choice between a women's and a men's service says anything.
  if (!women.length || !men.length) return null;
  const mine = gender === "f" ? women.filter((s) => !men.includes(s)) : men.filter((s) => !women.includes(s));
  return mine.length === 1 ? mine[0] : null;
}

/** The message without its questions that ask a price. */
function withoutPriceQuestions(text: string): string {
  let rest = text;
  for (const q of questionParts(text)) if (asksPrice(q)) rest = rest.replace(q, " ");
  return rest;
}

function choose(run: SkillRun, node: TypedNode<"service">, service: ServiceChoice): Step {
  const value: ChosenService = { id: service.id, title: serviceName(service, run.lang), durationMinutes: service.durationMinutes };
  run.variables[node.data.variable] = value;
  delete run.variables[OFFERED];
  run.retries = 0;
  return { kind: "next", handle: "found" };
}
