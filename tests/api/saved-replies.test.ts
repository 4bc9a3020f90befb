import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/keys/api-keys";
import { db } from "@/lib/db/client";
import { fillSavedReply } from "@/lib/shared/saved-reply-schema";
import { openApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/operations";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

describe("saved replies over /v1/saved-replies", () => {
  it("creates, lists, edits and deletes, with unique shortcuts and validated variables", async () => {
    const { key } = await makeBusiness();
    const made = await api("POST", "/v1/saved-replies", {
      key,
      body: { shortcut: " Hours ", text: "Hi {{contact.first_name|there}}, we open at 12:00." },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ shortcut: "hours", text: "Hi {{contact.first_name|there}}, we open at 12:00." });
    expect(made.body.id).toMatch(/^sr_[0-9A-HJKMNP-TV-Z]{26}$/);
    const second = await api("POST", "/v1/saved-replies", { key, body: { shortcut: "parking", text: "Free parking behind the building." } });

    const taken = await api("POST", "/v1/saved-replies", { key, body: { shortcut: "hours", text: "Other" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("conflict");
    const bad = await api("POST", "/v1/saved-replies", { key, body: { shortcut: "no spaces!", text: "Hi {{contact.email}}" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["shortcut", "text"]);
    expect(bad.body.error.details.find((d: { path: string }) => d.path === "text").message).toContain("{{contact.email}}");

    const list = await api("GET", "/v1/saved-replies?limit=1", { key });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
    const next = await api("GET", `/v1/saved-replies?limit=1&cursor=${list.body.nextCursor}`, { key });
    expect(next.body.data.map((r: { id: string }) => r.id)).toEqual([made.body.id]);
    expect(next.body.nextCursor).toBeNull();

    const renamed = await api("PATCH", `/v1/saved-replies/${made.body.id}`, { key, body: { shortcut: "opening" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ shortcut: "opening", text: made.body.text });
    expect((await api("PATCH", `/v1/saved-replies/${made.body.id}`, { key, body: { shortcut: "parking" } })).status).toBe(409);
    expect((await api("PATCH", `/v1/saved-replies/${made.body.id}`, { key, body: {} })).status).toBe(400);

    expect((await api("DELETE", `/v1/saved-replies/${second.body.id}`, { key })).body).toEqual({ id: second.body.id, deleted: true });
    expect((await api("DELETE", `/v1/saved-replies/${second.body.id}`, { key })).status).toBe(404);
    expect((await api("GET", "/v1/saved-replies", { key })).body.data.map((r: { shortcut: string }) => r.shortcut)).toEqual(["opening"]);
  });

  it("keeps each business's replies to itself: a foreign id answers like a missing one", async () => {
    const a = await makeBusiness();
    const b = await makeBusiness();
    const mine = await api("POST", "/v1/saved-replies", { key: a.key, body: { shortcut: "menu", text: "Our menu: ..." } });
    // The same shortcut in another business is fine.
    expect((await api("POST", "/v1/saved-replies", { key: b.key, body: { shortcut: "menu", text: "Theirs" } })).status).toBe(200);
    expect((await api("GET", "/v1/saved-replies", { key: b.key })).body.data.map((r: { text: string }) => r.text)).toEqual(["Theirs"]);
    for (const [method, body] of [
      ["PATCH", { text: "hijack" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await api(method, `/v1/saved-replies/${mine.body.id}`, { key: b.key, body });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await api("GET", "/v1/saved-replies", { key: a.key })).body.data[0].text).toBe("Our menu: ...");
  });

  it("needs saved-replies scopes; agents read them in the dashboard but only owners change them", async () => {
    const b = await makeBusiness();
    const readOnly = await createApiKey(db(), b.businessId, { scopes: ["saved-replies:read"] });
    expect((await api("GET", "/v1/saved-replies", { key: readOnly.key })).status).toBe(200);
    const denied = await api("POST", "/v1/saved-replies", { key: readOnly.key, body: { shortcut: "x", text: "y" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain("saved-replies:write");

    const owner = await makeStaff();
    const agent = await makeStaff({ role: "agent", businessId: owner.businessId });
    const headers = { cookie: "x", origin: "http://localhost" };
    signInAs(owner);
    expect((await api("POST", "/v1/saved-replies", { headers, body: { shortcut: "thanks", text: "Thank you!" } })).status).toBe(200);
    signInAs(agent);
    expect((await api("GET", "/v1/saved-replies", { headers })).body.data.map((r: { shortcut: string }) => r.shortcut)).toEqual(["thanks"]);
    expect((await api("POST", "/v1/saved-replies", { headers, body: { shortcut: "mine", text: "x" } })).body.error.code).toBe("forbidden");
    signInAs(null);
  });

  it("is in the OpenAPI document with its scopes", () => {
    const doc = openApiDocument(operations) as unknown as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/v1/saved-replies"] ?? doc.paths["/saved-replies"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(JSON.stringify(doc)).toContain("saved-replies:write");
  });
});

describe("fillSavedReply", () => {
  it("fills the contact's name and first name, with the variable's fallback or nothing when unknown", () => {
    const text = "Hi {{contact.first_name}}, your table is ready, {{ contact.name }}.";
    expect(fillSavedReply(text, { name: "Ana  Sofia Costa" })).toBe("Hi Ana, your table is ready, Ana  Sofia Costa.");
    expect(fillSavedReply(text, { name: null })).toBe("Hi, your table is ready.");
    expect(fillSavedReply("Olá {{contact.first_name|cliente}}!", { name: "  " })).toBe("Olá cliente!");
    expect(fillSavedReply("{{contact.first_name}} bienvenido", { name: undefined })).toBe("bienvenido");
    expect(fillSavedReply("Hola {{contact.first_name}} ¿qué tal?", { name: "José" })).toBe("Hola José ¿qué tal?");
  });
});
