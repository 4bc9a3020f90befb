import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { idempotencyKeys, messages } from "@/lib/db/schema";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

// The reservation and the read of an existing key are one statement (lib/api/idempotency.ts): these
// pin what the former delete-then-insert did for expired keys, abandoned reservations and races.
async function setup() {
  const b = await makeBusiness();
  const phone = uniquePhone();
  await receiveForTest(b.businessId, phone);
  return { b, phone };
}

async function age(businessId: string, key: string, interval: string, status?: number) {
  await db()
    .update(idempotencyKeys)
    .set({ createdAt: sql`now() - ${interval}::interval`, ...(status === undefined ? {} : { responseStatus: status }) })
    .where(and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key)));
}

async function sentTo(businessId: string, text: string) {
  return (await db().select().from(messages).where(eq(messages.businessId, businessId))).filter((m) => m.text === text);
}

describe("Idempotency-Key", () => {
  it("answers 409 while a request holding the key is in progress, and takes over a reservation abandoned over a minute ago", async () => {
    const { b, phone } = await setup();
    const headers = { "idempotency-key": "held" };
    const first = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "a" } });
    expect(first.status).toBe(200);
    await age(b.businessId, "held", "10 seconds", 0); // as if still running
    const busy = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "a" } });
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/in progress/);
    await age(b.businessId, "held", "2 minutes", 0); // its request crashed
    const again = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "a" } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await sentTo(b.businessId, "a")).toHaveLength(2);
  });

  it("forgets a key after 24 hours: the same key then sends again, even with another body", async () => {
    const { b, phone } = await setup();
    const headers = { "idempotency-key": "daily" };
    const first = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "x" } });
    await age(b.businessId, "daily", "25 hours");
    const next = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "y" } });
    expect(next.status).toBe(200);
    expect(next.body.id).not.toBe(first.body.id);
    const replay = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "y" } });
    expect(replay.body).toEqual(next.body);
  });

  it("sends once when two requests with one key race", async () => {
    const { b, phone } = await setup();
    const headers = { "idempotency-key": "race" };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "race" } })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of ok) expect(r.body.id).toBe(ok[0].body.id);
    expect(await sentTo(b.businessId, "race")).toHaveLength(1);
  });

  it("keys are per business: the same key in another business is another request", async () => {
    const one = await setup();
    const two = await setup();
    const headers = { "idempotency-key": "shared-name" };
    const a = await api("POST", "/v1/messages", { key: one.b.key, headers, body: { to: one.phone, text: "p" } });
    const c = await api("POST", "/v1/messages", { key: two.b.key, headers, body: { to: two.phone, text: "q" } });
    expect(a.status).toBe(200);
    expect(c.status).toBe(200);
    expect(c.body.id).not.toBe(a.body.id);
  });
});
