import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { conversations, conversationViewers, messages } from "@/lib/db/schema";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

// Issue 36 item 2: two agents answer the same customer. Each sees who else has the conversation open
// and who is typing; the first to reply claims it; a reply sent after a teammate's (that the sender had
// not seen) is refused with 409 already_replied until sent again with force.

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

async function setUp() {
  const { businessId, key } = await makeBusiness();
  const ana = await makeStaff({ businessId, role: "agent" });
  const ben = await makeStaff({ businessId, role: "agent" });
  const phone = newSandboxCustomer();
  await simulateInbound(db(), businessId, { phone, name: "Cleo Customer", text: "Is the terrace open tonight?" });
  const [conversation] = await db().select().from(conversations).where(eq(conversations.businessId, businessId));
  const [question] = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
  return { businessId, key, ana, ben, phone, conversation, question };
}

const as = (who: Awaited<ReturnType<typeof makeStaff>>) => signInAs(who);
const reply = (conversationId: string, body: Record<string, unknown>) =>
  api("POST", `/v1/internal/conversations/${conversationId}/messages`, { headers: member, body: { type: "text", ...body } });
const agentMessages = async (conversationId: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.source, "agent")))
    // Oldest first: .at(-1) below is the latest reply (without ORDER BY the rows come in no set order).
    .orderBy(asc(messages.createdAt), asc(messages.id));

describe("who else is in the conversation", () => {
  it("each member sees the others viewing and typing; a silent viewer drops out after 15 seconds, and leaving is at once", async () => {
    const { conversation, ana, ben, key } = await setUp();
    const presence = (typing = false) => api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member, body: { typing } });

    as(ana);
    expect((await presence()).body).toEqual({ viewers: [] });
    as(ben);
    const benSees = await presence(true);
    expect(benSees.body.viewers).toEqual([{ id: ana.userId, name: "Staff Member", typing: false, seenAt: expect.any(String) }]);
    as(ana);
    expect((await presence()).body.viewers).toMatchObject([{ id: ben.userId, typing: true }]);
    // No body: viewing, not typing.
    as(ben);
    expect((await api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member })).status).toBe(200);
    as(ana);
    expect((await presence()).body.viewers).toMatchObject([{ id: ben.userId, typing: false }]);

    // Ben's tab stopped beating 20 seconds ago: he is no longer shown.
    await db().execute(sql`update conversation_viewers set seen_at = now() - interval '20 seconds' where user_id = ${ben.userId}`);
    expect((await presence()).body.viewers).toEqual([]);
    // Ben comes back, then closes the thread: gone at once.
    as(ben);
    await presence();
    as(ana);
    expect((await presence()).body.viewers).toHaveLength(1);
    as(ben);
    expect((await api("DELETE", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member })).body).toEqual({ left: true });
    as(ana);
    expect((await presence()).body.viewers).toEqual([]);

    // Bad input changes nothing; keys never reach it.
    const bad = await api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member, body: { typing: "yes" } });
    expect(bad.status).toBe(400);
    expect((await api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { key, body: {} })).status).toBe(404);
  });

  it("another business's conversation has no viewers and records none", async () => {
    const { conversation, ana } = await setUp();
    as(ana);
    await api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member, body: {} });
    const stranger = await makeStaff();
    as(stranger);
    const res = await api("POST", `/v1/internal/inbox/${conversation.id}/presence`, { headers: member, body: { typing: true } });
    expect(res.body).toEqual({ viewers: [] });
    const rows = await db().select().from(conversationViewers).where(eq(conversationViewers.conversationId, conversation.id));
    expect(rows.map((r) => r.userId)).toEqual([ana.userId]);
  });
});

