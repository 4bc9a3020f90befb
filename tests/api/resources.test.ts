import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { events } from "@/lib/db/schema";
import { createRecord } from "@/lib/records/records";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { setSkillEnabled } from "@/lib/skills/skills";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

const isoMs = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe("conversations", () => {
  it("lists with filters and moves handoff -> open -> closed with the right events", async () => {
    const b = await makeBusiness();
    const a = await receiveForTest(b.businessId, uniquePhone());
    const c = await receiveForTest(b.businessId, uniquePhone());
    const list = await api("GET", "/v1/conversations", { key: b.key });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data[0]).toMatchObject({ id: c.conversationId, contactId: c.contactId, status: "open", assigneeId: null });
    expect(list.body.data[0].lastInboundAt).toMatch(isoMs);

    const h = await api("POST", `/v1/conversations/${a.conversationId}/handoff`, { key: b.key });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ id: a.conversationId, status: "handoff" });
    const again = await api("POST", `/v1/conversations/${a.conversationId}/handoff`, { key: b.key, body: { reason: "twice" } });
    expect(again.body.status).toBe("handoff");
    const handoffs = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "conversation.handoff")));
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0].payload).toEqual({
      id: handoffs[0].id,
      type: "conversation.handoff",
      createdAt: handoffs[0].createdAt.toISOString(),
      conversationId: a.conversationId,
      contactId: a.contactId,
      status: "handoff",
      reason: null,
      labels: [],
    });

    const filtered = await api("GET", "/v1/conversations?status=handoff", { key: b.key });
    expect(filtered.body.data.map((x: { id: string }) => x.id)).toEqual([a.conversationId]);
    const byContact = await api("GET", `/v1/conversations?contactId=${c.contactId}`, { key: b.key });
    expect(byContact.body.data.map((x: { id: string }) => x.id)).toEqual([c.conversationId]);
    const unassigned = await api("GET", "/v1/conversations?assigneeId=unassigned", { key: b.key });
    expect(unassigned.body.data).toHaveLength(2);

    expect((await api("POST", `/v1/conversations/${a.conversationId}/resume`, { key: b.key })).body.status).toBe("open");
    expect((await api("POST", `/v1/conversations/${a.conversationId}/close`, { key: b.key })).body.status).toBe("closed");
    const closedHandoff = await api("POST", `/v1/conversations/${a.conversationId}/handoff`, { key: b.key, body: { reason: "late" } });
    expect(closedHandoff.status).toBe(409);
    expect(closedHandoff.body.error.code).toBe("invalid_transition");
    expect((await api("POST", `/v1/conversations/${a.conversationId}/resume`, { key: b.key })).status).toBe(409);
    expect((await api("GET", "/v1/conversations?status=bogus", { key: b.key })).status).toBe(400);
  });

  it("records the handoff reason given", async () => {
    const b = await makeBusiness();
    const a = await receiveForTest(b.businessId, uniquePhone());
    await api("POST", `/v1/conversations/${a.conversationId}/handoff`, { key: b.key, body: { reason: "VIP customer" } });
    const [e] = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "conversation.handoff")));
    expect(e.payload.reason).toBe("VIP customer");
  });
});

describe("assistants and knowledge", () => {
  it("reads the assistant and manages knowledge items", async () => {
    const b = await makeBusiness();
    const a = await api("GET", `/v1/assistants/${b.assistantId}`, { key: b.key });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: b.assistantId, language: "auto", knowledgeItems: 0 });
    expect(typeof a.body.name).toBe("string");
    expect(typeof a.body.instructions).toBe("string");
    const k = await api("POST", `/v1/assistants/${b.assistantId}/knowledge`, { key: b.key, body: { title: "Hours", content: "9 to 5" } });
    expect(k.status).toBe(200);
    expect(k.body).toMatchObject({ title: "Hours", content: "9 to 5", assistantId: b.assistantId });
    expect(k.body.id).toMatch(/^ki_/);
    expect((await api("GET", `/v1/assistants/${b.assistantId}`, { key: b.key })).body.knowledgeItems).toBe(1);
    const patched = await api("PATCH", `/v1/assistants/${b.assistantId}/knowledge/${k.body.id}`, { key: b.key, body: { content: "10 to 6" } });
    expect(patched.body).toMatchObject({ title: "Hours", content: "10 to 6" });
    const list = await api("GET", `/v1/assistants/${b.assistantId}/knowledge`, { key: b.key });
    expect(list.body.data).toHaveLength(1);
    expect((await api("DELETE", `/v1/assistants/${b.assistantId}/knowledge/${k.body.id}`, { key: b.key })).body).toEqual({
      id: k.body.id,
      deleted: true,
    });
    expect((await api("DELETE", `/v1/assistants/${b.assistantId}/knowledge/${k.body.id}`, { key: b.key })).status).toBe(404);
    expect((await api("POST", `/v1/assistants/${b.assistantId}/knowledge`, { key: b.key, body: { title: "", content: "x" } })).status).toBe(400);
  });
});

