import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { conversationEvents, conversations, events, jobs, messages } from "@/lib/db/schema";
import { receiveInboundMessage } from "@/lib/messages/receive-message";
import { customer, fileWorker, makeShop, type Shop, settle } from "../assistant/harness";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api } from "../helpers/api";

fileWorker();

// Customer satisfaction (issue 36, item 9): a resolved conversation a person handled asks for a rating.

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

/** A customer who wrote, a person who answered (the conversation is handed off and assigned to them). */
async function handled(shop: Shop) {
  const c = customer(shop);
  await c.say("Hello, is the terrace open?");
  const agent = await makeStaff({ businessId: shop.businessId, role: "agent" });
  signInAs(agent);
  const sent = await api("POST", "/v1/messages", { headers: member, body: { to: c.phone, text: "Yes, until 23:00!" } });
  expect(sent.status).toBe(200);
  await settle(shop.businessId);
  await c.replies();
  return { c, agent, conversation: await c.conversation() };
}

const close = (shop: Shop, id: string) => api("POST", `/v1/conversations/${id}/close`, { key: shop.key });

const ratedEvents = async (shop: Shop) =>
  db()
    .select()
    .from(events)
    .where(and(eq(events.businessId, shop.businessId), eq(events.type, "conversation.rated")))
    .orderBy(asc(events.createdAt), asc(events.id));

/** A WhatsApp list reply, as the channel hands it in. */
const listReply = (phone: string, n: number, title: string) => ({
  channel: "sandbox" as const,
  from: phone,
  profileName: null,
  channelMessageId: `wamid.csat.${phone}.${n}.${Math.random()}`,
  timestamp: new Date(),
  type: "interactive",
  text: title,
  content: { kind: "list_reply", id: `csat_${n}`, title },
});

