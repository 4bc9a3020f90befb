import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as readRoute from "../../app/v1/internal/conversations/[conversationId]/read/route";
import * as reactionRoute from "../../app/v1/internal/conversations/[conversationId]/messages/[messageId]/reaction/route";
import * as replyRoute from "../../app/v1/internal/conversations/[conversationId]/messages/route";
import * as uploadRoute from "../../app/v1/media/route";
import * as simulatorRoute from "../../app/v1/internal/simulator/messages/route";
import { readInbound } from "../../lib/runtime/base/inbound-text";
import { assistantTurn } from "../../lib/messages/receive-message";
import { runAssistantTurn } from "../../lib/runtime/turn/turn";
import { db } from "../../lib/db/client";
import { sql } from "drizzle-orm";
import { type FakeLlm, startFakeLlm } from "../assistant/fake-llm";
import type { Worker } from "../../lib/jobs/worker";
import { call, makeStaff, signInAs } from "../dashboard/harness";
import { uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  jobsFor,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
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
  signInAs(null);
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

async function staffOf(b: { businessId: string }) {
  const staff = await makeStaff({ businessId: b.businessId });
  signInAs(staff);
  return staff;
}

async function dashboardUpload(bytes: Buffer, mimeType: string, filename: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const req = new Request("http://localhost/v1/media", {
    method: "POST",
    headers: { origin: "http://localhost", cookie: "next-auth.session-token=test" },
    body: form,
  });
  const res = await uploadRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

describe("read receipts", () => {
  it("opening the thread marks the customer's messages read on WhatsApp, once per message", async () => {
    biz = await connectedBusiness(app);
    await staffOf(biz);
    const phone = uniquePhone();
    const at = Date.now() - 10_000;
    const payload = biz.fake.inboundPayload({
      messages: [
        { from: phone, text: "first", timestamp: new Date(at) },
        { from: phone, text: "second", timestamp: new Date(at + 1000) },
      ],
    });
    await biz.fake.postInbound(payload);
    await settle();
    const rows = await messagesOf(biz.businessId);
    const conversationId = rows[0].conversationId;
    const open = () => call(readRoute.POST, "POST", `/v1/internal/conversations/${conversationId}/read`, { params: { conversationId } });
    expect((await open()).body).toEqual({ marked: 2 });
    await settle();
    // One receipt for the newest marks every earlier message read too.
    expect(biz.fake.reads).toEqual([rows.find((r) => r.text === "second")?.channelMessageId]);
    expect((await open()).body).toEqual({ marked: 0 });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, text: "third" }] }));
    await settle();
    expect((await open()).body).toEqual({ marked: 1 });
    await settle();
    expect(biz.fake.reads).toHaveLength(2);
    expect((await messagesOf(biz.businessId)).every((m) => m.readReceiptAt)).toBe(true);

    const stranger = await makeStaff();
    signInAs(stranger);
    expect((await open()).status).toBe(404);
  });
});

describe("staff reactions", () => {
  it("records the business's reaction on the message and sends it to WhatsApp; bad emoji or foreign ids change nothing", async () => {
    biz = await connectedBusiness(app);
    await staffOf(biz);
    const phone = uniquePhone();
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, text: "thanks!" }] }));
    await settle();
    const [m] = await messagesOf(biz.businessId);
    const react = (emoji: string, messageId = m.id) =>
      call(reactionRoute.PUT, "PUT", "/x", { params: { conversationId: m.conversationId, messageId }, body: { emoji } });
    expect((await react("👍")).status).toBe(200);
    await settle();
    expect((await messagesOf(biz.businessId))[0].reactions).toEqual({ business: "👍" });
    const sent = biz.fake.sent.at(-1)?.body;
    expect(sent).toMatchObject({ type: "reaction", reaction: { message_id: m.channelMessageId, emoji: "👍" } });
    expect((await messagesOf(biz.businessId)).filter((r) => r.direction === "outbound")).toHaveLength(0);

    expect((await react("not an emoji")).status).toBe(400);
    expect((await react("👍", "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T")).status).toBe(404);
    signInAs(await makeStaff());
    expect((await react("😂")).status).toBe(404);
    expect((await messagesOf(biz.businessId))[0].reactions).toEqual({ business: "👍" });
  });
});

