import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { contacts, conversations, messages } from "@/lib/db/schema";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

const HOUR = 3_600_000;

describe("POST /v1/messages", () => {
  it("sends a text inside the window: queued, with the conversation, and lists it", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const { conversationId } = await receiveForTest(b.businessId, phone, new Date(Date.now() - 23 * HOUR));
    const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, type: "text", text: "Hello ✓" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["conversationId", "createdAt", "id", "status"]);
    expect(res.body.id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.body.status).toBe("queued");
    expect(res.body.conversationId).toBe(conversationId);
    expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = await api("GET", `/v1/conversations/${conversationId}/messages`, { key: b.key });
    expect(list.status).toBe(200);
    expect(list.body.nextCursor).toBeNull();
    const [m] = list.body.data;
    expect(m).toMatchObject({ id: res.body.id, direction: "outbound", source: "api", type: "text", text: "Hello ✓", createdAt: res.body.createdAt });
  });

  it("refuses a text when the last inbound message is older than 24 h, storing nothing", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const { conversationId } = await receiveForTest(b.businessId, phone, new Date(Date.now() - 25 * HOUR));
    const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, text: "late" } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("outside_messaging_window");
    const stored = await db().select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored).toHaveLength(0);
  });

  it("refuses a text to an unknown number and creates no contact", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, text: "hi" } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("outside_messaging_window");
    const found = await db().select().from(contacts).where(eq(contacts.businessId, b.businessId));
    expect(found).toHaveLength(0);
  });

  it("sends a template at any time, rendering placeholders, creating contact and conversation", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", {
      key: b.key,
      body: { name: "order_update", language: "en", category: "utility", body: "Hi {{1}}, order {{2}} ships." },
    });
    const phone = uniquePhone();
    const res = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "order_update", language: "en", variables: ["Ada", "#1042"] } },
    });
    expect(res.status).toBe(200);
    const list = await api("GET", `/v1/conversations/${res.body.conversationId}/messages`, { key: b.key });
    expect(list.body.data[0]).toMatchObject({
      type: "template",
      text: "Hi Ada, order #1042 ships.",
      template: { name: "order_update", language: "en", variables: ["Ada", "#1042"] },
    });
    const [conv] = await db().select().from(conversations).where(eq(conversations.id, res.body.conversationId));
    expect(conv.status).toBe("open");
  });

  it("checks the template's variable count and existence", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", { key: b.key, body: { name: "t2", language: "en", category: "utility", body: "{{1}} and {{2}}" } });
    const phone = uniquePhone();
    const wrong = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "t2", language: "en", variables: ["a"] } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].path).toBe("template.variables");
    const unknown = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "nope", language: "en", variables: [] } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("unknown_template");
    expect(await db().select().from(contacts).where(eq(contacts.businessId, b.businessId))).toHaveLength(0);
  });

  it("validates the body with one detail per problem", async () => {
    const b = await makeBusiness();
    const cases: [unknown, string][] = [
      [{ to: "0044123", text: "x" }, "to"],
      [{ to: "+14155550123" }, "text"],
      [{ to: "+14155550123", text: "" }, "text"],
      [{ to: "+14155550123", text: "x".repeat(4097) }, "text"],
      [{ to: "+14155550123", type: "carousel", text: "x" }, "type"],
      [{ to: "+14155550123", type: "image", text: "x" }, "media"],
      [{ to: "+14155550123", type: "template" }, "template"],
      [{ text: "x" }, "to"],
    ];
    for (const [body, path] of cases) {
      const res = await api("POST", "/v1/messages", { key: b.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it("replays an Idempotency-Key with the same body and refuses it with another", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    await receiveForTest(b.businessId, phone);
    const headers = { "idempotency-key": "order-42" };
    const first = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "once" } });
    const again = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "once" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "twice" } });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    const stored = await db().select().from(messages).where(eq(messages.conversationId, first.body.conversationId));
    expect(stored).toHaveLength(1);
  });

  it("does not keep the key of a refused request", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const headers = { "idempotency-key": "k-1" };
    const refused = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "x" } });
    expect(refused.status).toBe(422);
    await receiveForTest(b.businessId, phone);
    const ok = await api("POST", "/v1/messages", { key: b.key, headers, body: { to: phone, text: "x" } });
    expect(ok.status).toBe(200);
  });
});
