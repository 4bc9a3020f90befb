import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { conversations, events, jobs, records, skillSessions } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { customer, fileWorker, makeShop, type Shop, settle } from "../assistant/harness";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api } from "../helpers/api";

fileWorker();

// People first (issue 14, part 1): a person's reply pauses the assistant on that conversation.

const ASK_SIZE = "Happy to book you a table! For how many people?";
const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

const handoffEvents = async (shop: Shop, conversationId: string) =>
  (
    await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "conversation.handoff")))
  ).filter((e) => e.payload.conversationId === conversationId);

async function agentOf(shop: Shop) {
  const agent = await makeStaff({ businessId: shop.businessId, role: "agent" });
  signInAs(agent);
  return agent;
}

describe("a person's reply pauses the assistant", () => {
  it("an inbox reply moves the conversation to handoff, assigns the replier, pauses the skill, and the customer's answer reaches no skill", async () => {
    const shop = await makeShop();
    const ada = customer(shop);
    expect(await ada.say("Hi, can I book a table?")).toEqual([ASK_SIZE]);
    const conv = await ada.conversation();
    expect((await db().select().from(skillSessions).where(eq(skillSessions.conversationId, conv.id))).length).toBe(1);

    const agent = await agentOf(shop);
    const sent = await api("POST", "/v1/messages", { headers: member, body: { to: ada.phone, text: "Hi Ada, Maria here: how many of you?" } });
    expect(sent.status).toBe(200);

    const after = await ada.conversation();
    expect(after.status).toBe("handoff");
    expect(after.assigneeId).toBe(agent.userId);
    expect(after.handoffReason).toBe("agent_replied");
    // Issue 36: the skill is paused with what it gathered (tests/inbox/takeover.test.ts), not deleted.
    const [paused] = await db().select().from(skillSessions).where(eq(skillSessions.conversationId, conv.id));
    expect(paused.pausedAt).not.toBeNull();
    const [event] = await handoffEvents(shop, conv.id);
    expect(event.payload).toMatchObject({ conversationId: conv.id, status: "handoff", reason: "agent_replied" });

    // The customer answers the person: no skill takes "4" as a party size, the assistant stays silent.
    const replies = await ada.say("4");
    expect(replies).toEqual(["Hi Ada, Maria here: how many of you?"]);
    expect(await ada.say("at 8pm please")).toEqual([]);
    const turns = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, "assistant.turn"), sql`${jobs.payload}->>'conversationId' = ${conv.id}`));
    expect(turns).toEqual([]);
    expect(await db().select().from(records).where(eq(records.businessId, shop.businessId))).toEqual([]);
    const messages = await api("GET", `/v1/conversations/${conv.id}/messages`, { headers: member });
    const mine = messages.body.data.find((m: { source: string }) => m.source === "agent");
    expect(mine.author).toEqual({ id: agent.userId, name: "Staff Member" });
  });

  it("a second agent's reply in a handed-off conversation keeps the first assignee, and no second handoff event fires", async () => {
    const shop = await makeShop();
    const bo = customer(shop);
    await bo.say("hello");
    const first = await agentOf(shop);
    await api("POST", "/v1/messages", { headers: member, body: { to: bo.phone, text: "I'm on it" } });
    await agentOf(shop);
    await api("POST", "/v1/messages", { headers: member, body: { to: bo.phone, text: "Me too" } });
    const conv = await bo.conversation();
    expect(conv.assigneeId).toBe(first.userId);
    expect(await handoffEvents(shop, conv.id)).toHaveLength(1);
  });

  it("an API send is the business's systems and leaves the assistant answering; source agent is a person", async () => {
    const shop = await makeShop();
    const cy = customer(shop);
    expect(await cy.say("Hi, can I book a table?")).toEqual([ASK_SIZE]);
    const byApi = await api("POST", "/v1/messages", { key: shop.key, body: { to: cy.phone, text: "Your order #12 shipped" } });
    expect(byApi.status).toBe(200);
    expect((await cy.conversation()).status).toBe("open");
    expect((await db().select().from(skillSessions).where(eq(skillSessions.businessId, shop.businessId))).length).toBe(1);

    const byPerson = await api("POST", "/v1/messages", {
      key: shop.key,
      body: { to: cy.phone, text: "Joana from the front desk here", source: "agent" },
    });
    expect(byPerson.status).toBe(200);
    const conv = await cy.conversation();
    expect(conv.status).toBe("handoff");
    expect(conv.assigneeId).toBeNull();
    expect((await handoffEvents(shop, conv.id))[0].payload.reason).toBe("agent_replied");
    const [paused] = await db().select().from(skillSessions).where(eq(skillSessions.businessId, shop.businessId));
    expect(paused.pausedAt).not.toBeNull();

    const bad = await api("POST", "/v1/messages", { key: shop.key, body: { to: cy.phone, text: "x", source: "assistant" } });
    expect(bad.status).toBe(400);
  });
});

