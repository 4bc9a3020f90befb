import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ensureConversation } from "@/lib/conversations/conversations";
import { upsertContact } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { conversations, messages, records } from "@/lib/db/schema";
import { createRecord } from "@/lib/records/records";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// Issue 15 part 4 (optional, built): an order that becomes ready messages the customer, free-form inside
// the 24-hour window, else the approved template of the order settings; else the change still succeeds
// and the answer says the customer was not notified.

const sameOrigin = { cookie: "x", origin: "http://localhost" };

async function orderFor(opts: { wroteRecently: boolean }) {
  const b = await makeBusiness();
  const phone = uniquePhone();
  const contact = await upsertContact(db(), b.businessId, { phone, name: "Grace" });
  const { conversation } = await ensureConversation(db(), b.businessId, contact.id);
  if (opts.wroteRecently) await db().update(conversations).set({ lastInboundAt: new Date() }).where(eq(conversations.id, conversation.id));
  const order = await createRecord(db(), b.businessId, { collection: "orders", fields: { total: 1100 }, contactId: contact.id });
  return { ...b, phone, contact, order };
}

const sentTo = async (businessId: string) =>
  db()
    .select({ text: messages.text, type: messages.type, template: messages.template, source: messages.source })
    .from(messages)
    .where(and(eq(messages.businessId, businessId), eq(messages.direction, "outbound")));

describe("an order that becomes ready", () => {
  it("messages the customer with the settings' text inside the 24-hour window", async () => {
    const b = await orderFor({ wroteRecently: true });
    const res = await api("PATCH", `/v1/records/orders/${b.order.id}`, { key: b.key, body: { status: "ready" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ready", notification: { sent: true, via: "text", reason: null } });
    expect(await sentTo(b.businessId)).toEqual([{ text: "Good news: your order is ready.", type: "text", template: null, source: "api" }]);
    // Only the move to ready messages anyone.
    const delivered = await api("PATCH", `/v1/records/orders/${b.order.id}`, { key: b.key, body: { status: "delivered" } });
    expect(delivered.body.notification).toBeNull();
    expect(await sentTo(b.businessId)).toHaveLength(1);
  });

  it("outside the window sends the chosen approved template, and without one still changes the status", async () => {
    const b = await orderFor({ wroteRecently: false });
    const first = await api("PATCH", `/v1/records/orders/${b.order.id}`, { key: b.key, body: { status: "ready" } });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("ready");
    expect(first.body.notification).toMatchObject({ sent: false, via: null });
    expect(first.body.notification.reason).toMatch(/no order-ready template is chosen/);
    expect((await db().select().from(records).where(eq(records.id, b.order.id)))[0].status).toBe("ready");
    expect(await sentTo(b.businessId)).toEqual([]);

    const owner = await makeStaff({ businessId: b.businessId });
    signInAs(owner);
    const made = await api("POST", "/v1/templates", {
      key: b.key,
      body: { name: "order_ready", language: "en", category: "utility", body: "Hi {{1}}, order {{2}} is ready for you." },
    });
    expect(made.status).toBe(200);
    const tooMany = await api("POST", "/v1/templates", {
      key: b.key,
      body: { name: "three_vars", language: "en", category: "utility", body: "{{1}} {{2}} {{3}}" },
    });
    expect(tooMany.status).toBe(200);
    const refused = await api("PUT", "/v1/internal/orders/settings", {
      headers: sameOrigin,
      body: { readyTemplate: { name: "three_vars", language: "en" } },
    });
    expect(refused.status).toBe(400);
    expect(
      (await api("PUT", "/v1/internal/orders/settings", { headers: sameOrigin, body: { readyTemplate: { name: "nope", language: "en" } } })).status,
    ).toBe(400);
    const saved = await api("PUT", "/v1/internal/orders/settings", {
      headers: sameOrigin,
      body: { readyTemplate: { name: "order_ready", language: "en" } },
    });
    expect(saved.body).toEqual({
      notifyReady: true,
      readyText: "Good news: your order is ready.",
      readyTemplate: { name: "order_ready", language: "en" },
    });
    // Settings are the owner's: an agent, or a key, cannot reach them.
    expect((await api("GET", "/v1/internal/orders/settings", { key: b.key })).status).toBe(404);
    signInAs(await makeStaff({ role: "agent", businessId: b.businessId }));
    expect((await api("PUT", "/v1/internal/orders/settings", { headers: sameOrigin, body: { notifyReady: false } })).status).toBe(403);

    // An agent marks another order ready: the template goes out with the name and the order's number.
    const second = await createRecord(db(), b.businessId, { collection: "orders", fields: { total: 900 }, contactId: b.contact.id });
    const res = await api("PATCH", `/v1/records/orders/${second.id}`, { headers: sameOrigin, body: { status: "ready" } });
    expect(res.body.notification).toMatchObject({ sent: true, via: "template" });
    const number = second.id.slice(-6).toUpperCase();
    expect(await sentTo(b.businessId)).toEqual([
      {
        text: `Hi Grace, order ${number} is ready for you.`,
        type: "template",
        template: { name: "order_ready", language: "en", variables: ["Grace", number] },
        // Issue 36: the system's message, not the agent's reply (it would hand the conversation over).
        source: "api",
      },
    ]);
  });

  it("sends nothing when the owner turned it off", async () => {
    const b = await orderFor({ wroteRecently: true });
    signInAs(await makeStaff({ businessId: b.businessId }));
    expect((await api("PUT", "/v1/internal/orders/settings", { headers: sameOrigin, body: { notifyReady: false } })).status).toBe(200);
    const res = await api("PATCH", `/v1/records/orders/${b.order.id}`, { key: b.key, body: { status: "ready" } });
    expect(res.body.notification).toMatchObject({ sent: false, reason: "order-ready messages are turned off in the order settings." });
    expect(await sentTo(b.businessId)).toEqual([]);
  });
});
