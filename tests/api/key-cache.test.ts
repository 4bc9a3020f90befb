import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db, dbHandle } from "@/lib/db/client";
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from "@/lib/keys/api-keys";
import { KeyCache, keyCacheFor } from "@/lib/keys/key-cache";
import type { Db } from "@/lib/db/client";
import { flushKeyUsage, KEY_USAGE_FLUSH_MS, noteKeyUse } from "@/lib/keys/key-usage";
import { api, makeBusiness } from "../helpers/api";

// A minute-long time-to-live here: whatever refuses a changed key within a second in these tests is
// the notification (or this instance's own invalidation), never the cache simply expiring.
vi.hoisted(() => {
  process.env.KEY_CACHE_TTL_MS = "60000";
});

const others: postgres.Sql[] = [];
afterAll(async () => {
  for (const o of others) await o.end({ timeout: 5 });
});

/** Runs SQL the way another instance (or an operator at psql) would: not through this process's key functions. */
async function elsewhere(query: string, ...params: string[]): Promise<void> {
  const handle = dbHandle();
  if (handle.kind === "postgres") {
    const other = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
    others.push(other);
    await other.unsafe(query, params);
  } else {
    // PGlite is one process's database: a raw statement on it is the nearest thing to another connection.
    await handle.pglite?.query(query, params);
  }
}

/** A key that has been used until this process has it cached. */
async function cachedKey(scopes: string[] | "all" = "all") {
  const b = await makeBusiness();
  const k = await createApiKey(db(), b.businessId, { scopes });
  const cache = keyCacheFor(db()) as KeyCache;
  expect(cache).not.toBeNull();
  await vi.waitFor(() => expect(cache.listening).toBe(true), { timeout: 5000 });
  for (let i = 0; i < 3; i++) expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
  expect(cache.size).toBeGreaterThan(0);
  return { b, k, cache };
}

async function statusWithin(ms: number, key: string, path: string, wanted: number): Promise<number> {
  const until = Date.now() + ms;
  let status = 0;
  do {
    status = (await api("GET", path, { key })).status;
    if (status === wanted) return status;
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() < until);
  return status;
}