describe("the satisfaction survey", () => {
  it("asks once on close, takes the list reply and then a comment, without a new conversation or an assistant turn", async () => {
    const shop = await makeShop();
    const { c, agent, conversation } = await handled(shop);

    expect((await close(shop, conversation.id)).status).toBe(200);
    await settle(shop.businessId);
    const [ask] = await c.replies();
    expect(ask.text).toBe("Your conversation with us is resolved. How would you rate the help you got?");
    expect(ask.conversationId).toBe(conversation.id);
    expect(ask.interactive).toEqual({
      kind: "list",
      button: "Rate",
      options: [
        { id: "csat_1", title: "1 - Very poor" },
        { id: "csat_2", title: "2 - Poor" },
        { id: "csat_3", title: "3 - Okay" },
        { id: "csat_4", title: "4 - Good" },
        { id: "csat_5", title: "5 - Excellent" },
      ],
    });
    // Closing again asks nothing more.
    expect((await close(shop, conversation.id)).status).toBe(200);
    await settle(shop.businessId);
    expect(await c.replies()).toEqual([]);

    const received = await receiveInboundMessage(db(), shop.businessId, listReply(c.phone, 4, "4 - Good"));
    expect(received.conversation.id).toBe(conversation.id);
    await settle(shop.businessId);
    expect((await c.replies()).map((m) => m.text)).toEqual(["Thank you for your rating! Anything you'd like to add? Just write it here."]);
    let row = await c.conversation();
    expect(row.id).toBe(conversation.id);
    expect(row.status).toBe("closed");
    expect(row.rating).toBe(4);
    expect(row.waitingSince).toBeNull();
    const turns = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, "assistant.turn"), sql`${jobs.payload}->>'messageId' = ${received.message.id}`));
    expect(turns).toEqual([]);
    expect((await ratedEvents(shop)).map((e) => e.payload)).toMatchObject([
      { conversationId: conversation.id, contactId: conversation.contactId, rating: 4, comment: null, agentId: agent.userId },
    ]);

    // The next text is the comment.
    expect(await c.say("Quick and kind, thanks")).toEqual(["Thank you, we've passed your comment on to the team."]);
    row = await c.conversation();
    expect(row.id).toBe(conversation.id);
    expect(row.ratingComment).toBe("Quick and kind, thanks");
    const rated = await ratedEvents(shop);
    expect(rated).toHaveLength(2);
    expect(rated[1].payload).toMatchObject({ rating: 4, comment: "Quick and kind, thanks" });
    const lines = await db()
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.conversationId, conversation.id), eq(conversationEvents.kind, "rated")));
    expect(lines.map((l) => [l.text, l.actorType])).toEqual([["4: Quick and kind, thanks", "customer"]]);

    // The conversation's public view and its thread carry it.
    const view = await api("GET", `/v1/conversations?contactId=${conversation.contactId}&status=closed`, { key: shop.key });
    expect(view.body.data[0].satisfaction).toMatchObject({ rating: 4, comment: "Quick and kind, thanks" });
    const thread = await api("GET", `/v1/conversations/${conversation.id}/messages?include=events`, { key: shop.key });
    expect(thread.body.data.find((e: { event?: string }) => e.event === "rated")?.text).toBe("4: Quick and kind, thanks");

    // Anything after that is a new request: a new conversation, answered by the assistant.
    const next = await c.say("Do you have vegetarian dishes?");
    expect(next.length).toBeGreaterThan(0);
    expect((await c.conversation()).id).not.toBe(conversation.id);
    expect(await ratedEvents(shop)).toHaveLength(2);
  });

  it("takes the row's title typed back (the simulator) in the customer's language", async () => {
    const shop = await makeShop();
    const { c, conversation } = await handled(shop);
    await db().update(conversations).set({ language: "pt" }).where(eq(conversations.id, conversation.id));
    await close(shop, conversation.id);
    await settle(shop.businessId);
    const [ask] = await c.replies();
    expect(ask.text).toBe("A sua conversa connosco está resolvida. Como avalia a ajuda que recebeu?");
    expect(await c.say("5 - Excelente")).toEqual(["Obrigado pela sua avaliação! Quer acrescentar alguma coisa? Escreva aqui."]);
    expect((await c.conversation()).rating).toBe(5);
  });

  it("does not ask when no person handled the conversation", async () => {
    const shop = await makeShop();
    const c = customer(shop);
    await c.say("What time do you open?");
    const conversation = await c.conversation();
    await close(shop, conversation.id);
    await settle(shop.businessId);
    expect(await c.replies()).toEqual([]);
    expect((await c.conversation()).ratingAskedAt).toBeNull();
    // "5" is then a new message for the assistant, not a rating.
    await c.say("5");
    expect((await c.conversation()).id).not.toBe(conversation.id);
    expect(await ratedEvents(shop)).toEqual([]);
  });

  it("never asks outside the 24-hour window", async () => {
    const shop = await makeShop();
    const { c, conversation } = await handled(shop);
    await db()
      .update(conversations)
      .set({ lastInboundAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(conversations.id, conversation.id));
    await close(shop, conversation.id);
    await settle(shop.businessId);
    expect(await c.replies()).toEqual([]);
    const row = await c.conversation();
    expect(row.ratingAskedAt).toBeNull();
    expect(
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversation.id), sql`${messages.interactive} is not null`)),
    ).toEqual([]);
  });

  it("a rating request left unanswered for a day no longer takes a rating", async () => {
    const shop = await makeShop();
    const { c, conversation } = await handled(shop);
    await close(shop, conversation.id);
    await settle(shop.businessId);
    await c.replies();
    await db()
      .update(conversations)
      .set({ ratingAskedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(conversations.id, conversation.id));
    await receiveInboundMessage(db(), shop.businessId, listReply(c.phone, 2, "2 - Poor"));
    await settle(shop.businessId);
    expect((await c.conversation()).id).not.toBe(conversation.id);
    const [old] = await db().select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(old.rating).toBeNull();
    expect(await ratedEvents(shop)).toEqual([]);
  });

  it("owners turn it off in the inbox settings", async () => {
    const shop = await makeShop();
    const owner = await makeStaff({ businessId: shop.businessId, role: "owner" });
    signInAs(owner);
    expect((await api("GET", "/v1/internal/inbox/settings", { headers: member })).body.satisfactionSurvey).toBe(true);
    const off = await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { satisfactionSurvey: false } });
    expect(off.status).toBe(200);
    expect(off.body.satisfactionSurvey).toBe(false);
    expect((await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { satisfactionSurvey: "no" } })).status).toBe(400);

    const { c, conversation } = await handled(shop);
    await close(shop, conversation.id);
    await settle(shop.businessId);
    expect(await c.replies()).toEqual([]);
    expect((await c.conversation()).ratingAskedAt).toBeNull();
  });
});