describe("voice notes", () => {
  let llm: Server;
  let received: { auth: string | undefined; body: string }[] = [];
  beforeAll(async () => {
    llm = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (!req.url?.endsWith("/audio/transcriptions")) return res.writeHead(404).end();
        received.push({ auth: req.headers.authorization, body: Buffer.concat(chunks).toString("latin1") });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: "I would like to order a tiramisu" }));
      });
    });
    await new Promise<void>((r) => llm.listen(0, "127.0.0.1", r));
  });
  afterEach(() => {
    delete process.env.LLM_BASE_URL;
    delete process.env.LLM_API_KEY;
    delete process.env.LLM_TRANSCRIBE_MODEL;
    received = [];
  });
  afterAll(() => new Promise<void>((r) => llm.close(() => r())));

  it("with a server configured, transcribes before the turn and hands the transcript to the assistant as text", async () => {
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    process.env.LLM_API_KEY = "sk-test";
    process.env.LLM_TRANSCRIBE_MODEL = "whisper-large-v3";
    biz = await connectedBusiness(app);
    const audio = randomBytes(3000);
    const id = biz.fake.addMedia(audio, { mimeType: "audio/ogg; codecs=opus" });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "audio", mediaId: id, voice: true }] }));
    await settle();
    const [m] = await messagesOf(biz.businessId);
    expect(m.media).toMatchObject({ status: "ready", transcript: "I would like to order a tiramisu" });
    expect(m.text).toBe("[audio] I would like to order a tiramisu");
    expect(readInbound(m.type, m.text)).toEqual({ kind: "text", text: "I would like to order a tiramisu" });
    expect(await jobsFor(assistantTurn.name, "messageId", m.id)).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe("Bearer sk-test");
    expect(received[0].body).toContain("whisper-large-v3");
    expect(received[0].body).toContain(audio.toString("latin1"));
    // The transcription takes seconds: the customer saw the typing indicator, once, and the message is read.
    expect(biz.fake.typing).toEqual([m.channelMessageId]);
    expect(m.readReceiptAt).toBeInstanceOf(Date);
  });

  it("without one, the voice note stays unreadable for the assistant (it asks for text) and playable for staff", async () => {
    biz = await connectedBusiness(app);
    const id = biz.fake.addMedia(randomBytes(3000), { mimeType: "audio/ogg; codecs=opus" });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "audio", mediaId: id, voice: true }] }));
    await settle();
    const [m] = await messagesOf(biz.businessId);
    expect(m.text).toBe("[audio]");
    expect(m.media).toMatchObject({ status: "ready" });
    expect(m.media?.transcript).toBeUndefined();
    expect(readInbound(m.type, m.text)).toEqual({ kind: "unreadable" });
    expect(received).toHaveLength(0);
    expect(biz.fake.typing).toEqual([]);
  });
});

