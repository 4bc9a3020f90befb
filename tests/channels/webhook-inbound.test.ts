import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as route from "../../app/channels/whatsapp/webhook/route";
import { createApiServer } from "../../lib/api/standalone-server";
import { signWhatsAppBody } from "../../lib/channels/whatsapp/signature";
import { closeConversation, handoffConversation } from "../../lib/conversations/transitions";
import { db } from "../../lib/db/client";
import { contacts, conversationEvents, conversations, records } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { assistantTurn } from "../../lib/messages/receive-message";
import { metaJson, newWamid } from "../fakes/graph-server";
import { uniquePhone } from "../helpers/api";
import {
  APP_SECRET,
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  jobsFor,
  messagesOf,
  newPhoneNumberId,
  own,
  ownJobs,
  settle,
  setChannelEnv,
  startAppServer,
  VERIFY_TOKEN,
} from "./harness";

let app: AppServer;
let worker: Worker;
let biz: Connected | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
  worker = channelWorker();
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

const connect = async () => {
  biz = await connectedBusiness(app);
  return biz;
};

/** Calls the route module the way Next does, with the exact bytes given. */
function post(raw: Buffer | string, signature: string | null | undefined = undefined) {
  const bytes = Buffer.from(raw);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const sig = signature === undefined ? signWhatsAppBody(bytes, APP_SECRET) : signature;
  if (sig !== null) headers["x-hub-signature-256"] = sig;
  return route.POST(new Request("http://localhost/channels/whatsapp/webhook", { method: "POST", headers, body: new Uint8Array(bytes) }));
}

async function conversationOf(conversationId: string) {
  const [row] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
  return row;
}

