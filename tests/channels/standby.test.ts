import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "../../lib/db/client";
import { contacts, conversationEvents } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { assistantTurn } from "../../lib/messages/receive-message";
import { api } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  jobsFor,
  message,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
} from "./harness";

// Meta Business Agent on the same number (issue 37 item 7): the conversations it holds arrive on the
// `standby` field, the customer's messages and its own replies (message echoes). They are stored and
// shown (its replies as `meta_agent`), our assistant stays silent on them, and a reply from here takes
// the conversation back, as Meta documents (sending a service message makes this app the handler).

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

const wamid = () => `wamid.${randomBytes(12).toString("base64url")}`;
const seconds = (offset = 0) => String(Math.floor(Date.now() / 1000) + offset);

function standby(b: Connected, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "9100000000001",
        changes: [
          {
            field: "standby",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: b.phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

describe("conversations Meta Business Agent holds (the standby field)", () => {
  it("are stored with the agent's replies labelled as its own; the assistant stays silent; a reply from here takes over", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const [asked, answered] = [wamid(), wamid()];
    const body = standby(b, {
      contacts: [{ wa_id: "351916000001", profile: { name: "Inês" } }],
      messages: [{ from: "351916000001", id: asked, timestamp: seconds(-5), type: "text", text: { body: "do you have gluten-free pasta?" } }],
      message_echoes: [
        { from: "15550783881", to: "351916000001", id: answered, timestamp: seconds(-2), type: "text", text: { body: "Yes, penne and fusilli." } },
      ],
    });
    expect(await b.fake.postInbound(body)).toBe(200);
    await settle();
    const thread = await messagesOf(b.businessId);
    expect(thread.map((m) => [m.direction, m.source, m.text, m.status])).toEqual([
      ["inbound", "customer", "do you have gluten-free pasta?", "received"],
      ["outbound", "meta_agent", "Yes, penne and fusilli.", "sent"],
    ]);
    const [inbound, echo] = thread;
    expect(echo).toMatchObject({ channelMessageId: answered, conversationId: inbound.conversationId, contactId: inbound.contactId });
    // Our assistant stays silent on a conversation Meta's agent holds.
    expect(await jobsFor(assistantTurn.name, "messageId", inbound.id)).toHaveLength(0);
    expect(b.fake.sent).toHaveLength(0);
    // The same body again changes nothing; the echo's status applies to it.
    await b.fake.postInbound(body);
    await b.fake.postStatus(answered, "read", { recipient: "351916000001" });
    await settle();
    expect(await messagesOf(b.businessId)).toHaveLength(2);
    expect((await message(echo.id)).status).toBe("read");

    // Over the API the message says who wrote it.
    const page = await api("GET", `/v1/conversations/${inbound.conversationId}/messages`, { key: b.key });
    expect(page.body.data.map((m: { source: string }) => m.source).sort()).toEqual(["customer", "meta_agent"]);

    // A reply from here is a service message inside the window: it goes out, and Meta makes this app the handler.
    const reply = await api("POST", "/v1/messages", { key: b.key, body: { to: "+351916000001", text: "A person here: we also have gnocchi." } });
    expect(reply.status).toBe(200);
    await settle();
    expect(b.fake.sent.map((s) => (s.body as { text?: { body: string } }).text?.body)).toEqual(["A person here: we also have gnocchi."]);
    // The customer's next message then arrives on `messages`, and is this service's to answer.
    const next = wamid();
    await b.fake.postInbound(
      b.fake.inboundPayload({ phoneNumberId: b.phoneNumberId, messages: [{ from: "+351916000001", id: next, text: "thanks!" }] }),
    );
    await settle();
    const thanks = (await messagesOf(b.businessId)).find((m) => m.channelMessageId === next);
    expect(thanks).toMatchObject({ source: "customer" });
    expect(await jobsFor(assistantTurn.name, "messageId", thanks?.id as string)).toHaveLength(1);
  });
});

describe("a customer's new number (a system message)", () => {
  it("moves the contact to it, shows a line in the thread, and starts no turn; a number taken by another contact is left alone", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    await b.fake.postInbound(b.fake.inboundPayload({ phoneNumberId: b.phoneNumberId, messages: [{ from: "+351917000001", text: "hello" }] }));
    await settle();
    const [first] = await messagesOf(b.businessId);
    const notice = "Rui changed from 351917000001 to 351917000002";
    const system = (from: string, to: string, body: string) => ({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "9100000000002",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: b.phoneNumberId },
                messages: [{ from, id: wamid(), timestamp: seconds(), type: "system", system: { body, wa_id: to, type: "user_changed_number" } }],
              },
            },
          ],
        },
      ],
    });
    expect(await b.fake.postInbound(system("351917000001", "351917000002", notice))).toBe(200);
    await settle();
    const phoneOf = async (id: string) => (await db().select().from(contacts).where(eq(contacts.id, id)))[0]?.phone;
    expect(await phoneOf(first.contactId)).toBe("+351917000002");
    // No message and no turn: a line in the thread.
    expect(await messagesOf(b.businessId)).toHaveLength(1);
    const history = await api("GET", `/v1/conversations/${first.conversationId}/events`, { key: b.key });
    if (history.status === 200)
      expect(history.body.data.map((e: { event: string; text: string }) => [e.event, e.text])).toContainEqual(["number_changed", notice]);
    const lines = await db().select().from(conversationEvents).where(eq(conversationEvents.conversationId, first.conversationId));
    expect(lines.map((l) => [l.kind, l.text])).toEqual([["number_changed", notice]]);
    // The customer writes from the new number: the same contact and conversation.
    await b.fake.postInbound(b.fake.inboundPayload({ phoneNumberId: b.phoneNumberId, messages: [{ from: "+351917000002", text: "it's me again" }] }));
    await settle();
    const again = (await messagesOf(b.businessId)).at(-1);
    expect(again).toMatchObject({ contactId: first.contactId, conversationId: first.conversationId });

    // Moving onto a number another contact has: both stay, the line says so.
    await b.fake.postInbound(b.fake.inboundPayload({ phoneNumberId: b.phoneNumberId, messages: [{ from: "+351917000003", text: "hi" }] }));
    await settle();
    await b.fake.postInbound(system("351917000003", "351917000002", "Ana changed from 351917000003 to 351917000002"));
    await settle();
    const ana = (await messagesOf(b.businessId)).at(-1);
    expect(await phoneOf(ana?.contactId as string)).toBe("+351917000003");
    const anaLines = await db()
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.conversationId, ana?.conversationId as string));
    expect(anaLines[0].text).toContain("already another contact");
  });
});
