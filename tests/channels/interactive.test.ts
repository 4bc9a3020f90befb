import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "../../lib/jobs/worker";
import { simulateInbound } from "../../lib/channels";
import { db } from "../../lib/db/client";
import { api, makeBusiness } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
  own,
} from "./harness";

// Issue 38 items 1 and 2: interactive messages from people and the API (reply buttons, lists, CTA URL
// buttons, location requests) checked against WhatsApp's limits, the customer's answer as a message with
// its choice, and quoted replies both ways, against the fake Graph server (which refuses what Meta refuses).

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

const CUSTOMER = "+14155550142";

/** A connected business whose customer has written (the 24-hour window is open). */
async function talking(): Promise<{ b: Connected; inbound: Awaited<ReturnType<typeof messagesOf>>[number] }> {
  biz = await connectedBusiness(app);
  const b = biz;
  await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, name: "Ines", text: "hello, a question" }] }));
  await settle();
  const [inbound] = await messagesOf(b.businessId);
  return { b, inbound };
}

const send = (b: Connected, body: object) => api("POST", "/v1/messages", { key: b.key, body: { to: CUSTOMER, ...body } });

describe("POST /v1/messages type interactive", () => {
  it("refuses what WhatsApp would, naming each field, and stores nothing", async () => {
    const { b } = await talking();
    const before = (await messagesOf(b.businessId)).length;
    const button = (i: number, title = `Option ${i}`) => ({ id: `b${i}`, title });
    const cases: [object, string][] = [
      [{ type: "button", body: "Pick", buttons: [1, 2, 3, 4].map((i) => button(i)) }, "interactive.buttons"],
      [{ type: "button", body: "Pick", buttons: [button(1, "x".repeat(21))] }, "interactive.buttons[0].title"],
      [
        {
          type: "button",
          body: "Pick",
          buttons: [
            { id: "a", title: "One" },
            { id: "a", title: "Two" },
          ],
        },
        "interactive.buttons[1].id",
      ],
      [{ type: "button", body: "Pick", buttons: [{ id: "x".repeat(257), title: "One" }] }, "interactive.buttons[0].id"],
      [{ type: "button", body: "x".repeat(1025), buttons: [button(1)] }, "interactive.body"],
      [{ type: "button", body: "Pick", header: "h".repeat(61), buttons: [button(1)] }, "interactive.header"],
      [{ type: "button", body: "Pick", footer: "f".repeat(61), buttons: [button(1)] }, "interactive.footer"],
      [
        {
          type: "list",
          body: "Menu",
          button: "See the menu",
          sections: [
            { title: "Starters", rows: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `s${i}`, title: `Starter ${i}` })) },
            { title: "Mains", rows: [1, 2, 3, 4, 5].map((i) => ({ id: `m${i}`, title: `Main ${i}` })) },
          ],
        },
        "interactive.sections",
      ],
      [
        { type: "list", body: "Menu", button: "See", sections: [{ rows: [{ id: "a", title: "A" }] }, { rows: [{ id: "b", title: "B" }] }] },
        "interactive.sections[0].title",
      ],
      [{ type: "list", body: "Menu", button: "b".repeat(21), sections: [{ rows: [{ id: "a", title: "A" }] }] }, "interactive.button"],
      [
        { type: "list", body: "Menu", button: "See", sections: [{ rows: [{ id: "a", title: "t".repeat(25) }] }] },
        "interactive.sections[0].rows[0].title",
      ],
      [
        { type: "list", body: "Menu", button: "See", sections: [{ rows: [{ id: "a", title: "A", description: "d".repeat(73) }] }] },
        "interactive.sections[0].rows[0].description",
      ],
      [
        { type: "list", body: "Menu", button: "See", sections: [{ title: "s".repeat(25), rows: [{ id: "a", title: "A" }] }] },
        "interactive.sections[0].title",
      ],
      [{ type: "cta_url", body: "Track it", button: { text: "Track", url: "ftp://example.com" } }, "interactive.button.url"],
      [{ type: "cta_url", body: "Track it", button: { text: "t".repeat(21), url: "https://example.com" } }, "interactive.button.text"],
      [{ type: "flow", body: "Which Flow?" }, "interactive.flow"],
    ];
    for (const [interactive, path] of cases) {
      const res = await send(b, { type: "interactive", interactive });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Type and payload must agree.
    expect((await send(b, { type: "interactive" })).body.error.details[0].path).toBe("interactive");
    expect((await send(b, { text: "hi", interactive: { type: "location_request", body: "Where?" } })).status).toBe(400);
    await settle();
    expect((await messagesOf(b.businessId)).length).toBe(before);
    expect(b.fake.sent).toHaveLength(0);
  });

  it("sends buttons, a list, a CTA URL button and a location request as Meta expects, and the answers come back with their ids", async () => {
    const { b } = await talking();
    const buttons = await send(b, {
      type: "interactive",
      interactive: {
        type: "button",
        header: "Your table",
        body: "Shall we keep your table for 8 pm?",
        footer: "Casa Ines",
        buttons: [
          { id: "keep", title: "Keep it" },
          { id: "cancel", title: "Cancel" },
        ],
      },
    });
    expect(buttons.status).toBe(200);
    const list = await send(b, {
      type: "interactive",
      interactive: {
        type: "list",
        body: "What would you like?",
        button: "See the menu",
        sections: [
          { title: "Pizza", rows: [{ id: "marg", title: "Margherita", description: "Tomato, mozzarella, basil" }] },
          { title: "Pasta", rows: [{ id: "carb", title: "Carbonara" }] },
        ],
      },
    });
    expect(list.status).toBe(200);
    expect(
      (
        await send(b, {
          type: "interactive",
          interactive: { type: "cta_url", body: "Your order", button: { text: "Track order", url: "https://example.com/t/1" } },
        })
      ).status,
    ).toBe(200);
    expect((await send(b, { type: "interactive", interactive: { type: "location_request", body: "Where should we deliver?" } })).status).toBe(200);
    await settle();
    const bodies = b.fake.sent.map((s) => s.body);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]).toMatchObject({
      to: CUSTOMER,
      type: "interactive",
      interactive: {
        type: "button",
        header: { type: "text", text: "Your table" },
        body: { text: "Shall we keep your table for 8 pm?" },
        footer: { text: "Casa Ines" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "keep", title: "Keep it" } },
            { type: "reply", reply: { id: "cancel", title: "Cancel" } },
          ],
        },
      },
    });
    expect(bodies[1].interactive).toEqual({
      type: "list",
      body: { text: "What would you like?" },
      action: {
        button: "See the menu",
        sections: [
          { title: "Pizza", rows: [{ id: "marg", title: "Margherita", description: "Tomato, mozzarella, basil" }] },
          { title: "Pasta", rows: [{ id: "carb", title: "Carbonara" }] },
        ],
      },
    });
    expect(bodies[2].interactive).toEqual({
      type: "cta_url",
      body: { text: "Your order" },
      action: { name: "cta_url", parameters: { display_text: "Track order", url: "https://example.com/t/1" } },
    });
    expect(bodies[3].interactive).toEqual({
      type: "location_request_message",
      body: { text: "Where should we deliver?" },
      action: { name: "send_location" },
    });
    const out = (await messagesOf(b.businessId)).filter((m) => m.direction === "outbound");
    expect(out.map((m) => [m.type, m.status, m.text])).toEqual([
      ["interactive", "sent", "Shall we keep your table for 8 pm?"],
      ["interactive", "sent", "What would you like?"],
      ["interactive", "sent", "Your order"],
      ["interactive", "sent", "Where should we deliver?"],
    ]);

    // The customer taps "Keep it" (its context names the buttons' message) and picks Margherita.
    const [buttonsWamid, listWamid, , locationWamid] = b.fake.sent.map((s) => s.wamid);
    await b.fake.postInbound(
      b.fake.inboundPayload({
        messages: [
          { from: CUSTOMER, type: "interactive", kind: "button_reply", replyId: "keep", title: "Keep it", context: buttonsWamid },
          {
            from: CUSTOMER,
            type: "interactive",
            kind: "list_reply",
            replyId: "marg",
            title: "Margherita",
            description: "Tomato, mozzarella, basil",
            context: listWamid,
          },
          { from: CUSTOMER, type: "location", latitude: 38.7106, longitude: -9.1365, name: "Rua Augusta 1", context: locationWamid },
        ],
      }),
    );
    await settle();
    const all = await messagesOf(b.businessId);
    const [tap, pick, place] = all.filter((m) => m.direction === "inbound").slice(1);
    expect(tap).toMatchObject({ type: "interactive", text: "Keep it", replyToId: buttons.body.id });
    expect(pick).toMatchObject({ type: "interactive", text: "Margherita", replyToId: list.body.id });
    expect(place).toMatchObject({ type: "location", replyToId: out[3].id });
    const received = (await eventsOf(b.businessId, "message.received")).slice(1).map((e) => e.payload);
    expect(received[0]).toMatchObject({
      messageId: tap.id,
      messageType: "interactive",
      replyTo: buttons.body.id,
      choice: { kind: "button", id: "keep", title: "Keep it", description: null },
    });
    expect(received[1]).toMatchObject({ choice: { kind: "list", id: "marg", title: "Margherita", description: "Tomato, mozzarella, basil" } });
    expect(received[2].choice).toBeUndefined();
    expect(received[2]).toMatchObject({ replyTo: out[3].id, location: { latitude: 38.7106, longitude: -9.1365, name: "Rua Augusta 1" } });

    // Over /v1: what was offered, what was chosen and what it answers.
    const page = await api("GET", `/v1/conversations/${tap.conversationId}/messages?limit=50`, { key: b.key });
    expect(page.status).toBe(200);
    const byId = new Map(page.body.data.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(buttons.body.id)).toMatchObject({
      type: "interactive",
      interactive: { type: "button", buttons: [{ id: "keep", title: "Keep it" }, { id: "cancel" }] },
      choice: null,
    });
    expect(byId.get(tap.id)).toMatchObject({
      choice: { kind: "button", id: "keep", title: "Keep it" },
      replyTo: buttons.body.id,
      quoted: { id: buttons.body.id, direction: "outbound", type: "interactive", text: "Shall we keep your table for 8 pm?" },
    });
  });

  it("the fake Graph server refuses a fourth button and a 25-character title with 131009, and the message fails", async () => {
    const { b } = await talking();
    const post = (interactive: object) =>
      fetch(`${b.fake.url}/${b.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${b.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: CUSTOMER, type: "interactive", interactive }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const reply = (id: string, title: string) => ({ type: "reply", reply: { id, title } });
    const four = await post({ type: "button", body: { text: "Pick" }, action: { buttons: ["a", "b", "c", "d"].map((x) => reply(x, x)) } });
    expect(four.status).toBe(400);
    expect(four.body.error).toMatchObject({ code: 131009, message: "(#131009) Parameter value is not valid" });
    expect(four.body.error.error_data.details).toMatch(/max 3/);
    const long = await post({ type: "button", body: { text: "Pick" }, action: { buttons: [reply("a", "x".repeat(25))] } });
    expect(long.body.error.code).toBe(131009);
    expect(long.body.error.error_data.details).toMatch(/Max length is 20/);
    const rows = await post({
      type: "list",
      body: { text: "Menu" },
      action: { button: "See", sections: [{ title: "All", rows: Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, title: `Row ${i}` })) }] },
    });
    expect(rows.body.error.code).toBe(131009);
    const ok = await post({ type: "button", body: { text: "Pick" }, action: { buttons: [reply("a", "Yes"), reply("b", "No")] } });
    expect(ok.status).toBe(200);
  });
});

describe("quoted replies", () => {
  it("an inbound reply to a message carries replyTo; a reply from the API quotes with context.message_id; other ids answer alike", async () => {
    const { b, inbound } = await talking();
    const first = await send(b, { text: "We open at noon." });
    await settle();
    const ourWamid = b.fake.sent[0].wamid;
    // The customer quotes our message.
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, text: "and on Sundays?", context: ourWamid }] }));
    // And a reply to a message this service never saw: stored, quoting nothing known.
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, text: "this one?", context: "wamid.unknown123" }] }));
    await settle();
    const inbound2 = (await messagesOf(b.businessId)).filter((m) => m.direction === "inbound");
    expect(inbound2.map((m) => [m.text, m.replyToId])).toEqual([
      ["hello, a question", null],
      ["and on Sundays?", first.body.id],
      ["this one?", null],
    ]);
    const [, quotedEvent, unknownEvent] = (await eventsOf(b.businessId, "message.received")).map((e) => e.payload);
    expect(quotedEvent).toMatchObject({ text: "and on Sundays?", replyTo: first.body.id });
    expect(unknownEvent.replyTo).toBeUndefined();

    // We answer quoting their first message.
    const answer = await send(b, { text: "Sundays too, from 1 pm.", replyTo: inbound.id });
    expect(answer.status).toBe(200);
    await settle();
    expect(b.fake.sent.at(-1)?.body).toMatchObject({ text: { body: "Sundays too, from 1 pm." }, context: { message_id: inbound.channelMessageId } });
    // Interactive and media replies may quote too.
    const quotedButtons = await send(b, {
      type: "interactive",
      replyTo: inbound2[1].id,
      interactive: { type: "button", body: "Book a Sunday table?", buttons: [{ id: "yes", title: "Yes" }] },
    });
    expect(quotedButtons.status).toBe(200);
    await settle();
    expect(b.fake.sent.at(-1)?.body).toMatchObject({ type: "interactive", context: { message_id: inbound2[1].channelMessageId } });

    // Unknown, another business's, and a template quoting: 400 on replyTo, alike, nothing stored.
    const other = await makeBusiness();
    const otherMsg = await simulateInbound(db(), other.businessId, { phone: "+19995550142", text: "another business's customer" });
    const before = (await messagesOf(b.businessId)).length;
    const missing = await send(b, { text: "x", replyTo: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T" });
    const foreign = await send(b, { text: "x", replyTo: otherMsg.message.id });
    expect(missing.status).toBe(400);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toEqual({ ...missing.body.error, requestId: foreign.body.error.requestId });
    expect(missing.body.error.details).toEqual([{ path: "replyTo", message: "No message with this id in the customer's current conversation." }]);
    const template = await send(b, { type: "template", template: { name: "hello", language: "en" }, replyTo: inbound.id });
    expect(template.status).toBe(400);
    expect(template.body.error.details[0].path).toBe("replyTo");
    expect((await messagesOf(b.businessId)).length).toBe(before);

    // The thread shows the quote.
    const page = await api("GET", `/v1/conversations/${inbound.conversationId}/messages`, { key: b.key });
    const answered = page.body.data.find((m: { id: string }) => m.id === answer.body.id);
    expect(answered).toMatchObject({ replyTo: inbound.id, quoted: { id: inbound.id, direction: "inbound", text: "hello, a question" } });
  });

  it("a message of another conversation of the same business answers like a missing one", async () => {
    const { b } = await talking();
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: "+14155550177", text: "another customer" }] }));
    await settle();
    const otherCustomers = (await messagesOf(b.businessId)).find((m) => m.text === "another customer");
    expect(otherCustomers).toBeDefined();
    const res = await send(b, { text: "x", replyTo: otherCustomers?.id });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: "replyTo", message: "No message with this id in the customer's current conversation." }]);
  });
});

describe("the simulator answers as a customer", () => {
  it("a tapped button arrives with its id and the message it answers; a foreign message quotes nothing", async () => {
    const b = await makeBusiness();
    own({ businessId: b.businessId });
    const phone = "+19995550777";
    await simulateInbound(db(), b.businessId, { phone, text: "hi" });
    const sent = await api("POST", "/v1/messages", {
      key: b.key,
      body: {
        to: phone,
        type: "interactive",
        interactive: {
          type: "button",
          body: "Table inside or outside?",
          buttons: [
            { id: "in", title: "Inside" },
            { id: "out", title: "Outside" },
          ],
        },
      },
    });
    expect(sent.status).toBe(200);
    await settle();
    const tap = await simulateInbound(db(), b.businessId, { phone, reply: { kind: "button", id: "out", title: "Outside" }, replyTo: sent.body.id });
    expect(tap.message).toMatchObject({
      type: "interactive",
      text: "Outside",
      replyTo: sent.body.id,
      choice: { kind: "button", id: "out", title: "Outside" },
    });
    const [, event] = (await eventsOf(b.businessId, "message.received")).map((e) => e.payload);
    expect(event).toMatchObject({ replyTo: sent.body.id, choice: { kind: "button", id: "out", title: "Outside" } });
    // Another business's message id quotes nothing.
    const other = await makeBusiness();
    const foreign = await simulateInbound(db(), other.businessId, { phone, text: "elsewhere" });
    const stray = await simulateInbound(db(), b.businessId, { phone, text: "and this", replyTo: foreign.message.id });
    expect(stray.message.replyTo).toBeNull();
  });
});
