import { buildIndex, searchIndex } from "../retrieval/search-index";
import { withoutNoMatter } from "../understanding/acts";
import { containsPhrase, normalize, words } from "../understanding/text-match";

// Which offered option a customer picked: a WhatsApp button or list reply, the option's number, its
// text, or close enough to one option and no other. Null when the answer is not clearly one option.

const yes = new Set(["yes", "y", "yeah", "yep", "sure", "ok", "okay", "please", "sim", "si", "oui", "ja", "claro", "confirm", "confirmo"]);
const no = new Set(["no", "n", "nope", "nah", "nao", "non", "nein", "cancel", "cancelar", "annuler"]);

export function pickOption(raw: string, content: Record<string, unknown> | null, options: string[]): number | null {
  if (!options.length) return null;
  // "no worries, just the pimientos then" picks no "No".
  const text = withoutNoMatter(raw) === normalize(raw) ? raw : withoutNoMatter(raw);
  // WhatsApp sends the id we gave the row or button (opt_1...), whatever its shortened title says.
  const replyId = typeof content?.id === "string" ? /^opt_(\d+)$/.exec(content.id) : null;
  if (replyId) return inRange(Number(replyId[1]), options);
  // A client system's own ids (POST /v1/messages buttons or rows) may name the option itself ("large" for "Large").
  if (typeof content?.id === "string") {
    const byId = options.findIndex((o) => normalize(o) === normalize(content.id as string));
    if (byId >= 0) return byId;
  }

  const said = normalize(text);
  const saidWords = words(text);
  // "2", "2.", "#2", "option 2", "number 2": one number in a short answer.
  const numbers = saidWords.filter((w) => /^\d+$/.test(w));
  if (numbers.length === 1 && saidWords.length <= 3) {
    const n = inRange(Number(numbers[0]), options);
    if (n !== null) return n;
  }
  // "the first one", "a primeira", "el último": an option by its place in the list, said alone.
  const placed = ordinalPick(saidWords, options.length);
  if (placed !== null) return placed;
  const normalized = options.map(normalize);
  const exact = normalized.indexOf(said);
  if (exact >= 0) return exact;

  const yesNo = yesNoOption(saidWords, normalized);
  if (yesNo !== null) return yesNo;

  // "yes please" holds "Yes"; "margherita" is part of "Pizza Margherita".
  const within = unique(options.map((o, i) => (containsPhrase(text, o) ? i : -1)));
  if (within !== null) return within;
  const part = unique(normalized.map((o, i) => (said.length >= 3 && ` ${o} `.includes(` ${said} `) ? i : -1)));
  if (part !== null) return part;

  // Typos: the one option that matches clearly better than the others.
  const index = buildIndex(
    ["title"],
    {},
    options.map((title, i) => ({ id: String(i), title })),
  );
  const [best, second] = searchIndex(index, text, "title");
  if (best && best.coverage >= 0.5 && (!second || best.score > second.score * 1.5)) return Number(best.id);
  return null;
}

// Ordinal words ("segunda" is also Monday in Portuguese: left out); the last is -1.
const ordinals: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
  primeiro: 1,
  primeira: 1,
  primero: 1,
  primera: 1,
  segundo: 2,
  terceiro: 3,
  terceira: 3,
  tercero: 3,
  tercera: 3,
  ultimo: -1,
  ultima: -1,
};
const aroundOrdinal = new Set("the one option a o el la opcao opcion please pls por favor pf porfa".split(" "));

/** The option a short answer names by its place alone ("the first one", "la última"); null otherwise. */
function ordinalPick(saidWords: string[], count: number): number | null {
  const rest = saidWords.filter((w) => !aroundOrdinal.has(w));
  if (rest.length !== 1 || saidWords.length > 5 || !(rest[0] in ordinals)) return null;
  const n = ordinals[rest[0]];
  const index = n === -1 ? count - 1 : n - 1;
  return index >= 0 && index < count ? index : null;
}

function inRange(n: number, options: string[]): number | null {
  return Number.isInteger(n) && n >= 1 && n <= options.length ? n - 1 : null;
}

function unique(hits: number[]): number | null {
  const found = hits.filter((i) => i >= 0);
  return found.length === 1 ? found[0] : null;
}

function yesNoOption(saidWords: string[], normalized: string[]): number | null {
  const yesAt = normalized.findIndex((o) => yes.has(o));
  const noAt = normalized.findIndex((o) => no.has(o));
  if (yesAt < 0 || noAt < 0) return null;
  const saysYes = saidWords.some((w) => yes.has(w));
  const saysNo = saidWords.some((w) => no.has(w));
  if (saysYes === saysNo) return null;
  return saysYes ? yesAt : noAt;
}

/** The question with its options numbered, as every channel can show it. */
export function numberedOptions(text: string, options: string[]): string {
  return `${text}\n\n${options.map((o, i) => `${i + 1}. ${o}`).join("\n")}`;
}

/** Buttons up to 3 options, a list up to 10, beyond that the numbered text alone. */
export function interactiveFor(options: string[]): { kind: "buttons" | "list"; options: string[] } | null {
  if (options.length === 0 || options.length > 10) return null;
  return { kind: options.length <= 3 ? "buttons" : "list", options };
}
