import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { conversations, events, messages } from "@/lib/db/schema";
import { recordAccepted } from "@/lib/messages/outbound";
import { createRecord } from "@/lib/records/records";
import { customer, fileWorker, makeShop, type Shop } from "../assistant/harness";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api } from "../helpers/api";

fileWorker();

// Issue 36, the hand-over made safe. Item 1: the customer's wait starts at the handoff, not at their
// next message. Item 4: a message the system sends (an order that is ready) is never a person's reply.

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

const row = async (id: string) => (await db().select().from(conversations).where(eq(conversations.id, id)))[0];
const ms = (iso: string | Date | null | undefined) => (iso ? new Date(iso).getTime() : Number.NaN);

async function owner(shop: Shop) {
  const person = await makeStaff({ businessId: shop.businessId });
  signInAs(person);
  return person;
}

const handoffEvents = async (shop: Shop) =>
  db()
    .select()
    .from(events)
    .where(and(eq(events.businessId, shop.businessId), eq(events.type, "conversation.handoff")));

describe("item 1: waiting since starts at the handoff", () => {
  it("a customer who asks for a person waits from the handoff, though the assistant's goodbye is the last message", async () => {
    const shop = await makeShop();
    const ada = customer(shop);
    const before = Date.now();
    const said = await ada.say("I need to speak to a person");
    expect(said[0]).toMatch(/passing you to a colleague/);
    const conv = await ada.conversation();
    expect(conv.status).toBe("handoff");
    // The assistant spoke last, yet the customer is waiting for a person.
    const [last] = await db().select().from(messages).where(eq(messages.conversationId, conv.id)).orderBy(sql`created_at desc, id desc`).limit(1);
    expect(last.source).toBe("assistant");
    expect(conv.waitingSince).not.toBeNull();
    expect(ms(conv.waitingSince)).toBeGreaterThanOrEqual(before - 1000);

    await owner(shop);
    // The public object, the inbox row (first: the only waiting handoff) and the summary that alerts.
    const pub = await api("GET", `/v1/conversations?contactId=${conv.contactId}`, { key: shop.key });
    expect(ms(pub.body.data[0].waitingSince)).toBe(ms(conv.waitingSince));
    const inbox = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(inbox.body.data[0]).toMatchObject({ id: conv.id, status: "handoff" });
    expect(ms(inbox.body.data[0].waitingSince)).toBe(ms(conv.waitingSince));
    const summary = await api("GET", "/v1/internal/inbox/summary", { headers: member });
    const alert = summary.body.handoffs.find((h: { id: string }) => h.id === conv.id);
    expect(alert).toBeDefined();
    expect(ms(alert.waitingSince)).toBe(ms(conv.waitingSince));
    expect(ms(alert.handedOffAt)).toBeGreaterThanOrEqual(ms(conv.waitingSince));

    // A person's reply ends the wait.
    expect((await api("POST", "/v1/messages", { headers: member, body: { to: ada.phone, text: "Hi, Maria here" } })).status).toBe(200);
    expect((await ada.conversation()).waitingSince).toBeNull();
  });

  it("a handoff of an answered conversation starts the clock at once and sorts it above later activity; only a person's reply stops it", async () => {
    const shop = await makeShop();
    const ben = customer(shop);
    const cy = customer(shop);
    expect((await ben.say("What time do you open?")).length).toBeGreaterThan(0);
    const benConv = await ben.conversation();
    expect(benConv.waitingSince).toBeNull();

    const before = Date.now();
    const handed = await api("POST", `/v1/conversations/${benConv.id}/handoff`, { key: shop.key, body: { reason: "vip" } });
    expect(handed.status).toBe(200);
    expect(handed.body.status).toBe("handoff");
    expect(ms(handed.body.waitingSince)).toBeGreaterThanOrEqual(before - 1000);
    expect(ms(handed.body.waitingSince)).toBeLessThanOrEqual(Date.now() + 1000);
    const started = ms(handed.body.waitingSince);

    // Another customer's later activity (answered by the assistant) sorts below the waiting handoff.
    await cy.say("Where are you?");
    await owner(shop);
    const list = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(list.body.data.map((r: { id: string }) => r.id)[0]).toBe(benConv.id);

    // The business's systems (source api) do not answer a customer who waits for a person.
    expect((await api("POST", "/v1/messages", { key: shop.key, body: { to: ben.phone, text: "Your invoice is attached" } })).status).toBe(200);
    expect(ms((await row(benConv.id)).waitingSince)).toBe(started);
    // Nor does the customer's next message move the start.
    await ben.say("hello?");
    expect(ms((await row(benConv.id)).waitingSince)).toBe(started);

    // A person's reply (a key that says it is a person) does.
    expect((await api("POST", "/v1/messages", { key: shop.key, body: { to: ben.phone, text: "Joana here", source: "agent" } })).status).toBe(200);
    expect((await row(benConv.id)).waitingSince).toBeNull();
  });

  it("a customer already waiting keeps their earlier start; back with the assistant or closed, the wait follows the messages", async () => {
    const shop = await makeShop();
    const dee = customer(shop);
    await dee.say("What time do you open?");
    const conv = await dee.conversation();
    // The customer wrote again and nothing answered yet (the turn has not run).
    await db().update(conversations).set({ waitingSince: sql`now() - interval '7 minutes'` }).where(eq(conversations.id, conv.id));
    const earlier = ms((await row(conv.id)).waitingSince);
    const handed = await api("POST", `/v1/conversations/${conv.id}/handoff`, { key: shop.key, body: {} });
    expect(ms(handed.body.waitingSince)).toBe(earlier);

    // Returned to the assistant: its last reply came after the customer's last message, so nobody waits.
    const resumed = await api("POST", `/v1/conversations/${conv.id}/resume`, { key: shop.key });
    expect(resumed.body.status).toBe("open");
    expect(resumed.body.waitingSince).toBeNull();

    // Handed off again without a reply, then closed: a closed conversation has nobody waiting.
    const again = await api("POST", `/v1/conversations/${conv.id}/handoff`, { key: shop.key, body: {} });
    expect(again.body.waitingSince).not.toBeNull();
    const closed = await api("POST", `/v1/conversations/${conv.id}/close`, { key: shop.key });
    expect(closed.body.waitingSince).toBeNull();
  });

  it("resumed with the customer's message unanswered, the wait is that message's", async () => {
    const shop = await makeShop();
    const eve = customer(shop);
    await eve.say("I need to speak to a person");
    const conv = await eve.conversation();
    await eve.say("Are you there?");
    const [asked] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conv.id), eq(messages.text, "Are you there?")));
    const resumed = await api("POST", `/v1/conversations/${conv.id}/resume`, { key: shop.key });
    expect(ms(resumed.body.waitingSince)).toBe(asked.createdAt.getTime());
  });
});