describe("the per-process key cache", () => {
  it("serves a used key from the cache: a change made behind the database's back (no notification) goes unseen", async () => {
    const { k } = await cachedKey();
    // Disable the trigger for this one statement's transaction: proves the cache is really in use.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table api_keys disable trigger api_keys_changed_update`);
      await tx.execute(sql`update api_keys set revoked_at = now() where id = ${k.id}`);
      await tx.execute(sql`alter table api_keys enable trigger api_keys_changed_update`);
    });
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
    // ...until this instance learns of it: then it is refused at once.
    await revokeApiKey(db(), null, k.id);
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(401);
  });

  it("refuses a key revoked on this instance on the very next request", async () => {
    const { b, k } = await cachedKey();
    await revokeApiKey(db(), b.businessId, k.id);
    const res = await api("GET", "/v1/usage/wallet", { key: k.key });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("refuses within a second a key revoked on another connection (the database's notification)", async () => {
    const { k } = await cachedKey();
    await elsewhere("update api_keys set revoked_at = now() where id = $1", k.id);
    expect(await statusWithin(1000, k.key, "/v1/usage/wallet", 401)).toBe(401);
  });

  it("applies an expiry change made on another connection within a second", async () => {
    const { k } = await cachedKey();
    await elsewhere("update api_keys set expires_at = now() - interval '1 second' where id = $1", k.id);
    expect(await statusWithin(1000, k.key, "/v1/usage/wallet", 401)).toBe(401);
  });

  it("applies a scope change at once here, and within a second from another connection", async () => {
    const { b, k } = await cachedKey(["usage:read", "contacts:read"]);
    expect((await api("GET", "/v1/contacts", { key: k.key })).status).toBe(200);
    await updateApiKey(db(), b.businessId, k.id, { scopes: ["usage:read"] });
    const refused = await api("GET", "/v1/contacts", { key: k.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
    await elsewhere("update api_keys set scopes = array['contacts:read'] where id = $1", k.id);
    expect(await statusWithin(1000, k.key, "/v1/usage/wallet", 403)).toBe(403);
    expect((await api("GET", "/v1/contacts", { key: k.key })).status).toBe(200);
  });

  it("keys of another business are untouched by a revocation", async () => {
    const one = await cachedKey();
    const two = await cachedKey();
    await revokeApiKey(db(), one.b.businessId, one.k.id);
    expect((await api("GET", "/v1/usage/wallet", { key: two.k.key })).status).toBe(200);
    // A foreign key id answers like a missing one, and revokes nothing.
    await expect(revokeApiKey(db(), one.b.businessId, two.k.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await api("GET", "/v1/usage/wallet", { key: two.k.key })).status).toBe(200);
  });
});

describe("KeyCache", () => {
  const key = (id: string) => ({ id, businessId: "biz_1", scopes: [], rateLimitPerSecond: null, expiresAt: null, revokedAt: null, lastUsedAt: null });

  it("caches nothing until the listener is connected, and drops everything when it (re)connects", () => {
    const cache = new KeyCache(60_000);
    cache.set("h1", key("k1"), cache.generation());
    expect(cache.get("h1")).toBeUndefined();
    cache.listenerConnected();
    cache.set("h1", key("k1"), cache.generation());
    cache.set("h2", key("k2"), cache.generation());
    expect(cache.get("h1")?.id).toBe("k1");
    cache.listenerConnected(); // a reconnect: what was announced while it was down is unknown
    expect(cache.size).toBe(0);
    expect(cache.get("h2")).toBeUndefined();
    cache.set("h2", key("k2"), cache.generation());
    cache.listenerLost();
    expect(cache.get("h2")).toBeUndefined();
    cache.set("h2", key("k2"), cache.generation());
    expect(cache.size).toBe(0);
  });

  it("drops a key on its notification, and does not cache a lookup that was under way meanwhile", () => {
    const cache = new KeyCache(60_000);
    cache.listenerConnected();
    cache.set("h1", key("k1"), cache.generation());
    cache.set("h2", key("k2"), cache.generation());
    const before = cache.generation();
    cache.invalidate("k1");
    expect(cache.get("h1")).toBeUndefined();
    expect(cache.get("h2")?.id).toBe("k2");
    cache.set("h1", key("k1"), before); // read before the change committed: stale
    expect(cache.get("h1")).toBeUndefined();
  });

  it("trusts an entry for its time-to-live only", () => {
    const cache = new KeyCache(1000);
    cache.listenerConnected();
    cache.set("h1", key("k1"), cache.generation(), 0);
    expect(cache.get("h1", 999)?.id).toBe("k1");
    expect(cache.get("h1", 1000)).toBeUndefined();
  });
});

describe("lastUsedAt", () => {
  it("is written off the request path, once a minute per key, and flushed on demand", async () => {
    const b = await makeBusiness();
    const k = await createApiKey(db(), b.businessId, { scopes: "all", name: "used" });
    const before = (await listApiKeys(db(), b.businessId)).find((x) => x.id === k.id);
    expect(before?.lastUsedAt).toBeNull();
    const start = Date.now();
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
    await flushKeyUsage();
    const first = (await listApiKeys(db(), b.businessId)).find((x) => x.id === k.id)?.lastUsedAt;
    expect(first).not.toBeNull();
    expect(Date.parse(first as string)).toBeGreaterThanOrEqual(start - 1000);
    // Used again within the minute: no second write.
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
    await flushKeyUsage();
    expect((await listApiKeys(db(), b.businessId)).find((x) => x.id === k.id)?.lastUsedAt).toBe(first);
  });

  it("a flush on demand waits for the write the timer began a moment before", async () => {
    // The timer takes the noted uses and starts writing them; a flush asked for right then has
    // nothing left to write, but must still resolve only once that write is in the database.
    let finish: () => void = () => {};
    const statements: unknown[] = [];
    const slow = {
      execute: (q: unknown) => {
        statements.push(q);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    } as unknown as Db;
    vi.useFakeTimers();
    try {
      noteKeyUse(slow, "key_timer_race", null);
      vi.advanceTimersByTime(KEY_USAGE_FLUSH_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(statements).toHaveLength(1);
    let flushed = false;
    const onDemand = flushKeyUsage().then(() => {
      flushed = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(flushed).toBe(false);
    finish();
    await onDemand;
    expect(flushed).toBe(true);
    expect(statements).toHaveLength(1);
  });

  it("reaches the database by itself shortly after a request", async () => {
    const b = await makeBusiness();
    const k = await createApiKey(db(), b.businessId, { scopes: "all", name: "used" });
    expect((await api("GET", "/v1/usage/wallet", { key: k.key })).status).toBe(200);
    await vi.waitFor(async () => expect((await listApiKeys(db(), b.businessId)).find((x) => x.id === k.id)?.lastUsedAt).not.toBeNull(), {
      timeout: 5000,
      interval: 100,
    });
  });
});
