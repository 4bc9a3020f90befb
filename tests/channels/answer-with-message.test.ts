import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { events, messages } from "../../lib/db/schema";
import { enqueue } from "../../lib/jobs/queue";
import { startWorker, type Worker } from "../../lib/jobs/worker";
import { messageDelivery } from "../../lib/messages/outbound";
import { assistantTurn, receiveInboundMessage } from "../../lib/messages/receive-message";
import { uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  connectedBusiness,
  jobsFor,
  messagesOf,
  ownServerHandlers,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
} from "./harness";

// Without a model configured, the server's inbound job answers the assistant's turn in the transaction
// that stores its message (lib/runtime/turn/turn.ts answerInTransaction): one commit for the message and
// its answer, no turn job written, claimed and removed. A turn queued ahead of it (a conversation's
// earlier message still unanswered) keeps its place, a model sends every turn to its own job, and an
// answer that fails never takes its message with it.

let app: AppServer;
let worker: Worker | null = null;
let biz: Connected | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await app.close();
});

/** A worker running the server's handlers for this file's jobs of `queues`. */
const serverWorker = (queues: string[]) => startWorker(ownServerHandlers(queues), { pollMs: 50 });
const CHANNEL = [messageDelivery.name, inboundWebhook.name];

/** A connected business, a worker of the server's handlers for `queues`, and a customer's number. */
async function setUp(queues = CHANNEL) {
  biz = await connectedBusiness(app);
  worker = serverWorker(queues);
  return { b: biz, from: uniquePhone() };
}

async function customerSays(b: Connected, from: string, text: string) {
  expect(await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: from.slice(1), text }] }))).toBe(200);
}

describe("a turn answered with its message", () => {
  it("is stored, answered and sent in one commit, with no turn job", async () => {
    const { b, from } = await setUp();
    await customerSays(b, from, "hi");
    await settle();
    const thread = await messagesOf(b.businessId);
    const [received, reply] = thread;
    expect(thread.map((m) => [m.direction, m.text])).toEqual([
      ["inbound", "hi"],
      ["outbound", expect.any(String)],
    ]);
    // One transaction: the database's now() is the same for the message and its answer.
    const [times] = await queryRows<{ same: boolean }>(
      db(),
      sql`select (select created_at from messages where id = ${received.id}) = (select created_at from messages where id = ${reply.id}) as same`,
    );
    expect(times.same).toBe(true);
    expect(await jobsFor(assistantTurn.name, "conversationId", received.conversationId)).toEqual([]);
    expect(reply.status).toBe("sent");
    expect(b.fake.sent.map((s) => s.body.text?.body)).toEqual([reply.text]);
    // The events of both, as before: the message received, then the reply sent.
    const types = (await db().select({ type: events.type }).from(events).where(eq(events.businessId, b.businessId))).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["message.received", "message.sent"]));
  });

  it("waits behind a turn of its conversation queued ahead, and both are answered in order", async () => {
    const { b, from } = await setUp();
    await customerSays(b, from, "hi");
    await settle();
    const [first] = await messagesOf(b.businessId);
    // The first message's turn queued again, not due for a minute (as a turn waiting out a retry).
    await enqueue(
      db(),
      assistantTurn,
      { businessId: b.businessId, conversationId: first.conversationId, messageId: first.id },
      { orderKey: first.conversationId, delayMs: 60_000 },
    );
    await customerSays(b, from, "what time do you close today");
    await settle();
    const second = (await messagesOf(b.businessId)).find((m) => m.text === "what time do you close today");
    if (!second) throw new Error("the second message was not stored");
    // Not answered in its transaction: queued behind the first, in the conversation's order.
    const queued = await jobsFor(assistantTurn.name, "conversationId", first.conversationId);
    expect(queued.map((j) => j.payload.messageId)).toEqual([first.id, second.id]);
    expect(queued.every((j) => j.order_key === first.conversationId)).toBe(true);
    const before = (await messagesOf(b.businessId)).filter((m) => m.direction === "outbound").length;
    expect(before).toBe(1);

    // The first turn due now; the turns' own worker runs them, first then second.
    await worker?.stop();
    worker = serverWorker([...CHANNEL, assistantTurn.name]);
    await db().execute(sql`update jobs set run_at = now() where queue = ${assistantTurn.name} and order_key = ${first.conversationId}`);
    await waitFor(async () => (await jobsFor(assistantTurn.name, "conversationId", first.conversationId)).length === 0);
    await settle();
    const replies = (await messagesOf(b.businessId)).filter((m) => m.direction === "outbound");
    expect(replies).toHaveLength(3);
  });

  it("with a model configured, goes to a job of its own", async () => {
    const saved = { base: process.env.LLM_BASE_URL, key: process.env.LLM_API_KEY, model: process.env.LLM_MODEL };
    process.env.LLM_BASE_URL = "http://127.0.0.1:9/v1";
    process.env.LLM_API_KEY = "test";
    process.env.LLM_MODEL = "test-model";
    try {
      const { b, from } = await setUp();
      await customerSays(b, from, "hi");
      await settle();
      const thread = await messagesOf(b.businessId);
      expect(thread.map((m) => m.direction)).toEqual(["inbound"]);
      expect(await jobsFor(assistantTurn.name, "messageId", thread[0].id)).toHaveLength(1);
    } finally {
      for (const [name, value] of [
        ["LLM_BASE_URL", saved.base],
        ["LLM_API_KEY", saved.key],
        ["LLM_MODEL", saved.model],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("an answer that fails", () => {
  it("leaves its message stored, its own writes undone, and its turn queued as a job", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    const failures: unknown[] = [];
    const channelMessageId = `wamid.fails-${Date.now()}`;
    const received = await receiveInboundMessage(
      db(),
      b.businessId,
      {
        channel: "whatsapp",
        from: uniquePhone(),
        profileName: null,
        channelMessageId,
        timestamp: new Date(),
        type: "text",
        text: "hello?",
        content: null,
      },
      undefined,
      {
        async answer(tx, turn) {
          // Written by the answer before it fails: undone with it.
          await tx.update(messages).set({ text: "changed by the failed answer" }).where(eq(messages.id, turn.messageId));
          throw new Error("the answer broke");
        },
        answerFailed: (err) => failures.push(err),
      },
    );
    expect(failures.map((e) => (e as Error).message)).toEqual(["the answer broke"]);
    const stored = await db().select().from(messages).where(eq(messages.channelMessageId, channelMessageId));
    expect(stored.map((m) => [m.id, m.text])).toEqual([[received.message.id, "hello?"]]);
    expect(await jobsFor(assistantTurn.name, "messageId", received.message.id)).toHaveLength(1);
  });
});
