import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
