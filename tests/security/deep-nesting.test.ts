import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_JSON_DEPTH, tooDeepPath } from "@/lib/request-body";
import { createApiServer } from "@/lib/api/standalone-server";
import { signWhatsAppBody } from "@/lib/channels/whatsapp/signature";
import { databaseKind, db, openPglite } from "@/lib/db/client";
import { isWasmTrap } from "@/lib/db/embedded";
import { checkHealth } from "@/lib/db/health";
import { catalogItems, contacts, jobs } from "@/lib/db/schema";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { call, makeStaff, signInAs } from "../dashboard/harness";

// Issue 12 item 1: a 2.4 KB body nested 1,000 levels deep was stored, and the embedded database then
// trapped ("memory access out of bounds") on every query until the process restarted.

/** `{"a":{"a":...1...}}`, `depth` objects deep. */
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
/** The path the reader names for `nested(depth)` placed under `prefix`: the first container past 32 levels. */
const deepPath = (prefix: string, levelsAbove: number) => prefix + ".a".repeat(MAX_JSON_DEPTH - levelsAbove);

describe("the body reader's depth limit", () => {
  it("finds the first too-deep point without recursion, also a million levels down", () => {
    expect(tooDeepPath(JSON.stringify({ a: [1, { b: nested(10) }] }))).toBeNull();
    expect(tooDeepPath(JSON.stringify(nested(32)))).toBeNull();
    expect(tooDeepPath(JSON.stringify(nested(33)))).toBe(`a${".a".repeat(31)}`);
    // Strings that look like brackets, escaped quotes and keys with dots are not structure.
    const tricky = { 'k"[{': "]}{[", list: ["x", "[[[", { "dotted.key": nested(40) }] };
    expect(tooDeepPath(JSON.stringify(tricky))).toBe(`list[2].dotted.key${".a".repeat(29)}`);
    const million = "[".repeat(1_000_000) + "]".repeat(1_000_000);
    expect(tooDeepPath(million)).toBe("[0]".repeat(32));
  });

  it("POST /v1/contacts with 1,000-deep metadata: 400 with the path, nothing stored, the database still answers", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const res = await api("POST", "/v1/contacts", { key: b.key, body: { phone, metadata: nested(1000) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details).toEqual([{ path: deepPath("metadata", 1), message: expect.stringContaining("32") }]);
    const stored = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, b.businessId), eq(contacts.phone, phone)));
    expect(stored).toHaveLength(0);
    const after = await api("POST", "/v1/contacts", { key: b.key, body: { phone, metadata: nested(30) } });
    expect(after.status).toBe(200);
    expect((await api("GET", "/v1/contacts", { key: b.key })).status).toBe(200);
  });

  it("catalog item metadata and skill node data are refused the same way", async () => {
    const b = await makeBusiness();
    const items = [{ externalId: "x1", title: "Deep", metadata: nested(1000) }];
    const catalog = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items } });
    expect(catalog.status).toBe(400);
    expect(catalog.body.error.details[0].path).toBe(deepPath("items[0].metadata", 3));
    expect(await db().select().from(catalogItems).where(eq(catalogItems.businessId, b.businessId))).toHaveLength(0);

    const graph = { nodes: [{ id: "n1", type: "message", data: nested(1000) }], edges: [] };
    const skill = await api("PUT", "/v1/skills/sk_deep", { key: b.key, body: { name: "Deep", graph } });
    expect(skill.status).toBe(400);
    expect(skill.body.error.details[0].path).toBe(deepPath("graph.nodes[0].data", 4));
    expect((await api("GET", "/v1/skills/sk_deep", { key: b.key })).status).toBe(404);
  });

  it("catalog item metadata is capped at 16 KiB like contact metadata", async () => {
    const b = await makeBusiness();
    const items = [{ externalId: "big", title: "Big", metadata: { blob: "x".repeat(17 * 1024) } }];
    const res = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items } });
    expect(res.status).toBe(400);
    // In the catalog's plain words (row, column, the value's start), as every upload error is.
    expect(res.body.error.details).toEqual([
      {
        path: "items[0].metadata",
        message: expect.stringMatching(/^row 1, metadata: '\{"blob":"x+\.\.\.' metadata must be at most 16 KiB serialized$/),
      },
    ]);
    const fits = await api("POST", "/v1/catalog/menu/items", {
      key: b.key,
      body: { items: [{ ...items[0], metadata: { blob: "x".repeat(1000) } }] },
    });
    expect(fits.status).toBe(200);
  });

  it("the dashboard's contact edit refuses it too", async () => {
    const session = await makeStaff();
    signInAs(session);
    const contactsRoute = await import("@/app/v1/internal/contacts/[contactId]/route");
    const res = await call(contactsRoute.PATCH, "PATCH", "/v1/internal/contacts/ct_x", {
      params: { contactId: "ct_x" },
      body: { metadata: nested(1000) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe(deepPath("metadata", 1));
  });
});

describe("the standalone server and the WhatsApp webhook", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createApiServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("npm run api refuses the same body with the same answer, /healthz answers 200 and /readyz finds the database", async () => {
    const b = await makeBusiness();
    const res = await fetch(`${base}/v1/contacts`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.key}`, "content-type": "application/json" },
      body: JSON.stringify({ phone: uniquePhone(), metadata: nested(1000) }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.details[0].path).toBe(deepPath("metadata", 1));
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    // The database answers after it (this file runs no worker, so /readyz's workers check may fail).
    const ready = await fetch(`${base}/readyz`);
    expect((await ready.json()).checks.database).toEqual({ ok: true });
  });

  it("a signed webhook nested too deep is refused before it is queued", async () => {
    process.env.WHATSAPP_APP_SECRET = "deep-secret";
    const route = await import("@/app/channels/whatsapp/webhook/route");
    const marker = `deep-${Date.now()}`;
    const raw = Buffer.from(JSON.stringify({ object: "whatsapp_business_account", marker, entry: [nested(1000)] }));
    const res = await route.POST(
      new Request("http://localhost/channels/whatsapp/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsAppBody(raw, "deep-secret") },
        body: new Uint8Array(raw),
      }),
    );
    expect(res.status).toBe(400);
    const queued = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.payload}->>'body' like ${`%${marker}%`}`);
    expect(queued).toHaveLength(0);
  });
});

