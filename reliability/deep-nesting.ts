// Deep nesting: JSON nested far past the 32 levels the body reader allows, and very wide JSON, sent to
// every operation that takes a body, on both servers and on both databases. A 2.4 KB body nested
// 1,000 deep once crashed the embedded database (Postgres in WebAssembly) for every tenant; the class
// of input is generated here so the next variant is caught too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { AnyOperation } from "../lib/api/operation";
import { type CategoryResult, call, errorProblems, profile, type Reply } from "./support";

type Probe = { method: string; path: string; body: string; deep: boolean; kind: string };

const MAX_DEPTH = 32;
const json = "application/json";

/** `depth` levels of objects and arrays (mixed by `pattern`), with `leaf` at the bottom. */
function nestedText(depth: number, pattern: number[], leaf = "1"): string {
  let open = "";
  let close = "";
  for (let i = 0; i < depth; i++) {
    const array = pattern[i % pattern.length] === 1;
    open += array ? "[" : `{"k${i % 7}":`;
    close = (array ? "]" : "}") + close;
  }
  return open + leaf + close;
}

/** Places `value` (JSON text) under `prop` of an otherwise valid-looking object. */
const under = (prop: string, value: string) => `{${JSON.stringify(prop)}:${value}}`;

/** Bodies known to reach a stored jsonb column if the reader let them through. */
const STORED: { method: string; path: string; wrap: (value: string) => string; levelsAbove: number }[] = [
  { method: "POST", path: "/v1/contacts", wrap: (v) => `{"phone":"+15550009999","metadata":${v}}`, levelsAbove: 1 },
  { method: "POST", path: "/v1/catalog/menu/items", wrap: (v) => `{"items":[{"externalId":"deep","title":"Deep","metadata":${v}}]}`, levelsAbove: 3 },
  {
    method: "PUT",
    path: "/v1/skills/sk_deep_probe",
    wrap: (v) => `{"name":"Deep","graph":{"nodes":[{"id":"start","type":"start","data":${v}}],"edges":[]}}`,
    levelsAbove: 4,
  },
];

function probesFor(operations: AnyOperation[], doc: any): Probe[] {
  const probes: Probe[] = [];
  const depths = profile.name === "ci" ? [MAX_DEPTH + 1, 1_000, 100_000] : [MAX_DEPTH + 1, 200, 1_000, 10_000, 100_000];
  const patterns = fc.sample(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 5 }), { seed: profile.seed, numRuns: 4 });
  for (const op of operations) {
    // Internal (dashboard-only) operations answer a key 404 before reading a body, and are not in the
    // public document; the body reader they share is probed through the public ones.
    if (!op.body || op.internal) continue;
    const item = doc.paths[op.path][op.method.toLowerCase()];
    const props = Object.keys(item.requestBody?.content?.[json]?.schema?.properties ?? { x: {} });
    const urlPath = `/v1${op.path.replace(/\{(\w+)\}/g, "x_deep")}`;
    depths.forEach((depth, i) => {
      const pattern = patterns[i % patterns.length];
      // The whole body, and the value of one of its properties (depth counts from the body).
      probes.push({ method: op.method, path: urlPath, body: nestedText(depth, pattern), deep: true, kind: `${op.id} body ${depth} deep` });
      const prop = props[i % props.length];
      probes.push({
        method: op.method,
        path: urlPath,
        body: under(prop, nestedText(depth, pattern)),
        deep: true,
        kind: `${op.id} .${prop} ${depth} deep`,
      });
    });
    // Wide, not deep: 100,000 array elements and 30,000 keys, both under 1 MiB. Refused or accepted, never a 5xx.
    const wideArray = `[${Array.from({ length: 100_000 }, (_, i) => i % 10).join(",")}]`;
    const wideObject = `{${Array.from({ length: 30_000 }, (_, i) => `"k${i}":${i % 10}`).join(",")}}`;
    probes.push({ method: op.method, path: urlPath, body: under(props[0], wideArray), deep: false, kind: `${op.id} wide array` });
    probes.push({ method: op.method, path: urlPath, body: under(props[0], wideObject), deep: false, kind: `${op.id} wide object` });
  }
  for (const s of STORED) {
    for (const depth of [MAX_DEPTH - s.levelsAbove + 1, 1_000]) {
      probes.push({ method: s.method, path: s.path, body: s.wrap(nestedText(depth, [0])), deep: true, kind: `${s.path} stored value ${depth} deep` });
    }
  }
  return probes;
}