describe("the inactivity timeout", () => {
  async function setTimeoutMinutes(shop: Shop, minutes: number | null) {
    const owner = await makeStaff({ businessId: shop.businessId });
    signInAs(owner);
    const res = await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { resumeAfterMinutes: minutes } });
    expect(res.status).toBe(200);
    expect(res.body.resumeAfterMinutes).toBe(minutes);
  }

  it("returns a handoff nobody acted on to the assistant when the customer writes next", async () => {
    const shop = await makeShop();
    await setTimeoutMinutes(shop, 30);
    const di = customer(shop);
    await di.say("hello");
    await agentOf(shop);
    await api("POST", "/v1/messages", { headers: member, body: { to: di.phone, text: "Hi! A person here." } });
    let conv = await di.conversation();
    expect(conv.status).toBe("handoff");

    // Within the timeout the person keeps the conversation.
    expect(await di.say("thanks")).toEqual(["Hi! A person here."]);
    expect((await di.conversation()).status).toBe("handoff");

    // 31 minutes without a person acting: the next message is the assistant's again.
    await db().execute(sql`update conversations set human_activity_at = now() - interval '31 minutes' where id = ${conv.id}`);
    const replies = await di.say("Hi, can I book a table?");
    expect(replies).toEqual([ASK_SIZE]);
    conv = await di.conversation();
    expect(conv.status).toBe("open");
    const history = await api("GET", `/v1/conversations/${conv.id}/messages?include=events`, { key: shop.key });
    const returned = history.body.data.find((e: { event?: string }) => e.event === "returned");
    expect(returned).toMatchObject({ kind: "event", text: "inactivity_timeout", actor: { type: "system", user: null } });
  });

  it("is off by default: an old handoff stays with the people", async () => {
    const shop = await makeShop();
    const ed = customer(shop);
    await ed.say("hello");
    await agentOf(shop);
    await api("POST", "/v1/messages", { headers: member, body: { to: ed.phone, text: "Hello from a person" } });
    const conv = await ed.conversation();
    await db().execute(sql`update conversations set human_activity_at = now() - interval '30 days' where id = ${conv.id}`);
    // Only the person's own earlier reply is new to the customer: the assistant says nothing.
    expect(await ed.say("Hi, can I book a table?")).toEqual(["Hello from a person"]);
    expect((await ed.conversation()).status).toBe("handoff");
  });

  it("settings: owners only, members only, validated", async () => {
    const shop = await makeShop();
    await agentOf(shop);
    const asAgent = await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { resumeAfterMinutes: 5 } });
    expect(asAgent.status).toBe(403);
    expect((await api("GET", "/v1/internal/inbox/settings", { headers: member })).body).toEqual({
      resumeAfterMinutes: null,
      autoAssign: false,
      slaFirstResponseMinutes: null,
      slaResolutionMinutes: null,
      satisfactionSurvey: true,
    });
    const asKey = await api("GET", "/v1/internal/inbox/settings", { key: shop.key });
    expect(asKey.status).toBe(404);
    const owner = await makeStaff({ businessId: shop.businessId });
    signInAs(owner);
    const invalid = await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { resumeAfterMinutes: 0 } });
    expect(invalid.status).toBe(400);
    const unknown = await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { nonsense: true } });
    expect(unknown.status).toBe(400);
    expect((await api("GET", "/v1/internal/inbox/settings", { headers: member })).body).toEqual({
      resumeAfterMinutes: null,
      autoAssign: false,
      slaFirstResponseMinutes: null,
      slaResolutionMinutes: null,
      satisfactionSurvey: true,
    });
    const { key } = await createApiKey(db(), shop.businessId, { scopes: "all", name: "x" });
    expect((await api("PATCH", "/v1/internal/inbox/settings", { key, body: { autoAssign: true } })).status).toBe(404);
    await settle(shop.businessId);
    expect((await db().select().from(conversations).where(eq(conversations.businessId, shop.businessId))).length).toBe(0);
  });
});