describe("the typing indicator", () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterEach(() => {
    for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"]) delete process.env[name];
    llm.reset();
  });
  afterAll(() => llm.close());

  /** A customer writes `text` on WhatsApp; the assistant's turn runs here, as the worker would run it. */
  async function turnOn(b: Connected, text: string) {
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: uniquePhone(), text }] }));
    await settle();
    const m = (await messagesOf(b.businessId)).find((r) => r.text === text);
    if (!m) throw new Error("the message was not stored");
    await runAssistantTurn(db(), { businessId: b.businessId, conversationId: m.conversationId, messageId: m.id });
    await db().execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${m.id}`);
    await settle();
    return m;
  }

  it("is shown once while the model writes the reply, and never for a reply without the model", async () => {
    biz = await connectedBusiness(app);
    const offline = await turnOn(biz, "Is there parking nearby?");
    expect(biz.fake.typing).toEqual([]);
    expect((await messagesOf(biz.businessId)).find((r) => r.id === offline.id)?.readReceiptAt).toBeNull();

    process.env.LLM_BASE_URL = llm.baseURL;
    process.env.LLM_API_KEY = "test-key";
    process.env.LLM_MODEL = "fake-model";
    // A search, then the answer: two calls to the model, one indicator.
    llm.script({ tools: [{ name: "search_catalog", args: { query: "pizza" } }] }, { content: "We have two pizzas tonight." });
    const asked = await turnOn(biz, "what would you recommend tonight?");
    expect(llm.requests).toHaveLength(2);
    expect(biz.fake.typing).toEqual([asked.channelMessageId]);
    expect(biz.fake.reads).toEqual([asked.channelMessageId]);
    const sent = biz.fake.sent.map((s) => (s.body as { text?: { body: string } }).text?.body);
    expect(sent).toContain("We have two pizzas tonight.");
    expect((await messagesOf(biz.businessId)).find((r) => r.id === asked.id)?.readReceiptAt).toBeInstanceOf(Date);
  });

  it("the fake refuses an indicator of a kind WhatsApp does not have", async () => {
    biz = await connectedBusiness(app);
    const res = await fetch(`${biz.fake.url}/${biz.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${biz.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", status: "read", message_id: "wamid.x", typing_indicator: { type: "audio" } }),
    });
    expect(res.status).toBe(400);
    expect(biz.fake.typing).toEqual([]);
  });
});

describe("inbox and simulator", () => {
  it("the reply box sends an attached file; the simulator sends a photo, a voice note and a location", async () => {
    biz = await connectedBusiness(app);
    await staffOf(biz);
    const phone = uniquePhone();
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, text: "send me the invoice" }] }));
    await settle();
    const [m] = await messagesOf(biz.businessId);
    const pdf = randomBytes(20_000);
    const up = await dashboardUpload(pdf, "application/pdf", "invoice.pdf");
    expect(up).toMatchObject({ status: 200, body: { type: "document", size: pdf.length, filename: "invoice.pdf" } });
    const params = { conversationId: m.conversationId };
    const sent = await call(replyRoute.POST, "POST", "/x", { params, body: { type: "document", mediaId: up.body.id, text: "Here it is" } });
    expect(sent.status).toBe(200);
    expect(sent.body.media).toMatchObject({ type: "document", filename: "invoice.pdf", caption: "Here it is" });
    await settle();
    expect(biz.fake.uploads.at(-1)?.bytes.equals(pdf)).toBe(true);
    expect(biz.fake.sent.at(-1)?.body).toMatchObject({ type: "document", document: { caption: "Here it is", filename: "invoice.pdf" } });

    // The simulator plays a sandbox customer of a business of its own.
    const sandboxStaff = await makeStaff();
    signInAs(sandboxStaff);
    const jpeg = randomBytes(4000);
    const photo = await dashboardUpload(jpeg, "image/jpeg", "receipt.jpg");
    const customer = "+19995550111";
    const simulate = (body: object) => call(simulatorRoute.POST, "POST", "/x", { body: { phone: customer, ...body } });
    const sentPhoto = await simulate({ mediaId: photo.body.id, text: "my receipt" });
    expect(sentPhoto.status).toBe(200);
    expect(sentPhoto.body.message).toMatchObject({
      type: "image",
      text: "[image] my receipt",
      media: { type: "image", caption: "my receipt", status: "ready" },
    });
    const voice = await dashboardUpload(randomBytes(2000), "audio/ogg", "voice.ogg");
    expect((await simulate({ mediaId: voice.body.id })).body.message).toMatchObject({ type: "audio", media: { type: "audio" } });
    const where = await simulate({ location: { latitude: 38.71, longitude: -9.14, name: "Rua Augusta 1" } });
    expect(where.body.message).toMatchObject({
      type: "location",
      location: { latitude: 38.71, longitude: -9.14, name: "Rua Augusta 1", address: null },
    });
    // Another business's file cannot be played.
    expect((await simulate({ mediaId: up.body.id })).status).toBe(404);
  });
});
