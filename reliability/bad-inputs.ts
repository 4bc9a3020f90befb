// Bad input: thousands of generated requests across every operation of the table (fast-check, from the
// operation table and the OpenAPI document): wrong types, missing fields, huge strings, deep JSON,
// invalid UTF-8, wrong content types, garbage cursors and path ids, other businesses' ids, bad keys.
// Zero 5xx, every error body the documented one, and a database fingerprint unchanged by all of it.
import fc from "fast-check";
import type postgres from "postgres";
import type { AnyOperation } from "../lib/api/operation";
import { type CategoryResult, call, errorProblems, pool, profile, type Reply } from "./support";

export type Fixture = {
  key: string;
  ids: Record<string, string>;
};

type Spec = {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
  expect?: number;
  key?: string | null;
};
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  $ref?: string;
  items?: JsonSchema;
};

const json = "application/json";
const WRONG_VALUES: unknown[] = [12345, -1.5, true, false, null, "a string", "", [], [1, "a", null], {}, { nested: { deeper: [1] } }];

function typesOf(schema: JsonSchema | undefined): Set<string> | null {
  if (!schema) return null;
  if (schema.anyOf) {
    const all = schema.anyOf.map(typesOf);
    if (all.some((t) => t === null)) return null;
    return new Set(all.flatMap((t) => [...(t as Set<string>)]));
  }
  if (!schema.type) return null;
  const list = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(list.flatMap((t) => (t === "integer" ? ["integer", "number"] : [t])));
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** A body that is valid JSON with at least one property of a type its schema never accepts. */
function wrongTypeBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> | null {
  const props = Object.entries(schema.properties ?? {})
    .map(([name, s]) => [name, typesOf(s)] as const)
    .filter((p): p is readonly [string, Set<string>] => p[1] !== null);
  if (!props.length) return null;
  const options = props.map(([name, types]) => {
    const wrong = WRONG_VALUES.filter((v) => !types.has(jsonType(v)) && !(jsonType(v) === "integer" && types.has("number")));
    return fc.record({ name: fc.constant(name), value: fc.constantFrom(...wrong) });
  });
  return fc
    .tuple(fc.oneof(...options), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
    .map(([bad, extra]) => ({
      ...extra,
      [bad.name]: bad.value,
    }));
}

function deepJson(depth: number, wrap: (inner: string) => string): string {
  return wrap(`${"[".repeat(depth)}${"]".repeat(depth)}`);
}

const garbageSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
  fc.constantFrom(
    "null",
    "undefined",
    "0",
    "-1",
    "%00",
    "..",
    "' or 1=1 --",
    "conv_",
    "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T",
    "x".repeat(2000),
    "🙂",
    "a/b",
  ),
  fc.stringMatching(/^[a-z]{2,5}_[0-9A-Z]{26}$/),
);

const garbageCursor = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.base64String({ minLength: 4, maxLength: 80 }),
  fc
    .tuple(fc.nat(), fc.constantFrom("ct_", "conv_", "msg_", "cat_", "x_", ""))
    .map(([n, p]) => Buffer.from(`${n}.${p}01JD7X4S9C8A3K2M5N6P7Q8R9T`).toString("base64url")),
  fc.constantFrom("", "=", "....", "x".repeat(300), Buffer.from("9999999999999999.msg_x").toString("base64url")),
);

const garbageQueryValue = fc.oneof(
  fc.constantFrom(
    "abc",
    "-1",
    "0",
    "201",
    "1.5",
    "1e3",
    "",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "x".repeat(10_000),
    "2026-13-45T99:99:99Z",
    "999999d",
    "0h",
    "721h",
  ),
  fc.string({ maxLength: 30 }),
);

