import { stems } from "./stemming";
import { words } from "./text-match";

// Which of a business's intents a message means, by its meaning rather than one of its words: each
// intent is a set of example phrases (the business's skills and knowledge titles, and the built-in
// phrases of intent-examples.ts, in English, Portuguese and Spanish); a message is compared with
// every example as weighted terms (word stems and the pairs of neighbouring stems, rarer terms weigh
// more), and an intent scores as its closest example. Words of the message that no example knows still
// count against every score, so a long message that only shares "table" with the booking examples is
// far from all of them: "none of these" is an outcome, not a fallback.

export type IntentExample = { intent: string; text: string };

export type IntentModel = {
  intents: string[];
  /** Per example: its intent, its term weights and their norm. */
  examples: Array<{ intent: string; terms: Map<string, number>; norm: number }>;
  /** Inverse document frequency of each known term; `unknownIdf` for a term no example has. */
  idf: Map<string, number>;
  unknownIdf: number;
};

/** `shared`: how many single terms the message shares with the intent's closest example. */
export type IntentScore = { intent: string; score: number; shared: number };

/** The classification: every intent's score, best first; `best` is null when none reaches `threshold`. */
export type Classification = { ranked: IntentScore[]; best: IntentScore | null; margin: number };

// Words that carry no intent in any of the three languages: articles, pronouns, politeness.
const noise = new Set(
  `a an the of to in on at for and or with my our your me i we you it is are am be this that these those please pls plz
  hi hello hey just so like um uh lol haha what whats which
  qual quais que q cual cuales
  is be was its there here d ll s m re ve t can could would will may get got want like need
  posso pode podem poderia queria quero gostaria gostava preciso puedo puede pueden podria quiero queria quisiera gustaria necesito
  o os as um uma uns umas de do da dos das no na nos nas em ao aos para pra pro e ou com eu meu minha nosso nossa voce sao esta
  voces vc vcs ola oi por favor boas bom dia boa tarde noite
  el la los las un una unos unas del al en y con mi mis nuestro nuestra yo usted ustedes hola porfa buenas buenos dias es son
  something anything sth smth algo alguma algum qualquer alguna alguno cualquier`.split(/\s+/),
);

// A word no example has weighs this much of the rarest known word: enough that a long message about
// something else is far from every intent, not so much that a name or a street drowns the request.
const UNKNOWN_WEIGHT = 0.6;

// Stemming a word three ways is the classifier's main cost: each word is stemmed once per process.
const memo = new Map<string, string>();

/** A word as the classifier compares it: its shortest stem of four letters or more in the three languages (else itself). */
function termOf(word: string): string {
  const known = memo.get(word);
  if (known !== undefined) return known;
  // Stems under four letters make false friends across languages ("morada" and "more" at "mor").
  const all = stems(word).filter((x) => x.length >= 4);
  const term = all.length ? all.reduce((a, b) => (b.length < a.length ? b : a)) : word;
  if (memo.size > 50_000) memo.clear();
  memo.set(word, term);
  return term;
}

// Words of a kind, read as their kind: a number, a clock time, a day; and shorthand as its word.
const dayWords = new Set(
  `today tonight tomorrow tmrw tmr tmw monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun
  weekend hoje amanha segunda terca quarta quinta sexta sabado domingo hoy manana lunes martes miercoles jueves viernes`.split(/\s+/),
);
const shorthand: Record<string, string> = { ppl: "people", pax: "people", pessoas: "people", personas: "people", persons: "people" };

function kindOf(word: string): string {
  if (/^\d+$/.test(word)) return "#";
  if (/^\d{1,2}(h\d{0,2}|am|pm|hrs?)$/.test(word)) return "@time";
  if (dayWords.has(word)) return "@day";
  return termOf(shorthand[word] ?? word);
}

const KINDS = new Set(["#", "@time", "@day"]);

// A pair says less than a word; a bare number says less still (a party, a quantity, an address).
const kindWeight = (t: string) => (t.includes("_") ? 0.7 : t === "#" ? 0.5 : 1);

