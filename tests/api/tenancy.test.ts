import { describe, expect, it } from "vitest";
import { createRecord } from "@/lib/records/records";
import { db } from "@/lib/db/client";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

describe("tenancy", () => {
  it("answers another business's ids exactly like missing ones, and never lists them", async () => {
    const a = await makeBusiness({ name: "A" });
    const b = await makeBusiness({ name: "B" });
    const phone = uniquePhone();
    const conv = await receiveForTest(a.businessId, phone);
    const ki = (await api("POST", `/v1/assistants/${a.assistantId}/knowledge`, { key: a.key, body: { title: "t", content: "c" } })).body;
    await api("PUT", "/v1/skills/sk_secret", { key: a.key, body: { name: "A's", enabled: true, graph: readyMadeSkills[0].graph } });
    await api("POST", "/v1/catalog/menu/items", { key: a.key, body: { items: [{ externalId: "a1", title: "A item" }] } });
    await createRecord(db(), a.businessId, { collection: "orders", fields: { secret: true } });

    const probes: [string, string, unknown?][] = [
      ["GET", `/v1/conversations/${conv.conversationId}/messages`],
      ["POST", `/v1/conversations/${conv.conversationId}/handoff`],
      ["POST", `/v1/conversations/${conv.conversationId}/resume`],
      ["POST", `/v1/conversations/${conv.conversationId}/close`],
      ["GET", `/v1/assistants/${a.assistantId}`],
      ["GET", `/v1/assistants/${a.assistantId}/knowledge`],
      ["POST", `/v1/assistants/${a.assistantId}/knowledge`, { title: "x", content: "y" }],
      ["PATCH", `/v1/assistants/${a.assistantId}/knowledge/${ki.id}`, { title: "x" }],
      ["DELETE", `/v1/assistants/${a.assistantId}/knowledge/${ki.id}`],
      ["GET", "/v1/skills/sk_secret"],
    ];
    for (const [method, path, body] of probes) {
      const foreign = await api(method, path, { key: b.key, body });
      const missing = await api(
        method,
        path.replace(/(conv|as|ki)_[0-9A-Z]{26}/g, "$1_01JD7X4S9C8A3K2M5N6P7Q8R9T").replace("sk_secret", "sk_nothing"),
        { key: b.key, body },
      );
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(foreign.body.error.code).toBe("not_found");
      expect(foreign.body.error.message).toBe(missing.body.error.message);
    }
    // B's lists and B's send to the same phone see nothing of A's.
    expect((await api("GET", "/v1/conversations", { key: b.key })).body.data).toHaveLength(0);
    expect((await api("GET", "/v1/contacts", { key: b.key })).body.data).toHaveLength(0);
    expect((await api("GET", "/v1/skills", { key: b.key })).body.data).toHaveLength(0);
    expect((await api("GET", "/v1/catalog/menu/items", { key: b.key })).body.data).toHaveLength(0);
    expect((await api("GET", "/v1/records/orders", { key: b.key })).body.data).toHaveLength(0);
    expect((await api("POST", "/v1/messages", { key: b.key, body: { to: phone, text: "hi" } })).status).toBe(422);
    // B may reuse A's skill id for its own skill.
    expect(
      (await api("PUT", "/v1/skills/sk_secret", { key: b.key, body: { name: "B's", enabled: true, graph: readyMadeSkills[0].graph } })).status,
    ).toBe(200);
    expect((await api("GET", "/v1/skills/sk_secret", { key: a.key })).body.name).toBe("A's");
  });
});