describe("the first reply claims the conversation, and a second answer is caught", () => {
  it("a reply after a teammate's unseen one is refused with already_replied, sends with force, and the claim stays with the first", async () => {
    const { conversation, ana, ben, question } = await setUp();

    // Both opened the thread on the customer's question. Ana answers first: she claims it.
    as(ana);
    expect((await reply(conversation.id, { text: "Yes, until 23:00!", seenUpTo: question.id })).status).toBe(200);
    const claimed = (await db().select().from(conversations).where(eq(conversations.id, conversation.id)))[0];
    expect(claimed).toMatchObject({ status: "handoff", assigneeId: ana.userId });
    const detail = await api("GET", `/v1/internal/inbox/${conversation.id}`, { headers: member });
    expect(detail.body.assignee).toMatchObject({ id: ana.userId });

    // Ben, still on the question, sends the opposite answer: refused, nothing stored.
    as(ben);
    const refused = await reply(conversation.id, { text: "Sorry, the terrace is closed today.", seenUpTo: question.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("already_replied");
    expect(refused.body.error.message).toContain('Staff Member replied after the message you last saw: "Yes, until 23:00!"');
    const [anaReply] = await agentMessages(conversation.id);
    expect(refused.body.error.details).toEqual([
      { path: "seenUpTo", message: `${anaReply.id} by ${ana.userId} at ${anaReply.createdAt.toISOString()}` },
    ]);
    expect(await agentMessages(conversation.id)).toHaveLength(1);

    // Having seen Ana's reply, Ben's marker is her message: no conflict.
    expect((await reply(conversation.id, { text: "(Ben here: Ana is right.)", seenUpTo: anaReply.id })).status).toBe(200);
    // Or he insists from the old marker: force sends anyway.
    expect((await reply(conversation.id, { text: "Forced", seenUpTo: question.id, force: true })).status).toBe(200);
    expect(await agentMessages(conversation.id)).toHaveLength(3);
    // The claim stays with the first to reply.
    expect((await db().select().from(conversations).where(eq(conversations.id, conversation.id)))[0].assigneeId).toBe(ana.userId);

    // Ana's own later replies never conflict with her own earlier one; Ben's replies do.
    as(ana);
    const again = await reply(conversation.id, { text: "See you tonight", seenUpTo: anaReply.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^Staff Member replied after/);
    expect((await reply(conversation.id, { text: "See you tonight", seenUpTo: (await agentMessages(conversation.id)).at(-1)?.id })).status).toBe(200);

    // Without a marker, a reply is sent as before.
    expect((await reply(conversation.id, { text: "No marker" })).status).toBe(200);
  });

  it("validates the marker, and the public API's person messages take the same guard", async () => {
    const { conversation, ana, question, phone, key, businessId } = await setUp();
    as(ana);
    const unknown = await reply(conversation.id, { text: "Hi", seenUpTo: "msg_nope" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ path: "seenUpTo", message: "No such message in this conversation." }]);
    // Another business's message is unknown here too.
    const other = await makeBusiness();
    const otherPhone = newSandboxCustomer();
    await simulateInbound(db(), other.businessId, { phone: otherPhone, name: "X", text: "hello" });
    const [foreign] = await db().select().from(messages).where(eq(messages.businessId, other.businessId));
    expect((await reply(conversation.id, { text: "Hi", seenUpTo: foreign.id })).status).toBe(400);
    expect(await agentMessages(conversation.id)).toHaveLength(0);

    expect((await reply(conversation.id, { text: "Ana here" })).status).toBe(200);
    // A helpdesk person writing through the API with the customer's question as the last seen message.
    const viaApi = await api("POST", "/v1/messages", {
      key,
      body: { to: phone, text: "Helpdesk answer", source: "agent", seenUpTo: question.id },
    });
    expect(viaApi.status).toBe(409);
    expect(viaApi.body.error.code).toBe("already_replied");
    const forced = await api("POST", "/v1/messages", {
      key,
      body: { to: phone, text: "Helpdesk answer", source: "agent", seenUpTo: question.id, force: true },
    });
    expect(forced.status).toBe(200);
    // The business's systems (`api`) are not a person: the marker does not apply.
    const system = await api("POST", "/v1/messages", { key, body: { to: phone, text: "Order #1 shipped", seenUpTo: question.id } });
    expect(system.status).toBe(200);
    expect((await db().select().from(messages).where(eq(messages.businessId, businessId))).filter((m) => m.direction === "outbound")).toHaveLength(3);
  });
});
