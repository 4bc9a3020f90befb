import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { events, records, skillSessions } from "@/lib/db/schema";
import { customer, fileWorker, makeShop, type Shop } from "../assistant/harness";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api } from "../helpers/api";

fileWorker();

// Issue 36 item 3: a half-done booking is not lost when a person steps in. The handoff pauses the
// skill with what it gathered; a person completes it (the skill's own record step writes it, with its
// event), hands it back (the assistant asks again and finishes), or drops it (the held place goes back).

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };
const CONFIRM = /Shall I confirm it\?/;

async function agentOf(shop: Shop) {
  const agent = await makeStaff({ businessId: shop.businessId, role: "agent" });
  signInAs(agent);
  return agent;
}

/** A customer whose booking waits at "Shall I confirm it?". */
async function atConfirmation(shop: Shop, name = "Ana Silva") {
  const c = customer(shop);
  const replies = await c.say(`I'd like to book a table for 4 tomorrow at 8pm, name ${name}`);
  expect(replies.at(-1)).toMatch(CONFIRM);
  return c;
}

const booked = async (shop: Shop) =>
  Number(
    (
      await queryRows<{ n: number }>(db(), sql`select coalesce(sum(booked), 0)::int as n from booking_slots where business_id = ${shop.businessId}`)
    )[0].n,
  );

const recordEvents = async (shop: Shop) =>
  db()
    .select()
    .from(events)
    .where(and(eq(events.businessId, shop.businessId), eq(events.type, "record.created")));

