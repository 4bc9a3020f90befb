import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markSandboxDelivered } from "../../lib/channels/sandbox";
import { newSandboxCustomer, sandboxThread, simulateInbound } from "../../lib/channels/sandbox-simulator";
import { db } from "../../lib/db/client";
import { contacts } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { assistantTurn } from "../../lib/messages/receive-message";
import { sendMessage } from "../../lib/messages/send-message";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { type AppServer, channelWorker, connectedBusiness, eventsOf, jobsFor, message, own, setChannelEnv, startAppServer, waitFor } from "./harness";

let app: AppServer;
let worker: Worker;

beforeAll(async () => {
  // Nothing in this file may reach a Graph server: point WhatsApp at a closed port.
  setChannelEnv("http://127.0.0.1:9/v26.0");
  app = await startAppServer();
  worker = channelWorker();
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

async function sandboxBusiness() {
  const b = await makeBusiness();
  own({ businessId: b.businessId });
  return b;
}

const sent = (id: string) => waitFor(async () => ((await message(id))?.status === "sent" ? message(id) : null));

describe("sandbox channel", () => {
  it("hands out fresh +1999 customers", () => {
    const phones = new Set(Array.from({ length: 50 }, () => newSandboxCustomer()));
    expect(phones.size).toBe(50);
    for (const p of phones) expect(p).toMatch(/^\+1999\d{7}$/);
  });

  it("receives a simulated customer like a WhatsApp one, on the sandbox channel", async () => {
    const b = await sandboxBusiness();
    const phone = newSandboxCustomer();
    const { message: m, conversationId, contactId } = await simulateInbound(db(), b.businessId, { phone, name: "Sam", text: "  Do you deliver?  " });
    expect(m).toMatchObject({ direction: "inbound", source: "customer", status: "received", text: "Do you deliver?", conversationId });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact).toMatchObject({ phone, name: "Sam", channel: "sandbox" });
    expect((await eventsOf(b.businessId)).map((e) => e.type)).toEqual(["contact.created", "message.received"]);
    expect(await jobsFor(assistantTurn.name, "messageId", m.id)).toHaveLength(1);
    await expect(simulateInbound(db(), b.businessId, { phone: "12345", text: "x" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(simulateInbound(db(), b.businessId, { phone, text: "   " })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("sends replies at once with an sbx_ id and marks them delivered when the simulator shows them", async () => {
    const b = await sandboxBusiness();
    const phone = newSandboxCustomer();
    const first = await simulateInbound(db(), b.businessId, { phone, name: "Sam", text: "hi" });
    const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, text: "Hello Sam!" } });
    expect(res.status).toBe(200);
    const reply = await sent(res.body.id);
    expect(reply).toMatchObject({ channel: "sandbox", status: "sent" });
    expect(reply.channelMessageId).toMatch(/^sbx_/);
    const events = await eventsOf(b.businessId, "message.sent");
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ messageId: reply.id, to: phone, text: "Hello Sam!", source: "api" })]);

    const thread = await sandboxThread(db(), b.businessId, phone);
    expect(thread).toMatchObject({ contactId: first.contactId, conversationId: first.conversationId, conversationStatus: "open" });
    expect(thread.messages.map((m) => [m.direction, m.text, m.status])).toEqual([
      ["inbound", "hi", "received"],
      ["outbound", "Hello Sam!", "delivered"],
    ]);
    expect((await message(reply.id)).status).toBe("delivered");

    // Polling after the last shown message returns only what is new, oldest first.
    const choice = await sendMessage(
      db(),
      b.businessId,
      { to: phone, type: "text", text: "Pick one" },
      {
        source: "assistant",
        interactive: { kind: "buttons", options: ["Pickup", "Delivery"] },
      },
    );
    await sent(choice.id);
    const next = await sandboxThread(db(), b.businessId, phone, reply.id);
    expect(next.messages.map((m) => [m.id, m.status])).toEqual([[choice.id, "delivered"]]);
    expect(next.messages[0].interactive).toEqual({ kind: "buttons", options: ["Pickup", "Delivery"] });
    expect((await sandboxThread(db(), b.businessId, phone, choice.id)).messages).toEqual([]);
    expect(await sandboxThread(db(), b.businessId, newSandboxCustomer())).toEqual({
      contactId: null,
      conversationId: null,
      conversationStatus: null,
      messages: [],
    });
  });

  it("markSandboxDelivered moves only sent sandbox messages of that business", async () => {
    const b = await sandboxBusiness();
    const other = await sandboxBusiness();
    const phone = newSandboxCustomer();
    await simulateInbound(db(), b.businessId, { phone, text: "hi" });
    const m = await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "hey" }, { source: "agent" });
    await sent(m.id);
    expect(await markSandboxDelivered(db(), other.businessId, [m.id])).toEqual([]);
    expect(await markSandboxDelivered(db(), b.businessId, [m.id])).toEqual([m.id]);
    expect(await markSandboxDelivered(db(), b.businessId, [m.id])).toEqual([]);
  });

  it("uses the sandbox for a sandbox contact even when the business has WhatsApp, and never simulates a WhatsApp contact", async () => {
    const b = await connectedBusiness(app);
    try {
      const phone = newSandboxCustomer();
      await simulateInbound(db(), b.businessId, { phone, text: "testing" });
      const m = await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "sandbox reply" }, { source: "agent" });
      expect((await sent(m.id)).channel).toBe("sandbox");
      expect(b.fake.attempts).toHaveLength(0);

      const waPhone = uniquePhone();
      await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: waPhone, text: "real customer" }] }));
      await waitFor(async () => (await db().select().from(contacts).where(eq(contacts.phone, waPhone))).length > 0);
      await expect(simulateInbound(db(), b.businessId, { phone: waPhone, text: "spoof" })).rejects.toMatchObject({ code: "invalid_request" });
    } finally {
      await b.fake.close();
      setChannelEnv("http://127.0.0.1:9/v26.0");
    }
  });
});