describe("skills", () => {
  it("creates, replaces (version bump), lists and reads a skill", async () => {
    const b = await makeBusiness();
    const graph = readyMadeSkills[0].graph;
    const put = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Booking", enabled: true, graph } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: "sk_booking", name: "Booking", enabled: true, assistantId: b.assistantId, version: 1, warnings: [] });
    const put2 = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Booking 2", enabled: false, graph } });
    expect(put2.body).toMatchObject({ version: 2, enabled: false, name: "Booking 2" });
    const list = await api("GET", "/v1/skills", { key: b.key });
    expect(list.body.data).toEqual([expect.objectContaining({ id: "sk_booking", name: "Booking 2", enabled: false, assistantId: b.assistantId })]);
    const got = await api("GET", "/v1/skills/sk_booking", { key: b.key });
    expect(got.body.graph).toEqual(graph);
    const conflict = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "x", enabled: true, graph, expectedVersion: 1 } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("version_conflict");
  });

  it("counts turning a skill on or off as a save, so an editor holding the old version gets a conflict", async () => {
    const b = await makeBusiness();
    const graph = readyMadeSkills[0].graph;
    await api("PUT", "/v1/skills/sk_toggle", { key: b.key, body: { name: "Booking", enabled: true, graph } });
    const toggled = await setSkillEnabled(db(), b.businessId, "sk_toggle", false);
    expect(toggled).toMatchObject({ enabled: false, version: 2 });
    const stale = await api("PUT", "/v1/skills/sk_toggle", { key: b.key, body: { name: "Booking", enabled: true, graph, expectedVersion: 1 } });
    expect(stale.status).toBe(409);
    expect((await api("GET", "/v1/skills/sk_toggle", { key: b.key })).body).toMatchObject({ enabled: false, version: 2, graph });
    const other = await makeBusiness();
    await expect(setSkillEnabled(db(), other.businessId, "sk_toggle", true)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses an invalid graph with a detail per problem, and a bad skill id", async () => {
    const b = await makeBusiness();
    const graph = {
      nodes: [
        { id: "t", type: "trigger", data: { keywords: ["hi"] } },
        { id: "m", type: "message", data: {} },
        { id: "z", type: "warp", data: {} },
      ],
      edges: [
        { id: "e1", source: "t", target: "m" },
        { id: "e2", source: "m", target: "ghost" },
      ],
    };
    const res = await api("PUT", "/v1/skills/sk_bad", { key: b.key, body: { name: "Bad", enabled: true, graph } });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["graph.nodes[1].data.text", "graph.edges[1].target"]));
    expect(paths.some((p: string) => p.startsWith("graph.nodes[2]"))).toBe(true);
    expect((await api("GET", "/v1/skills/sk_bad", { key: b.key })).status).toBe(404);
    expect((await api("PUT", "/v1/skills/booking", { key: b.key, body: { name: "x", enabled: true, graph: readyMadeSkills[0].graph } })).status).toBe(
      400,
    );
  });
});

describe("records, analytics, wallet, templates", () => {
  it("lists records of a collection with since", async () => {
    const b = await makeBusiness();
    const r1 = await createRecord(db(), b.businessId, { collection: "orders", fields: { total: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    const r2 = await createRecord(db(), b.businessId, { collection: "orders", fields: { total: 2 } });
    await createRecord(db(), b.businessId, { collection: "leads", fields: { name: "x" } });
    const all = await api("GET", "/v1/records/orders", { key: b.key });
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([r2.id, r1.id]);
    expect(all.body.data[0]).toMatchObject({ collection: "orders", fields: { total: 2 }, conversationId: null, contactId: null });
    const since = await api("GET", `/v1/records/orders?since=${encodeURIComponent(r1.createdAt)}`, { key: b.key });
    expect(since.body.data.map((r: { id: string }) => r.id)).toEqual([r2.id]);
    expect((await api("GET", "/v1/records/orders?since=yesterday", { key: b.key })).status).toBe(400);
  });

  it("summarises analytics over a validated window", async () => {
    const b = await makeBusiness();
    await createRecord(db(), b.businessId, { collection: "leads", fields: { name: "x" } });
    const a = await receiveForTest(b.businessId, uniquePhone());
    await api("POST", `/v1/conversations/${a.conversationId}/handoff`, { key: b.key });
    const res = await api("GET", "/v1/analytics/summary", { key: b.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ window: "30d", leads: 1, handoffs: 1, conversations: 0, resolvedByAssistant: 0 });
    expect(res.body.from).toMatch(isoMs);
    for (const w of ["24h", "720h", "1d", "365d"]) expect((await api("GET", `/v1/analytics/summary?window=${w}`, { key: b.key })).status).toBe(200);
    for (const w of ["0d", "721h", "366d", "30", "1w", "d", "-1d"]) {
      expect((await api("GET", `/v1/analytics/summary?window=${w}`, { key: b.key })).status, w).toBe(400);
    }
  });

  it("reads the wallet", async () => {
    const b = await makeBusiness({ tokens: 5000 });
    const res = await api("GET", "/v1/usage/wallet", { key: b.key });
    expect(res.body).toMatchObject({ balanceTokens: 5000, periodUsedTokens: 0 });
    const end = new Date(res.body.periodEndsAt);
    expect(end.getUTCDate()).toBe(1);
    expect(end.getUTCHours()).toBe(0);
    expect(end.getTime()).toBeGreaterThan(Date.now());
  });

  it("upserts templates on (name, language) and validates them", async () => {
    const b = await makeBusiness();
    const t = await api("POST", "/v1/templates", {
      key: b.key,
      body: { name: "hello", language: "pt_BR", category: "marketing", body: "Olá {{1}}" },
    });
    expect(t.body).toMatchObject({ name: "hello", language: "pt_BR", category: "marketing", status: "approved", placeholders: 1 });
    const t2 = await api("POST", "/v1/templates", { key: b.key, body: { name: "hello", language: "pt_BR", category: "utility", body: "Oi {{1}}" } });
    expect(t2.body.id).toBe(t.body.id);
    expect((await api("GET", "/v1/templates", { key: b.key })).body.data).toHaveLength(1);
    expect(
      (await api("POST", "/v1/templates", { key: b.key, body: { name: "Hello!", language: "en", category: "utility", body: "x" } })).status,
    ).toBe(400);
  });
});
