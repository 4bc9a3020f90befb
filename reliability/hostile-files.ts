// Hostile files (issue 34): uploads whose declared type lies (compound `image/png,text/html`, HTML and
// SVG declared as pictures or documents, odd case and parameters), files past WhatsApp's limits and past
// the business's storage quota, more uploads a minute than the business may make, and rows stored
// before types were normalised; then every /media/ answer is read: the sandbox policy and nosniff on
// each (also where the site-wide header rule of `next start` applies), downloads for anything but
// exactly a picture, sound or video type. On Postgres and on the embedded database, one server each
// (`next start` when there is a build, which serves /media/; else `npm run api`, with /media/ answered
// in-process by the same function the route calls).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { root, type ServerProcess, startApi, startNext } from "../bench/servers";
import type { Db } from "../lib/db/client";
import { type CategoryResult, call, DATABASE_URL, freshSuiteDatabase, errorProblems, type Reply } from "./support";

const KiB = 1024;
const QUOTA = 256 * KiB;
const UPLOADS_PER_MINUTE = 15;
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const normalised = new RegExp(`^${TOKEN}/${TOKEN}$`);
// What may open in the browser: exactly the types WhatsApp takes for pictures, stickers, sound and video.
const inlineTypes = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "audio/aac",
  "audio/amr",
  "audio/mpeg",
  "audio/mp4",
  "audio/ogg",
  "video/mp4",
  "video/3gpp",
]);
const HTML = Buffer.from("<!doctype html><script>fetch('/v1/internal/api-keys',{method:'POST',body:'{}'})</script>");
const SVG = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(document.domain)'><script>alert(1)</script></svg>");

type Business = { businessId: string; key: string };
type Fixture = {
  files: Business & { phone: string; conversationId: string };
  quota: Business;
  rate: Business;
  /** Rows as an older version stored them: a compound type, served through an inbound message. */
  legacy: { fileId: string; kind: string; declared: string }[];
};

/** Businesses, a sandbox customer inside the 24-hour window, and legacy rows, made in-process before a server takes the database. */
async function makeFixture(db: Db): Promise<Fixture> {
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { simulateInbound } = await import("../lib/channels/sandbox-simulator");
  const { saveMediaFile } = await import("../lib/media/media-files");
  const { setStorageQuota } = await import("../lib/media/storage-quota");
  const { sql } = await import("drizzle-orm");
  const business = async (name: string): Promise<Business> => {
    const b = await createBusiness(db, { name, tokens: 1000 });
    return { businessId: b.businessId, key: (await createApiKey(db, b.businessId, { scopes: "all", name: "reliability" })).key };
  };
  const files = await business("Reliability Hostile Files");
  const quota = await business("Reliability Quota");
  await setStorageQuota(db, quota.businessId, QUOTA);
  const rate = await business("Reliability Upload Rate");
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const hello = await simulateInbound(db, files.businessId, { phone, text: "hello" });
  const legacy: Fixture["legacy"] = [];
  for (const [kind, declared] of [
    ["image", "image/png,text/html"],
    ["video", "video/mp4, text/html"],
    ["sticker", "text/html"],
    ["document", "text/html; charset=utf-8"],
  ]) {
    const file = await saveMediaFile(db, files.businessId, {
      kind: "document",
      mimeType: "application/pdf",
      direction: "inbound",
      body: (async function* () {
        yield new Uint8Array(HTML);
      })(),
    });
    await db.execute(sql`update media_files set kind = ${kind}, mime_type = ${declared} where id = ${file.id}`);
    await simulateInbound(db, files.businessId, { phone, mediaId: file.id, text: `legacy ${kind}` });
    legacy.push({ fileId: file.id, kind, declared });
  }
  return { files: { ...files, phone, conversationId: hello.conversationId }, quota, rate, legacy };
}

/** A multipart body built by hand, so a part's headers can say anything. */
function multipart(parts: { name: string; value?: string; filename?: string; type?: string; body?: Buffer }[]) {
  const boundary = `----hostile${Math.random().toString(36).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type !== undefined ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    pieces.push(Buffer.from(head, "latin1"), p.body ?? Buffer.from(p.value ?? ""), Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(pieces)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POST /v1/media over node:http rather than fetch: a server may answer an oversize file (413) and close
 * while the body is still being sent, which fetch reports as a failure instead of the answer.
 */
function upload(base: string, key: string, file: { type?: string; declared?: string; body: Buffer; filename?: string }): Promise<Reply> {
  const parts = [
    ...(file.type ? [{ name: "type", value: file.type }] : []),
    { name: "file", filename: file.filename ?? "file.bin", type: file.declared, body: file.body },
  ];
  const m = multipart(parts);
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.request(`${base}/v1/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": m.contentType, "content-length": String(m.body.byteLength) },
      timeout: 60_000,
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {}
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
        resolve({ status: res.statusCode ?? 0, text, json, headers, ms: Date.now() - started });
      });
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 60 s")));
    // A write cut off after the answer came is the server refusing the rest of the body: not a failure.
    // No answer at all is status 0, for the caller to report with its label.
    req.on("error", (err) => {
      if (!answered) resolve({ status: 0, text: `no answer (${err.message})`, json: null, headers: new Headers(), ms: Date.now() - started });
    });
    req.end(m.body);
  });
}

