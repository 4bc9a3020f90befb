import { beforeAll, describe, expect, it } from "vitest";
import * as unknownPath from "@/app/v1/[[...path]]/route";
import * as contacts from "@/app/v1/contacts/route";
import * as close from "@/app/v1/conversations/[conversationId]/close/route";
import * as handoff from "@/app/v1/conversations/[conversationId]/handoff/route";
import * as messages from "@/app/v1/conversations/[conversationId]/messages/route";
import * as resume from "@/app/v1/conversations/[conversationId]/resume/route";
import * as analytics from "@/app/v1/internal/analytics/route";
import * as contact from "@/app/v1/internal/contacts/[contactId]/route";
import * as assign from "@/app/v1/conversations/[conversationId]/assign/route";
import * as reply from "@/app/v1/internal/conversations/[conversationId]/messages/route";
import * as conversation from "@/app/v1/internal/inbox/[conversationId]/route";
import * as conversations from "@/app/v1/internal/inbox/route";
import * as recordsOf from "@/app/v1/internal/records/[collection]/route";
import * as collections from "@/app/v1/internal/records/route";
import * as team from "@/app/v1/internal/team/route";
import * as wallet from "@/app/v1/usage/wallet/route";
import type { DashboardSession } from "@/lib/auth/session";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { sendMessage } from "@/lib/messages/send-message";
import { createRecord } from "@/lib/records/records";
import { upsertTemplate } from "@/lib/channels";
import { call, makeStaff, signInAs } from "./harness";