describe("verify handshake", () => {
  const get = (query: string) => route.GET(new Request(`http://localhost/channels/whatsapp/webhook?${query}`));

  it("answers the challenge as plain text when the token matches", async () => {
    const res = await get(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("1158201444");
  });

  it("refuses a wrong token, a missing token, a wrong mode, or a server with no token set", async () => {
    expect((await get("hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1")).status).toBe(403);
    expect((await get("hub.mode=subscribe&hub.challenge=1")).status).toBe(403);
    expect((await get(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
    delete process.env.WHATSAPP_VERIFY_TOKEN;
    try {
      expect((await get("hub.mode=subscribe&hub.verify_token=&hub.challenge=1")).status).toBe(403);
    } finally {
      setChannelEnv(process.env.WHATSAPP_GRAPH_URL);
    }
  });
});

/**
 * The same POST through the node:http door that `npm start` (scripts/serve.mjs) and `npm run api` use
 * instead of Next's pipeline (lib/server/node-routes.ts), over loopback to `npm run api`'s server.
 */
let apiServer: Server | null = null;
async function postNode(raw: Buffer | string, signature: string | null | undefined = undefined, chunked = false) {
  if (!apiServer) {
    apiServer = createApiServer();
    await new Promise<void>((resolve) => apiServer?.listen(0, "127.0.0.1", resolve));
  }
  const bytes = Buffer.from(raw);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const sig = signature === undefined ? signWhatsAppBody(bytes, APP_SECRET) : signature;
  if (sig !== null) headers["x-hub-signature-256"] = sig;
  const { port } = apiServer.address() as AddressInfo;
  // chunked: no declared length, so the door finds the size while reading.
  const body = chunked ? Readable.toWeb(Readable.from([bytes.subarray(0, 1024), bytes.subarray(1024)])) : new Uint8Array(bytes);
  return fetch(`http://127.0.0.1:${port}/channels/whatsapp/webhook?from=meta`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}
afterAll(async () => {
  apiServer?.closeAllConnections();
  await new Promise<void>((resolve) => (apiServer ? apiServer.close(() => resolve()) : resolve()));
});

describe.each([
  ["the Next route", post],
  ["the node:http door (npm start, npm run api)", postNode],
] as const)("signature, through %s", (_door, send) => {
  it("refuses a missing or wrong signature with 401 and stores nothing", async () => {
    const b = await connect();
    const raw = metaJson(b.fake.inboundPayload({ messages: [{ from: uniquePhone(), name: "Eve", text: "hi" }] }));
    expect((await send(raw, null)).status).toBe(401);
    expect((await send(raw, signWhatsAppBody(raw, "another-secret"))).status).toBe(401);
    expect((await send(raw, "sha256=")).status).toBe(401);
    // Signed, then altered by one byte on the way.
    expect((await send(raw.replace('"hi"', '"ho"'), signWhatsAppBody(raw, APP_SECRET))).status).toBe(401);
    expect(await ownJobs()).toEqual([]);
    await settle();
    expect(await messagesOf(b.businessId)).toEqual([]);
  });

  it("accepts the right signature over the raw bytes, non-ASCII text included (escaped as Meta does, and as UTF-8)", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const escaped = metaJson(b.fake.inboundPayload({ messages: [{ from: phone, name: "Zoë", text: "Olá, café 👋" }] }));
    expect(escaped).toContain("\\u00e1");
    const utf8 = Buffer.from(JSON.stringify(b.fake.inboundPayload({ messages: [{ from: phone, text: "Ünïcödé ✓ 日本" }] })), "utf8");
    const res = await send(escaped);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toBe("OK");
    if (send === postNode) expect(res.headers.get("x-content-type-options")).toBe("nosniff"); // as Next adds to every answer
    expect((await send(utf8)).status).toBe(200);
    await settle();
    const stored = await messagesOf(b.businessId);
    expect(stored.map((m) => m.text).sort()).toEqual(["Olá, café 👋", "Ünïcödé ✓ 日本"].sort());
    const [contact] = await db().select().from(contacts).where(eq(contacts.phone, phone));
    expect(contact.name).toBe("Zoë");
  });

  it("refuses a body over 3 MB with 413, a body nested too deep with 400, and a server without an app secret with 503", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 1, 32);
    expect((await send(big)).status).toBe(413);
    const deep = JSON.stringify({ object: "whatsapp_business_account", entry: [JSON.parse(`${'{"a":'.repeat(40)}1${"}".repeat(40)}`)] });
    const refused = await send(deep);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/more than 32 levels deep/);
    expect(await ownJobs()).toEqual([]);
    delete process.env.WHATSAPP_APP_SECRET;
    try {
      expect((await send("{}")).status).toBe(503);
    } finally {
      setChannelEnv(process.env.WHATSAPP_GRAPH_URL);
    }
  });
});

describe("the node:http door", () => {
  it("refuses a body that passes 3 MB only while it arrives (no declared length) with 413, and the connection stays usable", async () => {
    const b = await connect();
    const big = Buffer.alloc(3 * 1024 * 1024 + 1, 32);
    expect((await postNode(big, undefined, true)).status).toBe(413);
    const raw = metaJson(b.fake.inboundPayload({ messages: [{ from: uniquePhone(), text: "after the big one" }] }));
    expect((await postNode(raw, undefined, true)).status).toBe(200);
    await settle();
    expect((await messagesOf(b.businessId)).map((m) => m.text)).toEqual(["after the big one"]);
  });
});

describe("inbound messages", () => {
  it("creates the contact with the profile name, opens a conversation and writes contact.created and message.received", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const sentAt = new Date(Date.now() - 2 * 60 * 60_000);
    const wamid = newWamid();
    expect(
      await b.fake.postInbound(
        b.fake.inboundPayload({ messages: [{ from: phone, name: "Sheena", text: "Hi there", id: wamid, timestamp: sentAt }] }),
      ),
    ).toBe(200);
    await settle();

    const [m] = await messagesOf(b.businessId);
    expect(m).toMatchObject({
      direction: "inbound",
      source: "customer",
      status: "received",
      channel: "whatsapp",
      type: "text",
      text: "Hi there",
      channelMessageId: wamid,
    });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, m.contactId));
    expect(contact).toMatchObject({ phone, name: "Sheena", channel: "whatsapp", businessId: b.businessId });
    const conversation = await conversationOf(m.conversationId);
    expect(conversation.status).toBe("open");
    // The window counts from when the customer wrote (whole seconds on WhatsApp), not from arrival.
    expect(conversation.lastInboundAt?.getTime()).toBe(Math.floor(sentAt.getTime() / 1000) * 1000);

    const created = await eventsOf(b.businessId, "contact.created");
    expect(created).toHaveLength(1);
    expect(created[0].payload).toMatchObject({ type: "contact.created", contact: { id: contact.id, phone, name: "Sheena", tags: [], metadata: {} } });
    const received = await eventsOf(b.businessId, "message.received");
    expect(received).toHaveLength(1);
    expect(received[0].payload).toEqual({
      id: received[0].id,
      type: "message.received",
      createdAt: received[0].createdAt.toISOString(),
      conversationId: conversation.id,
      from: phone,
      // Issue 37: what else WhatsApp names the customer by (none here: a phone-only webhook).
      waUserId: null,
      username: null,
      text: "Hi there",
      messageId: m.id,
      contactId: contact.id,
      messageType: "text",
      media: null,
    });
    const turns = await jobsFor(assistantTurn.name, "messageId", m.id);
    expect(turns).toHaveLength(1);
    expect(turns[0].payload).toEqual({ businessId: b.businessId, conversationId: conversation.id, messageId: m.id });
    expect(turns[0].order_key).toBe(conversation.id);
  });

  it("keeps lastInboundAt at the latest customer timestamp when an older message arrives late", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const newer = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const older = new Date(newer.getTime() - 3 * 60 * 60_000);
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "second", timestamp: newer }] }));
    await settle();
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "first, delayed", timestamp: older }] }));
    await settle();
    const stored = await messagesOf(b.businessId);
    expect(stored).toHaveLength(2);
    expect(stored.find((m) => m.text === "first, delayed")?.channelTimestamp?.getTime()).toBe(older.getTime());
    expect((await conversationOf(stored[0].conversationId)).lastInboundAt?.getTime()).toBe(newer.getTime());
  });

  it("understands text, interactive replies, template button replies, orders and images", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 10_000;
    const at = (i: number) => new Date(t0 + i * 1000);
    const payload = b.fake.inboundPayload({
      messages: [
        { from: phone, name: "Ana", text: "hello", timestamp: at(0) },
        { from: phone, type: "interactive", kind: "button_reply", replyId: "opt_2", title: "Tomorrow", timestamp: at(1) },
        { from: phone, type: "interactive", kind: "list_reply", replyId: "opt_7", title: "Haircut 30 min", timestamp: at(2) },
        { from: phone, type: "button", payload: "STOP_PROMOS", text: "Stop promotions", timestamp: at(3) },
        {
          from: phone,
          type: "order",
          catalogId: "cat-42",
          text: "no onions",
          items: [
            { productRetailerId: "burger", quantity: 2, itemPrice: 7.5, currency: "EUR" },
            { productRetailerId: "fries", quantity: 3, itemPrice: 0.1, currency: "EUR" },
          ],
          timestamp: at(4),
        },
        { from: phone, type: "image", caption: "my receipt", timestamp: at(5) },
        { from: phone, type: "image", timestamp: at(6) },
      ],
    });
    expect(await b.fake.postInbound(payload)).toBe(200);
    await settle();
    const stored = await messagesOf(b.businessId);
    expect(stored.map((m) => [m.type, m.text])).toEqual([
      ["text", "hello"],
      ["interactive", "Tomorrow"],
      ["interactive", "Haircut 30 min"],
      ["button", "Stop promotions"],
      ["order", "Order: 2 × burger, 3 × fries (no onions)"],
      ["image", "[image] my receipt"],
      ["image", "[image]"],
    ]);
    expect(stored[1].content).toEqual({ kind: "button_reply", id: "opt_2", title: "Tomorrow" });
    expect(stored[2].content).toEqual({ kind: "list_reply", id: "opt_7", title: "Haircut 30 min" });
    expect(stored[3].content).toEqual({
      kind: "button_reply",
      id: "STOP_PROMOS",
      title: "Stop promotions",
      payload: "STOP_PROMOS",
      text: "Stop promotions",
    });
    expect(stored[5].content).toMatchObject({ mimeType: "image/jpeg", caption: "my receipt" });
    expect(new Set(stored.map((m) => m.conversationId)).size).toBe(1);

    const orders = await db().select().from(records).where(eq(records.businessId, b.businessId));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ collection: "orders", conversationId: stored[0].conversationId, contactId: stored[0].contactId });
    expect(orders[0].fields).toEqual({
      items: [
        { productRetailerId: "burger", quantity: 2, itemPrice: 7.5, currency: "EUR" },
        { productRetailerId: "fries", quantity: 3, itemPrice: 0.1, currency: "EUR" },
      ],
      total: 15.3,
      currency: "EUR",
      catalogId: "cat-42",
      note: "no onions",
      source: "whatsapp_order",
      messageId: stored[4].id,
    });
    const recordEvents = await eventsOf(b.businessId, "record.created");
    expect(recordEvents).toHaveLength(1);
    expect(recordEvents[0].payload).toMatchObject({ collection: "orders", record: { id: orders[0].id }, conversationId: stored[0].conversationId });
    expect(await eventsOf(b.businessId, "message.received")).toHaveLength(7);
  });

  it("handles every entry, change and message of a multi-entry payload, for several numbers, skipping unknown ones", async () => {
    const a = await connect();
    const otherFake = a.fake;
    const b2 = await connectedBusiness(app);
    setChannelEnv(otherFake.url);
    const unknownNumber = newPhoneNumberId();
    own({ phoneNumberId: unknownNumber });
    const [p1, p2, p3] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const payload = a.fake.inboundPayload({
      entryPerMessage: true,
      messages: [
        { from: p1, name: "One", text: "to A, first", phoneNumberId: a.phoneNumberId },
        { from: p2, name: "Two", text: "to A, second", phoneNumberId: a.phoneNumberId },
        { from: p3, name: "Three", text: "to B", phoneNumberId: b2.phoneNumberId },
        { from: p3, text: "to nobody", phoneNumberId: unknownNumber },
      ],
    }) as { entry: unknown[] };
    expect(payload.entry).toHaveLength(4);
    expect(await a.fake.postInbound(payload)).toBe(200);
    await settle();
    expect((await messagesOf(a.businessId)).map((m) => m.text).sort()).toEqual(["to A, first", "to A, second"]);
    expect((await messagesOf(b2.businessId)).map((m) => m.text)).toEqual(["to B"]);
    // The unknown number's message was acknowledged and dropped, not left retrying.
    expect(await ownJobs()).toEqual([]);
    await b2.fake.close();
  });

  it("stores a redelivered message once, with one event and one assistant turn", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const wamid = newWamid();
    const body = metaJson(b.fake.inboundPayload({ messages: [{ from: phone, name: "Dup", text: "once", id: wamid }] }));
    expect(await b.fake.postInbound(body)).toBe(200);
    expect(await b.fake.postInbound(body)).toBe(200);
    await settle();
    expect(await b.fake.postInbound(body)).toBe(200);
    // The same wamid twice inside one payload, too.
    const twice = b.fake.inboundPayload({ messages: [{ from: phone, text: "twice", id: newWamid() }] }) as any;
    twice.entry[0].changes[0].value.messages.push(twice.entry[0].changes[0].value.messages[0]);
    expect(await b.fake.postInbound(twice)).toBe(200);
    await settle();
    const stored = await messagesOf(b.businessId);
    expect(stored.map((m) => m.text)).toEqual(["once", "twice"]);
    expect(await eventsOf(b.businessId, "message.received")).toHaveLength(2);
    expect(await eventsOf(b.businessId, "contact.created")).toHaveLength(1);
    expect(await jobsFor(assistantTurn.name, "messageId", stored[0].id)).toHaveLength(1);
  });

  it("opens a new conversation when the customer writes to a closed one, and gives a handed-off one no assistant turn", async () => {
    const b = await connect();
    const phone = uniquePhone();
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "first visit" }] }));
    await settle();
    const [first] = await messagesOf(b.businessId);
    await closeConversation(db(), b.businessId, first.conversationId, "agent");

    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "back again" }] }));
    await settle();
    const [, second] = await messagesOf(b.businessId);
    expect(second.conversationId).not.toBe(first.conversationId);
    expect(second.contactId).toBe(first.contactId);
    expect((await conversationOf(first.conversationId)).status).toBe("closed");
    const reopened = await conversationOf(second.conversationId);
    expect(reopened.status).toBe("open");
    expect(reopened.lastInboundAt).not.toBeNull();
    expect(await jobsFor(assistantTurn.name, "messageId", second.id)).toHaveLength(1);

    await handoffConversation(db(), b.businessId, second.conversationId, { actor: "agent" });
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "hello, human?" }] }));
    await settle();
    const third = (await messagesOf(b.businessId))[2];
    expect(third.conversationId).toBe(second.conversationId);
    expect(await jobsFor(assistantTurn.name, "messageId", third.id)).toHaveLength(0);
  });

  it("opens a conversation in one statement only when none is open: an open one older than the closed latest is written into", async () => {
    const b = await connect();
    const phone = uniquePhone();
    const threadOf = async (conversationId: string) =>
      (
        await db().select({ kind: conversationEvents.kind }).from(conversationEvents).where(eq(conversationEvents.conversationId, conversationId))
      ).map((e) => e.kind);
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "first visit" }] }));
    await settle();
    const [first] = await messagesOf(b.businessId);
    // A new contact's conversation reopens nothing.
    expect(await threadOf(first.conversationId)).not.toContain("reopened");
    await closeConversation(db(), b.businessId, first.conversationId, "agent");
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "back again" }] }));
    await settle();
    const [, second] = await messagesOf(b.businessId);
    expect(second.conversationId).not.toBe(first.conversationId);
    expect(await threadOf(second.conversationId)).toContain("reopened");

    // The latest conversation closed, the older one open again (as a person may set it): the customer's
    // next message belongs to the open one, and no third conversation is made.
    await db().update(conversations).set({ status: "closed" }).where(eq(conversations.id, second.conversationId));
    await db().update(conversations).set({ status: "open" }).where(eq(conversations.id, first.conversationId));
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "still there?" }] }));
    await settle();
    const third = (await messagesOf(b.businessId))[2];
    expect(third.text).toBe("still there?");
    expect(third.conversationId).toBe(first.conversationId);
    const ofContact = await db().select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, first.contactId));
    expect(ofContact).toHaveLength(2);
  });
});
