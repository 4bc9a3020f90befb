// Backtracking input: text shaped to make a regular expression backtrack, sent to every endpoint that
// runs a pattern over what a client wrote: campaign variables and template bodies (preview and
// creation, 100 variables of "{{" + 1,020 spaces, which held the server for minutes before issue 34),
// template and saved-reply bodies, knowledge items (the language and tokenizer patterns), message
// text, contact metadata, and the searches of contacts, conversations and the catalog. Each probe must
// answer (no 5xx) within a generous bound while another business asks the server again and again;
// that business's slowest answer during the probes must stay within a bound too (a pattern that
// backtracks blocks the one event loop, and every tenant waits with it). On npm run api, on Postgres
// and on the embedded database. `npm run check:regex` catches the class statically; this catches it
// where the statically checked list misses a path.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ServerProcess, startApi } from "../bench/servers";
import { type CategoryResult, call, DATABASE_URL, freshSuiteDatabase, errorProblems } from "./support";

type Tenant = { key: string; assistantId: string };
type Probe = { kind: string; method: string; path: string; json?: unknown };

/** Each probe's answer within this (a linear pattern needs milliseconds; the old variable pattern, minutes). */
const PROBE_MS = 10_000;
/** The other business's slowest answer while the probes run. */
const OTHER_MS = 5_000;
const PLACEHOLDERS = 100;

const spaces = (n: number) => " ".repeat(n);
/** Variable texts (at most 1,024 characters each) in the shapes that made the old patterns backtrack. */
const hostileVariables = [
  `{{${spaces(1020)}`,
  `{{${"\t".repeat(1020)}|`,
  `{{ a${spaces(1000)}|${"{".repeat(10)}`,
  "{{".repeat(512),
  `{{x|${"|".repeat(1015)}`,
  `{{ ${"a ".repeat(509)}`,
];
/** Long texts for the free-text fields (knowledge, messages, replies, metadata). */
const hostileTexts = [
  `rua ${"\t\r".repeat(4000)}`,
  "ww.".repeat(3000),
  "-".repeat(10_000),
  `${"a".repeat(5000)}@${"b.".repeat(2000)}`,
  `\nparams: ${"\n\t".repeat(4000)}`,
  `for Ana${spaces(8000)}x`,
  "\u200d⌚".repeat(2000),
  `hello${spaces(8000)}, and${spaces(8000)}?`,
  "{{contact.name|".repeat(600),
];
/** Searches (at most 200 characters): LIKE wildcards, escapes and repeats. */
const hostileSearches = [
  "%".repeat(200),
  "_%".repeat(100),
  "\\".repeat(200),
  "a%b_".repeat(50),
  `${"(".repeat(100)}${")".repeat(100)}`,
  "*+?".repeat(66),
];