// The inbox's buttons are the public API's operations (handoff, resume, close, assign); any other
// action is a path no route serves.
const actionRoutes: Record<string, typeof assign.POST> = { handoff: handoff.POST, resume: resume.POST, close: close.POST, assign: assign.POST };
const action = {
  POST: async (request: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => {
    const { action: name, ...params } = (await ctx.params) as Record<string, string>;
    return (actionRoutes[name] ?? unknownPath.POST)(request, { params: Promise.resolve(params) });
  },
};

let owner: DashboardSession;
let agent: DashboardSession;
let stranger: DashboardSession;
let conversationId: string;
let contactId: string;
const phone = `+1999${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

beforeAll(async () => {
  owner = await makeStaff();
  agent = await makeStaff({ role: "agent", businessId: owner.businessId });
  stranger = await makeStaff();
  const inbound = await simulateInbound(db(), owner.businessId, { phone, name: "Carla", text: "Hello" });
  conversationId = inbound.conversationId;
  contactId = inbound.contactId;
});

describe("the dashboard session as the caller of operations", () => {
  it("answers 401 with the API's error body when nobody is signed in", async () => {
    signInAs(null);
    const res = await call(conversations.GET, "GET", "/v1/internal/inbox");
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: "unauthorized" });
    expect(res.body.error.requestId).toMatch(/^req_/);
  });

  it("refuses owner-only endpoints to agents with 403 and lets them use the inbox", async () => {
    signInAs(agent);
    expect((await call(team.GET, "GET", "/v1/internal/team")).status).toBe(403);
    expect((await call(wallet.GET, "GET", "/v1/usage/wallet")).status).toBe(403);
    expect((await call(analytics.GET, "GET", "/v1/internal/analytics?window=7d")).body.error.code).toBe("forbidden");
    const inbox = await call(conversations.GET, "GET", "/v1/internal/inbox");
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.map((c: { id: string }) => c.id)).toContain(conversationId);
  });

  it("refuses cross-site writes (Origin of another host, or none) and accepts same-origin ones", async () => {
    signInAs(owner);
    const params = { conversationId, action: "assign" };
    const path = `/v1/conversations/${conversationId}/assign`;
    const body = { userId: owner.userId };
    expect((await call(action.POST, "POST", path, { params, body, sameOrigin: false })).status).toBe(403);
    expect((await call(action.POST, "POST", path, { params, body, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await call(action.POST, "POST", path, { params, body, sameOrigin: false, headers: { "sec-fetch-site": "cross-site" } })).status).toBe(
      403,
    );
    expect(
      (await call(action.POST, "POST", path, { params, body: { userId: null }, sameOrigin: false, headers: { "sec-fetch-site": "same-origin" } }))
        .status,
    ).toBe(200);
    expect((await call(action.POST, "POST", path, { params, body: { userId: null } })).status).toBe(200);
  });

  it("answers a foreign id exactly like a missing one", async () => {
    signInAs(stranger);
    const foreign = await call(conversation.GET, "GET", `/v1/internal/inbox/${conversationId}`, { params: { conversationId } });
    const missing = await call(conversation.GET, "GET", "/v1/internal/inbox/conv_nope", { params: { conversationId: "conv_nope" } });
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body.error, requestId: "" }).toEqual({ ...missing.body.error, requestId: "" });
    const params = { conversationId, action: "handoff" };
    expect((await call(action.POST, "POST", `/v1/conversations/${conversationId}/handoff`, { params, body: {} })).status).toBe(404);
    expect((await call(contact.PATCH, "PATCH", `/v1/internal/contacts/${contactId}`, { params: { contactId }, body: { name: "X" } })).status).toBe(
      404,
    );
    expect((await call(contacts.GET, "GET", "/v1/contacts")).body.data).toEqual([]);
    expect((await call(conversations.GET, "GET", "/v1/internal/inbox")).body.data).toEqual([]);
  });

  it("validates the query with zod, one detail per problem", async () => {
    signInAs(owner);
    const res = await call(conversations.GET, "GET", "/v1/internal/inbox?view=bob&limit=abc");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["limit", "view"]);
    expect((await call(analytics.GET, "GET", "/v1/internal/analytics?window=3w")).status).toBe(400);
  });
});

describe("inbox endpoints", () => {
  it("lists conversations with their contact and last message, filtered by assignee", async () => {
    signInAs(agent);
    const params = { conversationId, action: "assign" };
    await call(action.POST, "POST", `/v1/conversations/${conversationId}/assign`, { params, body: { userId: agent.userId } });
    const mine = await call(conversations.GET, "GET", "/v1/internal/inbox?view=mine");
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      id: conversationId,
      assigneeId: agent.userId,
      contact: { phone, name: "Carla" },
      lastMessage: { text: "Hello" },
    });
    signInAs(owner);
    expect((await call(conversations.GET, "GET", "/v1/internal/inbox?view=mine")).body.data).toEqual([]);
    expect((await call(conversations.GET, "GET", "/v1/internal/inbox?view=unassigned")).body.data).toEqual([]);
  });

  it("exposes the messaging window from the last inbound message", async () => {
    signInAs(owner);
    const res = await call(conversation.GET, "GET", `/v1/internal/inbox/${conversationId}`, { params: { conversationId } });
    expect(res.body.windowOpen).toBe(true);
    const closes = new Date(res.body.windowClosesAt).getTime() - new Date(res.body.conversation.lastInboundAt).getTime();
    expect(closes).toBe(24 * 3600 * 1000);
    expect(res.body.contact).toMatchObject({ id: contactId, phone });
  });

  it("moves a conversation through handoff, resume and close, and refuses a handoff once closed", async () => {
    signInAs(agent);
    const act = (a: string) =>
      call(action.POST, "POST", `/v1/conversations/${conversationId}/${a}`, { params: { conversationId, action: a }, body: {} });
    expect((await act("handoff")).body.status).toBe("handoff");
    expect((await act("resume")).body.status).toBe("open");
    // No such action: a path no operation serves (it was a 400 from the dashboard's own action enum).
    expect((await act("archive")).status).toBe(404);
    const text = await call(reply.POST, "POST", `/v1/internal/conversations/${conversationId}/messages`, {
      params: { conversationId },
      body: { type: "text", text: "We are open until 10." },
    });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ direction: "outbound", source: "agent", status: "queued", text: "We are open until 10." });
    const thread = await call(messages.GET, "GET", `/v1/conversations/${conversationId}/messages`, { params: { conversationId } });
    expect(thread.body.data.map((m: { text: string }) => m.text)).toEqual(["We are open until 10.", "Hello"]);
    expect((await act("close")).body.status).toBe("closed");
    const again = await act("handoff");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_transition");
  });

  it("offers only templates outside the window: text is refused by sendMessage, templates go out", async () => {
    signInAs(owner);
    await upsertTemplate(db(), owner.businessId, {
      name: "order_ready",
      language: "en",
      category: "utility",
      body: "Hi {{1}}, order {{2}} is ready.",
    });
    const cold = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const first = await sendMessage(
      db(),
      owner.businessId,
      { to: cold, type: "template", template: { name: "order_ready", language: "en", variables: ["Ann", "#1"] } },
      { source: "api" },
    );
    const id = first.conversationId;
    const detail = await call(conversation.GET, "GET", `/v1/internal/inbox/${id}`, { params: { conversationId: id } });
    expect(detail.body).toMatchObject({ windowOpen: false, windowClosesAt: null });
    const text = await call(reply.POST, "POST", `/v1/internal/conversations/${id}/messages`, {
      params: { conversationId: id },
      body: { type: "text", text: "hi" },
    });
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe("outside_messaging_window");
    const template = await call(reply.POST, "POST", `/v1/internal/conversations/${id}/messages`, {
      params: { conversationId: id },
      body: { type: "template", template: { name: "order_ready", language: "en", variables: ["Ann", "#2"] } },
    });
    expect(template.status).toBe(200);
    expect(template.body).toMatchObject({ text: "Hi Ann, order #2 is ready.", template: { name: "order_ready" }, source: "agent" });
  });
});

describe("contacts, records and team", () => {
  it("edits a contact's name, tags and metadata with the API's validation", async () => {
    signInAs(agent);
    const bad = await call(contact.PATCH, "PATCH", `/v1/internal/contacts/${contactId}`, { params: { contactId }, body: { metadata: [1, 2] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("metadata");
    const ok = await call(contact.PATCH, "PATCH", `/v1/internal/contacts/${contactId}`, {
      params: { contactId },
      body: { name: "Carla C", tags: ["vip"], metadata: { nested: { ü: [1, "✓"] } } },
    });
    expect(ok.body).toMatchObject({ name: "Carla C", tags: ["vip"], metadata: { nested: { ü: [1, "✓"] } } });
    const byTag = await call(contacts.GET, "GET", "/v1/contacts?tag=vip&search=carla");
    expect(byTag.body.data.map((c: { id: string }) => c.id)).toEqual([contactId]);
  });

  it("lists record collections and filters records by date and conversation", async () => {
    signInAs(agent);
    await createRecord(db(), owner.businessId, { collection: "bookings", fields: { name: "Carla", party_size: 2 }, conversationId, contactId });
    await createRecord(db(), owner.businessId, { collection: "gift_cards", fields: { amount: 50 } });
    const list = await call(collections.GET, "GET", "/v1/internal/records");
    expect(list.body.collections).toEqual(["orders", "bookings", "leads", "gift_cards"]);
    const get = (q: string) => call(recordsOf.GET, "GET", `/v1/internal/records/bookings?${q}`, { params: { collection: "bookings" } });
    expect((await get(`conversationId=${conversationId}`)).body.data).toHaveLength(1);
    expect((await get("conversationId=conv_other")).body.data).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`from=${today}`)).body.data).toHaveLength(1);
    expect((await get("to=2000-01-01T00:00:00Z")).body.data).toHaveLength(0);
    expect((await get("from=yesterday")).status).toBe(400);
    signInAs(stranger);
    expect((await get(`conversationId=${conversationId}`)).body.data).toHaveLength(0);
  });

  it("no longer creates accounts with owner-typed passwords (teammates join through invite links)", async () => {
    signInAs(owner);
    // Teammates join through one-time invites (tests/dashboard/invites): no account is made with an owner-typed password.
    const post = await call(team.POST, "POST", "/v1/internal/team", {
      body: { email: `new-${Date.now()}@example.test`, name: "New Agent", password: "temp-pass-1", role: "agent" },
    });
    expect(post.status).toBe(405);
    const members = await call(team.GET, "GET", "/v1/internal/team");
    expect(members.body.data.map((m: { email: string }) => m.email)).toEqual(expect.arrayContaining([owner.email, agent.email]));
  });

  it("shows the wallet and the analytics to owners", async () => {
    signInAs(owner);
    expect((await call(wallet.GET, "GET", "/v1/usage/wallet")).body.balanceTokens).toBe(1000);
    const a = await call(analytics.GET, "GET", "/v1/internal/analytics?window=7d");
    expect(a.body.summary).toMatchObject({ window: "7d" });
    expect(a.body.summary.conversations).toBeGreaterThanOrEqual(1);
    expect(a.body.daily.length).toBeGreaterThanOrEqual(7);
  });
});