/** One pass over every probe against one server: each deep one a 400 with a path, and the service answering after each. */
export async function deepNesting(opts: { base: string; key: string; label: string; operations: AnyOperation[]; doc: any }): Promise<CategoryResult> {
  const failures: string[] = [];
  const probes = probesFor(opts.operations, opts.doc);
  let refused = 0;
  const healthy = async (after: string) => {
    const r = await call(opts.base, "GET", "/v1/contacts?limit=1", { key: opts.key }).catch((err) => err as Error);
    if (r instanceof Error || r.status !== 200)
      failures.push(`after ${after}: the service no longer answers (${r instanceof Error ? r.message : r.status})`);
  };
  for (const p of probes) {
    let r: Reply;
    try {
      r = await call(opts.base, p.method, p.path, { key: opts.key, body: p.body, headers: { "content-type": json } });
    } catch (err) {
      failures.push(`${p.kind}: no answer (${err instanceof Error ? err.message : err})`);
      await healthy(p.kind);
      continue;
    }
    if (r.status >= 500) failures.push(`${p.kind}: ${r.status} ${r.text.slice(0, 160)}`);
    else if (p.deep) {
      const detail = r.json?.error?.details?.[0]?.path;
      if (r.status !== 400 || r.json?.error?.code !== "invalid_request" || typeof detail !== "string" || !detail) {
        failures.push(`${p.kind}: expected 400 invalid_request with the path of the too-deep point, got ${r.status} ${r.text.slice(0, 160)}`);
      } else refused++;
    }
    if (r.status >= 400) {
      const problems = errorProblems(r);
      if (problems.length) failures.push(`${p.kind}: ${problems.join("; ")}`);
    }
    await healthy(p.kind);
  }

  // At the limit is fine: 32 levels in all are stored and read back unchanged.
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  let atLimit: unknown = 1;
  for (let i = 0; i < MAX_DEPTH - 1; i++) atLimit = { a: atLimit };
  const stored = await call(opts.base, "POST", "/v1/contacts", { key: opts.key, json: { phone, metadata: atLimit } });
  if (stored.status !== 200) failures.push(`a body exactly ${MAX_DEPTH} levels deep was refused: ${stored.status} ${stored.text.slice(0, 160)}`);
  else {
    const back = await call(opts.base, "GET", `/v1/contacts?search=${encodeURIComponent(phone.slice(1))}`, { key: opts.key });
    const found = back.json?.data?.find((c: { id: string }) => c.id === stored.json.id);
    if (JSON.stringify(found?.metadata) !== JSON.stringify(atLimit)) failures.push("the 32-level metadata did not read back unchanged");
  }
  const health = await call(opts.base, "GET", "/healthz");
  if (health.status !== 200) failures.push(`/healthz answered ${health.status} ${health.text.slice(0, 120)}`);
  return {
    name: `deep nesting (${opts.label})`,
    summary: `${probes.length} deep and wide bodies across ${opts.operations.filter((o) => o.body).length} operations, ${refused} refused with a path, service answering after each (seed ${profile.seed})`,
    failures,
  };
}

/**
 * A fresh embedded database in a temporary DATA_DIR with one business and an all-scopes key, made in
 * this process before a server takes the directory's lock.
 */
export async function embeddedFixture(): Promise<{ dir: string; key: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-reliab-pglite-"));
  const { openPglite } = await import("../lib/db/client");
  const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const handle = openPglite(dir);
  try {
    await migratePglite(handle.db as any, { migrationsFolder: path.resolve(__dirname, "..", "drizzle") });
    const b = await createBusiness(handle.db, { name: "Reliability Embedded", tokens: 1_000 });
    const { key } = await createApiKey(handle.db, b.businessId, { scopes: "all", name: "reliability" });
    return { dir, key };
  } finally {
    await handle.close();
  }
}
