import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { assignQueued } from "@/lib/conversations/assignment";
import { slaBreaches, slaState } from "@/lib/conversations/sla";
import { closeConversation, handoffConversation } from "@/lib/conversations/transitions";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { events } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

// Issue 36, items 7 and 8: assignment with availability and capacity, the queue, labels, SLA targets.

const member = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

async function team() {
  const owner = await makeStaff();
  const { key } = await createApiKey(db(), owner.businessId, { scopes: "all", name: "test" });
  const ana = await makeStaff({ businessId: owner.businessId, role: "agent" });
  const ben = await makeStaff({ businessId: owner.businessId, role: "agent" });
  return { owner, ana, ben, key, businessId: owner.businessId };
}

async function inbound(businessId: string, text = "hello") {
  return (await simulateInbound(db(), businessId, { phone: newSandboxCustomer(), name: "Customer", text })).conversationId;
}

async function online(...who: Awaited<ReturnType<typeof makeStaff>>[]) {
  for (const w of who) {
    signInAs(w);
    expect((await api("GET", "/v1/internal/inbox/summary", { headers: member })).status).toBe(200);
  }
}

async function autoAssignWithCapacity(t: Awaited<ReturnType<typeof team>>, capacity: number) {
  signInAs(t.owner);
  expect((await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { autoAssign: true } })).status).toBe(200);
  for (const w of [t.ana, t.ben]) {
    const r = await api("PUT", `/v1/internal/inbox/capacity/${w.userId}`, { headers: member, body: { capacity } });
    expect(r.status).toBe(200);
    expect(r.body.capacity).toBe(capacity);
  }
}

