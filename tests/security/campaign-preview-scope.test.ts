import { describe, expect, it } from "vitest";
import { upsertContact } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { openApiJson } from "@/lib/api/operations/public";
import { createApiKey } from "@/lib/keys/api-keys";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// Issue 34 item 7: a key with campaigns:read alone read contacts' names, phones and metadata through the
// preview's sample, while GET /v1/contacts refuses that key.

describe("the campaign preview's sample", () => {
  it("lists contacts only for a caller that also holds contacts:read; others get the counts", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", { key: b.key, body: { name: "hi", language: "en", category: "marketing", body: "Hi {{1}}" } });
    const phone = uniquePhone();
    await upsertContact(db(), b.businessId, { phone, name: "Ana Secret", tags: ["vip"], metadata: { table: "window" } });
    const body = { audience: { tags: { any: ["vip"] } }, template: { name: "hi", language: "en", variables: ["{{name}} at the {{table}}"] } };

    const { key: campaignsOnly } = await createApiKey(db(), b.businessId, { scopes: ["campaigns:read"], name: "campaigns only" });
    expect((await api("GET", "/v1/contacts", { key: campaignsOnly })).status).toBe(403);
    const counted = await api("POST", "/v1/campaigns/preview", { key: campaignsOnly, body });
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ count: 1, optedOut: 0, sample: [] });
    expect(JSON.stringify(counted.body)).not.toContain("Secret");

    const { key: both } = await createApiKey(db(), b.businessId, { scopes: ["campaigns:read", "contacts:read"], name: "both" });
    const sampled = await api("POST", "/v1/campaigns/preview", { key: both, body });
    expect(sampled.body).toEqual({ count: 1, optedOut: 0, sample: [{ phone, name: "Ana Secret", text: "Hi Ana Secret at the window" }] });
  });

  it("the recipient list names phones, names and filled variables only for a caller that also holds contacts:read", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", { key: b.key, body: { name: "hi", language: "en", category: "marketing", body: "Hi {{1}}" } });
    const phone = uniquePhone();
    const contact = await upsertContact(db(), b.businessId, { phone, name: "Ana Secret", tags: ["vip"] });
    const body = { name: "Vip", audience: { tags: { any: ["vip"] } }, template: { name: "hi", language: "en", variables: ["{{name}}"] } };
    const created = await api("POST", "/v1/campaigns", { key: b.key, body });
    expect(created.status).toBe(200);
    const path = `/v1/campaigns/${created.body.id}/recipients`;

    const { key: campaignsOnly } = await createApiKey(db(), b.businessId, { scopes: ["campaigns:read"], name: "campaigns only" });
    const bare = await api("GET", path, { key: campaignsOnly });
    expect(bare.status).toBe(200);
    expect(bare.body.data).toEqual([expect.objectContaining({ contactId: contact.id, phone: null, name: null, variables: [] })]);
    expect(JSON.stringify(bare.body)).not.toContain("Secret");
    expect(JSON.stringify(bare.body)).not.toContain(phone);

    const { key: both } = await createApiKey(db(), b.businessId, { scopes: ["campaigns:read", "contacts:read"], name: "both" });
    const full = await api("GET", path, { key: both });
    expect(full.body.data).toEqual([expect.objectContaining({ contactId: contact.id, phone, name: "Ana Secret", variables: ["Ana Secret"] })]);
  });

  it("says so in the OpenAPI document", () => {
    const paths = (openApiJson() as any).paths;
    expect(paths["/campaigns/preview"].post.description).toContain("contacts:read");
    expect(paths["/campaigns/{campaignId}/recipients"].get.description).toContain("contacts:read");
  });
});
