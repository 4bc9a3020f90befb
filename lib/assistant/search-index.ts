import MiniSearch, { type SearchResult } from "minisearch";
import { meaningfulWords, stopwords } from "./stopwords";
import { words } from "./text-match";

// The fuzzy index behind knowledge answers, catalog search and choices: MiniSearch over normalized
// words (no case, no accents, no stopwords), prefix and typo tolerant on longer words only, because a
// one-letter typo allowance on "bar" would also find "car".

export type Indexed = { id: string } & Record<string, string>;

export function buildIndex<T extends Indexed>(fields: string[], boost: Record<string, number>, docs: T[]): MiniSearch<T> {
  const index = new MiniSearch<T>({
    fields,
    storeFields: ["id"],
    tokenize: (text) => words(text),
    processTerm: (term) => (stopwords.has(term) ? null : term),
    searchOptions: {
      boost,
      combineWith: "OR",
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    },
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
};

export function searchIndex(index: MiniSearch, query: string, primaryField: string, ignore: string[] = []): Match[] {
  const skip = new Set(ignore.flatMap((phrase) => words(phrase)));
  const wanted = [...new Set(meaningfulWords(query).filter((w) => !skip.has(w)))];
  if (!wanted.length) return [];
  return index.search(wanted.join(" ")).map((r: SearchResult) => ({
    id: String(r.id),
    score: r.score,
    coverage: Math.min(1, new Set(r.queryTerms).size / wanted.length),
    primaryHit: Object.values(r.match).some((fields) => fields.includes(primaryField)),
    exactPrimaryHit: r.queryTerms.some((term) => r.match[term]?.includes(primaryField)),
  }));
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
