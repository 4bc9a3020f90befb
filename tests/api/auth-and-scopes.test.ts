import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/api/operations";
import { db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { createApiKey, revokeApiKey, updateApiKey } from "@/lib/keys/api-keys";
import { scopes } from "@/lib/shared/scopes";
import { api, makeBusiness } from "../helpers/api";

const samplePath = (path: string) =>
  `/v1${path}`
    .replace("{conversationId}", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T")
    .replace("{assistantId}", "as_01JD7X4S9C8A3K2M5N6P7Q8R9T")
    .replace("{itemId}", "ki_01JD7X4S9C8A3K2M5N6P7Q8R9T")
    .replace("{skillId}", "sk_test")
    .replace("{collection}", "orders")
    .replace(/\{[A-Za-z]+\}/g, "x_01JD7X4S9C8A3K2M5N6P7Q8R9T");

function expectError(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.requestId).toMatch(/^req_/);
  expect(res.headers.get("x-request-id")).toBe(res.body.error.requestId);
}

describe("authentication", () => {
  it("answers 401 on every endpoint without a key, with WWW-Authenticate", async () => {
    for (const op of operations) {
      const res = await api(op.method, samplePath(op.path), { body: op.body ? {} : undefined });
      expectError(res, 401, "unauthorized");
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
    }
  });

  it("refuses malformed, non-bearer, unknown, revoked and expired keys", async () => {
    const b = await makeBusiness();
    const cases: Record<string, string> = {
      malformed: "Bearer not-a-key",
      basic: `Basic ${Buffer.from("a:b").toString("base64")}`,
      unknown: `Bearer cak_live_${"A".repeat(32)}`,
    };
    for (const [name, header] of Object.entries(cases)) {
      const res = await api("GET", "/v1/usage/wallet", { headers: { authorization: header } });
      expect(res.status, name).toBe(401);
    }
    const revoked = await createApiKey(db(), b.businessId, { scopes: "all" });
    expect((await api("GET", "/v1/usage/wallet", { key: revoked.key })).status).toBe(200);
    // Through the key functions, as the product revokes: this instance refuses the key on its next request.
    await revokeApiKey(db(), b.businessId, revoked.id);
    expectError(await api("GET", "/v1/usage/wallet", { key: revoked.key }), 401, "unauthorized");
    const expired = await createApiKey(db(), b.businessId, { scopes: "all", expiresAt: new Date(Date.now() + 60_000) });
    expect((await api("GET", "/v1/usage/wallet", { key: expired.key })).status).toBe(200);
    await updateApiKey(db(), b.businessId, expired.id, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await api("GET", "/v1/usage/wallet", { key: expired.key }), 401, "unauthorized");
  });

  it("stores only a hash and a 4-character hint", async () => {
    const b = await makeBusiness();
    const k = await createApiKey(db(), b.businessId, { scopes: ["contacts:read"] });
    expect(k.key).toMatch(/^cak_live_[0-9A-Za-z]{32}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(k.key);
    expect(row.hint).toBe(k.key.slice(-4));
  });

  it("refuses unknown scope names at creation", async () => {
    const b = await makeBusiness();
    await expect(createApiKey(db(), b.businessId, { scopes: ["contacts:read", "nope:write"] })).rejects.toMatchObject({ code: "invalid_request" });
  });
});

describe("scopes", () => {
  it("answers 403 insufficient_scope on every endpoint to a key with every scope but the needed one, before validation", async () => {
    const b = await makeBusiness();
    const keys = new Map<string, string>();
    for (const op of operations) {
      // The dashboard's internal operations answer a key like an unknown path, whatever its scopes.
      if (op.internal) {
        const all = await createApiKey(db(), b.businessId, { scopes: "all" });
        expectError(await api(op.method, samplePath(op.path), { key: all.key, body: op.body ? {} : undefined }), 404, "not_found");
        continue;
      }
      if (!op.scope) continue;
      if (!keys.has(op.scope)) {
        const k = await createApiKey(db(), b.businessId, { scopes: scopes.filter((s) => s !== op.scope) });
        keys.set(op.scope, k.key);
      }
      const res = await api(op.method, samplePath(op.path), { key: keys.get(op.scope), body: op.body ? { invalid: true } : undefined });
      // Internal (dashboard-only) operations do not exist for keys at all.
      if (op.internal) {
        expectError(res, 404, "not_found");
        continue;
      }
      expectError(res, 403, "insufficient_scope");
      expect(res.body.error.message).toContain(op.scope);
      expect(res.body.error.details[0].message).toContain(op.scope);
    }
  });

  it("answers the dashboard's internal operations like an unknown path to a key, even one with every scope", async () => {
    const b = await makeBusiness();
    const all = await createApiKey(db(), b.businessId, { scopes: "all" });
    const internal = operations.filter((op) => op.internal);
    expect(internal.length).toBeGreaterThan(0);
    for (const op of internal) {
      const res = await api(op.method, samplePath(op.path), { key: all.key, body: op.body ? {} : undefined });
      expectError(res, 404, "not_found");
    }
  });
});

describe("rate limit", () => {
  it("sets RateLimit headers and answers 429 with Retry-After past the key's limit", async () => {
    const b = await makeBusiness();
    const k = await createApiKey(db(), b.businessId, { scopes: "all" });
    await db().update(apiKeys).set({ rateLimitPerSecond: 3 }).where(eq(apiKeys.id, k.id));
    const first = await api("GET", "/v1/usage/wallet", { key: k.key });
    expect(first.headers.get("ratelimit-limit")).toBe("3");
    expect(Number(first.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
    expect(first.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
    let limited: Awaited<ReturnType<typeof api>> | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await api("GET", "/v1/usage/wallet", { key: k.key });
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expectError(limited as NonNullable<typeof limited>, 429, "rate_limited");
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