type Check = { base: string; fixture: Fixture; failures: string[]; uploaded: string[] };

/** Lying types: refused, or stored as a plain type/subtype that is what the bytes will be served as. */
async function forgedTypes(c: Check): Promise<string> {
  const cases: { label: string; type?: string; declared?: string; body: Buffer; want: number[] }[] = [
    { label: "document declared text/html", type: "document", declared: "text/html", body: HTML, want: [415] },
    { label: "document declared image/svg+xml", type: "document", declared: "image/svg+xml", body: SVG, want: [415] },
    { label: "image declared image/svg+xml", type: "image", declared: "image/svg+xml", body: SVG, want: [415] },
    { label: "image declared image/png,text/html", type: "image", declared: "image/png,text/html", body: HTML, want: [415] },
    { label: "document declared application/pdf,text/html", type: "document", declared: "application/pdf,text/html", body: HTML, want: [200, 415] },
    { label: "document declared text/plain;,text/html", type: "document", declared: "text/plain;,text/html", body: HTML, want: [200, 415] },
    { label: "no type, declared IMAGE/PNG; charset=x", declared: "IMAGE/PNG; charset=x", body: HTML, want: [200] },
    { label: "HTML as an image/png", type: "image", declared: "image/png", body: HTML, want: [200] },
    { label: "SVG as an image/jpeg", type: "image", declared: "image/jpeg", body: SVG, want: [200] },
    { label: "HTML as a text/plain document", type: "document", declared: "text/plain", body: HTML, want: [200] },
    { label: "no Content-Type at all", type: "document", body: HTML, want: [200, 415] },
  ];
  let refused = 0;
  for (const t of cases) {
    const r = await upload(c.base, c.fixture.files.key, { type: t.type, declared: t.declared, body: t.body });
    if (!t.want.includes(r.status)) c.failures.push(`${t.label}: answered ${r.status} (expected ${t.want.join(" or ")}) ${r.text.slice(0, 160)}`);
    if (r.status >= 400) {
      refused++;
      const problems = errorProblems(r);
      if (problems.length) c.failures.push(`${t.label}: ${problems.join("; ")}`);
      continue;
    }
    if (r.status !== 200) continue;
    const stored = String(r.json?.mimeType);
    if (!normalised.test(stored)) c.failures.push(`${t.label}: stored as ${JSON.stringify(stored)}, not a plain type/subtype`);
    if (/html|svg|xml/.test(stored) && r.json?.type !== "document")
      c.failures.push(`${t.label}: an active type (${stored}) stored as ${r.json?.type}`);
    c.uploaded.push(r.json.id);
  }
  return `${cases.length} forged types (${refused} refused)`;
}