// "not ordering yet", "no quiero reservar todavía", "uninterested in quotes": the next two words are
// negated, and a negated word is evidence for nothing (no example has it).
const negators = new Set(["not", "no", "dont", "don", "doesnt", "never", "nao", "nem", "nunca", "ni"]);
const NEGATED = 2;

/** The terms of a text with their counts: single stems, and pairs of neighbouring stems. */
export function termsOf(text: string): Map<string, number> {
  const kept: string[] = [];
  let negated = 0;
  for (const w of words(text)) {
    const un = /^un\w{6,}$/.test(w);
    if (negators.has(w) || un) {
      negated = NEGATED;
      if (un) kept.push(`!${kindOf(w.slice(2))}`);
      continue;
    }
    if (noise.has(w)) continue;
    kept.push(negated > 0 ? `!${kindOf(w)}` : kindOf(w));
    if (negated > 0) negated--;
  }
  const out = new Map<string, number>();
  const add = (t: string) => out.set(t, (out.get(t) ?? 0) + 1);
  kept.forEach((t, i) => {
    add(t);
    if (i > 0) add(`${kept[i - 1]}_${t}`);
  });
  return out;
}

export function trainIntents(examples: IntentExample[]): IntentModel {
  const parsed = examples.map((e) => ({ intent: e.intent, terms: termsOf(e.text) })).filter((e) => e.terms.size > 0);
  // A term's rarity is counted in intents, not examples: "reserva" in every booking phrase is what
  // says booking, while "queria fazer" in a booking and an order phrase says neither.
  const intentsOf = new Map<string, Set<string>>();
  for (const e of parsed) for (const t of e.terms.keys()) intentsOf.set(t, (intentsOf.get(t) ?? new Set()).add(e.intent));
  const df = new Map<string, number>([...intentsOf].map(([t, set]) => [t, set.size]));
  const n = new Set(parsed.map((e) => e.intent)).size;
  const idf = new Map<string, number>();
  for (const [t, count] of df) idf.set(t, Math.log(1 + n / count));
  const unknownIdf = Math.log(1 + n) * UNKNOWN_WEIGHT;
  const weigh = (terms: Map<string, number>) => {
    const w = new Map<string, number>();
    for (const [t, c] of terms) w.set(t, (1 + Math.log(c)) * (idf.get(t) ?? unknownIdf) * kindWeight(t));
    return w;
  };
  return {
    intents: [...new Set(parsed.map((e) => e.intent))],
    examples: parsed.map((e) => {
      const terms = weigh(e.terms);
      return { intent: e.intent, terms, norm: Math.hypot(...terms.values()) };
    }),
    idf,
    unknownIdf,
  };
}

/** Scores every intent for `text`; the best counts only at `threshold` or above. */
export function classifyIntent(model: IntentModel, text: string, threshold: number): Classification {
  const counts = termsOf(text);
  // Only numbers, times and days ("4", "tomorrow 8pm") say what, not which: an answer, never an intent.
  if (![...counts.keys()].some((t) => !t.includes("_") && !KINDS.has(t))) counts.clear();
  const weights = new Map<string, number>();
  for (const [t, c] of counts) {
    const known = model.idf.get(t);
    // A pair no example has is not evidence against anything: only single words count as unknown.
    if (known === undefined && t.includes("_")) continue;
    weights.set(t, (1 + Math.log(c)) * (known ?? model.unknownIdf) * kindWeight(t));
  }
  const norm = Math.hypot(...weights.values());
  const scores = new Map<string, IntentScore>(model.intents.map((intent) => [intent, { intent, score: 0, shared: 0 }]));
  if (norm > 0) {
    for (const e of model.examples) {
      let dot = 0;
      let shared = 0;
      for (const [t, w] of e.terms) {
        const m = weights.get(t);
        if (!m) continue;
        dot += m * w;
        if (!t.includes("_")) shared++;
      }
      const cosine = dot / (norm * e.norm);
      const best = scores.get(e.intent);
      if (best && cosine > best.score) scores.set(e.intent, { intent: e.intent, score: cosine, shared });
    }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  return {
    ranked,
    best: first && first.score >= threshold ? first : null,
    margin: first ? first.score - (second?.score ?? 0) : 0,
  };
}
