import { and, eq, sql, asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newSandboxCustomer, sandboxThread, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { handoffConversation } from "@/lib/conversations/transitions";
import { db } from "@/lib/db/client";
import { events, jobs, messages } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { openApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/operations";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

// Issue 14, parts 2 and 3: history lines, internal notes, assignment, views, unread counts, waiting.

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

async function team() {
  const owner = await makeStaff();
  const { key } = await createApiKey(db(), owner.businessId, { scopes: "all", name: "test" });
  const ana = await makeStaff({ businessId: owner.businessId, role: "agent" });
  const ben = await makeStaff({ businessId: owner.businessId, role: "agent" });
  return { owner, ana, ben, key, businessId: owner.businessId };
}

async function inbound(businessId: string, phone: string, text: string) {
  const r = await simulateInbound(db(), businessId, { phone, name: "Customer", text });
  return r.conversationId;
}

describe("internal notes", () => {
  it("are stored for the team, never become messages or deliveries, and are listed only with include=notes", async () => {
    const t = await team();
    const phone = newSandboxCustomer();
    const conv = await inbound(t.businessId, phone, "Is the terrace open?");
    signInAs(t.ana);
    const note = await api("POST", `/v1/conversations/${conv}/notes`, { headers: member, body: { text: "Regular: likes the window table" } });
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({
      kind: "note",
      event: null,
      text: "Regular: likes the window table",
      actor: { type: "agent", user: { id: t.ana.userId, name: "Staff Member" } },
    });
    const byKey = await api("POST", `/v1/conversations/${conv}/notes`, { key: t.key, body: { text: "From the CRM: VIP" } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.actor).toEqual({ type: "api", user: null });

    // Never a message, never a delivery job, never on the customer's side of the channel.
    const customerSide = await sandboxThread(db(), t.businessId, phone);
    expect(JSON.stringify(customerSide)).not.toContain("window table");
    expect(JSON.stringify(customerSide)).not.toContain("VIP");
    const rows = await db().select().from(messages).where(eq(messages.conversationId, conv));
    expect(rows.map((m) => m.text)).toEqual(["Is the terrace open?"]);
    const deliveries = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, "messages.deliver"), sql`${jobs.payload}->>'businessId' = ${t.businessId}`));
    expect(deliveries).toEqual([]);

    const plain = await api("GET", `/v1/conversations/${conv}/messages`, { key: t.key });
    expect(plain.body.data.map((m: { text: string }) => m.text)).toEqual(["Is the terrace open?"]);
    const withNotes = await api("GET", `/v1/conversations/${conv}/messages?include=notes`, { key: t.key });
    expect(withNotes.body.data.map((m: { text: string }) => m.text)).toEqual([
      "From the CRM: VIP",
      "Regular: likes the window table",
      "Is the terrace open?",
    ]);

    // One cursor pages through the merged list.
    const page1 = await api("GET", `/v1/conversations/${conv}/messages?include=notes&limit=2`, { key: t.key });
    expect(page1.body.data).toHaveLength(2);
    const page2 = await api("GET", `/v1/conversations/${conv}/messages?include=notes&limit=2&before=${page1.body.nextCursor}`, { key: t.key });
    expect(page2.body.data.map((m: { text: string }) => m.text)).toEqual(["Is the terrace open?"]);
    expect(page2.body.nextCursor).toBeNull();

    expect((await api("GET", `/v1/conversations/${conv}/messages?include=secrets`, { key: t.key })).status).toBe(400);
    expect((await api("POST", `/v1/conversations/${conv}/notes`, { key: t.key, body: { text: "   " } })).status).toBe(400);
    const other = await makeBusiness();
    expect((await api("POST", `/v1/conversations/${conv}/notes`, { key: other.key, body: { text: "hi" } })).status).toBe(404);
    expect((await api("GET", `/v1/conversations/${conv}/messages?include=notes`, { key: other.key })).status).toBe(404);
    expect((await db().select().from(messages).where(eq(messages.conversationId, conv))).length).toBe(1);
  });
});