/** Past WhatsApp's limits, past the quota (also several at once), past the upload rate. */
async function limits(c: Check): Promise<string> {
  const [f, q] = [c.fixture.files, c.fixture.quota];
  const expect = (label: string, r: Reply, status: number, code: string) => {
    if (r.status !== status || r.json?.error?.code !== code)
      c.failures.push(`${label}: answered ${r.status} ${r.text.slice(0, 160)}, expected ${status} ${code}`);
    else {
      const problems = errorProblems(r);
      if (problems.length) c.failures.push(`${label}: ${problems.join("; ")}`);
    }
  };
  expect(
    "an image of 5 MB + 1 byte",
    await upload(c.base, f.key, { type: "image", declared: "image/jpeg", body: Buffer.alloc(5 * 1024 * KiB + 1) }),
    413,
    "payload_too_large",
  );
  expect(
    "a sticker of 500 KB + 1 byte",
    await upload(c.base, f.key, { type: "sticker", declared: "image/webp", body: Buffer.alloc(500 * KiB + 1) }),
    413,
    "payload_too_large",
  );
  const first = await upload(c.base, q.key, { type: "document", declared: "application/pdf", body: Buffer.alloc(200 * KiB) });
  if (first.status !== 200) c.failures.push(`a 200 KiB document under a 256 KiB quota: ${first.status} ${first.text.slice(0, 160)}`);
  expect(
    "a second 200 KiB document past the quota",
    await upload(c.base, q.key, { type: "document", declared: "application/pdf", body: Buffer.alloc(200 * KiB) }),
    413,
    "storage_quota_exceeded",
  );
  // Five at once with room for one: never more than the quota in all.
  const together = await Promise.all(
    [1, 2, 3, 4, 5].map(() => upload(c.base, q.key, { type: "document", declared: "application/pdf", body: Buffer.alloc(40 * KiB) })),
  );
  const fitted = together.filter((r) => r.status === 200).length;
  for (const r of together.filter((x) => x.status !== 200)) expect("a concurrent upload past the quota", r, 413, "storage_quota_exceeded");
  if ((first.status === 200 ? 200 * KiB : 0) + fitted * 40 * KiB > QUOTA)
    c.failures.push(`concurrent uploads passed the quota: ${fitted} of 5 stored`);

  // The upload rate: uploads one after another until the business's bucket is empty. The bucket refills
  // while they run (UPLOADS_PER_MINUTE a minute), so the bound allows for the time the burst took.
  const r = c.fixture.rate;
  const started = Date.now();
  let admitted = 0;
  let limited: Reply | null = null;
  for (let i = 0; i < 3 * UPLOADS_PER_MINUTE && !limited; i++) {
    const res = await upload(c.base, r.key, { type: "document", declared: "text/plain", body: Buffer.from(`upload ${i}`) });
    if (res.status === 200) admitted++;
    else limited = res;
  }
  const refilled = Math.ceil(((Date.now() - started) / 60_000) * UPLOADS_PER_MINUTE);
  if (admitted < UPLOADS_PER_MINUTE || admitted > UPLOADS_PER_MINUTE + refilled)
    c.failures.push(`upload rate ${UPLOADS_PER_MINUTE}/min admitted ${admitted} in a burst (refill allows ${refilled} more)`);
  if (!limited) c.failures.push(`upload rate ${UPLOADS_PER_MINUTE}/min: ${admitted} uploads in a row, none refused`);
  else {
    expect("an upload past the business's rate", limited, 429, "rate_limited");
    if (!(Number(limited.headers.get("retry-after")) >= 1)) c.failures.push("429 without Retry-After");
  }
  return `oversize 413, quota 413 (${fitted} of 5 concurrent fitted), rate: ${admitted} admitted (${UPLOADS_PER_MINUTE}/min) then ${limited?.status ?? "none"}`;
}

type Served = { status: number; headers: Headers };

function servedProblems(label: string, kind: string, r: Served): string[] {
  const out: string[] = [];
  const csp = r.headers.get("content-security-policy") ?? "";
  if (!/^sandbox(;|$)/.test(csp) || /unsafe-inline/.test(csp)) out.push(`${label}: Content-Security-Policy ${JSON.stringify(csp)}, not the sandbox`);
  if (r.headers.get("x-content-type-options") !== "nosniff") out.push(`${label}: no nosniff`);
  if (r.status !== 200) return r.status === 404 ? out : [...out, `${label}: answered ${r.status}`];
  const type = r.headers.get("content-type") ?? "";
  const disposition = r.headers.get("content-disposition") ?? "";
  if (!normalised.test(type)) out.push(`${label}: served as ${JSON.stringify(type)}`);
  const inline = disposition.startsWith("inline");
  if (inline && (kind === "document" || !inlineTypes.has(type))) out.push(`${label}: ${type} (${kind}) opens inline`);
  if (!inline && !disposition.startsWith("attachment")) out.push(`${label}: Content-Disposition ${JSON.stringify(disposition)}`);
  return out;
}

/** The signed links the API hands out for the conversation's files (uploads sent to the customer, legacy rows). */
async function mediaLinks(c: Check): Promise<{ url: string; kind: string; fileId: string }[]> {
  const f = c.fixture.files;
  for (const id of c.uploaded) {
    const info = await call(c.base, "POST", "/v1/messages", { key: f.key, json: { to: f.phone, type: "document", media: { id } } });
    // A picture goes out as an image; anything refused as a document is tried as one.
    if (info.status === 415) await call(c.base, "POST", "/v1/messages", { key: f.key, json: { to: f.phone, type: "image", media: { id } } });
  }
  const page = await call(c.base, "GET", `/v1/conversations/${f.conversationId}/messages?limit=200`, { key: f.key });
  if (page.status !== 200) {
    c.failures.push(`listing the conversation: ${page.status}`);
    return [];
  }
  const links = (page.json.data as { media?: { url?: string | null; type: string } }[])
    .filter((m) => m.media?.url)
    .map((m) => {
      const url = new URL(String(m.media?.url));
      return { url: `${url.pathname}${url.search}`, kind: String(m.media?.type), fileId: decodeURIComponent(url.pathname.split("/").pop() ?? "") };
    });
  if (links.length < c.fixture.legacy.length + c.uploaded.length)
    c.failures.push(`only ${links.length} media links listed for ${c.fixture.legacy.length} legacy rows and ${c.uploaded.length} uploads`);
  return links;
}

