import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "./fake-llm";
import { corpusRunsHere } from "../conversations/corpus-stage";

const runsHere = corpusRunsHere("corpus-llm");

// npm run corpus:llm (issue 35 item 9): both corpora against the configured OpenAI-compatible model,
// here the scripted fake server on loopback. The command runs in a child process as a business would
// run it; its own vitest uses the embedded database, whatever this file runs on.

const root = path.resolve(__dirname, "../..");
let llm: FakeLlm;

beforeAll(async () => {
  if (!runsHere) return;
  llm = await startFakeLlm();
});
afterAll(() => (runsHere ? llm.close() : undefined));

type Run = { code: number | null; stdout: string; stderr: string };

function corpusLlm(env: Record<string, string | undefined>): Promise<Run> {
  const base: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // This test's own runner and database stay out of the command's.
    if (v === undefined || /^(VITEST|TINYPOOL|DATABASE_URL$|CONVO_|LLM_)/.test(k)) continue;
    base[k] = v;
  }
  for (const [k, v] of Object.entries(env)) if (v !== undefined) base[k] = v;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/corpus-llm.ts")], {
      cwd: root,
      env: base as NodeJS.ProcessEnv,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!runsHere)("npm run corpus:llm", () => {
  it("refuses to run without a model, and stops when the model does not answer", async () => {
    const none = await corpusLlm({});
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL");

    const gone = await corpusLlm({ LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_API_KEY: "k", LLM_MODEL: "m", LLM_TIMEOUT_MS: "1000" });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/the model at http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions did not answer/);
    expect(llm.requests).toHaveLength(0);
  });

  it("runs both corpora against the model with the same tables, keeps its results apart and sets them beside the offline run's", async () => {
    const results = fs.mkdtempSync(path.join(os.tmpdir(), "corpus-llm-"));
    // The preflight, then whatever the runners' turns ask: the fake answers each in plain text.
    llm.script({ content: "ready" });
    const run = await corpusLlm({
      LLM_BASE_URL: llm.baseURL,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "fake-model",
      LLM_TIMEOUT_MS: "3000",
      CONVERSATIONS: "knowledge-en-01",
      UNSEEN: "u-en-tasca-5-03",
      CORPUS_RESULTS_DIR: results,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("corpus:llm: both corpora with the model fake-model");
    // The runners' own tables.
    expect(run.stdout).toMatch(/conversations: \d+\/1 passed/);
    expect(run.stdout).toMatch(/tuned part \(UNSEEN=u-en-tasca-5-03\): \d+\/1 passed/);
    expect(run.stdout).toMatch(/per pattern:\n\s+5 business rules/);
    // And the comparison.
    expect(run.stdout).toContain("corpus:llm: what fake-model adds");
    expect(run.stdout).toMatch(/unseen, tuned part\s+\S+.*\d+\/1/);
    expect(JSON.parse(fs.readFileSync(path.join(results, "conversations.json"), "utf8")).total).toBe(1);
    expect(JSON.parse(fs.readFileSync(path.join(results, "unseen.json"), "utf8")).tuned.total).toBe(1);

    // The turns went to the model configured, with its key, and the business's facts in the prompt.
    expect(llm.requests.length).toBeGreaterThan(1);
    for (const r of llm.requests) expect([r.authorization, r.body.model]).toEqual(["Bearer test-key", "fake-model"]);
    const prompts = llm.requests.map((r) => r.body.messages?.[0]?.content ?? "").filter((c: string) => c.startsWith("You are "));
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.some((p: string) => p.includes("Business facts (the business's settings") && p.includes("Delivery costs €2.50."))).toBe(true);
    fs.rmSync(results, { recursive: true, force: true });
  }, 900_000);
});