export function requestsFor(op: AnyOperation, doc: any, own: Fixture, foreign: Fixture): fc.Arbitrary<Spec> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const pathWith = (values: Record<string, string>) => `/v1${op.path.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(values[n] ?? "x"))}`;
  const ownPath = pathWith(own.ids);
  const item = doc.paths[op.path][op.method.toLowerCase()];
  const bodySchema: JsonSchema | undefined = item.requestBody?.content?.[json]?.schema;
  const queryNames: string[] = (item.parameters ?? []).filter((p: { in: string }) => p.in === "query").map((p: { name: string }) => p.name);
  const base = (kind: string, extra: Partial<Spec> = {}): Spec => ({ kind, method: op.method, path: ownPath, headers: {}, ...extra });
  const kinds: fc.Arbitrary<Spec>[] = [];

  // Keys: missing, malformed, unknown, another scheme.
  kinds.push(
    fc
      .constantFrom(null, "Basic dXNlcjpwYXNz", "Bearer", "Bearer cak_live_short", `Bearer cak_live_${"Z".repeat(40)}`, `Bearer ${own.key}x`)
      .map((auth) => base("bad key", { key: null, headers: auth ? { authorization: auth } : {}, expect: 401 })),
  );

  // Path ids: garbage, and the other business's (which must look exactly like missing ones).
  if (names.length) {
    kinds.push(
      fc
        .tuple(...names.map(() => garbageSegment))
        .map((vals) => base("garbage path id", { path: pathWith(Object.fromEntries(names.map((n, i) => [n, vals[i]]))) })),
    );
    const foreignable = isForeignable(op, foreign);
    if (foreignable) {
      const body = VALID_BODIES[op.id];
      kinds.push(
        fc.constant(
          base("other business's id", {
            path: pathWith(foreign.ids),
            expect: 404,
            ...(body ? { body: JSON.stringify(body), headers: { "content-type": json } } : {}),
          }),
        ),
      );
    }
  }

  // Query strings (reads only: a write ignores unknown query parameters, and would succeed).
  if (op.method === "GET" && queryNames.length) {
    kinds.push(
      fc
        .array(fc.tuple(fc.constantFrom(...queryNames, "limit", "unknown"), fc.oneof(garbageQueryValue, garbageCursor)), {
          minLength: 1,
          maxLength: 4,
        })
        .map((pairs) => base("garbage query", { path: `${ownPath}?${new URLSearchParams(pairs).toString()}` })),
    );
    for (const cursorName of queryNames.filter((n) => n === "cursor" || n === "before")) {
      kinds.push(garbageCursor.map((c) => base("garbage cursor", { path: `${ownPath}?${cursorName}=${encodeURIComponent(c)}`, expect: 400 })));
    }
  }

  // Bodies, on the business's own resources, so the body is what gets refused.
  if (bodySchema) {
    const withBody = (kind: string, body: Uint8Array | string, contentType: string | null, expect?: number) =>
      base(kind, { body, headers: contentType ? { "content-type": contentType } : {}, expect });
    const wrong = wrongTypeBody(bodySchema);
    if (wrong) kinds.push(wrong.map((b) => withBody("wrong types", JSON.stringify(b), json, 400)));
    // `{}` is a bad body only where the body has required fields: a replace whose every field may be left
    // out (PUT /v1/business-facts: "a field left out is cleared") takes it; an unknown field never.
    if (!op.bodyOptional && op.method !== "PATCH")
      kinds.push(
        fc.constantFrom(...(bodySchema.required?.length ? ["{}"] : []), '{"unknown":1}').map((b) => withBody("missing fields", b, json, 400)),
      );
    kinds.push(
      fc
        .jsonValue({ maxDepth: 3 })
        .filter((v) => v === null || typeof v !== "object" || Array.isArray(v))
        .map((v) => withBody("not an object", JSON.stringify(v), json, 400)),
    );
    kinds.push(
      fc.constantFrom(200_000, 900_000).map((n) => {
        const props = Object.keys(bodySchema.properties ?? { x: {} });
        return withBody("huge string", JSON.stringify({ [props[n % props.length]]: "x".repeat(n) }), json);
      }),
    );
    kinds.push(fc.constant(withBody("over 1 MiB", JSON.stringify({ padding: "x".repeat(1_100_000) }), json, 413)));
    kinds.push(
      fc.constantFrom(1_000, 10_000, 100_000).map((depth) => {
        const props = Object.keys(bodySchema.properties ?? { x: {} });
        return withBody(
          "deep JSON",
          deepJson(depth, (inner) => `{"${props[depth % props.length]}":${inner}}`),
          json,
        );
      }),
    );
    const firstProp = Object.keys(bodySchema.properties ?? { x: {} })[0];
    kinds.push(fc.constant(withBody("deep JSON object", `{"${firstProp}":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`, json)));
    kinds.push(
      fc
        .uint8Array({ minLength: 1, maxLength: 8 })
        .map((bytes) =>
          withBody("invalid UTF-8", Buffer.concat([Buffer.from('{"x":"'), Buffer.from([0xff, 0xc3, ...bytes, 0xfe]), Buffer.from('"}')]), json, 400),
        ),
    );
    kinds.push(
      fc
        .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/jsonx")
        .map((ct) => withBody("wrong content type", '{"a":1}', ct, 415)),
    );
    kinds.push(fc.constant(withBody("no content type", '{"a":1}', null, 415)));
    kinds.push(
      fc
        .string({ minLength: 1, maxLength: 200 })
        .filter(notJson)
        .map((s) => withBody("not JSON", s, json, 400)),
    );
    kinds.push(fc.constant(withBody("truncated JSON", '{"a": [1, 2', json, 400)));
  }
  if (op.idempotent) {
    kinds.push(
      fc
        .constantFrom("", "k".repeat(256))
        .map((k) => base("bad Idempotency-Key", { headers: { "idempotency-key": k, "content-type": json }, body: "{}" })),
    );
  }
  return fc.oneof(...kinds);
}

function notJson(s: string): boolean {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
}

function isForeignable(op: AnyOperation, foreign: Fixture): boolean {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names.length > 0 && names.every((n) => foreign.ids[n] !== undefined) && !["skills-upsert"].includes(op.id) && !names.includes("collection");
}

/**
 * The writes tried with another business's id whose body schema refuses VALID_BODIES' entry (or no
 * body): they would answer 400 before the id is looked up, so the case would test nothing.
 */
