import { describe, expect, it } from "vitest";
import { defineOperation } from "@/lib/api/operation";
import { routes } from "@/lib/api/route";
import { openApiDocument } from "@/lib/api/openapi";
import { z } from "zod";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// One HTTP surface: the dashboard's session calls the same /v1 operations as an API key, with the same
// validation, errors and business scoping; a member's role decides the scopes.

const cookie = { cookie: "next-auth.session-token=test" };
const sameOrigin = { ...cookie, origin: "http://localhost" };

describe("a dashboard session as the caller of /v1 operations", () => {
  it("reads and writes the member's own business, and nothing of another", async () => {
    const owner = await makeStaff();
    const other = await makeBusiness();
    const phone = uniquePhone();
    await api("POST", "/v1/contacts", { key: other.key, body: { phone, name: "Elsewhere" } });

    signInAs(owner);
    const made = await api("POST", "/v1/contacts", { headers: sameOrigin, body: { phone, name: "Ours" } });
    expect(made.status).toBe(200);
    const list = await api("GET", "/v1/contacts", { headers: cookie });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(["Ours"]);

    const invalid = await api("POST", "/v1/contacts", { headers: sameOrigin, body: { phone: "not a phone" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("invalid_request");
  });

  it("refuses a cross-site write and an agent's owner-only write, and answers 401 with no session", async () => {
    const agent = await makeStaff({ role: "agent" });
    signInAs(agent);
    const crossSite = await api("POST", "/v1/contacts", { headers: { ...cookie, origin: "https://evil.example" }, body: { phone: uniquePhone() } });
    expect(crossSite.status).toBe(403);
    const contacts = await api("POST", "/v1/contacts", { headers: sameOrigin, body: { phone: uniquePhone(), name: "Walk-in" } });
    expect(contacts.status).toBe(200);
    const keys = await api("GET", "/v1/webhook-endpoints", { headers: cookie });
    expect(keys.status).toBe(403);
    expect(keys.body.error.code).toBe("forbidden");

    signInAs(null);
    const none = await api("GET", "/v1/contacts", { headers: cookie });
    expect(none.status).toBe(401);
  });

  it("serves internal operations to members only and leaves them out of the OpenAPI document", async () => {
    const op = defineOperation({
      id: "internalProbe",
      method: "GET",
      path: "/internal/probe",
      scope: "contacts:read",
      internal: true,
      tag: "Internal",
      summary: "Probe",
      response: z.object({ businessId: z.string(), actor: z.string() }),
      handler: async (ctx) => ({ businessId: ctx.businessId, actor: ctx.caller.kind }),
    });
    const { GET } = routes({ GET: op });
    const call = (headers: Record<string, string>) =>
      GET(new Request("http://localhost/v1/internal/probe", { headers }), { params: Promise.resolve({}) });

    const owner = await makeStaff();
    signInAs(owner);
    const asMember = await call(cookie);
    expect(asMember.status).toBe(200);
    expect(await asMember.json()).toEqual({ businessId: owner.businessId, actor: "user" });

    const business = await makeBusiness();
    const asKey = await call({ authorization: `Bearer ${business.key}` });
    expect(asKey.status).toBe(404);
    expect((await asKey.json()).error.code).toBe("not_found");

    expect(JSON.stringify(openApiDocument([op]).paths)).not.toContain("/internal/probe");
  });

  it("refuses an owners-only operation to agents whatever their scopes, and judges keys by the scope alone", async () => {
    const op = defineOperation({
      id: "ownerProbe",
      method: "GET",
      path: "/owner-probe",
      scope: "contacts:read",
      role: "owner",
      tag: "Probe",
      summary: "Probe",
      response: z.object({ ok: z.boolean() }),
      handler: async () => ({ ok: true }),
    });
    const { GET } = routes({ GET: op });
    const call = (headers: Record<string, string>) =>
      GET(new Request("http://localhost/v1/owner-probe", { headers }), { params: Promise.resolve({}) });

    const owner = await makeStaff();
    signInAs(await makeStaff({ role: "agent", businessId: owner.businessId }));
    const asAgent = await call(cookie);
    expect(asAgent.status).toBe(403);
    expect((await asAgent.json()).error.code).toBe("forbidden");
    signInAs(owner);
    expect((await call(cookie)).status).toBe(200);

    const business = await makeBusiness({ scopes: ["contacts:read"] });
    expect((await call({ authorization: `Bearer ${business.key}` })).status).toBe(200);
    const lacking = await makeBusiness({ scopes: ["messages:read"] });
    const refused = await call({ authorization: `Bearer ${lacking.key}` });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("insufficient_scope");
  });

  it("keeps internal operations under /internal/ and public ones scoped", () => {
    const base = { method: "GET" as const, tag: "Probe", summary: "Probe", response: z.object({}), handler: async () => ({}) };
    expect(() => defineOperation({ ...base, id: "a", path: "/internal/x", scope: "contacts:read" })).toThrow(/internal/);
    expect(() => defineOperation({ ...base, id: "b", path: "/x", scope: "contacts:read", internal: true })).toThrow(/internal/);
    expect(() => defineOperation({ ...base, id: "c", path: "/x" })).toThrow(/scope/);
    expect(defineOperation({ ...base, id: "d", path: "/internal/x", internal: true }).id).toBe("d");
  });
});
