import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedAudioPacketSource, EncodedPacket, Input, Output, WebMOutputFormat } from "mediabunny";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSandboxCustomer, sandboxThread, setWhatsApp, simulateInbound } from "../../lib/channels";
import { db } from "../../lib/db/client";
import { events, messages, templates } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { type FakeGraph, startFakeGraph } from "../fakes/graph-server";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";
import {
  APP_SECRET,
  type AppServer,
  channelWorker,
  newBusinessAccountId,
  newPhoneNumberId,
  own,
  setChannelEnv,
  settle,
  startAppServer,
  waitFor,
} from "./harness";

// Issue 38: templates with every component Meta defines (header, footer, buttons, named parameters),
// submitted, synced and sent through the fake Graph API, which checks them as Meta does; and staff
// voice notes (a browser's WebM/Opus recording, stored as OGG/Opus and sent with `voice: true`).

type Account = TestBusiness & { fake: FakeGraph; wabaId: string; phoneNumberId: string; accessToken: string };

let app: AppServer;
let worker: Worker;
const fakes: FakeGraph[] = [];

beforeAll(async () => {
  app = await startAppServer();
  worker = channelWorker();
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(fakes.map((f) => f.close()));
  await app.close();
});

async function account(): Promise<Account> {
  const phoneNumberId = newPhoneNumberId();
  const wabaId = newBusinessAccountId();
  const accessToken = `EAAG${randomBytes(12).toString("hex")}`;
  const fake = await startFakeGraph({
    appWebhookUrl: app.webhookUrl,
    appSecret: APP_SECRET,
    accessTokens: { [phoneNumberId]: accessToken },
    businessAccountIds: [wabaId],
    enforceTemplates: true,
  });
  fakes.push(fake);
  setChannelEnv(fake.url);
  const business = await makeBusiness();
  await setWhatsApp(db(), business.businessId, { phoneNumberId, accessToken, displayNumber: "+15550783881", businessAccountId: wabaId });
  own({ businessId: business.businessId, phoneNumberId, businessAccountId: wabaId });
  return { ...business, fake, wabaId, phoneNumberId, accessToken };
}

async function upload(key: string, bytes: Uint8Array, mimeType: string, filename: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return api("POST", "/v1/media", { key, rawBody: raw, headers: { "content-type": encoded.headers.get("content-type") as string } });
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200), Buffer.from([0xff, 0xd9])]);
const HANDLE = "4::aW1hZ2UvanBlZw==:ARZexample";

const shipped = {
  name: "order_shipped",
  language: "en",
  category: "utility",
  header: { format: "image", example: HANDLE },
  body: "Hi {{1}}, your order {{2}} is on its way.",
  examples: ["Ana", "A-1042"],
  footer: "Reply STOP to opt out",
  buttons: [
    { type: "quick_reply", text: "Thanks!" },
    { type: "quick_reply", text: "Talk to someone" },
    { type: "url", text: "Track order", url: "https://shop.example/track/{{1}}", example: "https://shop.example/track/A-1042" },
    { type: "phone_number", text: "Call us", phoneNumber: "+15550100200" },
    { type: "copy_code", example: "SAVE10" },
  ],
};

async function approve(a: Account, name: string) {
  const t = [...a.fake.templates.all.values()].find((x) => x.name === name);
  if (!t) throw new Error(`no template ${name} at the fake`);
  expect(await a.fake.templates.review(t.id, "APPROVED")).toBe(200);
  await waitFor(async () => {
    const [row] = await db()
      .select()
      .from(templates)
      .where(and(eq(templates.businessId, a.businessId), eq(templates.name, name)));
    return row?.status === "approved";
  });
}

