import MiniSearch, { type SearchResult } from "minisearch";
import { stems } from "../understanding/stemming";
import { meaningfulWords, stopwords } from "../understanding/stopwords";
import { conceptsOf, kindsOf, topicConcepts } from "../understanding/synonyms";
import { joinedHyphenWords, words } from "../understanding/text-match";

// The fuzzy index behind knowledge answers, catalog search and choices: MiniSearch over normalized
// words (no case, no accents, no stopwords in English, Portuguese or Spanish), prefix and typo
// tolerant on longer words only, because a one-letter typo allowance on "bar" would also find "car".
// Every word also stands under its stems and its concepts (stemming.ts, synonyms.ts), on both sides,
// so "horários" finds "horario" and "morada" finds "Address"; those extra terms match exactly.

// Stemming a word three times is most of an index build; the same words come back in every
// business's items and questions, so their variants are kept (bounded, oldest out first).
const MAX_WORDS = 50_000;
const known = new Map<string, string[]>();

/** A word with its stems in the three languages and its concept terms ("~address"). */
function variants(word: string): string[] {
  let found = known.get(word);
  if (!found) {
    found = [...new Set([word, ...stems(word), ...conceptsOf(word)])];
    if (known.size >= MAX_WORDS) known.delete(known.keys().next().value as string);
    known.set(word, found);
  }
  return found;
}

/** An indexed word's variants, and the kind its own name makes it ("rooibos" is indexed under ~tea too). */
function indexedVariants(word: string): string[] {
  const kinds = kindsOf(word);
  return kinds.length ? [...variants(word), ...kinds] : variants(word);
}

export type Indexed = { id: string } & Record<string, string>;

/** `joinHyphens`: a hyphenated word is also indexed as one ("Check-up" under "checkup"). */
export function buildIndex<T extends Indexed>(
  fields: string[],
  boost: Record<string, number>,
  docs: T[],
  opts: { joinHyphens?: boolean } = {},
): MiniSearch<T> {
  const index = new MiniSearch<T>({
    fields,
    storeFields: ["id"],
    tokenize: (text) => (opts.joinHyphens ? [...words(text), ...joinedHyphenWords(text)] : words(text)),
    processTerm: (term) => (stopwords.has(term) ? null : indexedVariants(term)),
    // A question's words, without the kinds: "rooibos" asks for the rooibos, not every tea.
    searchOptions: { boost, combineWith: "OR", processTerm: (term) => (stopwords.has(term) ? null : variants(term)) },
  });
  index.addAll(docs);
  return index;
}

export type Match = {
  id: string;
  score: number;
  /** The share of the query's meaningful words this document matched (0..1). */
  coverage: number;
  /** Whether a query word matched in `primaryField` (a title). */
  primaryHit: boolean;
  /** Whether a query word is, exactly, a word of `primaryField` (no typo or prefix allowance). */
  exactPrimaryHit: boolean;
  /** Whether a query word's topic concept ("dog" -> ~pets; synonyms.ts topicConcepts) is one of `primaryField`'s ("Perros"). */
  conceptPrimaryHit: boolean;
  /** Whether a query word was found whole (as typed, within typo reach, or by its concept), not only by a stem. */
  strongHit: boolean;
};

export function searchIndex(index: MiniSearch, query: string, primaryField: string, ignore: string[] = []): Match[] {
  const skip = new Set(ignore.flatMap((phrase) => words(phrase)));
  const wanted = [...new Set(meaningfulWords(query).filter((w) => !skip.has(w)))];
  if (!wanted.length) return [];
  // Which of the customer's words each search term stands for (a stem may stand for two).
  const origin = new Map<string, Set<number>>();
  wanted.forEach((word, i) => {
    for (const term of variants(word)) origin.set(term, (origin.get(term) ?? new Set()).add(i));
  });
  const typed = new Set(wanted);
  const results = index.search(
    { combineWith: "OR", queries: [...origin.keys()] },
    {
      tokenize: (term) => [term],
      processTerm: (term) => term,
      // Prefix and typo allowances on what the customer typed; stems and concepts match as they are.
      prefix: (term) => typed.has(term) && term.length >= 4,
      fuzzy: (term) => (typed.has(term) && term.length >= 5 ? 0.2 : false),
    },
  );
  return results.map((r: SearchResult) => {
    // A word found as typed (or within typo reach) or by its concept counts whole; found only by a
    // stem, half: "cars" meets the "car" of "car park", which is weak evidence of a parking question.
    const credit = new Map<number, number>();
    for (const term of r.queryTerms) {
      const weight = typed.has(term) || term.startsWith("~") ? 1 : 0.5;
      for (const i of origin.get(term) ?? []) credit.set(i, Math.max(credit.get(i) ?? 0, weight));
    }
    const covered = [...credit.values()].reduce((sum, c) => sum + c, 0);
    return {
      id: String(r.id),
      score: r.score,
      coverage: Math.min(1, covered / wanted.length),
      primaryHit: Object.values(r.match).some((fields) => fields.includes(primaryField)),
      exactPrimaryHit: r.queryTerms.some((term) => !term.startsWith("~") && r.match[term]?.includes(primaryField)),
      conceptPrimaryHit: r.queryTerms.some((term) => topicConcepts.has(term) && r.match[term]?.includes(primaryField)),
      strongHit: [...credit.values()].some((c) => c === 1),
    };
  });
}

/** Whether the customer's words are in the query at all once stopwords and `ignore` are dropped. */
export function hasSearchWords(query: string, ignore: string[] = []): boolean {
  const skip = new Set(ignore.flatMap((phrase) => words(phrase)));
  return meaningfulWords(query).some((w) => !skip.has(w));
}

// Indexes are rebuilt only when their source changed: the caller's stamp (row count and latest
// update) is part of the entry. A small map, oldest out first, bounds memory across many businesses.
const MAX_ENTRIES = 500;
const cache = new Map<string, { stamp: string; value: unknown }>();

export async function cachedIndex<T>(key: string, stamp: string, build: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.value as T;
  }
  const value = await build();
  cache.delete(key);
  cache.set(key, { stamp, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