// These open an embedded database on disk twice (the first and the recovery): seconds on a quiet
// machine, over the 30 s default on a 2-core machine loaded several times over (a clean-clone run beside
// other test runs, 2026-12-01). Work, not speed, is what they check.
const REOPEN_MS = 120_000;

describe("what counts as a WebAssembly trap", () => {
  it("a RuntimeError or a stack overflow, also as the cause of drizzle's query error; nothing else", () => {
    expect(isWasmTrap(new WebAssembly.RuntimeError("unreachable"))).toBe(true);
    expect(isWasmTrap(new Error("Failed query: select 1", { cause: new WebAssembly.RuntimeError("memory access out of bounds") }))).toBe(true);
    expect(isWasmTrap(new Error("Failed query", { cause: new RangeError("Maximum call stack size exceeded") }))).toBe(true);
    expect(isWasmTrap(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isWasmTrap(new RangeError("Invalid time value"))).toBe(false);
  });
});

/**
 * Makes `client` behave as a trapped instance does: every later call fails with the RuntimeError a
 * trap leaves behind. A real trap (jsonb nested a thousand deep) depends on the WebAssembly stack the
 * host process gives PGlite, so under a test runner it may trap on the next query instead, or not at
 * all: the fault is injected instead, which is what the recovery path is about.
 */
function poison(client: PGlite): void {
  const trap = () => Promise.reject(new WebAssembly.RuntimeError("memory access out of bounds"));
  // Every way the service reaches the instance: statements with parameters go as named ones (lib/db/pglite-prepared.ts).
  Object.assign(client, { query: trap, exec: trap, transaction: trap, runExclusive: trap, execProtocolStream: trap });
}

describe.runIf(databaseKind() === "pglite")("the embedded database after a WebAssembly trap", () => {
  it("reports 503-unhealthy, reopens from its data directory, keeps every committed row and its lock", { timeout: REOPEN_MS }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-trap-"));
    let handle: ReturnType<typeof openPglite> | null = null;
    let failure: unknown = null;
    try {
      handle = openPglite(dir);
      await handle.db.execute(sql`create table kept (id int primary key, note text)`);
      await handle.db.execute(sql`insert into kept values (1, 'committed before the trap')`);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (2, 'committed in a transaction')`);
      });
      const woken: string[] = [];
      await handle.listen("kept_channel", (p) => woken.push(p));

      const trapped = handle.embedded?.client as PGlite;
      poison(trapped);
      await expect(handle.db.execute(sql`select 1`)).rejects.toSatisfy(isWasmTrap);
      expect(handle.embedded?.health().state).toBe("recovering");
      expect((await checkHealth(handle)).status).toBe("unavailable");
      // A query sent during the recovery waits for the fresh instance instead of failing.
      const during = handle.db.execute(sql`select count(*)::int as n from kept`);

      await handle.embedded?.recovered();
      expect(handle.embedded?.client).not.toBe(trapped);
      expect(handle.embedded?.health()).toMatchObject({ state: "ok", recoveries: 1 });
      expect(await checkHealth(handle)).toEqual({ status: "ok", database: "ok" });
      expect((await during).rows).toEqual([{ n: 2 }]);
      const rows = await handle.db.execute(sql`select id, note from kept order by id`);
      expect(rows.rows).toEqual([
        { id: 1, note: "committed before the trap" },
        { id: 2, note: "committed in a transaction" },
      ]);
      await handle.db.execute(sql`insert into kept values (3, 'after')`);
      await handle.db.execute(sql`select pg_notify('kept_channel', 'again')`);
      await vi.waitFor(() => expect(woken).toEqual(["again"]));
      expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    } catch (err) {
      failure = err;
    }
    // Clean up on every path; the first failure is the one reported, never the clean-up's after it.
    const closeError = await (handle?.close() ?? Promise.resolve()).then(
      () => null,
      (err: unknown) => err,
    );
    fs.rmSync(dir, { recursive: true, force: true });
    if (failure) throw failure;
    if (closeError) throw closeError;
  });

  it("the queries that meet the same trapped instance start one recovery, not one each", { timeout: REOPEN_MS }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-trap-"));
    let handle: ReturnType<typeof openPglite> | null = null;
    try {
      handle = openPglite(dir);
      await handle.db.execute(sql`select 1`);
      poison(handle.embedded?.client as PGlite);
      // Three queries at once: those that reached the trapped instance fail, any later one waits for the fresh one.
      const results = await Promise.allSettled([1, 2, 3].map((n) => handle?.db.execute(sql`select ${n}::int`)));
      expect(results[0].status).toBe("rejected");
      await handle.embedded?.recovered();
      expect(handle.embedded?.health()).toMatchObject({ state: "ok", recoveries: 1 });
      expect((await handle.db.execute(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
    } finally {
      await handle?.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
