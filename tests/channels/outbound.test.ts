import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "../../lib/db/client";
import { campaignOptOuts } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { receiveInboundMessage } from "../../lib/messages/receive-message";
import { sendMessage } from "../../lib/messages/send-message";
import type { FakeGraphOptions } from "../fakes/graph-server";
import { api, uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  fastForward,
  message,
  ownJobs,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
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

/** A connected business whose customer has just written (both the app and the fake know it). */
async function withCustomer(opts: FakeGraphOptions = {}) {
  biz = await connectedBusiness(app, opts);
  const phone = uniquePhone();
  expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, name: "Cleo", text: "hi" }] }))).toBe(200);
  await settle();
  return { b: biz, phone };
}

async function sendText(key: string, to: string, text: string): Promise<string> {
  const res = await api("POST", "/v1/messages", { key, body: { to, text } });
  expect(res.status).toBe(200);
  expect(res.body.status).toBe("queued");
  return res.body.id;
}

const until = (id: string, status: string) => waitFor(async () => ((await message(id))?.status === status ? message(id) : null));

describe("the Graph API version", () => {
  it("defaults to v26.0, and a deployment pinned to v25.0 still sends; the fake refuses a version it does not serve", async () => {
    const { DEFAULT_GRAPH_URL } = await import("../../lib/channels/whatsapp/connection");
    expect(DEFAULT_GRAPH_URL).toBe("https://graph.facebook.com/v26.0");
    for (const version of ["v26.0", "v25.0"]) {
      const { b, phone } = await withCustomer({ version });
      expect(b.fake.url.endsWith(`/${version}`)).toBe(true);
      const id = await sendText(b.key, phone, `sent through ${version}`);
      await until(id, "sent");
      expect(b.fake.sent.map((m) => (m.body as { text?: { body: string } }).text?.body)).toEqual([`sent through ${version}`]);
      await b.fake.close();
      biz = null;
    }
    const fake = (await withCustomer()).b.fake;
    const old = await fetch(fake.url.replace(/v26\.0$/, "v19.0") + "/123/messages", { method: "POST", body: "{}" });
    expect(old.status).toBe(404);
    expect((await old.json()).error.code).toBe(100);
  });
});

describe("WhatsApp's marketing and delivery refusals", () => {
  it("names each refusal, never retries it, and opts out a customer who stopped marketing, from the send answer and from a status callback", async () => {
    const { b, phone } = await withCustomer();
    const expected: Array<[number, string]> = [
      [131049, "marketing_limited"],
      [130472, "channel_experiment"],
      [131026, "undeliverable"],
      [131050, "marketing_opted_out"],
    ];
    for (const [code, failure] of expected) {
      b.fake.failNext(code);
      const id = await sendText(b.key, phone, `about ${code}`);
      const failed = await until(id, "failed");
      expect(failed).toMatchObject({ attempts: 1, error: { code: failure, channelCode: code } });
    }
    // Each was tried once: refused, not retried.
    expect(b.fake.attempts.filter((a) => a.errorCode !== null).map((a) => a.errorCode)).toEqual(expected.map(([code]) => code));
    const contact = (await api("GET", `/v1/contacts?search=${encodeURIComponent(phone)}`, { key: b.key })).body.data[0];
    const optOuts = await db().select().from(campaignOptOuts).where(eq(campaignOptOuts.businessId, b.businessId));
    expect(optOuts.map((o) => [o.contactId, o.source])).toEqual([[contact.id, "channel"]]);
    const updated = await eventsOf(b.businessId, "contact.updated");
    expect(updated.map((e) => e.payload.source)).toEqual(["channel"]);

    // From a status callback: a message WhatsApp took, then reported failed with 131049.
    const later = await sendText(b.key, phone, "one more");
    const sent = await until(later, "sent");
    await b.fake.postStatus(sent.channelMessageId as string, "failed", { error: { code: 131049, message: "healthy ecosystem engagement" } });
    await settle();
    expect(await message(later)).toMatchObject({ status: "failed", error: { code: "marketing_limited", channelCode: 131049 } });
  });
});

