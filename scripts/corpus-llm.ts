// npm run corpus:llm: both conversation corpora (the project's own, tests/conversations/cases, and the
// unseen one, tuned and held-out parts) against the OpenAI-compatible model the deployment is configured
// with (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL; lib/runtime/llm/llm-client.ts), so a business sees what its
// model adds over the offline assistant. The runners are the same and print the same tables; the
// held-out part still prints counts only. The results go to test-results/llm/ (CORPUS_RESULTS_DIR), and
// when an offline run left its results in test-results/, a last table sets the two side by side.
//
// The corpora's pass thresholds are the offline assistant's: a model that passes fewer fails them, and
// the command still prints every table and exits 0; it exits 1 only when no model is configured, the
// model does not answer, or a corpus did not run. CONVERSATIONS=<id part> and UNSEEN=<id part> run
// subsets, CORPUS_LLM_CONCURRENCY conversations at once (default 4: providers limit requests).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const settings = {
  baseURL: process.env.LLM_BASE_URL?.trim() ?? "",
  apiKey: process.env.LLM_API_KEY?.trim() ?? "",
  model: process.env.LLM_MODEL?.trim() ?? "",
};

function fail(message: string): never {
  console.error(`corpus:llm: ${message}`);
  process.exit(1);
}

/** One small completion: the model is there and accepts the key before a long run starts. */
async function preflight(): Promise<void> {
  const url = `${settings.baseURL.replace(/\/+$/, "")}/chat/completions`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({ model: settings.model, messages: [{ role: "user", content: "Reply with the word ready." }], max_tokens: 5 }),
      signal: AbortSignal.timeout(Number(process.env.LLM_TIMEOUT_MS ?? 8000) * 2),
    });
    if (!res.ok) fail(`the model at ${url} answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  } catch (err) {
    fail(`the model at ${url} did not answer: ${(err as Error).message}`);
  }
}

type Counts = { passed: number; total: number };
type Summary = { old?: Counts & { byCategory: Record<string, Counts> }; tuned?: Counts; heldOut?: Counts; perPattern?: Record<string, Counts> };

/** What one run left in `dir`: the old corpus's and the unseen corpus's results, as counts. */
function read(dir: string): Summary {
  const out: Summary = {};
  const json = (file: string) => {
    const full = path.join(dir, file);
    return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, "utf8")) : null;
  };
  const old = json("conversations.json");
  if (old) {
    const byCategory: Record<string, Counts> = {};
    for (const r of old.results as Array<{ category: string; passed: boolean }>) {
      byCategory[r.category] ??= { passed: 0, total: 0 };
      byCategory[r.category].total++;
      if (r.passed) byCategory[r.category].passed++;
    }
    out.old = { passed: old.passed, total: old.total, byCategory };
  }
  const unseen = json("unseen.json");
  if (unseen?.tuned) {
    out.tuned = { passed: unseen.tuned.passed, total: unseen.tuned.total };
    out.perPattern = unseen.tuned.perPattern;
  }
  if (unseen?.heldOut) out.heldOut = { passed: unseen.heldOut.passed, total: unseen.heldOut.total };
  return out;
}

const cell = (c?: Counts) => (c ? `${c.passed}/${c.total} (${c.total ? ((100 * c.passed) / c.total).toFixed(1) : "0.0"}%)` : "—");

function compare(offline: Summary, model: Summary): string[] {
  const rows: Array<[string, Counts | undefined, Counts | undefined]> = [
    ["old corpus", offline.old, model.old],
    ...Object.keys(model.old?.byCategory ?? {})
      .sort()
      .map((k): [string, Counts | undefined, Counts | undefined] => [`  ${k}`, offline.old?.byCategory[k], model.old?.byCategory[k]]),
    ["unseen, tuned part", offline.tuned, model.tuned],
    ...Object.keys(model.perPattern ?? {}).map((k): [string, Counts | undefined, Counts | undefined] => [
      `  ${k}`,
      offline.perPattern?.[k],
      model.perPattern?.[k],
    ]),
    ["unseen, held-out part", offline.heldOut, model.heldOut],
  ];
  return [
    `${"".padEnd(40)} ${"offline".padEnd(18)} ${`with ${settings.model}`}`,
    ...rows.map(([name, a, b]) => `${name.padEnd(40)} ${cell(a).padEnd(18)} ${cell(b)}`),
  ];
}

async function main() {
  if (!settings.baseURL || !settings.apiKey || !settings.model) {
    fail("no model is configured: set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL (any OpenAI-compatible server; docs/assistant.md).");
  }
  await preflight();
  const results = path.resolve(root, process.env.CORPUS_RESULTS_DIR ?? "test-results/llm");
  fs.mkdirSync(results, { recursive: true });
  for (const file of ["conversations.json", "unseen.json"]) fs.rmSync(path.join(results, file), { force: true });
  const concurrency = process.env.CORPUS_LLM_CONCURRENCY ?? "4";
  console.log(`corpus:llm: both corpora with the model ${settings.model} at ${settings.baseURL} (${concurrency} conversations at once)`);
  const run = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "tests/conversations/conversations.test.ts", "tests/conversations/unseen.test.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        CORPUS_RESULTS_DIR: results,
        CONVERSATIONS_CONCURRENCY: process.env.CONVERSATIONS_CONCURRENCY ?? concurrency,
        UNSEEN_CONCURRENCY: process.env.UNSEEN_CONCURRENCY ?? concurrency,
      },
    },
  );
  const model = read(results);
  if (!model.old || !model.tuned) fail(`a corpus did not run (vitest exited ${run.status ?? run.signal}); its output is above.`);
  console.log(
    [
      "",
      `corpus:llm: what ${settings.model} adds (offline: the last offline run's test-results/)`,
      ...compare(read(path.join(root, "test-results")), model),
    ].join("\n"),
  );
  if (run.status !== 0) console.log("corpus:llm: some thresholds, set for the offline assistant, were not met with this model (see above).");
}

main();