describe("item 4: a system message is never a person stepping in", () => {
  async function orderingCustomer(shop: Shop) {
    const fay = customer(shop);
    expect((await fay.say("What time do you open?")).length).toBeGreaterThan(0);
    const conv = await fay.conversation();
    const order = await createRecord(db(), shop.businessId, {
      collection: "orders",
      fields: { total: 1900 },
      conversationId: conv.id,
      contactId: conv.contactId,
    });
    return { fay, conv, order };
  }

  it("an order a member marks ready in the dashboard messages the customer and leaves the assistant answering", async () => {
    const shop = await makeShop();
    const { fay, conv, order } = await orderingCustomer(shop);
    const person = await owner(shop);
    const res = await api("PATCH", `/v1/records/orders/${order.id}`, { headers: member, body: { status: "ready" } });
    expect(res.status).toBe(200);
    expect(res.body.notification).toMatchObject({ sent: true, via: "text" });

    const after = await row(conv.id);
    expect(after.status).toBe("open");
    expect(after.assigneeId).toBeNull();
    expect(await handoffEvents(shop)).toEqual([]);
    const [ready] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conv.id), eq(messages.id, res.body.notification.messageId)));
    expect(ready).toMatchObject({ text: "Good news: your order is ready.", source: "api", userId: null });
    expect(ready.userId).not.toBe(person.userId);

    // The customer's next question is answered by the assistant.
    const replies = await fay.say("Is there parking nearby?");
    expect(replies.join(" ")).toMatch(/car park/);
    expect((await row(conv.id)).status).toBe("open");
  });

  it("by a key too; and in a handed-off conversation it neither reassigns nor stops the customer's wait", async () => {
    const shop = await makeShop();
    const { fay, conv, order } = await orderingCustomer(shop);
    const byKey = await api("PATCH", `/v1/records/orders/${order.id}`, { key: shop.key, body: { status: "ready" } });
    expect(byKey.body.notification).toMatchObject({ sent: true });
    expect((await row(conv.id)).status).toBe("open");

    const second = await createRecord(db(), shop.businessId, {
      collection: "orders",
      fields: { total: 500 },
      conversationId: conv.id,
      contactId: conv.contactId,
    });
    const handed = await api("POST", `/v1/conversations/${conv.id}/handoff`, { key: shop.key, body: {} });
    const waiting = ms(handed.body.waitingSince);
    await owner(shop);
    const res = await api("PATCH", `/v1/records/orders/${second.id}`, { headers: member, body: { status: "ready" } });
    expect(res.body.notification).toMatchObject({ sent: true });
    const after = await row(conv.id);
    expect(after).toMatchObject({ status: "handoff", assigneeId: null });
    expect(ms(after.waitingSince)).toBe(waiting);
    expect(await fay.replies()).toHaveLength(2);
  });

  it("a campaign message neither hands an open conversation over nor ends a handed-off customer's wait", async () => {
    const shop = await makeShop();
    const gil = customer(shop);
    const hal = customer(shop);
    await gil.say("What time do you open?");
    await hal.say("What time do you open?");
    const [open, handed] = [await gil.conversation(), await hal.conversation()];
    const waiting = ms((await api("POST", `/v1/conversations/${handed.id}/handoff`, { key: shop.key, body: {} })).body.waitingSince);
    const sent = (c: typeof open, to: string) => ({
      contactId: c.contactId,
      to,
      channel: "sandbox" as const,
      text: "Two for one on Tuesdays",
      template: { name: "promo", language: "en", variables: [] },
      receipt: { channelMessageId: `sbx_${c.id}`, acceptedAt: new Date() },
      attempts: 1,
      campaignId: "cmp_test",
    });
    await db().transaction((tx) => recordAccepted(tx, shop.businessId, [sent(open, gil.phone), sent(handed, hal.phone)], async (planned) => planned));
    expect(await row(open.id)).toMatchObject({ status: "open", assigneeId: null });
    const after = await row(handed.id);
    expect(after.status).toBe("handoff");
    expect(ms(after.waitingSince)).toBe(waiting);
    expect(await handoffEvents(shop)).toHaveLength(1);
    // And the assistant still answers the open one.
    expect((await gil.say("Is there parking nearby?")).join(" ")).toMatch(/car park/);
  });
});