export function missingValidBodies(operations: AnyOperation[], foreign: Fixture): string[] {
  return operations
    .filter((op) => op.body && isForeignable(op, foreign))
    .filter((op) => !op.body?.safeParse(VALID_BODIES[op.id]).success)
    .map((op) => `other business's id ${op.method} ${op.path}: VALID_BODIES has no valid body for ${op.id} (it would answer 400, not 404)`);
}

/** Valid bodies for the writes that take a path id, so another business's id is the only problem. */
const VALID_BODIES: Record<string, unknown> = {
  "knowledge-create": { title: "Parking", content: "Park behind the shop." },
  "knowledge-update": { title: "Parking (updated)" },
  "conversations-handoff": { reason: "test" },
  "webhooks-update": { enabled: true },
  "conversations-note": { text: "Called back, table confirmed." },
  "conversations-assign": { userId: null },
  "catalog-update": { title: "Renamed" },
  "records-update": { status: "cancelled" },
  "saved-replies-update": { text: "Hello!" },
  "conversations-label-add": { labelId: "lbl_01JD7X4S9C8A3K2M5N6P7Q8R9T" },
  "services-update": { active: false },
  "staff-update": { name: "Renamed" },
  "appointments-update": { notes: "Running late" },
  "staff-calendar-busy-feed-set": { url: null },
  "labels-update": { name: "Renamed" },
  "flows-update": { name: "Renamed" },
};

/** Every table's row count and content hash: any write at all changes it. */
export async function fingerprint(sql: postgres.Sql): Promise<Map<string, string>> {
  const tables = await sql<{ table_name: string }[]>`select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('rate_limits', 'api_keys', '__drizzle_migrations')`;
  const out = new Map<string, string>();
  for (const { table_name } of tables) {
    const [row] = await sql.unsafe(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from "${table_name}" t`,
    );
    out.set(table_name, `${row.n}:${row.h}`);
  }
  return out;
}

export async function badInputs(opts: {
  base: string;
  label: string;
  operations: AnyOperation[];
  doc: any;
  own: Fixture;
  foreign: Fixture;
  sql: postgres.Sql;
}): Promise<CategoryResult> {
  const perOp = Math.ceil(profile.badInputs / opts.operations.length);
  const specs: Spec[] = [];
  opts.operations.forEach((op, i) => {
    specs.push(...fc.sample(requestsFor(op, opts.doc, opts.own, opts.foreign), { seed: profile.seed + i, numRuns: perOp }));
  });
  // Unknown paths and methods answer documented errors too.
  specs.push(
    ...["/v1/nope", "/v1/contacts/extra/segments", "/v1/%ff%fe", "/v1/openapi.json/x"].map((path) => ({
      kind: "unknown path",
      method: "GET",
      path,
      headers: {},
      expect: 404,
    })),
    ...["PUT", "PATCH", "DELETE"].map((method) => ({ kind: "wrong method", method, path: "/v1/contacts", headers: {}, expect: 405 })),
  );

  const before = await fingerprint(opts.sql);
  const failures: string[] = missingValidBodies(opts.operations, opts.foreign);
  const byKind = new Map<string, number>();
  let serverErrors = 0;
  let invalidBodies = 0;
  let accepted = 0;
  await pool(specs, 12, async (spec) => {
    byKind.set(spec.kind, (byKind.get(spec.kind) ?? 0) + 1);
    let r: Reply;
    try {
      r = await call(opts.base, spec.method, spec.path, { key: spec.key === null ? null : opts.own.key, headers: spec.headers, body: spec.body });
    } catch (err) {
      failures.push(`${spec.kind} ${spec.method} ${spec.path.slice(0, 80)}: no answer (${err instanceof Error ? err.message : err})`);
      return;
    }
    const where = `${spec.kind} ${spec.method} ${spec.path.slice(0, 80)}`;
    if (r.status >= 500) {
      serverErrors++;
      failures.push(`${where}: ${r.status} ${r.text.slice(0, 200)}`);
      return;
    }
    if (r.status < 400) {
      if (spec.method !== "GET") {
        accepted++;
        failures.push(`${where}: a bad ${spec.method} was accepted (${r.status})`);
      }
      return;
    }
    const problems = errorProblems(r);
    if (problems.length) {
      invalidBodies++;
      failures.push(`${where}: ${problems.join("; ")}`);
    }
    if (spec.expect && r.status !== spec.expect) failures.push(`${where}: expected ${spec.expect}, got ${r.status} ${r.json?.error?.code ?? ""}`);
  });
  const after = await fingerprint(opts.sql);
  const changed = [...before].filter(([t, f]) => after.get(t) !== f).map(([t]) => t);
  if (changed.length) failures.push(`rejected requests changed tables: ${changed.join(", ")}`);
  return {
    name: `bad inputs (${opts.label})`,
    summary: `${specs.length} tried across ${opts.operations.length} operations and ${byKind.size} kinds, ${serverErrors} server errors, ${invalidBodies} undocumented error bodies, ${accepted} accepted, ${changed.length} tables changed (seed ${profile.seed})`,
    failures,
  };
}