/** Over HTTP from `next start`: what a browser gets, the site-wide header rule included. */
async function servedOverHttp(c: Check, links: { url: string; kind: string }[]): Promise<string> {
  for (const l of links) {
    const res = await fetch(c.base + l.url, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    c.failures.push(...servedProblems(`GET ${l.url.split("?")[0]}`, l.kind, res));
  }
  for (const missing of ["/media/med_01JD7X4S9C8A3K2M5N6P7Q8R9T", "/media/med_01JD7X4S9C8A3K2M5N6P7Q8R9T?expires=1&signature=x"]) {
    for (const headers of [{}, { authorization: "Bearer cak_live_nope" }] as Record<string, string>[]) {
      const res = await fetch(c.base + missing, { headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status !== 404) c.failures.push(`GET ${missing}: ${res.status}, expected 404`);
      c.failures.push(...servedProblems(`GET ${missing} (404)`, "document", res));
    }
  }
  return `${links.length} /media/ answers over HTTP (and 4 refused)`;
}

/** In-process, through the function the /media/ route calls (no Next build to serve it). */
async function servedInProcess(db: Db, c: Check, links: { kind: string; fileId: string }[], businessId: string): Promise<string> {
  const { mediaResponse } = await import("../lib/media/serve-media");
  const { mediaSecurityHeaderObject } = await import("../lib/security-headers.mjs");
  const session = async () => ({ userId: "usr_reliability", businessId, role: "owner" as const, email: "r@example.test", name: null });
  for (const l of links) {
    const res = await mediaResponse(db, new Request(`http://localhost/media/${l.fileId}`), l.fileId, session);
    await res.arrayBuffer();
    c.failures.push(...servedProblems(`/media/${l.fileId} (in-process)`, l.kind, res));
  }
  // The route's refusals carry the media headers too (app/media/[fileId]/route.ts adds these).
  c.failures.push(...servedProblems("a refused /media/ answer", "document", { status: 404, headers: new Headers(mediaSecurityHeaderObject()) }));
  return `${links.length} /media/ answers in-process (no Next build)`;
}

/** Stored rows afterwards: plain types only (but the legacy ones), no bytes of refused files, the quota kept. */
async function storedRows(db: Db, c: Check): Promise<void> {
  const { queryRows } = await import("../lib/db/rows");
  const { sql } = await import("drizzle-orm");
  const ids = [c.fixture.files.businessId, c.fixture.quota.businessId, c.fixture.rate.businessId];
  const legacy = new Set(c.fixture.legacy.map((l) => l.fileId));
  for (const businessId of ids) {
    const files = await queryRows<{ id: string; mime_type: string; size: number; storage: string; storage_key: string }>(
      db,
      sql`select id, mime_type, size, storage, storage_key from media_files where business_id = ${businessId}`,
    );
    for (const f of files)
      if (!legacy.has(f.id) && !normalised.test(f.mime_type)) c.failures.push(`stored type ${JSON.stringify(f.mime_type)} (${f.id})`);
    const chunks = await queryRows<{ key: string; n: number; bytes: number }>(
      db,
      sql`select storage_key as key, count(*)::int as n, sum(length(data))::int as bytes from media_chunks where storage_key like ${`${businessId}/%`} group by storage_key`,
    );
    const keys = new Map(files.map((f) => [f.storage_key, f]));
    for (const ch of chunks) {
      const f = keys.get(ch.key);
      if (!f) c.failures.push(`bytes of a refused or removed file left in media_chunks (${ch.n} rows)`);
      else if (Number(ch.bytes) !== Number(f.size)) c.failures.push(`${f.id}: ${ch.bytes} bytes stored for a file of ${f.size}`);
    }
    if (businessId === c.fixture.quota.businessId) {
      const used = files.reduce((n, f) => n + Number(f.size), 0);
      if (used > QUOTA) c.failures.push(`the quota business stores ${used} bytes, over its ${QUOTA}`);
    }
  }
}

async function oneDatabase(opts: {
  label: string;
  db: () => Promise<{ db: Db; close: () => Promise<void> }>;
  start: (env: Record<string, string>) => Promise<ServerProcess>;
  next: boolean;
  servers: ServerProcess[];
}): Promise<CategoryResult> {
  const failures: string[] = [];
  const before = await opts.db();
  let fixture: Fixture;
  try {
    fixture = await makeFixture(before.db);
  } finally {
    await before.close();
  }
  const c: Check = { base: "", fixture, failures, uploaded: [] };
  const server = await opts.start({
    RUN_WORKER: "0",
    RATE_LIMIT_PER_SECOND: "100000",
    RATE_LIMIT_BURST: "100000",
    MEDIA_UPLOADS_PER_MINUTE: String(UPLOADS_PER_MINUTE),
  });
  opts.servers.push(server);
  c.base = server.url;
  const lines: string[] = [];
  let links: { url: string; kind: string; fileId: string }[] = [];
  try {
    lines.push(await forgedTypes(c));
    lines.push(await limits(c));
    links = await mediaLinks(c);
    if (opts.next) lines.push(await servedOverHttp(c, links));
    const health = await call(c.base, "GET", "/v1/contacts?limit=1", { key: fixture.files.key });
    if (health.status !== 200) failures.push(`after the files the service answered ${health.status}`);
  } catch (err) {
    failures.push(`stopped by an error: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await server.stop();
  }
  const after = await opts.db();
  try {
    if (!opts.next) lines.push(await servedInProcess(after.db, c, links, fixture.files.businessId));
    await storedRows(after.db, c);
    // Its queued sweeps and assistant turns go (the crash category waits for an empty queue).
    const { sql } = await import("drizzle-orm");
    const ids = [fixture.files.businessId, fixture.quota.businessId, fixture.rate.businessId];
    await after.db.execute(
      sql`delete from jobs where business_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  } finally {
    await after.close();
  }
  return { name: `hostile files (${opts.next ? "next start" : "npm run api"}, ${opts.label})`, summary: lines.join("; "), failures };
}

/**
 * The category on the suite's Postgres database and on a fresh embedded one, one server at a time on
 * `port`.
 */
export async function hostileFilesEverywhere(opts: { distDir: string | null; servers: ServerProcess[]; port: number }): Promise<CategoryResult[]> {
  const { db: suiteDb } = await import("../lib/db/client");
  const results: CategoryResult[] = [];
  const next = opts.distDir !== null;
  const start = (databaseUrl: string, extra: Record<string, string>) => (env: Record<string, string>) =>
    next
      ? startNext(opts.port, databaseUrl || null, { ...env, ...extra }, "next-hostile-files", opts.distDir as string)
      : startApi(opts.port, databaseUrl, { ...env, ...extra }, "api-hostile-files");
  results.push(
    await oneDatabase({
      label: "Postgres",
      db: async () => ({ db: suiteDb(), close: async () => {} }),
      start: start(DATABASE_URL, {}),
      next,
      servers: opts.servers,
    }),
  );

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-reliab-files-"));
  try {
    const { openPglite } = await import("../lib/db/client");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    let migrated = false;
    results.push(
      await oneDatabase({
        label: "embedded",
        db: async () => {
          const handle = openPglite(dir);
          if (!migrated) {
            await migrate(handle.db as any, { migrationsFolder: path.resolve(__dirname, "..", "drizzle") });
            migrated = true;
          }
          return { db: handle.db, close: () => handle.close() };
        },
        start: start("", { DATA_DIR: dir }),
        next,
        servers: opts.servers,
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/**
 * `RELIABILITY_ONLY=hostile-files`: the category alone, on a fresh suite database (with `next start`
 * when RELIABILITY_NEXT_DIST or `.next` holds a build), as one result.
 */
export async function hostileFilesAlone(port: number): Promise<CategoryResult> {
  await freshSuiteDatabase();
  const { closeDb } = await import("../lib/db/client");
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) ? ".next" : null;
  const servers: ServerProcess[] = [];
  try {
    const results = await hostileFilesEverywhere({ distDir: process.env.RELIABILITY_NEXT_DIST ?? built, servers, port });
    return {
      name: "hostile files",
      summary: results.map((r) => `${r.name}: ${r.summary}`).join(" | "),
      failures: results.flatMap((r) => r.failures.map((f) => `${r.name}: ${f}`)),
    };
  } finally {
    for (const s of servers) await s.stop();
    await closeDb();
  }
}