describe("assignment with capacity", () => {
  it("spreads ten handoffs over two available agents, queues the eleventh and gives it out when a place frees up", async () => {
    const t = await team();
    await online(t.ana, t.ben);
    await autoAssignWithCapacity(t, 5);
    const convs: string[] = [];
    for (let i = 0; i < 11; i++) convs.push(await inbound(t.businessId, `help ${i}`));
    const assignees: (string | null)[] = [];
    for (const c of convs) assignees.push((await handoffConversation(db(), t.businessId, c, { actor: "assistant" })).assigneeId);
    expect(assignees.slice(0, 10).filter((a) => a === t.ana.userId)).toHaveLength(5);
    expect(assignees.slice(0, 10).filter((a) => a === t.ben.userId)).toHaveLength(5);
    // Both are full: the eleventh waits in the queue.
    expect(assignees[10]).toBeNull();

    signInAs(t.owner);
    const load = await api("GET", "/v1/internal/inbox/load", { headers: member });
    expect(load.status).toBe(200);
    expect(load.body.queue.map((q: { id: string }) => q.id)).toEqual([convs[10]]);
    const byId = new Map(load.body.members.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(t.ana.userId)).toMatchObject({ availability: "online", capacity: 5, open: 5 });
    expect(byId.get(t.ben.userId)).toMatchObject({ availability: "online", capacity: 5, open: 5 });
    signInAs(t.ana);
    expect((await api("GET", "/v1/internal/inbox/load", { headers: member })).status).toBe(403);

    // Ana closes one: the next poll gives her the queued conversation.
    const anas = convs.filter((_, i) => assignees[i] === t.ana.userId);
    await closeConversation(db(), t.businessId, anas[0], "api");
    await online(t.ben);
    signInAs(t.owner);
    const after = await api("GET", "/v1/internal/inbox/load", { headers: member });
    expect(after.body.queue).toEqual([]);
    const list = await api("GET", `/v1/conversations?assigneeId=${t.ana.userId}&status=handoff`, { key: t.key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(convs[10]);
  });

  it("gives nothing to an agent who is away or offline (set or by inactivity), and catches up when they come back online", async () => {
    const t = await team();
    await online(t.ana, t.ben);
    await autoAssignWithCapacity(t, 3);
    signInAs(t.ana);
    const away = await api("PUT", "/v1/internal/inbox/availability", { headers: member, body: { availability: "away" } });
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ availability: "away", effective: "away", capacity: 3, open: 0 });
    // Ben's dashboard has not polled for 40 minutes: offline, whatever he set.
    await db().execute(sql`update member_presence set last_seen_at = now() - interval '40 minutes' where user_id = ${t.ben.userId}`);
    const c = await inbound(t.businessId);
    expect((await handoffConversation(db(), t.businessId, c, { actor: "assistant" })).assigneeId).toBeNull();
    signInAs(t.owner);
    const load = await api("GET", "/v1/internal/inbox/load", { headers: member });
    const byId = new Map(load.body.members.map((m: { id: string; availability: string }) => [m.id, m.availability]));
    expect(byId.get(t.ana.userId)).toBe("away");
    expect(byId.get(t.ben.userId)).toBe("offline");

    signInAs(t.ana);
    const back = await api("PUT", "/v1/internal/inbox/availability", { headers: member, body: { availability: "online" } });
    expect(back.body).toMatchObject({ availability: "online", effective: "online", open: 1 });
    const list = await api("GET", `/v1/conversations?assigneeId=${t.ana.userId}`, { key: t.key });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([c]);

    // Bad input changes nothing; another business's member answers 404.
    expect((await api("PUT", "/v1/internal/inbox/availability", { headers: member, body: { availability: "busy" } })).status).toBe(400);
    const other = await makeStaff({ role: "agent" });
    signInAs(t.owner);
    expect((await api("PUT", `/v1/internal/inbox/capacity/${other.userId}`, { headers: member, body: { capacity: 2 } })).status).toBe(404);
    expect((await api("PUT", `/v1/internal/inbox/capacity/${t.ana.userId}`, { headers: member, body: { capacity: -1 } })).status).toBe(400);
    signInAs(t.ana);
    expect((await api("PUT", `/v1/internal/inbox/capacity/${t.ana.userId}`, { headers: member, body: { capacity: 9 } })).status).toBe(403);
  });

  it("is race-safe: handoffs at the same time never push an agent over capacity", async () => {
    const t = await team();
    await online(t.ana, t.ben);
    await autoAssignWithCapacity(t, 2);
    const convs: string[] = [];
    for (let i = 0; i < 8; i++) convs.push(await inbound(t.businessId, `rush ${i}`));
    const results = await Promise.all(convs.map((c) => handoffConversation(db(), t.businessId, c, { actor: "assistant" })));
    const counts = new Map<string | null, number>();
    for (const r of results) counts.set(r.assigneeId, (counts.get(r.assigneeId) ?? 0) + 1);
    expect(counts.get(t.ana.userId)).toBe(2);
    expect(counts.get(t.ben.userId)).toBe(2);
    expect(counts.get(null)).toBe(4);
    // Draining the queue at the same time from several polls assigns nothing more: both are full.
    await Promise.all([assignQueued(db(), t.businessId), assignQueued(db(), t.businessId), assignQueued(db(), t.businessId)]);
    const [{ n }] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from conversations where business_id = ${t.businessId} and assignee_id is not null`,
    );
    expect(Number(n)).toBe(4);
  });
});

describe("labels", () => {
  it("owners manage them; agents attach them; they are on the conversation, in webhooks, and filter the lists", async () => {
    const t = await team();
    const c1 = await inbound(t.businessId, "my order is late");
    const c2 = await inbound(t.businessId, "table for two");

    const created = await api("POST", "/v1/labels", { key: t.key, body: { name: "Complaint", color: "#C0392B", firstResponseMinutes: 10 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Complaint", color: "#c0392b", firstResponseMinutes: 10, resolutionMinutes: null });
    const complaint = created.body.id as string;
    expect((await api("POST", "/v1/labels", { key: t.key, body: { name: "complaint", color: "#000000" } })).status).toBe(409);
    expect((await api("POST", "/v1/labels", { key: t.key, body: { name: "Bad", color: "red" } })).status).toBe(400);
    expect((await api("POST", "/v1/labels", { key: t.key, body: { name: "", color: "#000000" } })).status).toBe(400);
    const vip = (await api("POST", "/v1/labels", { key: t.key, body: { name: "VIP", color: "#1f7a4d" } })).body.id as string;
    const renamed = await api("PATCH", `/v1/labels/${vip}`, { key: t.key, body: { name: "Regular" } });
    expect(renamed.body).toMatchObject({ name: "Regular", color: "#1f7a4d" });
    expect((await api("GET", "/v1/labels", { key: t.key })).body.data.map((l: { name: string }) => l.name)).toEqual(["Complaint", "Regular"]);

    // An agent reads labels and attaches them, but does not manage them.
    signInAs(t.ana);
    expect((await api("GET", "/v1/labels", { headers: member })).status).toBe(200);
    expect((await api("POST", "/v1/labels", { headers: member, body: { name: "Mine", color: "#000000" } })).status).toBe(403);
    const put = await api("POST", `/v1/conversations/${c1}/labels`, { headers: member, body: { labelId: complaint } });
    expect(put.status).toBe(200);
    expect(put.body.labels).toEqual([{ id: complaint, name: "Complaint", color: "#c0392b" }]);
    // Again: no change, no second event.
    expect((await api("POST", `/v1/conversations/${c1}/labels`, { headers: member, body: { labelId: complaint } })).status).toBe(200);
    await api("POST", `/v1/conversations/${c2}/labels`, { headers: member, body: { labelId: vip } });

    const labeled = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, t.businessId), eq(events.type, "conversation.labeled")));
    expect(labeled).toHaveLength(2);
    expect(labeled.find((e) => e.payload.conversationId === c1)?.payload).toMatchObject({
      conversationId: c1,
      labels: [{ name: "Complaint" }],
      added: [{ id: complaint }],
      removed: [],
    });

    // The filter, by id or by name, on the API list and the inbox.
    const byId = await api("GET", `/v1/conversations?label=${complaint}`, { key: t.key });
    expect(byId.body.data.map((c: { id: string }) => c.id)).toEqual([c1]);
    expect(byId.body.data[0].labels).toEqual([{ id: complaint, name: "Complaint", color: "#c0392b" }]);
    expect((await api("GET", "/v1/conversations?label=regular", { key: t.key })).body.data.map((c: { id: string }) => c.id)).toEqual([c2]);
    expect((await api("GET", "/v1/conversations?label=complaint&q=late", { key: t.key })).body.data.map((c: { id: string }) => c.id)).toEqual([c1]);
    const inbox = await api("GET", `/v1/internal/inbox?label=${complaint}`, { headers: member });
    expect(inbox.body.data.map((r: { id: string; labels: unknown[] }) => [r.id, r.labels.length])).toEqual([[c1, 1]]);
    const all = await api("GET", "/v1/conversations", { key: t.key });
    expect(all.body.data.every((c: { labels: unknown }) => Array.isArray(c.labels))).toBe(true);
    // The unfiltered and the by-status lists read each item's labels in their own statement, in name order.
    const b = (await api("POST", "/v1/labels", { key: t.key, body: { name: "allergy", color: "#654321" } })).body.id as string;
    await api("POST", `/v1/conversations/${c1}/labels`, { headers: member, body: { labelId: b } });
    const names = (body: { data: { id: string; labels: { id: string; name: string; color: string }[] }[] }) =>
      Object.fromEntries(body.data.map((c) => [c.id, c.labels.map((l) => l.name)]));
    expect(names((await api("GET", "/v1/conversations", { key: t.key })).body)).toEqual({ [c1]: ["allergy", "Complaint"], [c2]: ["Regular"] });
    const open = (await api("GET", "/v1/conversations?status=open", { key: t.key })).body;
    expect(names(open)[c1]).toEqual(["allergy", "Complaint"]);
    expect(open.data.find((c: { id: string }) => c.id === c1).labels[1]).toEqual({ id: complaint, name: "Complaint", color: "#c0392b" });
    expect(names((await api("GET", `/v1/conversations?label=${b}`, { key: t.key })).body)).toEqual({ [c1]: ["allergy", "Complaint"] });
    expect((await api("DELETE", `/v1/conversations/${c1}/labels/${b}`, { headers: member })).status).toBe(200);

    // The handoff webhook carries the labels.
    await handoffConversation(db(), t.businessId, c1, { actor: "assistant" });
    const [handoff] = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, t.businessId), eq(events.type, "conversation.handoff")));
    expect(handoff.payload.labels).toEqual([{ id: complaint, name: "Complaint", color: "#c0392b" }]);

    // Tenancy: another business's label or conversation answers 404 and changes nothing.
    const other = await makeBusiness();
    const foreign = (await api("POST", "/v1/labels", { key: other.key, body: { name: "Theirs", color: "#123456" } })).body.id as string;
    expect((await api("POST", `/v1/conversations/${c1}/labels`, { key: t.key, body: { labelId: foreign } })).status).toBe(404);
    expect((await api("POST", `/v1/conversations/${c1}/labels`, { key: other.key, body: { labelId: foreign } })).status).toBe(404);
    expect((await api("PATCH", `/v1/labels/${foreign}`, { key: t.key, body: { color: "#000000" } })).status).toBe(404);
    expect((await api("DELETE", `/v1/labels/${foreign}`, { key: t.key })).status).toBe(404);
    expect((await api("GET", `/v1/conversations?label=${foreign}`, { key: t.key })).body.data).toEqual([]);
    expect((await api("POST", `/v1/conversations/${c1}/labels`, { key: t.key, body: {} })).status).toBe(400);

    // Detach, then delete.
    const off = await api("DELETE", `/v1/conversations/${c1}/labels/${complaint}`, { key: t.key });
    expect(off.body.labels).toEqual([]);
    expect((await api("DELETE", `/v1/labels/${vip}`, { key: t.key })).body).toEqual({ id: vip, deleted: true });
    expect((await api("GET", `/v1/conversations?label=${vip}`, { key: t.key })).body.data).toEqual([]);
  });

  it("needs labels:read / labels:write on a key", async () => {
    const { key } = await makeBusiness({ scopes: ["conversations:read"] });
    expect((await api("GET", "/v1/labels", { key })).status).toBe(403);
    const reader = await makeBusiness({ scopes: ["labels:read"] });
    expect((await api("GET", "/v1/labels", { key: reader.key })).status).toBe(200);
    const denied = await api("POST", "/v1/labels", { key: reader.key, body: { name: "X", color: "#000000" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain("labels:write");
  });
});

describe("SLA targets", () => {
  it("a running clock is ok, due soon in its last 20%, then breached", () => {
    const start = new Date("2026-01-01T10:00:00Z");
    expect(slaState(start, 10, new Date("2026-01-01T10:07:00Z"))).toBe("ok");
    expect(slaState(start, 10, new Date("2026-01-01T10:08:30Z"))).toBe("due_soon");
    expect(slaState(start, 10, new Date("2026-01-01T10:10:01Z"))).toBe("breached");
  });

  it("marks the inbox rows (per-label target wins) and counts breaches over a range from history", async () => {
    const t = await team();
    signInAs(t.owner);
    const settings = await api("PATCH", "/v1/internal/inbox/settings", {
      headers: member,
      body: { slaFirstResponseMinutes: 60, slaResolutionMinutes: 240 },
    });
    expect(settings.body).toMatchObject({ slaFirstResponseMinutes: 60, slaResolutionMinutes: 240 });
    expect((await api("PATCH", "/v1/internal/inbox/settings", { headers: member, body: { slaFirstResponseMinutes: 0 } })).status).toBe(400);
    const urgent = (await api("POST", "/v1/labels", { key: t.key, body: { name: "Urgent", color: "#ff0000", firstResponseMinutes: 10 } })).body
      .id as string;

    const [a, b, c, d] = [await inbound(t.businessId), await inbound(t.businessId), await inbound(t.businessId), await inbound(t.businessId)];
    for (const x of [a, b, c, d]) await handoffConversation(db(), t.businessId, x, { actor: "assistant" });
    await api("POST", `/v1/conversations/${b}/labels`, { key: t.key, body: { labelId: urgent } });
    const ago = (id: string, minutes: number) =>
      db().execute(
        sql`update conversation_transitions set created_at = now() - make_interval(mins => ${minutes}) where conversation_id = ${id} and to_status = 'handoff'`,
      );
    await ago(a, 50); // business target 60: 10 minutes left of 60 -> due soon
    await ago(b, 12); // Urgent's 10 wins over 60 -> breached
    await ago(c, 5); // ok
    await ago(d, 300); // first reply came, but resolution (240) passed -> breached
    signInAs(t.ana);
    await api("POST", `/v1/conversations/${d}/assign`, { key: t.key, body: { userId: t.ana.userId } });
    const phoneOfD = (await api("GET", `/v1/internal/inbox/${d}`, { headers: member })).body.contact.phone as string;
    expect((await api("POST", "/v1/messages", { headers: member, body: { to: phoneOfD, text: "On it" } })).status).toBe(200);

    const rows = await api("GET", "/v1/internal/inbox", { headers: member });
    const sla = new Map(rows.body.data.map((r: { id: string; sla: { state: string; kind: string } | null }) => [r.id, r.sla]));
    expect(sla.get(a)).toMatchObject({ state: "due_soon", kind: "first_response" });
    expect(sla.get(b)).toMatchObject({ state: "breached", kind: "first_response" });
    expect(sla.get(c)).toMatchObject({ state: "ok", kind: "first_response" });
    // The page keeps the mark current from the two instants: c's first-response clock (60 min, started 5
    // min ago) is due soon 48 minutes after the handoff and breached at 60.
    const cMark = sla.get(c) as { dueAt: string; dueSoonAt: string };
    expect(Date.parse(cMark.dueAt) - Date.parse(cMark.dueSoonAt)).toBe(12 * 60_000);
    expect(Math.abs(Date.parse(cMark.dueAt) - (Date.now() + 55 * 60_000))).toBeLessThan(60_000);
    expect(sla.get(d)).toMatchObject({ state: "breached", kind: "resolution" });

    // The report: b missed first response (10); d's reply came after 300 minutes (60) and it is still
    // open past its resolution target (240); a and c are within.
    await closeConversation(db(), t.businessId, c, "api");
    const report = await slaBreaches(db(), t.businessId, { from: new Date(Date.now() - 24 * 3600_000), to: new Date(Date.now() + 60_000) });
    expect(report.firstResponse).toEqual({ measured: 4, breached: 2 });
    expect(report.resolution).toEqual({ measured: 4, breached: 1 });
    expect(report.breaches.map((x) => [x.conversationId, x.kind]).sort()).toEqual(
      [
        [b, "first_response"],
        [d, "first_response"],
        [d, "resolution"],
      ].sort(),
    );
    // A range before any of it counts nothing; another business sees none of it.
    expect((await slaBreaches(db(), t.businessId, { from: new Date(0), to: new Date(Date.now() - 24 * 3600_000) })).firstResponse.measured).toBe(0);
    const other = await makeBusiness();
    expect((await slaBreaches(db(), other.businessId, { from: new Date(0), to: new Date(Date.now() + 60_000) })).breaches).toEqual([]);
  });
});
