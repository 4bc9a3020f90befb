import { randomBytes, randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { contacts, conversationEvents } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { assistantTurn } from "../../lib/messages/receive-message";
import { jobHandlers } from "../../lib/server/jobs";
import { api } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  jobsFor,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
} from "./harness";

// Customers without phone numbers (issue 37 item 1): WhatsApp names a customer who adopted a username
// by a business-scoped user id (BSUID) and withholds their number. Such a customer is a contact like
// any other (phone null), is answered by `recipient`, shows over /v1, and stays one contact when
// WhatsApp later reveals their number or issues them a new BSUID.

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

const bsuid = (country = "US") => `${country}.${randomInt(1e9, 9e9)}${randomInt(1e9, 9e9)}`;
const wamid = () => `wamid.${randomBytes(12).toString("base64url")}`;
const seconds = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);
const contactRow = async (id: string) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0];

/** Runs the assistant's turn for a message here, unless another worker sharing the database took it. */
async function runTurn(messageId: string) {
  const claimed = await queryRows<{ payload: Record<string, unknown> }>(
    db(),
    sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${messageId} returning payload`,
  );
  const handler = jobHandlers[assistantTurn.name];
  if (claimed[0] && handler) await handler(claimed[0].payload, { attempts: 1 } as never);
  await settle();
}

function systemBody(b: Connected, message: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "9100000000003",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: b.phoneNumberId },
              messages: [{ id: wamid(), timestamp: seconds(), type: "system", ...message }],
            },
          },
        ],
      },
    ],
  };
}

describe("a customer WhatsApp names without a number", () => {
  it("becomes a contact, is answered by recipient, shows over /v1, and stays one contact through a new BSUID and a revealed number", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const first = bsuid();
    // No phone anywhere: no `from`, no `wa_id`; the BSUID in from_user_id and the contact's user_id.
    const body = b.fake.inboundPayload({ messages: [{ from: first, username: "sheena.n", name: "Sheena", text: "hi, are you open tonight?" }] });
    expect(JSON.stringify(body)).not.toMatch(/"from":|"wa_id":/);
    expect(await b.fake.postInbound(body)).toBe(200);
    await settle();
    const [received] = await messagesOf(b.businessId);
    expect(received).toMatchObject({ direction: "inbound", source: "customer", text: "hi, are you open tonight?" });
    const contact = await contactRow(received.contactId);
    expect(contact).toMatchObject({ phone: null, waUserId: first, username: "@sheena.n", name: "Sheena" });
    const [event] = await eventsOf(b.businessId, "message.received");
    expect(event.payload).toMatchObject({ from: first, waUserId: first, username: "@sheena.n", contactId: contact.id });
    const [created] = await eventsOf(b.businessId, "contact.created");
    expect(created.payload).toMatchObject({ contact: { id: contact.id, phone: null, waUserId: first, username: "@sheena.n" } });

    // The assistant's reply goes to the BSUID in `recipient`, with no `to`.
    expect(await jobsFor(assistantTurn.name, "messageId", received.id)).toHaveLength(1);
    await runTurn(received.id);
    expect(b.fake.sent.length).toBeGreaterThan(0);
    for (const s of b.fake.sent) {
      expect(s.body.recipient).toBe(first);
      expect(s.body.to).toBeUndefined();
    }
    const replies = (await messagesOf(b.businessId)).filter((m) => m.direction === "outbound");
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((m) => m.status === "sent")).toBe(true);
    // Its status names the recipient by recipient_user_id alone, and applies; pricing takes the BSUID's country.
    await b.fake.postStatus(b.fake.sent[0].wamid, "delivered");
    await settle();
    const [delivered] = await queryRows<{ status: string; country: string | null }>(
      db(),
      sql`select status, pricing_country as country from messages where channel_message_id = ${b.fake.sent[0].wamid}`,
    );
    expect(delivered).toEqual({ status: "delivered", country: "US" });

    // Over /v1: searchable by username, carrying waUserId and username.
    const found = await api("GET", "/v1/contacts?search=sheena.n", { key: b.key });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([expect.objectContaining({ id: contact.id, phone: null, waUserId: first, username: "@sheena.n" })]);
    // A person (or the business's systems) writes to the BSUID over /v1, inside the window.
    const sent = await api("POST", "/v1/messages", { key: b.key, body: { to: first, text: "A table for two is free at 8." } });
    expect(sent.status).toBe(200);
    expect(sent.body.conversationId).toBe(received.conversationId);
    await settle();
    expect(b.fake.sent.at(-1)?.body).toMatchObject({ recipient: first, text: { body: "A table for two is free at 8." } });

    // WhatsApp issues a new BSUID (user_changed_user_id): the contact takes it, a line shows it, no turn.
    const second = bsuid();
    const notice = "User Sheena changed their WhatsApp id";
    await b.fake.postInbound(systemBody(b, { from_user_id: first, system: { body: notice, type: "user_changed_user_id", user_id: second } }));
    await settle();
    expect(await contactRow(contact.id)).toMatchObject({ waUserId: second, phone: null });
    const lines = await db().select().from(conversationEvents).where(eq(conversationEvents.conversationId, received.conversationId));
    expect(lines.map((l) => [l.kind, l.text])).toContainEqual(["number_changed", notice]);
    const before = (await messagesOf(b.businessId)).length;
    // The customer writes by the new BSUID, and later WhatsApp names their number beside it: one contact.
    // (Each one handled before the next: two webhooks naming the customer by different addresses may be
    // handled at the same time, in either order.)
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: second, bsuidInFrom: true, username: "sheena.n", text: "still me" }] }));
    await settle();
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: "+14155550199", userId: second, name: "Sheena", text: "and my number" }] }));
    await settle();
    const after = (await messagesOf(b.businessId)).slice(before);
    expect(after.map((m) => [m.text, m.contactId, m.conversationId])).toEqual([
      ["still me", contact.id, received.conversationId],
      ["and my number", contact.id, received.conversationId],
    ]);
    expect(await contactRow(contact.id)).toMatchObject({ phone: "+14155550199", waUserId: second, username: "@sheena.n" });
    const updated = await eventsOf(b.businessId, "contact.updated");
    expect(updated.map((e) => (e.payload as { changes: string[] }).changes)).toContainEqual(["waUserId"]);
  });

  it("joins a contact first known by phone (an API upsert) when WhatsApp names both, and keeps the phone for sends", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const id = bsuid("PT");
    const upserted = await api("POST", "/v1/contacts", { key: b.key, body: { phone: "+351912000111", name: "Rui" } });
    expect(upserted.status).toBe(200);
    expect(upserted.body).toMatchObject({ phone: "+351912000111", waUserId: null, username: null });
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: "+351912000111", userId: id, text: "olá" }] }));
    await settle();
    const [m] = await messagesOf(b.businessId);
    expect(m.contactId).toBe(upserted.body.id);
    expect(await contactRow(m.contactId)).toMatchObject({ phone: "+351912000111", waUserId: id });
    // A phone is known: sends use `to` (Meta's advice), even addressed by the BSUID.
    expect((await api("POST", "/v1/messages", { key: b.key, body: { to: id, text: "Olá Rui!" } })).status).toBe(200);
    await settle();
    expect(b.fake.sent.at(-1)?.body).toMatchObject({ to: "+351912000111" });
    expect(b.fake.sent.at(-1)?.body.recipient).toBeUndefined();
  });

  it("a message with no sender at all is kept as unusable, not dropped", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    // Beside a usable message (whose number routes the body to this test's worker).
    const body = b.fake.inboundPayload({ messages: [{ from: "+14155550123", text: "a usable one" }] }) as {
      entry: { changes: { value: unknown }[] }[];
    };
    const value = body.entry[0].changes[0].value as { messages: Record<string, unknown>[] };
    value.messages.push({ id: wamid(), timestamp: seconds(), type: "text", text: { body: "who am I" } });
    await b.fake.postInbound(body);
    await settle();
    expect((await messagesOf(b.businessId)).map((m) => m.text)).toEqual(["a usable one"]);
    const [kept] = await queryRows<{ kind: string; reason: string }>(
      db(),
      sql`select kind, reason from inbound_unusable where raw::text like ${`%${b.phoneNumberId}%`}`,
    );
    expect(kept).toMatchObject({ kind: "malformed" });
    expect(kept.reason).toMatch(/sender/);
  });
});

describe("POST /v1/contacts by BSUID and username", () => {
  it("upserts by any identifier, refuses none and identifiers of two contacts, and POST /v1/messages takes a BSUID", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const id = bsuid("BR");
    const made = await api("POST", "/v1/contacts", { key: b.key, body: { waUserId: id, username: "ana_b", tags: ["vip"] } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ phone: null, waUserId: id, username: "@ana_b", tags: ["vip"] });
    // The same customer by username: the same contact, which takes the phone given with it.
    const again = await api("POST", "/v1/contacts", { key: b.key, body: { username: "@ana_b", phone: "+5511987650001", name: "Ana" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: made.body.id, phone: "+5511987650001", waUserId: id, username: "@ana_b", name: "Ana", tags: ["vip"] });

    const none = await api("POST", "/v1/contacts", { key: b.key, body: { name: "Nobody" } });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("invalid_request");
    const badId = await api("POST", "/v1/contacts", { key: b.key, body: { waUserId: "not-a-bsuid" } });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body.error.details)).toContain("waUserId");
    // A phone of one contact with the BSUID of another: refused, nothing changes.
    const other = await api("POST", "/v1/contacts", { key: b.key, body: { phone: "+5511987650002" } });
    const clash = await api("POST", "/v1/contacts", { key: b.key, body: { phone: "+5511987650002", waUserId: id } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("conflict");
    expect(await contactRow(other.body.id)).toMatchObject({ phone: "+5511987650002", waUserId: null });

    // `to` is a phone or a BSUID; anything else is a 400.
    const bad = await api("POST", "/v1/messages", { key: b.key, body: { to: "sheena", text: "hi" } });
    expect(bad.status).toBe(400);
    // The BSUID names Ana, who has not written: the 24-hour rule applies to her as to anyone.
    const closed = await api("POST", "/v1/messages", { key: b.key, body: { to: id, text: "hi Ana" } });
    expect(closed.status).toBe(422);
    expect(closed.body.error.code).toBe("outside_messaging_window");

    // Another business's contact is not found by the same BSUID.
    const stranger = await connectedBusiness(app);
    try {
      const theirs = await api("GET", `/v1/contacts?search=${encodeURIComponent(id)}`, { key: stranger.key });
      expect(theirs.body.data).toEqual([]);
    } finally {
      await stranger.fake.close();
    }
  });
});
