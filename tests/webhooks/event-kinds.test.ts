import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createRecord } from "@/lib/records/records";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";
import { expectAllSigned, registerHook, settled, webhookHarness, waitFor } from "./harness";
import type { Hook } from "./receiver";

// Each event kind this service emits from its own lib/ functions fires once per cause, with the
// payload docs/api-contract.md (and lib/events/schemas.ts) documents, whichever path caused it.

const h = webhookHarness();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVT = /^evt_[0-9A-Z]{26}$/;

async function setup(): Promise<{ b: TestBusiness; hook: Hook }> {
  const b = await makeBusiness();
  const hook = h.receiver.hook();
  await registerHook(b, hook, { events: ["*"] });
  return { b, hook };
}

async function sendTemplate(b: TestBusiness, to: string) {
  const tpl = await api("POST", "/v1/templates", {
    key: b.key,
    body: { name: "order_update", language: "en", category: "utility", body: "Hi {{1}}, order {{2}} shipped." },
  });
  expect(tpl.status).toBe(200);
  const sent = await api("POST", "/v1/messages", {
    key: b.key,
    body: { to, type: "template", template: { name: "order_update", language: "en", variables: ["Ada", "#1042"] } },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body as { id: string; conversationId: string };
}

describe("event kinds", () => {
  it("contact.created fires once when POST /v1/contacts first sees a phone", async () => {
    const { b, hook } = await setup();
    const phone = uniquePhone();
    const up = await api("POST", "/v1/contacts", { key: b.key, body: { phone, name: "Ada", tags: ["vip"], metadata: { plan: "pro" } } });
    await api("POST", "/v1/contacts", { key: b.key, body: { phone, name: "Ada L." } });
    await settled(b.businessId);
    const [event, ...more] = hook.ofType("contact.created");
    expect(more).toEqual([]);
    expect(event.payload).toEqual({
      id: expect.stringMatching(EVT),
      type: "contact.created",
      createdAt: expect.stringMatching(ISO),
      // Issue 37: the contact's WhatsApp BSUID and username ride along (null for a phone-only contact).
      contact: {
        id: up.body.id,
        phone,
        waUserId: null,
        username: null,
        name: "Ada",
        tags: ["vip"],
        metadata: { plan: "pro" },
        createdAt: up.body.createdAt,
      },
    });
    expectAllSigned(hook);
  });

  it("contact.created fires once when POST /v1/messages writes to a new number", async () => {
    const { b, hook } = await setup();
    const phone = uniquePhone();
    await sendTemplate(b, phone);
    await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "order_update", language: "en", variables: ["Ada", "#1043"] } },
    });
    await settled(b.businessId);
    const events = hook.ofType("contact.created");
    expect(events).toHaveLength(1);
    expect(events[0].payload.contact).toMatchObject({ phone, name: null, tags: [], metadata: {} });
    expect(events[0].payload.contact.id).toMatch(/^ct_/);
    expectAllSigned(hook);
  });

  it("conversation.handoff fires once per handoff, with reason null when none is given", async () => {
    const { b, hook } = await setup();
    const withReason = await sendTemplate(b, uniquePhone());
    const first = await api("POST", `/v1/conversations/${withReason.conversationId}/handoff`, { key: b.key, body: { reason: "wants a human" } });
    expect(first.status).toBe(200);
    const again = await api("POST", `/v1/conversations/${withReason.conversationId}/handoff`, { key: b.key, body: { reason: "still" } });
    expect(again.body.status).toBe("handoff");
    const noReason = await sendTemplate(b, uniquePhone());
    await api("POST", `/v1/conversations/${noReason.conversationId}/handoff`, { key: b.key });
    await settled(b.businessId);

    const events = hook.ofType("conversation.handoff");
    expect(events).toHaveLength(2);
    const byConversation = Object.fromEntries(events.map((e) => [e.payload.conversationId, e.payload]));
    expect(byConversation[withReason.conversationId]).toEqual({
      id: expect.stringMatching(EVT),
      type: "conversation.handoff",
      createdAt: expect.stringMatching(ISO),
      conversationId: withReason.conversationId,
      contactId: first.body.contactId,
      status: "handoff",
      reason: "wants a human",
      labels: [],
    });
    expect(byConversation[noReason.conversationId]).toMatchObject({ status: "handoff", reason: null });
    expect("reason" in byConversation[noReason.conversationId]).toBe(true);
    expectAllSigned(hook);
  });

  it("record.created fires once per createRecord", async () => {
    const { b, hook } = await setup();
    const conv = await sendTemplate(b, uniquePhone());
    const record = await createRecord(db(), b.businessId, {
      collection: "orders",
      fields: { item: "pizza", qty: 2, notes: { extra: ["olives"] } },
      conversationId: conv.conversationId,
    });
    const loose = await createRecord(db(), b.businessId, { collection: "leads", fields: { email: "a@example.com" } });
    await settled(b.businessId);
    const events = hook.ofType("record.created");
    expect(events).toHaveLength(2);
    const order = events.find((e) => e.payload.record.id === record.id);
    expect(order?.payload).toEqual({
      id: expect.stringMatching(EVT),
      type: "record.created",
      createdAt: expect.stringMatching(ISO),
      collection: "orders",
      record: { id: record.id, fields: { item: "pizza", qty: 2, notes: { extra: ["olives"] } } },
      conversationId: conv.conversationId,
    });
    expect(events.find((e) => e.payload.record.id === loose.id)?.payload).toMatchObject({ collection: "leads", conversationId: null });
    // Every delivery of the business is a distinct whd_ id carrying a distinct evt_ id.
    expect(new Set(hook.received.map((r) => r.deliveryId)).size).toBe(hook.received.length);
    expect(new Set(hook.received.map((r) => r.payload.id)).size).toBe(hook.received.length);
    expectAllSigned(hook);
  });

  it("sends the payload bytes that were signed, with id, type and createdAt first", async () => {
    const { b, hook } = await setup();
    await createRecord(db(), b.businessId, { collection: "orders", fields: { ü: "✓", n: 1.5 } });
    const r = await waitFor(() => hook.ofType("record.created")[0], "the record.created delivery");
    expect(r.raw.startsWith(`{"id":"${r.payload.id}","type":"record.created","createdAt":"`)).toBe(true);
    expect(r.payload.record.fields).toEqual({ ü: "✓", n: 1.5 });
    expect(r.verified).toBe(true);
  });
});