describe("the conversation's history lines", () => {
  it("records handed off (by whom and why), assigned, returned, closed and reopened", async () => {
    const t = await team();
    const phone = newSandboxCustomer();
    const conv = await inbound(t.businessId, phone, "hi");
    await handoffConversation(db(), t.businessId, conv, { reason: "customer_request", actor: "assistant" });
    signInAs(t.ana);
    expect((await api("POST", `/v1/conversations/${conv}/assign`, { headers: member, body: { userId: t.ben.userId } })).status).toBe(200);
    expect((await api("POST", `/v1/conversations/${conv}/resume`, { headers: member })).status).toBe(200);
    expect((await api("POST", `/v1/conversations/${conv}/close`, { key: t.key })).status).toBe(200);
    const reopened = await inbound(t.businessId, phone, "me again");
    expect(reopened).not.toBe(conv);

    const lines = await api("GET", `/v1/conversations/${conv}/messages?include=events`, { headers: member });
    const history = lines.body.data
      .filter((e: { kind?: string }) => e.kind === "event")
      .reverse()
      .map((e: { event: string; text: string | null; actor: { type: string; user: { id: string } | null }; assignee: { id: string } | null }) => [
        e.event,
        e.text,
        e.actor.type,
        e.actor.user?.id ?? null,
        e.assignee?.id ?? null,
      ]);
    expect(history).toEqual([
      ["handed_off", "customer_request", "assistant", null, null],
      ["assigned", null, "agent", t.ana.userId, t.ben.userId],
      ["returned", null, "agent", t.ana.userId, null],
      ["closed", null, "api", null, null],
    ]);
    const next = await api("GET", `/v1/conversations/${reopened}/messages?include=events`, { key: t.key });
    expect(next.body.data.map((e: { event?: string; actor?: { type: string } }) => [e.event ?? "message", e.actor?.type ?? null])).toEqual([
      ["message", null],
      ["reopened", "customer"],
    ]);
  });
});

describe("assignment", () => {
  it("assigns to any teammate, fires conversation.assigned, unassigns with null, and never to a member of another business", async () => {
    const t = await team();
    const conv = await inbound(t.businessId, newSandboxCustomer(), "hello");
    const res = await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: { userId: t.ana.userId } });
    expect(res.status).toBe(200);
    expect(res.body.assigneeId).toBe(t.ana.userId);
    const again = await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: { userId: t.ana.userId } });
    expect(again.status).toBe(200);
    const fired = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, t.businessId), eq(events.type, "conversation.assigned")))
      .orderBy(asc(events.createdAt), asc(events.id));
    expect(fired.map((e) => e.payload)).toEqual([
      expect.objectContaining({ conversationId: conv, assigneeId: t.ana.userId, previousAssigneeId: null, reason: "manual" }),
    ]);

    const stranger = await makeStaff({ role: "agent" });
    const foreign = await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: { userId: stranger.userId } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    const missing = await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: { userId: "usr_01JD7X4S9C8A3K2M5N6P7Q8R9T" } });
    expect(missing.status).toBe(404);
    expect(foreign.body.error.message).toBe(missing.body.error.message);

    // Another business's member cannot take our conversation either.
    signInAs(stranger);
    expect((await api("POST", `/v1/conversations/${conv}/assign`, { headers: member, body: { userId: stranger.userId } })).status).toBe(404);

    const unassigned = await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: { userId: null } });
    expect(unassigned.body.assigneeId).toBeNull();
    expect((await api("POST", `/v1/conversations/${conv}/assign`, { key: t.key, body: {} })).status).toBe(400);
    const list = await api("GET", `/v1/conversations?assigneeId=unassigned`, { key: t.key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([conv]);
  });

  it("round-robin gives new handoffs to online agents in turn, only when the business turned it on", async () => {
    const t = await team();
    const c1 = await inbound(t.businessId, newSandboxCustomer(), "a");
    // Both agents have the dashboard open (the summary poll is their presence).
    for (const who of [t.ana, t.ben]) {
      signInAs(who);
      expect((await api("GET", "/v1/internal/inbox/summary", { headers: member })).status).toBe(200);
    }
    await handoffConversation(db(), t.businessId, c1, { actor: "assistant", reason: "customer_request" });
    expect((await api("GET", `/v1/conversations?assigneeId=unassigned&status=handoff`, { key: t.key })).body.data).toHaveLength(1);

    signInAs(t.owner);
    expect((await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { autoAssign: true } })).body.autoAssign).toBe(true);
    const c2 = await inbound(t.businessId, newSandboxCustomer(), "b");
    const c3 = await inbound(t.businessId, newSandboxCustomer(), "c");
    const c4 = await inbound(t.businessId, newSandboxCustomer(), "d");
    const assignees: (string | null)[] = [];
    for (const c of [c2, c3]) assignees.push((await handoffConversation(db(), t.businessId, c, { actor: "assistant" })).assigneeId);
    expect(new Set(assignees)).toEqual(new Set([t.ana.userId, t.ben.userId]));
    // Ben went away: only Ana is online.
    await db().execute(sql`update member_presence set last_seen_at = now() - interval '10 minutes' where user_id = ${t.ben.userId}`);
    expect((await handoffConversation(db(), t.businessId, c4, { actor: "assistant" })).assigneeId).toBe(t.ana.userId);
    const rr = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, t.businessId), eq(events.type, "conversation.assigned")))
      .orderBy(asc(events.createdAt), asc(events.id));
    expect(rr.map((e) => e.payload.reason)).toEqual(["round_robin", "round_robin", "round_robin"]);
  });
});