function probes(own: Tenant): Probe[] {
  const template = { name: "backtracking", language: "en" };
  const audience = { tags: { any: ["backtracking"] } };
  const later = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
  const out: Probe[] = [];
  for (const [i, v] of hostileVariables.entries()) {
    const variables = Array.from({ length: PLACEHOLDERS }, () => v);
    out.push({
      kind: `preview, ${PLACEHOLDERS} variables of shape ${i + 1}`,
      method: "POST",
      path: "/v1/campaigns/preview",
      json: { audience, template: { ...template, variables } },
    });
    out.push({
      kind: `campaign creation, ${PLACEHOLDERS} variables of shape ${i + 1}`,
      method: "POST",
      path: "/v1/campaigns",
      json: { name: `Backtracking ${i + 1}`, audience, template: { ...template, variables }, scheduledAt: later },
    });
  }
  for (const [i, v] of hostileVariables.entries()) {
    out.push({
      kind: `template body of shape ${i + 1}`,
      method: "POST",
      path: "/v1/templates",
      json: { name: `bt_body_${i}`, language: "en", category: "marketing", body: v },
    });
    out.push({
      kind: `preview of a template whose body is shape ${i + 1}`,
      method: "POST",
      path: "/v1/campaigns/preview",
      json: { audience, template: { name: `bt_body_${i}`, language: "en", variables: [] } },
    });
  }
  for (const [i, text] of hostileTexts.entries()) {
    const t = text.slice(0, 4096);
    out.push({
      kind: `knowledge item of text ${i + 1}`,
      method: "POST",
      path: `/v1/assistants/${own.assistantId}/knowledge`,
      json: { title: t.slice(0, 200), content: text.slice(0, 20_000) },
    });
    out.push({ kind: `saved reply of text ${i + 1}`, method: "POST", path: "/v1/saved-replies", json: { shortcut: `bt${i}`, text: t } });
    out.push({ kind: `message of text ${i + 1}`, method: "POST", path: "/v1/messages", json: { to: "+15550001001", type: "text", text: t } });
    out.push({
      kind: `contact with name and metadata of text ${i + 1}`,
      method: "POST",
      path: "/v1/contacts",
      json: { phone: `+1555000${String(2000 + i)}`, name: t.slice(0, 200), metadata: { note: t, email: t } },
    });
  }
  for (const [i, s] of hostileSearches.entries()) {
    const q = encodeURIComponent(s);
    out.push({ kind: `contact search ${i + 1}`, method: "GET", path: `/v1/contacts?search=${q}` });
    out.push({ kind: `conversation search ${i + 1}`, method: "GET", path: `/v1/conversations?q=${q}` });
    out.push({ kind: `catalog search ${i + 1}`, method: "GET", path: `/v1/catalog/menu/items?search=${q}` });
    out.push({ kind: `campaign audience search ${i + 1}`, method: "POST", path: "/v1/campaigns/preview", json: { audience: { search: s } } });
  }
  return out;
}

/** The hostile business's template with 100 placeholders and three contacts tagged for its audience. */
async function prepare(base: string, own: Tenant): Promise<void> {
  const must = async (method: string, p: string, json: unknown) => {
    const r = await call(base, method, p, { key: own.key, json });
    if (r.status !== 200) throw new Error(`backtracking fixture ${method} ${p}: ${r.status} ${r.text.slice(0, 200)}`);
  };
  const body = Array.from({ length: PLACEHOLDERS }, (_, i) => `{{${i + 1}}}`).join(" ");
  await must("POST", "/v1/templates", { name: "backtracking", language: "en", category: "marketing", body });
  for (let i = 0; i < 3; i++) await must("POST", "/v1/contacts", { phone: `+1555000300${i}`, name: `Guest ${i}`, tags: ["backtracking"] });
  await must("POST", "/v1/catalog/menu/items", { items: [{ externalId: "bt1", title: "Pizza" }] });
}