describe("API sends reach the Graph API", () => {
  it("sends a text with the business's token and the exact payload, stores the wamid, and fires message.sent", async () => {
    const { b, phone } = await withCustomer();
    const id = await sendText(b.key, phone, "Your table is ready 🍽️");
    const sent = await until(id, "sent");
    expect(b.fake.sent).toHaveLength(1);
    expect(b.fake.sent[0].phoneNumberId).toBe(b.phoneNumberId);
    expect(b.fake.sent[0].body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: phone,
      type: "text",
      text: { preview_url: false, body: "Your table is ready 🍽️" },
    });
    expect(sent.channelMessageId).toBe(b.fake.sent[0].wamid);
    expect(sent.channelTimestamp).toBeInstanceOf(Date);
    const events = await eventsOf(b.businessId, "message.sent");
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      id: events[0].id,
      type: "message.sent",
      createdAt: events[0].createdAt.toISOString(),
      conversationId: sent.conversationId,
      messageId: id,
      to: phone,
      text: "Your table is ready 🍽️",
      source: "api",
    });
    const list = await api("GET", `/v1/conversations/${sent.conversationId}/messages`, { key: b.key });
    expect(list.body.data[0]).toMatchObject({ id, status: "sent", direction: "outbound", source: "api" });
  });

  it("sends a template, outside the window too, with its variables as body parameters", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const tpl = await api("POST", "/v1/templates", {
      key: b.key,
      body: { name: "order_update", language: "en", category: "utility", body: "Hi {{1}}, order {{2}} is on its way." },
    });
    expect(tpl.status).toBe(200);
    const phone = uniquePhone();
    const res = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "order_update", language: "en", variables: ["Ada", "#1042"] } },
    });
    expect(res.status).toBe(200);
    const sent = await until(res.body.id, "sent");
    expect(sent.text).toBe("Hi Ada, order #1042 is on its way.");
    expect(b.fake.sent.map((s) => s.body)).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: phone,
        type: "template",
        template: {
          name: "order_update",
          language: { code: "en" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Ada" },
                { type: "text", text: "#1042" },
              ],
            },
          ],
        },
      },
    ]);
  });

  it("sends the assistant's choices as interactive buttons", async () => {
    const { b, phone } = await withCustomer();
    const m = await sendMessage(
      db(),
      b.businessId,
      { to: phone, type: "text", text: "When?" },
      {
        source: "assistant",
        interactive: { kind: "buttons", options: ["Today", "Tomorrow"] },
      },
    );
    await until(m.id, "sent");
    expect(b.fake.sent[0].body).toMatchObject({
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "When?" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "opt_1", title: "Today" } },
            { type: "reply", reply: { id: "opt_2", title: "Tomorrow" } },
          ],
        },
      },
    });
  });
});

describe("Graph errors", () => {
  it("131047: the channel's own window check fails the message with outside_messaging_window", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const phone = uniquePhone();
    // The app heard from the customer, but WhatsApp did not (the fake enforces its own window).
    await receiveInboundMessage(db(), b.businessId, {
      channel: "whatsapp",
      from: phone,
      profileName: null,
      channelMessageId: `wamid.local-${phone}`,
      timestamp: new Date(),
      type: "text",
      text: "hi",
      content: null,
    });
    const id = await sendText(b.key, phone, "hello?");
    const failed = await until(id, "failed");
    expect(failed.error).toMatchObject({ code: "outside_messaging_window", channelCode: 131047 });
    expect(b.fake.attempts.map((a) => a.errorCode)).toEqual([131047]);
    expect(await eventsOf(b.businessId, "message.sent")).toHaveLength(0);
  });

  it("131026 and other permanent codes: failed as undeliverable or channel_error, the channel's code and message, no retry", async () => {
    const { b, phone } = await withCustomer();
    b.fake.failNext(131026);
    b.fake.failNext(190);
    const first = await sendText(b.key, phone, "one");
    const second = await sendText(b.key, phone, "two");
    expect((await until(first, "failed")).error).toEqual({ code: "undeliverable", message: "Message undeliverable", channelCode: 131026 });
    expect((await until(second, "failed")).error).toMatchObject({ code: "channel_error", channelCode: 190 });
    await settle();
    expect(b.fake.attempts.map((a) => a.errorCode)).toEqual([131026, 190]);
    expect(await ownJobs()).toEqual([]);
  });

  it("130429: retried with backoff, and the conversation's next message waits behind it", async () => {
    const { b, phone } = await withCustomer();
    b.fake.failNext(130429);
    const before = Date.now();
    const first = await sendText(b.key, phone, "first");
    const second = await sendText(b.key, phone, "second");
    const [retry, waiting] = await waitFor(async () => {
      const pending = await ownJobs();
      return pending[0]?.last_error?.includes("130429") ? pending : null;
    });
    const seen = Date.now();
    // The first retry of a throughput limit waits 1 s; meanwhile the next message has not been tried.
    expect(retry.run_at.getTime()).toBeGreaterThan(before + 1000);
    expect(retry.run_at.getTime()).toBeLessThanOrEqual(seen + 1000);
    expect(waiting.attempts).toBe(0);
    expect((await message(second)).status).toBe("queued");
    await until(second, "sent");
    expect((await message(first)).status).toBe("sent");
    expect(b.fake.attempts.map((a) => [a.body.text.body, a.errorCode])).toEqual([
      ["first", 130429],
      ["first", null],
      ["second", null],
    ]);
  });

  it("131056: the pair rate limit backs off 4^n s and never reorders a conversation's messages", async () => {
    const clock = { t: Date.now() };
    const { b, phone } = await withCustomer({ pairRateLimit: { perSeconds: 6, burst: 1 }, now: () => new Date(clock.t) });
    const ids = [await sendText(b.key, phone, "one"), await sendText(b.key, phone, "two"), await sendText(b.key, phone, "three")];
    await until(ids[0], "sent");
    await settle();
    expect([(await message(ids[1])).status, (await message(ids[2])).status]).toEqual(["queued", "queued"]);
    const [retry] = await ownJobs();
    expect(retry.run_at.getTime() - Date.now()).toBeGreaterThan(3000);
    expect(retry.run_at.getTime() - Date.now()).toBeLessThanOrEqual(4000);
    expect(retry.last_error).toContain("131056");

    // The limit is per 6 s on the fake's clock: move it on, and let the waiting retry run now.
    for (let round = 0; round < 2; round++) {
      clock.t += 7000;
      expect(await fastForward(b.businessId)).toBeGreaterThan(0);
      await until(ids[round + 1], "sent");
      await settle();
    }
    expect(b.fake.sent.map((s) => s.body.text.body)).toEqual(["one", "two", "three"]);
    expect(b.fake.attempts.map((a) => [a.body.text.body, a.errorCode])).toEqual([
      ["one", null],
      ["two", 131056],
      ["two", null],
      ["three", 131056],
      ["three", null],
    ]);
  });

  it("transient codes (131000) are retried until the channel accepts", async () => {
    const { b, phone } = await withCustomer();
    b.fake.failNext(131000, 2);
    const id = await sendText(b.key, phone, "eventually");
    for (let i = 0; i < 2; i++) {
      await settle();
      expect((await message(id)).status).toBe("queued");
      await fastForward(b.businessId);
    }
    await until(id, "sent");
    expect((await message(id)).attempts).toBe(3);
    expect(b.fake.attempts.map((a) => a.errorCode)).toEqual([131000, 131000, null]);
  });
});