describe("the inbox's views, unread counts and waiting", () => {
  it("mine / unassigned / all, unread per member, waiting since, longest-waiting handoff first", async () => {
    const t = await team();
    const [p1, p2, p3] = [newSandboxCustomer(), newSandboxCustomer(), newSandboxCustomer()];
    const c1 = await inbound(t.businessId, p1, "first");
    const c2 = await inbound(t.businessId, p2, "second");
    const c3 = await inbound(t.businessId, p3, "third");
    for (const c of [c1, c2, c3]) await handoffConversation(db(), t.businessId, c, { actor: "assistant" });
    // c2 waits longest, then c1; c3 got an answer.
    await db().execute(sql`update conversations set waiting_since = now() - interval '20 minutes' where id = ${c2}`);
    await db().execute(sql`update conversations set waiting_since = now() - interval '5 minutes' where id = ${c1}`);
    signInAs(t.ana);
    await api("POST", "/v1/messages", { headers: member, body: { to: p3, text: "Done!" } });

    const all = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([c2, c1, c3]);
    const row3 = all.body.data[2];
    expect(row3.waitingSince).toBeNull();
    expect(row3.lastMessage).toMatchObject({ source: "agent", authorName: "Staff Member", text: "Done!" });
    expect(all.body.data[0].waitingSince).not.toBeNull();
    expect(all.body.data.map((r: { unread: number }) => r.unread)).toEqual([1, 1, 1]);

    const mine = await api("GET", "/v1/internal/inbox?view=mine", { headers: member });
    expect(mine.body.data.map((r: { id: string }) => r.id)).toEqual([c3]);
    const unassigned = await api("GET", "/v1/internal/inbox?view=unassigned", { headers: member });
    expect(unassigned.body.data.map((r: { id: string }) => r.id)).toEqual([c2, c1]);

    // Paging keeps the order.
    const first = await api("GET", "/v1/internal/inbox?limit=2", { headers: member });
    const second = await api("GET", `/v1/internal/inbox?limit=2&cursor=${first.body.nextCursor}`, { headers: member });
    expect([...first.body.data, ...second.body.data].map((r: { id: string }) => r.id)).toEqual([c2, c1, c3]);
    expect((await api("GET", "/v1/internal/inbox?cursor=bogus", { headers: member })).status).toBe(400);

    // Unread is per member: Ana reads c2, Ben still has it unread.
    let summary = await api("GET", "/v1/internal/inbox/summary", { headers: member });
    // c1 and c2 (unassigned) and c3 (Ana's): each has a customer message Ana has not opened.
    expect(summary.body.unreadConversations).toBe(3);
    expect((await api("POST", `/v1/internal/inbox/${c2}/seen`, { headers: member })).status).toBe(200);
    const afterSeen = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(afterSeen.body.data.find((r: { id: string }) => r.id === c2).unread).toBe(0);
    summary = await api("GET", "/v1/internal/inbox/summary", { headers: member });
    expect(summary.body.unreadConversations).toBe(2);
    expect(summary.body.handoffs.map((h: { id: string }) => h.id).sort()).toEqual([c1, c2, c3].sort());
    signInAs(t.ben);
    const bens = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(bens.body.data.find((r: { id: string }) => r.id === c2).unread).toBe(1);

    // A new customer message is unread again for Ana, and the wait keeps its start.
    await inbound(t.businessId, p2, "hello??");
    signInAs(t.ana);
    const again = await api("GET", "/v1/internal/inbox", { headers: member });
    expect(again.body.data[0]).toMatchObject({ id: c2, unread: 1 });

    // Tenancy and callers: a key gets 404, another business's conversation 404.
    expect((await api("GET", "/v1/internal/inbox", { key: t.key })).status).toBe(404);
    const other = await makeStaff();
    signInAs(other);
    expect((await api("POST", `/v1/internal/inbox/${c2}/seen`, { headers: member })).status).toBe(404);
    expect((await api("GET", "/v1/internal/inbox", { headers: member })).body.data).toEqual([]);
  });

  it("documents notes, assignment and include in OpenAPI and leaves the inbox operations out", () => {
    const doc = JSON.stringify(openApiDocument(operations));
    expect(doc).toContain("/conversations/{conversationId}/notes");
    expect(doc).toContain("/conversations/{conversationId}/assign");
    expect(doc).toContain("conversation.assigned");
    expect(doc).toContain("include=notes");
    expect(doc).not.toContain("/internal/inbox");
  });
});
