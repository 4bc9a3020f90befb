import { afterEach, describe, expect, it } from "vitest";
import * as dashboardWebhooks from "@/app/v1/webhook-endpoints/route";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { webhookEndpoints } from "@/lib/db/schema";
import { count, eq } from "drizzle-orm";
import { MAX_ENDPOINTS_PER_BUSINESS } from "@/lib/webhooks/endpoints";
import { api, makeBusiness } from "../helpers/api";

const url = "https://hooks.example.com/convo";
const create = (key: string, body: unknown) => api("POST", "/v1/webhook-endpoints", { key, body });

const savedAllow = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = savedAllow;
});

describe("webhook endpoints API", () => {
  it("creates, reads, lists, updates, rotates and deletes an endpoint", async () => {
    const b = await makeBusiness();
    const created = await create(b.key, { url, events: ["record.created", "contact.created"] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ url, events: ["record.created", "contact.created"], enabled: true, disabledReason: null });
    expect(created.body.id).toMatch(/^we_[0-9A-Z]{26}$/);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    const id = created.body.id;

    // The secret is stored encrypted, and shown nowhere but at creation and rotation.
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.secretEnc).not.toContain(created.body.secret);
    expect(decryptSecret(row.secretEnc)).toBe(created.body.secret);
    const got = await api("GET", `/v1/webhook-endpoints/${id}`, { key: b.key });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(["createdAt", "disabledReason", "enabled", "events", "id", "updatedAt", "url"]);
    const listed = await api("GET", "/v1/webhook-endpoints", { key: b.key });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(listed.body.data[0].secret).toBeUndefined();
    expect(listed.body.nextCursor).toBeNull();

    const patched = await api("PATCH", `/v1/webhook-endpoints/${id}`, { key: b.key, body: { events: ["*"], enabled: false } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ["*"], enabled: false, url });
    expect(patched.body.secret).toBeUndefined();
    const moved = await api("PATCH", `/v1/webhook-endpoints/${id}`, { key: b.key, body: { url: "https://other.example.com/h" } });
    expect(moved.body).toMatchObject({ url: "https://other.example.com/h", events: ["*"], enabled: false });

    const rotated = await api("POST", `/v1/webhook-endpoints/${id}/rotate-secret`, { key: b.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const [after] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(decryptSecret(after.secretEnc)).toBe(rotated.body.secret);

    const deleted = await api("DELETE", `/v1/webhook-endpoints/${id}`, { key: b.key });
    expect(deleted).toMatchObject({ status: 200, body: { id, deleted: true } });
    expect((await api("GET", `/v1/webhook-endpoints/${id}`, { key: b.key })).status).toBe(404);
    expect((await api("DELETE", `/v1/webhook-endpoints/${id}`, { key: b.key })).status).toBe(404);
  });

  it("pages the list newest first with an opaque cursor", async () => {
    const b = await makeBusiness();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(b.key, { url: `${url}/${i}`, events: ["*"] })).body.id);
    const first = await api("GET", "/v1/webhook-endpoints?limit=2", { key: b.key });
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const second = await api("GET", `/v1/webhook-endpoints?limit=2&cursor=${first.body.nextCursor}`, { key: b.key });
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    expect((await api("GET", "/v1/webhook-endpoints?cursor=garbage", { key: b.key })).status).toBe(400);
    expect((await api("GET", "/v1/webhook-endpoints?limit=abc", { key: b.key })).status).toBe(400);
  });

  it("answers another business's endpoint exactly like a missing one", async () => {
    const owner = await makeBusiness();
    const other = await makeBusiness();
    const id = (await create(owner.key, { url, events: ["*"] })).body.id;
    const missing = "we_01JD7X4S9C8A3K2M5N6P7Q8R9T";
    for (const target of [id, missing]) {
      const calls = [
        api("GET", `/v1/webhook-endpoints/${target}`, { key: other.key }),
        api("PATCH", `/v1/webhook-endpoints/${target}`, { key: other.key, body: { enabled: false } }),
        api("DELETE", `/v1/webhook-endpoints/${target}`, { key: other.key }),
        api("POST", `/v1/webhook-endpoints/${target}/rotate-secret`, { key: other.key }),
        api("POST", `/v1/webhook-endpoints/${target}/test`, { key: other.key }),
        api("GET", `/v1/webhook-endpoints/${target}/deliveries`, { key: other.key }),
        api("POST", `/v1/webhook-endpoints/${target}/deliveries/whd_01JD7X4S9C8A3K2M5N6P7Q8R9T/retry`, { key: other.key }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe("not_found");
        expect(res.body.error.message).toBe("No such webhook endpoint.");
      }
    }
    expect((await api("GET", "/v1/webhook-endpoints", { key: other.key })).body.data).toEqual([]);
    expect((await api("GET", `/v1/webhook-endpoints/${id}`, { key: owner.key })).body.enabled).toBe(true);
  });

  it("requires webhooks:read to read and webhooks:write to change", async () => {
    const b = await makeBusiness();
    const id = (await create(b.key, { url, events: ["*"] })).body.id;
    const reader = await makeBusiness({ scopes: ["webhooks:read"] });
    const readerOwn = (await create(b.key, { url, events: ["*"] })).body.id;
    expect((await api("GET", "/v1/webhook-endpoints", { key: reader.key })).status).toBe(200);
    const denied = await create(reader.key, { url, events: ["*"] });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("insufficient_scope");
    const writer = await makeBusiness({ scopes: ["contacts:read"] });
    for (const [method, path] of [
      ["GET", "/v1/webhook-endpoints"],
      ["GET", `/v1/webhook-endpoints/${id}`],
      ["GET", `/v1/webhook-endpoints/${id}/deliveries`],
      ["PATCH", `/v1/webhook-endpoints/${readerOwn}`],
      ["DELETE", `/v1/webhook-endpoints/${id}`],
      ["POST", `/v1/webhook-endpoints/${id}/rotate-secret`],
      ["POST", `/v1/webhook-endpoints/${id}/test`],
    ]) {
      const res = await api(method, path, { key: writer.key, body: method === "PATCH" ? { enabled: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await api("GET", "/v1/webhook-endpoints", { key: null })).status).toBe(401);
  });

  it("validates the body with one detail per problem", async () => {
    const b = await makeBusiness();
    const bad = await create(b.key, { url: "not a url", events: ["order.shipped"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["events[0]", "url"]);
    expect((await create(b.key, { url: "not a url", events: ["*"] })).body.error.details).toEqual([
      { path: "url", message: expect.stringContaining("absolute URL") },
    ]);
    expect((await create(b.key, { url, events: [] })).status).toBe(400);
    expect((await create(b.key, { url, events: ["*", "record.created"] })).status).toBe(400);
    expect((await create(b.key, { events: ["*"] })).body.error.details[0].path).toBe("url");
    expect((await create(b.key, { url, events: ["*"], enabled: "yes" })).body.error.details[0].path).toBe("enabled");
    const id = (await create(b.key, { url, events: ["*"] })).body.id;
    expect((await api("PATCH", `/v1/webhook-endpoints/${id}`, { key: b.key, body: {} })).status).toBe(400);
    expect((await api("PATCH", `/v1/webhook-endpoints/${id}`, { key: b.key, body: { events: ["nope"] } })).status).toBe(400);
    expect((await api("PUT", `/v1/webhook-endpoints/${id}`, { key: b.key, body: {} })).status).toBe(405);
    const dup = await create(b.key, { url, events: ["record.created", "record.created"] });
    expect(dup.body.events).toEqual(["record.created"]);
  });

  it("refuses http and loopback/private/link-local/multicast URLs unless WEBHOOK_ALLOW_PRIVATE=1", async () => {
    const b = await makeBusiness();
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const refused = [
      "http://hooks.example.com/h",
      "ftp://hooks.example.com/h",
      "https://localhost/h",
      "https://api.localhost/h",
      "https://127.0.0.1/h",
      "https://2130706433/h", // 127.0.0.1 in another spelling
      "https://10.1.2.3/h",
      "https://172.16.0.1/h",
      "https://192.168.1.10/h",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/h",
      "https://0.0.0.0/h",
      "https://224.0.0.1/h",
      "https://[::1]/h",
      "https://[::]/h",
      "https://[fe80::1]/h",
      "https://[fd00::1]/h",
      "https://[ff02::1]/h",
      "https://[::ffff:127.0.0.1]/h",
      "https://[::ffff:10.0.0.1]/h",
      // IPv6 forms that carry an IPv4 address or sit outside global unicast.
      "https://[::127.0.0.1]/h", // IPv4-compatible: URL parsing turns it into [::7f00:1]
      "https://[::10.0.0.1]/h",
      "https://[::ffff:8.8.8.8]/h", // mapped, even around a public IPv4 address
      "https://[64:ff9b::a00:1]/h", // NAT64 of 10.0.0.1
      "https://[64:ff9b:1::a00:1]/h",
      "https://[2002:a00:1::1]/h", // 6to4 of 10.0.0.1
      "https://[2001:0:a00:1::1]/h", // Teredo
      "https://[2001:db8::1]/h",
      "https://[2001:2::1]/h",
      "https://[3fff::1]/h",
      "https://[100::1]/h",
      "https://[fec0::1]/h",
      "https://[5f00::1]/h",
      "https://[4000::1]/h",
    ];
    for (const u of refused) {
      const res = await create(b.key, { url: u, events: ["*"] });
      expect(res.status, u).toBe(400);
      expect(res.body.error.details[0].path).toBe("url");
    }
    for (const u of ["https://hooks.example.com/h", "https://93.184.216.34/h", "https://[2606:4700:4700::1111]/h"]) {
      expect((await create(b.key, { url: u, events: ["*"] })).status, u).toBe(200);
    }
    const id = (await create(b.key, { url, events: ["*"] })).body.id;
    expect((await api("PATCH", `/v1/webhook-endpoints/${id}`, { key: b.key, body: { url: "https://10.0.0.5/h" } })).status).toBe(400);

    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    expect((await create(b.key, { url: "http://127.0.0.1:8080/h", events: ["*"] })).status).toBe(200);
    expect((await create(b.key, { url: "ftp://127.0.0.1/h", events: ["*"] })).status).toBe(400);
  });

  it(`caps a business at ${MAX_ENDPOINTS_PER_BUSINESS} endpoints: the next one is 409 conflict and stores nothing`, async () => {
    expect(MAX_ENDPOINTS_PER_BUSINESS).toBe(25);
    const b = await makeBusiness();
    const other = await makeBusiness();
    const stored = async (businessId: string) =>
      (await db().select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.businessId, businessId)))[0].n;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await create(b.key, { url: `${url}/${i}`, events: ["*"] })).body.id);
    // Ten at once for the last five places: the business row serialises them, so exactly five win.
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => create(b.key, { url: `${url}/race-${i}`, events: ["*"] })));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of racing.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(Object.keys(r.body)).toEqual(["error"]);
      expect(Object.keys(r.body.error).sort()).toEqual(["code", "message", "requestId"]);
      expect(r.body.error).toMatchObject({ code: "conflict", message: expect.stringContaining("at most 25 webhook endpoints") });
      expect(r.body.error.requestId).toMatch(/^req_/);
    }
    expect(await stored(b.businessId)).toBe(25);
    const refused = await create(b.key, { url: `${url}/26`, events: ["*"] });
    expect(refused.status).toBe(409);
    expect(await stored(b.businessId)).toBe(25);
    // Another business is not affected, and a freed place can be taken again.
    expect((await create(other.key, { url, events: ["*"] })).status).toBe(200);
    expect((await api("DELETE", `/v1/webhook-endpoints/${ids[0]}`, { key: b.key })).status).toBe(200);
    expect((await create(b.key, { url: `${url}/again`, events: ["*"] })).status).toBe(200);
    expect((await create(b.key, { url: `${url}/again-2`, events: ["*"] })).status).toBe(409);
  });

  it("caps the dashboard's endpoints the same way (one createEndpoint)", async () => {
    const { call, makeStaff, signInAs } = await import("../dashboard/harness");
    const owner = await makeStaff();
    signInAs(owner);
    const add = (i: number) => call(dashboardWebhooks.POST, "POST", "/v1/webhook-endpoints", { body: { url: `${url}/d${i}`, events: ["*"] } });
    for (let i = 0; i < MAX_ENDPOINTS_PER_BUSINESS; i++) expect((await add(i)).status).toBe(200);
    const refused = await add(99);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "conflict", message: expect.stringContaining("at most 25 webhook endpoints") });
    const [{ n }] = await db().select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.businessId, owner.businessId));
    expect(n).toBe(25);
  });
});