describe("status callbacks", () => {
  it("move status forward only, whatever order and however often they arrive", async () => {
    const { b, phone } = await withCustomer();
    const id = await sendText(b.key, phone, "track me");
    await until(id, "sent");
    const wamid = b.fake.sent[0].wamid;
    expect(await b.fake.postStatus(wamid, "delivered")).toBe(200);
    await settle();
    expect((await message(id)).status).toBe("delivered");
    expect(await b.fake.postStatus(wamid, "sent")).toBe(200);
    expect(await b.fake.postStatus(wamid, "delivered")).toBe(200);
    await settle();
    expect((await message(id)).status).toBe("delivered");
    expect(await b.fake.postStatus(wamid, "read")).toBe(200);
    expect(await b.fake.postStatus(wamid, "read")).toBe(200);
    expect(await b.fake.postStatus(wamid, "delivered")).toBe(200);
    expect(await b.fake.postStatus(wamid, "failed", { error: { code: 131026 } })).toBe(200);
    await settle();
    expect(await message(id)).toMatchObject({ status: "read", error: null });
  });

  it("a failed callback after acceptance fails the message with the channel's code, and failed is terminal", async () => {
    const { b, phone } = await withCustomer();
    const undeliverable = await sendText(b.key, phone, "to an old phone");
    await until(undeliverable, "sent");
    const late = await sendText(b.key, phone, "after a day");
    await until(late, "sent");
    const [w1, w2] = b.fake.sent.map((s) => s.wamid);
    await b.fake.postStatus(w1, "failed", { error: { code: 131026, message: "Message undeliverable." } });
    await b.fake.postStatus(w2, "failed", { error: { code: 131047, message: "Re-engagement message" } });
    await settle();
    await b.fake.postStatus(w1, "delivered");
    await b.fake.postStatus(w1, "read");
    await settle();
    expect(await message(undeliverable)).toMatchObject({
      status: "failed",
      error: { code: "undeliverable", message: "Message undeliverable.", channelCode: 131026 },
    });
    expect(await message(late)).toMatchObject({ status: "failed", error: { code: "outside_messaging_window", channelCode: 131047 } });
  });

  it("shuffled, duplicated and skipped callbacks still end at read", async () => {
    const { b, phone } = await withCustomer({ autoStatuses: true, chaos: true });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await sendText(b.key, phone, `msg ${i}`));
    await waitFor(async () => b.fake.sent.length === ids.length);
    await b.fake.idle();
    await settle();
    await waitFor(async () => (await Promise.all(ids.map(message))).every((m) => m.status === "read"));
    expect(b.fake.callbacks.every((c) => c.httpStatus === 200)).toBe(true);
    expect(b.fake.sent.map((s) => s.body.text.body)).toEqual(ids.map((_, i) => `msg ${i}`));
  });

  it("a status for a message we never sent is retried briefly, then dropped without an error loop", async () => {
    const { b } = await withCustomer();
    expect(await b.fake.postStatus("wamid.never-sent", "delivered", { recipient: "+15550001111" })).toBe(200);
    // Its delivery job may simply not have recorded the wamid yet, so the webhook job tries again...
    await waitFor(async () => (await ownJobs()).some((j) => j.last_error?.includes("not recorded yet")));
    // ...a few times, then lets go instead of failing and retrying for days.
    await waitFor(async () => (await ownJobs()).length === 0, 25_000);
  }, 40_000);
});