describe("a skill people took over", () => {
  it("keeps what it gathered; a person completes it with the skill's own record and event, and the held place stays with it", async () => {
    const shop = await makeShop();
    const ana = await atConfirmation(shop);
    const conv = await ana.conversation();
    expect(await booked(shop)).toBe(1);

    const agent = await agentOf(shop);
    expect((await api("POST", "/v1/messages", { headers: member, body: { to: ana.phone, text: "Hi Ana, Maria here." } })).status).toBe(200);
    const [paused] = await db().select().from(skillSessions).where(eq(skillSessions.conversationId, conv.id));
    expect(paused.pausedAt).not.toBeNull();
    // The customer's "yes" goes to the person: no turn, no booking, the place still held.
    expect(await ana.say("Yes")).toEqual(["Hi Ana, Maria here."]);
    expect(await db().select().from(records).where(eq(records.businessId, shop.businessId))).toEqual([]);
    expect(await booked(shop)).toBe(1);

    const seen = await api("GET", `/v1/conversations/${conv.id}/skill`, { key: shop.key });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      conversationId: conv.id,
      skill: { id: "sk_booking" },
      waitingFor: { nodeId: "confirm", variable: "confirm" },
      collection: "bookings",
      canComplete: true,
      missing: [],
      reason: null,
      changes: null,
    });
    expect(seen.body.waitingFor.question).toMatch(CONFIRM);
    expect(seen.body.gathered.map((g: { variable: string }) => g.variable)).toEqual(["party_size", "name", "when"]);
    expect(seen.body.gathered[0]).toMatchObject({ label: "Party size", value: 4, text: "4" });
    expect(seen.body.fields).toMatchObject({ party_size: 4, name: "Ana Silva" });
    // The thread's detail carries the same.
    const detail = await api("GET", `/v1/internal/inbox/${conv.id}`, { headers: member });
    expect(detail.body.pausedSkill).toEqual(seen.body);

    const done = await api("POST", `/v1/conversations/${conv.id}/skill/complete`, { headers: member, body: {} });
    expect(done.status).toBe(200);
    expect(done.body.record).toMatchObject({ collection: "bookings", status: "confirmed", conversationId: conv.id, contactId: conv.contactId });
    expect(done.body.record.fields).toEqual(seen.body.fields);
    expect(done.body.confirmation).toMatch(/^You're booked, Ana Silva: a table for 4 on .+\. See you then!$/);
    expect(done.body.conversation).toMatchObject({ id: conv.id, status: "handoff", assigneeId: agent.userId });
    const [event] = (await recordEvents(shop)).filter((e) => (e.payload.record as { id: string }).id === done.body.record.id);
    expect(event.payload).toMatchObject({ collection: "bookings", conversationId: conv.id, record: { fields: done.body.record.fields } });
    expect(await db().select().from(skillSessions).where(eq(skillSessions.conversationId, conv.id))).toEqual([]);
    expect(await booked(shop)).toBe(1);
    const history = await api("GET", `/v1/conversations/${conv.id}/messages?include=events`, { key: shop.key });
    expect(history.body.data.find((e: { event?: string }) => e.event === "skill_completed")).toMatchObject({
      text: "Table booking",
      actor: { type: "agent", user: { id: agent.userId } },
    });
    // Nothing is said to the customer by the assistant: the confirmation is the person's to send.
    expect(await ana.replies()).toEqual([]);
    expect((await api("POST", `/v1/conversations/${conv.id}/skill/complete`, { headers: member, body: {} })).status).toBe(404);
    expect((await api("GET", `/v1/conversations/${conv.id}/skill`, { key: shop.key })).status).toBe(404);

    // The same booking made by the skill itself: the same fields, the same types.
    const bo = await atConfirmation(shop, "Bo Chen");
    expect((await bo.say("yes")).at(-1)).toMatch(/^You're booked, Bo Chen/);
    const [bySkill] = await db()
      .select()
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), sql`${records.fields}->>'name' = 'Bo Chen'`));
    expect(Object.keys(bySkill.fields).sort()).toEqual(Object.keys(done.body.record.fields).sort());
    for (const key of Object.keys(bySkill.fields)) expect(typeof done.body.record.fields[key]).toBe(typeof bySkill.fields[key]);
    expect(done.body.record.fields.when).toBe(bySkill.fields.when);
  });

  it("handed back: the conversation returns to the assistant, which asks its question again and finishes the booking", async () => {
    const shop = await makeShop();
    const cy = await atConfirmation(shop, "Cy Twombly");
    const conv = await cy.conversation();
    await agentOf(shop);
    await api("POST", "/v1/messages", { headers: member, body: { to: cy.phone, text: "One moment please" } });
    expect(await cy.say("ok")).toEqual(["One moment please"]);

    const back = await api("POST", `/v1/conversations/${conv.id}/skill/hand-back`, { headers: member, body: {} });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("open");
    const asked = await cy.replies();
    expect(asked.map((m) => m.text).at(-1)).toMatch(CONFIRM);
    expect(asked.at(-1)?.source).toBe("assistant");
    const [running] = await db().select().from(skillSessions).where(eq(skillSessions.conversationId, conv.id));
    expect(running).toMatchObject({ nodeId: "confirm", pausedAt: null });

    expect((await cy.say("yes")).at(-1)).toMatch(/^You're booked, Cy Twombly/);
    expect(await db().select().from(records).where(eq(records.businessId, shop.businessId))).toHaveLength(1);
    const history = await api("GET", `/v1/conversations/${conv.id}/messages?include=events`, { key: shop.key });
    const lines = history.body.data.filter((e: { kind?: string }) => e.kind === "event").map((e: { event: string }) => e.event);
    expect(lines).toContain("skill_handed_back");
    expect(lines).toContain("returned");
  });

  it("cannot be completed while something is still to ask; dropping it, or Return to assistant, gives the held place back", async () => {
    const shop = await makeShop();
    const di = customer(shop);
    expect(await di.say("Hi, can I book a table for 2?")).toEqual(["What name should the booking be under?"]);
    const conv = await di.conversation();
    await agentOf(shop);
    expect((await api("POST", `/v1/conversations/${conv.id}/handoff`, { headers: member, body: {} })).status).toBe(200);

    const seen = await api("GET", `/v1/conversations/${conv.id}/skill`, { headers: member });
    expect(seen.body).toMatchObject({ canComplete: false, fields: null, confirmation: null, waitingFor: { variable: "name" } });
    expect(seen.body.missing.map((m: { variable: string }) => m.variable)).toEqual(["name", "when"]);
    expect(seen.body.reason).toBe("Still to ask: Name, When.");
    const refused = await api("POST", `/v1/conversations/${conv.id}/skill/complete`, { headers: member, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("invalid_transition");
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(["name", "when"]);
    expect(await db().select().from(records).where(eq(records.businessId, shop.businessId))).toEqual([]);

    const dropped = await api("DELETE", `/v1/conversations/${conv.id}/skill`, { headers: member });
    expect(dropped.body).toEqual({ id: "sk_booking", deleted: true });
    expect((await api("GET", `/v1/conversations/${conv.id}/skill`, { headers: member })).status).toBe(404);
    expect((await api("DELETE", `/v1/conversations/${conv.id}/skill`, { headers: member })).status).toBe(404);

    // A held place: Return to assistant (not a hand-back) drops the paused booking and frees it.
    const ed = await atConfirmation(shop, "Ed Ruscha");
    const edConv = await ed.conversation();
    expect(await booked(shop)).toBe(1);
    await api("POST", "/v1/messages", { headers: member, body: { to: ed.phone, text: "Checking with the kitchen" } });
    expect((await db().select().from(skillSessions).where(eq(skillSessions.conversationId, edConv.id)))[0].pausedAt).not.toBeNull();
    expect((await api("POST", `/v1/conversations/${edConv.id}/resume`, { headers: member, body: {} })).body.status).toBe("open");
    expect(await db().select().from(skillSessions).where(eq(skillSessions.conversationId, edConv.id))).toEqual([]);
    expect(await booked(shop)).toBe(0);
  });

  it("an order paused when the customer asks for a person shows its items and address, and completes as the skill's order", async () => {
    const shop = await makeShop();
    const gil = customer(shop);
    expect(await gil.say("order tiramisu")).toEqual(["How many Tiramisu would you like?"]);
    await gil.say("2");
    expect((await gil.say("deliver to Rua do Ouro 5"))[0]).toMatch(/Shall I place the order\?/);
    await gil.say("can I talk to a person please");
    const conv = await gil.conversation();
    expect(conv.status).toBe("handoff");

    await agentOf(shop);
    const seen = await api("GET", `/v1/conversations/${conv.id}/skill`, { headers: member });
    expect(seen.body).toMatchObject({
      skill: { id: "sk_orders" },
      collection: "orders",
      canComplete: true,
      waitingFor: { nodeId: "confirm_delivery" },
    });
    const byName = Object.fromEntries(seen.body.gathered.map((g: { label: string; text: string }) => [g.label, g.text]));
    expect(byName).toMatchObject({ Items: "2 x Tiramisu (€12.00)", Fulfilment: "Delivery", Address: "Rua do Ouro 5" });
    const done = await api("POST", `/v1/conversations/${conv.id}/skill/complete`, { headers: member, body: {} });
    expect(done.status).toBe(200);
    expect(done.body.record).toMatchObject({
      collection: "orders",
      status: "new",
      fields: { fulfilment: "Delivery", address: "Rua do Ouro 5", subtotal: 1200 },
    });
    expect(done.body.record.fields).toEqual(seen.body.fields);
    expect(done.body.confirmation).toMatch(/^Thank you! Your order \(€.+\) is placed\./);
  });

  it("another business's conversation answers like a missing one", async () => {
    const shop = await makeShop();
    const other = await makeShop();
    const fay = await atConfirmation(shop, "Fay Wray");
    const conv = await fay.conversation();
    await api("POST", `/v1/conversations/${conv.id}/handoff`, { key: shop.key, body: {} });
    expect((await api("GET", `/v1/conversations/${conv.id}/skill`, { key: shop.key })).status).toBe(200);
    for (const [method, path] of [
      ["GET", `/v1/conversations/${conv.id}/skill`],
      ["POST", `/v1/conversations/${conv.id}/skill/complete`],
      ["POST", `/v1/conversations/${conv.id}/skill/hand-back`],
      ["DELETE", `/v1/conversations/${conv.id}/skill`],
    ] as const) {
      const res = await api(method, path, { key: other.key, body: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await api("GET", `/v1/conversations/${conv.id}/skill`, { key: shop.key })).body.canComplete).toBe(true);
  });
});