describe("templates with every component", () => {
  it("submits header, body, footer and buttons as Meta's components, and sends with the header image and button values", async () => {
    const a = await account();
    const created = await api("POST", "/v1/templates", { key: a.key, body: shipped });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "pending", header: shipped.header, footer: shipped.footer, buttons: shipped.buttons });

    const [atMeta] = [...a.fake.templates.all.values()];
    expect(atMeta.components).toEqual([
      { type: "HEADER", format: "IMAGE", example: { header_handle: [HANDLE] } },
      { type: "BODY", text: shipped.body, example: { body_text: [["Ana", "A-1042"]] } },
      { type: "FOOTER", text: "Reply STOP to opt out" },
      {
        type: "BUTTONS",
        buttons: [
          { type: "QUICK_REPLY", text: "Thanks!" },
          { type: "QUICK_REPLY", text: "Talk to someone" },
          { type: "URL", text: "Track order", url: "https://shop.example/track/{{1}}", example: ["https://shop.example/track/A-1042"] },
          { type: "PHONE_NUMBER", text: "Call us", phone_number: "+15550100200" },
          { type: "COPY_CODE", example: "SAVE10" },
        ],
      },
    ]);
    await approve(a, "order_shipped");

    const to = uniquePhone();
    const send = (template: Record<string, unknown>) =>
      api("POST", "/v1/messages", { key: a.key, body: { to, type: "template", template: { name: "order_shipped", language: "en", ...template } } });
    const values = {
      variables: ["Ana", "A-1042"],
      buttons: [
        { index: 2, text: "A-1042" },
        { index: 4, text: "SAVE10" },
      ],
    };

    // Our own checks, before Meta: the image header needs its file, the URL's variable and the code their values.
    const noHeader = await send(values);
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.error.details[0].path).toBe("template.header.media");
    const noUrl = await send({ ...values, buttons: [{ index: 4, text: "SAVE10" }], header: { media: { id: "med_x" } } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.details[0].path).toBe("template.buttons.2");
    const wrongKind = await send({ ...values, buttons: [...values.buttons, { index: 3, text: "x" }], header: { media: { id: "med_x" } } });
    expect(wrongKind.status).toBe(400);
    expect(await db().select().from(messages).where(eq(messages.businessId, a.businessId))).toHaveLength(0);

    const image = await upload(a.key, JPEG, "image/jpeg", "parcel.jpg");
    expect(image.status).toBe(200);
    const sent = await send({ ...values, header: { media: { id: image.body.id } } });
    expect(sent.status).toBe(200);
    await settle();
    await waitFor(async () => a.fake.sent.some((m) => m.body.type === "template"));
    const payload = a.fake.sent.find((m) => m.body.type === "template")?.body;
    const uploaded = a.fake.uploads.at(-1);
    expect(uploaded?.bytes.equals(JPEG)).toBe(true);
    expect(payload.template).toEqual({
      name: "order_shipped",
      language: { code: "en" },
      components: [
        { type: "header", parameters: [{ type: "image", image: { id: uploaded?.id } }] },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ana" },
            { type: "text", text: "A-1042" },
          ],
        },
        { type: "button", sub_type: "url", index: "2", parameters: [{ type: "text", text: "A-1042" }] },
        { type: "button", sub_type: "copy_code", index: "4", parameters: [{ type: "coupon_code", coupon_code: "SAVE10" }] },
      ],
    });

    // The thread shows the template as sent: body, the image as the message's file, footer and buttons.
    const thread = await api("GET", `/v1/conversations/${sent.body.conversationId}/messages`, { key: a.key });
    const shown = thread.body.data.find((m: { id: string }) => m.id === sent.body.id);
    expect(shown.text).toBe("Hi Ana, your order A-1042 is on its way.");
    expect(shown.media).toMatchObject({ type: "image", mimeType: "image/jpeg" });
    expect(shown.template).toMatchObject({
      header: { format: "image", text: null },
      footer: "Reply STOP to opt out",
      buttons: [
        { index: 0, type: "quick_reply", text: "Thanks!", value: null },
        { index: 1, type: "quick_reply", text: "Talk to someone", value: null },
        { index: 2, type: "url", text: "Track order", value: "A-1042" },
        { index: 3, type: "phone_number", text: "Call us", value: null },
        { index: 4, type: "copy_code", text: "Copy code", value: "SAVE10" },
      ],
    });
  });

  it("refuses what Meta refuses on submission, storing nothing and sending nothing to Meta", async () => {
    const a = await account();
    const bad: [string, Record<string, unknown>][] = [
      ["header", { header: { format: "text", text: "Order {{1}} for {{2}}", example: "A-1" } }],
      ["header", { header: { format: "text", text: "x".repeat(61) } }],
      ["footer", { footer: "Thanks {{1}}" }],
      ["buttons", { buttons: Array.from({ length: 11 }, (_, i) => ({ type: "quick_reply", text: `Option ${i}` })) }],
      ["buttons", { buttons: [1, 2, 3].map((i) => ({ type: "url", text: `Link ${i}`, url: `https://e.example/${i}` })) }],
      [
        "buttons",
        {
          buttons: [
            { type: "copy_code", example: "A" },
            { type: "copy_code", example: "B" },
          ],
        },
      ],
      [
        "buttons",
        {
          buttons: [
            { type: "quick_reply", text: "Yes" },
            { type: "url", text: "Site", url: "https://e.example" },
            { type: "quick_reply", text: "No" },
          ],
        },
      ],
      ["buttons", { buttons: [{ type: "quick_reply", text: "x".repeat(26) }] }],
      ["buttons", { buttons: [{ type: "url", text: "Site", url: "https://e.example/{{1}}/track", example: "https://e.example/1/track" }] }],
      ["buttons", { buttons: [{ type: "copy_code", example: "CODE-LONGER-THAN-15" }] }],
      ["body", { body: "Hi {{name}}, order {{1}}" }],
      ["body", { parameterFormat: "named", body: "Hi {{1}}" }],
      ["body", { body: "Hi {{1}} and {{3}}", examples: ["a", "b", "c"] }],
    ];
    for (const [path, change] of bad) {
      const res = await api("POST", "/v1/templates", {
        key: a.key,
        body: { name: "refused_one", language: "en", category: "marketing", body: "Hello there", ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(String(res.body.error.details[0].path).split(/[.[]/)[0]).toBe(path);
    }
    // Reviewed by Meta: a media header needs its sample, a URL with a variable its example.
    const noSample = await api("POST", "/v1/templates", { key: a.key, body: { ...shipped, header: { format: "video" } } });
    expect(noSample.status).toBe(400);
    expect(noSample.body.error.details[0].path).toBe("header.example");
    expect(a.fake.templates.all.size).toBe(0);
    expect(await db().select().from(templates).where(eq(templates.businessId, a.businessId))).toHaveLength(0);
  });

  it("sends named parameters by name, a text header's variable, and imports every component from Meta", async () => {
    const a = await account();
    const named = {
      name: "named_order",
      language: "en_US",
      category: "utility",
      parameterFormat: "named",
      header: { format: "text", text: "Order {{order_id}}", example: "A-7" },
      body: "Hi {{first_name}}, order {{order_id}} is ready.",
      examples: ["Ana", "A-7"],
    };
    const created = await api("POST", "/v1/templates", { key: a.key, body: named });
    expect(created.status).toBe(200);
    expect(created.body.variables).toEqual(["first_name", "order_id"]);
    const submitted = a.fake.templates.all.values().next().value;
    expect(submitted?.components).toEqual([
      {
        type: "HEADER",
        format: "TEXT",
        text: "Order {{order_id}}",
        example: { header_text_named_params: [{ param_name: "order_id", example: "A-7" }] },
      },
      {
        type: "BODY",
        text: named.body,
        example: {
          body_text_named_params: [
            { param_name: "first_name", example: "Ana" },
            { param_name: "order_id", example: "A-7" },
          ],
        },
      },
    ]);
    await approve(a, "named_order");
    const to = uniquePhone();
    const unknownName = await api("POST", "/v1/messages", {
      key: a.key,
      body: { to, type: "template", template: { name: "named_order", language: "en_US", variables: { first_name: "Ana", order: "A-7" } } },
    });
    expect(unknownName.status).toBe(400);
    const sent = await api("POST", "/v1/messages", {
      key: a.key,
      body: {
        to,
        type: "template",
        template: { name: "named_order", language: "en_US", variables: { order_id: "A-7", first_name: "Ana" }, header: { text: "A-7" } },
      },
    });
    expect(sent.status).toBe(200);
    await settle();
    await waitFor(async () => a.fake.sent.some((m) => m.body.type === "template"));
    const payload = a.fake.sent.find((m) => m.body.type === "template")?.body;
    // Named parameters are matched by name at Meta, in any order.
    expect(payload.template.components[0]).toEqual({ type: "header", parameters: [{ type: "text", parameter_name: "order_id", text: "A-7" }] });
    expect(payload.template.components[1].type).toBe("body");
    expect(payload.template.components[1].parameters).toHaveLength(2);
    expect(payload.template.components[1].parameters).toEqual(
      expect.arrayContaining([
        { type: "text", parameter_name: "first_name", text: "Ana" },
        { type: "text", parameter_name: "order_id", text: "A-7" },
      ]),
    );

    // A template made in Meta's own tools comes in with its header, footer and buttons.
    a.fake.templates.seed({
      wabaId: a.wabaId,
      name: "promo_made_at_meta",
      language: "en",
      body: "",
      category: "MARKETING",
      components: [
        { type: "HEADER", format: "VIDEO", example: { header_handle: [HANDLE] } },
        { type: "BODY", text: "Our sale starts {{1}}.", example: { body_text: [["Monday"]] } },
        { type: "FOOTER", text: "Shop Example" },
        { type: "BUTTONS", buttons: [{ type: "URL", text: "Shop", url: "https://shop.example/{{1}}", example: ["https://shop.example/sale"] }] },
      ],
    });
    const synced = await api("POST", "/v1/templates/sync", { key: a.key });
    expect(synced.status).toBe(200);
    const list = await api("GET", "/v1/templates", { key: a.key });
    const imported = list.body.data.find((t: { name: string }) => t.name === "promo_made_at_meta");
    expect(imported).toMatchObject({
      header: { format: "video", example: HANDLE },
      body: "Our sale starts {{1}}.",
      footer: "Shop Example",
      buttons: [{ type: "url", text: "Shop", url: "https://shop.example/{{1}}", example: "https://shop.example/sale" }],
      parameterFormat: "positional",
    });
    const again = list.body.data.find((t: { name: string }) => t.name === "named_order");
    expect(again).toMatchObject({ parameterFormat: "named", header: named.header });
  });

  it("the fake Graph API answers a template send without its header file with Meta's 132012, and a missing button value with 131008", async () => {
    const a = await account();
    a.fake.templates.seed({
      wabaId: a.wabaId,
      name: "doc_ready",
      language: "en",
      body: "",
      components: [
        { type: "HEADER", format: "DOCUMENT", example: { header_handle: [HANDLE] } },
        { type: "BODY", text: "Your invoice is attached." },
        { type: "BUTTONS", buttons: [{ type: "URL", text: "Pay", url: "https://pay.example/{{1}}", example: ["https://pay.example/x"] }] },
      ],
    });
    // Straight to the fake, as a client of Meta's API would send (a template needs no open window).
    const post = async (template: object) => {
      const res = await fetch(`${a.fake.url}/${a.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${a.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: uniquePhone(), type: "template", template }),
      });
      return res.json();
    };
    const base = { name: "doc_ready", language: { code: "en" } };
    const button = { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "inv-1" }] };
    expect((await post({ ...base, components: [button] })).error.code).toBe(132012);
    const header = { type: "header", parameters: [{ type: "document", document: { link: "https://files.example/inv.pdf" } }] };
    expect((await post({ ...base, components: [header] })).error.code).toBe(131008);
    expect((await post({ ...base, components: [header, { type: "body", parameters: [{ type: "text", text: "extra" }] }, button] })).error.code).toBe(
      132000,
    );
    expect((await post({ ...base, components: [header, button] })).messages).toHaveLength(1);
  });
});

/** A short WebM/Opus recording, as Chromium's MediaRecorder makes (silent 20 ms Opus frames). */
async function webmRecording(): Promise<Uint8Array> {
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode("OpusHead"));
  head[8] = 1;
  head[9] = 1;
  new DataView(head.buffer).setUint16(10, 312, true);
  new DataView(head.buffer).setUint32(12, 48000, true);
  const target = new BufferTarget();
  const out = new Output({ format: new WebMOutputFormat(), target });
  const source = new EncodedAudioPacketSource("opus");
  out.addAudioTrack(source);
  await out.start();
  const frame = new Uint8Array([0xf8, 0xff, 0xfe]);
  for (let i = 0; i < 100; i++) {
    const meta = i === 0 ? { decoderConfig: { codec: "opus", numberOfChannels: 1, sampleRate: 48000, description: head } } : undefined;
    await source.add(new EncodedPacket(frame, "key", i * 0.02, 0.02), meta);
  }
  await out.finalize();
  return new Uint8Array(target.buffer as ArrayBuffer);
}

describe("voice notes from staff", () => {
  it("stores a WebM/Opus recording as OGG/Opus and sends it as a WhatsApp voice note", async () => {
    const a = await account();
    const to = uniquePhone();
    await a.fake.postInbound(a.fake.inboundPayload({ messages: [{ from: to, text: "hello" }] }));
    await settle();
    const up = await upload(a.key, await webmRecording(), "audio/webm;codecs=opus", "voice-note.webm");
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ type: "audio", mimeType: "audio/ogg", filename: "voice-note.ogg" });

    const notVoice = await api("POST", "/v1/messages", { key: a.key, body: { to, type: "text", text: "hi", voice: true } });
    expect(notVoice.status).toBe(400);
    const sent = await api("POST", "/v1/messages", { key: a.key, body: { to, type: "audio", media: { id: up.body.id }, voice: true } });
    expect(sent.status).toBe(200);
    await settle();
    await waitFor(async () => a.fake.sent.some((m) => m.body.type === "audio"));
    const body = a.fake.sent.find((m) => m.body.type === "audio")?.body;
    const uploaded = a.fake.uploads.at(-1);
    expect(body.audio).toEqual({ id: uploaded?.id, voice: true });
    expect(uploaded?.mimeType).toBe("audio/ogg");
    const ogg = new Input({ source: new BufferSource(new Uint8Array(uploaded?.bytes ?? [])), formats: ALL_FORMATS });
    expect(await ogg.getMimeType()).toContain("audio/ogg");
    expect((await ogg.getPrimaryAudioTrack())?.codec).toBe("opus");
    expect(await ogg.computeDuration()).toBeGreaterThan(1.9);

    const thread = await api("GET", `/v1/conversations/${sent.body.conversationId}/messages`, { key: a.key });
    expect(thread.body.data.find((m: { id: string }) => m.id === sent.body.id)?.media).toMatchObject({ type: "audio", voice: true });

    // An audio file that is not OGG/Opus is not a voice note.
    const mp3 = await upload(a.key, Buffer.concat([Buffer.from("ID3"), randomBytes(300)]), "audio/mpeg", "song.mp3");
    const refused = await api("POST", "/v1/messages", { key: a.key, body: { to, type: "audio", media: { id: mp3.body.id }, voice: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe("voice");
  });
});

describe("the simulator's customer", () => {
  it("sees a template's footer and buttons, and pressing a quick reply reaches the business as a button reply", async () => {
    const b = await makeBusiness();
    const created = await api("POST", "/v1/templates", {
      key: b.key,
      body: {
        name: "table_ready",
        language: "en",
        category: "utility",
        header: { format: "text", text: "Table for {{1}}" },
        body: "Your table is ready.",
        footer: "Café Example",
        buttons: [
          { type: "quick_reply", text: "On my way" },
          { type: "quick_reply", text: "Cancel" },
          { type: "url", text: "Menu", url: "https://cafe.example/menu" },
        ],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe("approved");
    const phone = newSandboxCustomer();
    const sent = await api("POST", "/v1/messages", {
      key: b.key,
      body: {
        to: phone,
        type: "template",
        template: { name: "table_ready", language: "en", variables: [], header: { text: "Ana" }, buttons: [{ index: 0, payload: "coming" }] },
      },
    });
    expect(sent.status).toBe(200);
    const thread = await sandboxThread(db(), b.businessId, phone);
    const shown = thread.messages.find((m) => m.id === sent.body.id);
    expect(shown?.template).toMatchObject({
      header: { format: "text", text: "Table for Ana", value: "Ana" },
      footer: "Café Example",
      buttons: [
        { index: 0, type: "quick_reply", text: "On my way", value: "coming" },
        { index: 1, type: "quick_reply", text: "Cancel", value: null },
        { index: 2, type: "url", text: "Menu", value: null },
      ],
    });
    const pressed = await simulateInbound(db(), b.businessId, { phone, button: { payload: "coming", text: "On my way" } });
    expect(pressed.message).toMatchObject({ direction: "inbound", type: "button", text: "On my way" });
    const [row] = await db().select().from(messages).where(eq(messages.id, pressed.message.id));
    expect(row.content).toEqual({ kind: "button_reply", id: "coming", title: "On my way", payload: "coming", text: "On my way" });
    const received = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "message.received")));
    expect(received.at(-1)?.payload).toMatchObject({
      messageType: "button",
      text: "On my way",
      choice: { kind: "button", id: "coming", title: "On my way" },
    });
  });
});
