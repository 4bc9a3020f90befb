// The corpus runners' shared reporting (the unseen corpus, issue 35; the trades corpus, issue 40): a
// pool that runs conversations a few at a time, and the passed/total counts per pattern, language and
// business that both print and write to test-results.
import { patternNames } from "./case-schema";

export type Result = {
  id: string;
  business: string;
  pattern: number;
  lang: string;
  passed: boolean;
  failures: string[];
  transcript: Array<{ say: string; replies: string[] }>;
};

export async function pool<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : "0.0");
type Counts = { passed: number; total: number };
const countBy = (results: Result[], key: (r: Result) => string): Record<string, Counts> => {
  const out: Record<string, Counts> = {};
  for (const r of [...results].sort((a, b) => key(a).localeCompare(key(b), "en", { numeric: true }))) {
    out[key(r)] ??= { passed: 0, total: 0 };
    out[key(r)].total++;
    if (r.passed) out[key(r)].passed++;
  }
  return out;
};
export const summary = (results: Result[]) => ({
  passed: results.filter((r) => r.passed).length,
  total: results.length,
  perPattern: countBy(results, (r) => `${r.pattern} ${patternNames[r.pattern]}`),
  perLanguage: countBy(results, (r) => r.lang),
  perBusiness: countBy(results, (r) => r.business),
});
export const lines = (title: string, s: ReturnType<typeof summary>) => [
  `${title}: ${s.passed}/${s.total} passed (${pct(s.passed, s.total)}%)`,
  ...(["perPattern", "perLanguage", "perBusiness"] as const).flatMap((k) => [
    `  ${k === "perPattern" ? "per pattern" : k === "perLanguage" ? "per language" : "per business"}:`,
    ...Object.entries(s[k]).map(
      ([name, c]) => `    ${name.padEnd(34)} ${String(c.passed).padStart(3)}/${String(c.total).padEnd(3)} (${pct(c.passed, c.total)}%)`,
    ),
  ]),
];