/** Every probe against one server, with the other business asking for its contacts all the while. */
export async function backtracking(opts: { base: string; own: Tenant; other: Tenant; label: string }): Promise<CategoryResult> {
  const failures: string[] = [];
  await prepare(opts.base, opts.own);
  const list = probes(opts.own);
  let running = true;
  let otherSlowest = 0;
  let otherServed = 0;
  const other = (async () => {
    while (running) {
      const r = await call(opts.base, "GET", "/v1/contacts?limit=1", { key: opts.other.key, timeoutMs: 120_000 }).catch((err) => err as Error);
      if (r instanceof Error || r.status !== 200)
        failures.push(`the other business's GET /v1/contacts: ${r instanceof Error ? r.message : r.status}`);
      else {
        otherSlowest = Math.max(otherSlowest, r.ms);
        otherServed++;
      }
    }
  })();
  let slowest = { kind: "", ms: 0 };
  try {
    for (const p of list) {
      const r = await call(opts.base, p.method, p.path, { key: opts.own.key, json: p.json, timeoutMs: 120_000 }).catch((err) => err as Error);
      if (r instanceof Error) {
        failures.push(`${p.kind}: no answer (${r.message})`);
        continue;
      }
      if (r.ms > slowest.ms) slowest = { kind: p.kind, ms: r.ms };
      if (r.status >= 500) failures.push(`${p.kind}: ${r.status} ${r.text.slice(0, 160)}`);
      else if (r.status >= 400) for (const problem of errorProblems(r)) failures.push(`${p.kind}: ${problem}`);
      if (r.ms > PROBE_MS) failures.push(`${p.kind}: answered in ${r.ms} ms (bound ${PROBE_MS} ms)`);
    }
  } finally {
    running = false;
    await other;
  }
  if (!otherServed) failures.push("the other business got no answer while the probes ran");
  if (otherSlowest > OTHER_MS) failures.push(`the other business waited ${otherSlowest} ms for one answer (bound ${OTHER_MS} ms)`);
  return {
    name: `backtracking input (${opts.label})`,
    summary: `${list.length} hostile requests (campaign variables and template bodies, free text, searches): slowest ${slowest.ms} ms (${slowest.kind}; bound ${PROBE_MS} ms); the other business served ${otherServed} times meanwhile, slowest ${otherSlowest} ms (bound ${OTHER_MS} ms)`,
    failures,
  };
}

async function tenants(database: Parameters<typeof import("../lib/businesses/businesses").createBusiness>[0]): Promise<Tenant[]> {
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const out: Tenant[] = [];
  for (const name of ["Reliability Backtracking", "Reliability Bystander"]) {
    const b = await createBusiness(database, { name, tokens: 1_000 });
    const { key } = await createApiKey(database, b.businessId, { scopes: "all", name: "reliability" });
    out.push({ key, assistantId: b.assistantId });
  }
  return out;
}

/** The category on npm run api, on the suite's Postgres database and on a fresh embedded one. */
export async function backtrackingEverywhere(opts: { servers: ServerProcess[]; port: number }): Promise<CategoryResult[]> {
  const env = { RUN_WORKER: "0", RATE_LIMIT_PER_SECOND: "100000", RATE_LIMIT_BURST: "100000" };
  const results: CategoryResult[] = [];
  const { db } = await import("../lib/db/client");
  const [own, other] = await tenants(db());
  const onPostgres = await startApi(opts.port, DATABASE_URL, env, "api-backtracking");
  opts.servers.push(onPostgres);
  try {
    results.push(await backtracking({ base: onPostgres.url, own, other, label: "npm run api, Postgres" }));
  } finally {
    await onPostgres.stop();
  }

  // The embedded database: businesses made in this process before the server takes the directory.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-reliab-backtracking-"));
  try {
    const { openPglite } = await import("../lib/db/client");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const handle = openPglite(dir);
    let embedded: Tenant[];
    try {
      await migrate(handle.db as any, { migrationsFolder: path.resolve(__dirname, "..", "drizzle") });
      embedded = await tenants(handle.db);
    } finally {
      await handle.close();
    }
    const server = await startApi(opts.port, "", { ...env, DATA_DIR: dir }, "api-backtracking-embedded");
    opts.servers.push(server);
    try {
      results.push(await backtracking({ base: server.url, own: embedded[0], other: embedded[1], label: "npm run api, embedded" }));
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** RELIABILITY_ONLY=backtracking: a fresh suite database, both databases, one line. */
export async function backtrackingAlone(port: number): Promise<CategoryResult> {
  await freshSuiteDatabase();
  const { closeDb } = await import("../lib/db/client");
  const servers: ServerProcess[] = [];
  try {
    const results = await backtrackingEverywhere({ servers, port });
    return {
      name: "backtracking input",
      summary: results.map((r) => r.summary.replace(/^/, `${r.name.replace(/^backtracking input /, "")}: `)).join("; "),
      failures: results.flatMap((r) => r.failures.map((f) => `${r.name}: ${f}`)),
    };
  } finally {
    for (const s of servers) await s.stop();
    await closeDb();
  }
}
