import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverMessage } from "../../lib/channels/deliver";
import { disconnectWhatsApp } from "../../lib/businesses/businesses";
import { inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { claimJobs } from "../../lib/jobs/queue";
import { RetryLater } from "../../lib/jobs/worker";
import { receiveInboundMessage } from "../../lib/messages/receive-message";
import { messageDelivery } from "../../lib/messages/outbound";
import { sendMessage } from "../../lib/messages/send-message";
import { uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  message,
  messagesOf,
  ownJobs,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
} from "./harness";

// No worker runs in this file unless a test starts one: jobs stay put for the test to inspect.
let app: AppServer;
let biz: Connected | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
});
// Files share their worker thread's modules (vitest.config.ts): a file before this one may have left
// channel jobs of its own businesses pending. They are run first, so each test sees only its own.
beforeEach(async () => {
  if (!(await ownJobs()).length) return;
  const worker = channelWorker();
  try {
    await settle();
  } finally {
    await worker.stop();
  }
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await app.close();
});

const inbound = (phone: string) => ({
  channel: "whatsapp" as const,
  from: phone,
  profileName: null,
  channelMessageId: `wamid.local-${phone}-${Date.now()}`,
  timestamp: new Date(),
  type: "text",
  text: "hi",
  content: null,
});

describe("a crash between acknowledging and processing", () => {
  it("keeps the acknowledged webhook as a job, which a fresh worker completes after the first one died holding it", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const phone = uniquePhone();
    expect(await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, name: "Kim", text: "are you open?" }] }))).toBe(200);
    const acknowledged = await ownJobs();
    expect(acknowledged.map((j) => j.queue)).toEqual([inboundWebhook.name]);
    expect(await messagesOf(b.businessId)).toEqual([]);

    // A worker takes the job and dies holding it: its lease runs out and the job is taken again.
    const [claimed] = await claimJobs(db(), [inboundWebhook.name], "worker-that-crashed", 10, 0);
    expect(claimed?.id).toBe(acknowledged[0].id);
    const worker = channelWorker();
    try {
      await settle();
    } finally {
      await worker.stop();
    }
    const [received] = await messagesOf(b.businessId);
    expect(received).toMatchObject({ text: "are you open?", direction: "inbound", status: "received" });
  });

  it("keeps a message queued while no worker runs, and a fresh worker sends it", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const phone = uniquePhone();
    b.fake.customerWrote(phone);
    await receiveInboundMessage(db(), b.businessId, inbound(phone));
    const queued = await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "Yes, until 8pm." }, { source: "agent" });
    expect((await ownJobs()).map((j) => j.queue)).toEqual([messageDelivery.name]);
    expect((await message(queued.id)).status).toBe("queued");
    const worker = channelWorker();
    try {
      await waitFor(async () => (await message(queued.id)).status === "sent");
    } finally {
      await worker.stop();
    }
    expect(b.fake.sent.map((s) => s.body.text?.body)).toEqual(["Yes, until 8pm."]);
  });
});

describe("the delivery job on its own", () => {
  it("keeps a rate-limited or transient message queued with the channel's backoff, and fails it once retries run out", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const phone = uniquePhone();
    b.fake.customerWrote(phone);
    await receiveInboundMessage(db(), b.businessId, inbound(phone));
    const m = await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "hello" }, { source: "api" });
    const payload = { messageId: m.id, businessId: b.businessId };

    b.fake.failNext(131056);
    const pair = await deliverMessage(db(), payload, { attempts: 2, maxAttempts: 12 }).catch((e) => e);
    expect(pair).toBeInstanceOf(RetryLater);
    expect(pair.delayMs).toBe(16_000);
    b.fake.failNext(131000);
    const transient = await deliverMessage(db(), payload, { attempts: 1, maxAttempts: 12 }).catch((e) => e);
    expect(transient).toBeInstanceOf(RetryLater);
    expect(transient.delayMs).toBe(2_000);
    expect(await message(m.id)).toMatchObject({ status: "queued", attempts: 1 });

    b.fake.failNext(131000);
    await deliverMessage(db(), payload, { attempts: 12, maxAttempts: 12 });
    expect(await message(m.id)).toMatchObject({ status: "failed", attempts: 12, error: { code: "channel_error", channelCode: 131000 } });
    // A finished message is never sent again by a stray retry.
    await deliverMessage(db(), payload, { attempts: 1, maxAttempts: 12 });
    expect(b.fake.attempts).toHaveLength(3);
  });

  it("retries when the Graph API cannot be reached, and fails a message whose business disconnected WhatsApp", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const phone = uniquePhone();
    await receiveInboundMessage(db(), b.businessId, inbound(phone));
    const m = await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "anyone there?" }, { source: "api" });
    const payload = { messageId: m.id, businessId: b.businessId };

    setChannelEnv("http://127.0.0.1:9/v26.0");
    const unreachable = await deliverMessage(db(), payload, { attempts: 1, maxAttempts: 12 }).catch((e) => e);
    expect(unreachable).toBeInstanceOf(RetryLater);
    expect(unreachable.message).toContain("transient");

    setChannelEnv(b.fake.url);
    await disconnectWhatsApp(db(), b.businessId);
    await deliverMessage(db(), payload, { attempts: 2, maxAttempts: 12 });
    expect(await message(m.id)).toMatchObject({ status: "failed", error: { code: "channel_error", channelCode: null } });
    expect(b.fake.attempts).toHaveLength(0);
  });
});
