import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import type { Worker } from "../../lib/jobs/worker";
import { whatsappSignal } from "../../lib/messages/message-signals";
import { messageDelivery } from "../../lib/messages/outbound";
import { networkQueues, startServerWorkers, waitingQueues } from "../../lib/server/jobs";
import { api, uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  connectedBusiness,
  message,
  messagesOf,
  ownChannelHandlers,
  setChannelEnv,
  settle,
  sleep,
  startAppServer,
  waitFor,
} from "./harness";

// The server's worker runs the jobs that wait on WhatsApp's servers (a reply's send, a read receipt) in
// a pool of their own, with a business's share of its own (lib/server/jobs.ts): Meta takes 100-400 ms a
// send, and with the share of three at once a business could send 7-30 replies a second, whatever the
// machine (docs/performance.md, twelfth round). Here Meta holds every send until the test lets them go.

let app: AppServer;
let worker: Worker;
let biz: Connected;
const saved = snapshot(["SENDS_PER_BUSINESS", "SEND_CONCURRENCY", "JOBS_PER_BUSINESS"]);

/** The given environment variables as they are now, to be put back by restore(). */
function snapshot(names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, process.env[name]]));
}

function restore(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

beforeAll(async () => {
  setChannelEnv();
  process.env.SENDS_PER_BUSINESS = "6";
  process.env.SEND_CONCURRENCY = "10";
  process.env.JOBS_PER_BUSINESS = "3";
  app = await startAppServer();
  worker = startServerWorkers(ownChannelHandlers(), { pollMs: 50 });
  biz = await connectedBusiness(app);
});
afterAll(async () => {
  biz.fake.release();
  await worker.stop();
  await biz.fake.close();
  await app.close();
  restore(saved);
});

const heldSends = async (businessId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where queue = ${messageDelivery.name} and payload->>'businessId' = ${businessId}
            and status = 'pending' and locked_until > now()`,
    )
  )[0].n;

describe("the server's send pool", () => {
  it("holds the sends and read receipts, and the assistant's turns only when they wait for a model", () => {
    const llm = snapshot(["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"]);
    try {
      delete process.env.LLM_BASE_URL;
      expect([...waitingQueues()].sort()).toEqual([messageDelivery.name, whatsappSignal.name].sort());
      process.env.LLM_BASE_URL = "http://127.0.0.1:9/v1";
      process.env.LLM_API_KEY = "k";
      process.env.LLM_MODEL = "m";
      expect([...waitingQueues()].sort()).toEqual([messageDelivery.name, whatsappSignal.name, "assistant.turn"].sort());
    } finally {
      restore(llm);
    }
  });

  it("sends one business's replies to ten customers six at a time while Meta answers slowly, never more, and all of them", async () => {
    expect(networkQueues).toContain(messageDelivery.name);
    const phones = Array.from({ length: 10 }, () => uniquePhone());
    for (const phone of phones) {
      expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, name: "Cleo", text: "hi" }] }))).toBe(200);
    }
    await settle();
    biz.fake.hold();
    const ids: string[] = [];
    for (const [i, to] of phones.entries()) {
      const res = await api("POST", "/v1/messages", { key: biz.key, body: { to, text: `order ${i} is ready` } });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    // Six sends of the business in flight at once (its share), more than the three of the other pool's share.
    await waitFor(async () => biz.fake.held === 6, 15_000);
    // ...and no seventh: the four others wait for the share, unclaimed, however often the worker looks.
    for (let i = 0; i < 5; i++) {
      worker.wake();
      await sleep(60);
    }
    expect(biz.fake.held).toBe(6);
    expect(await heldSends(biz.businessId)).toBe(6);

    // Meanwhile the other pool still takes the customers' messages in.
    const late = uniquePhone();
    expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: late, name: "Ana", text: "are you open?" }] }))).toBe(200);
    await waitFor(async () => (await messagesOf(biz.businessId)).some((m) => m.direction === "inbound" && m.text === "are you open?"), 15_000);

    biz.fake.release();
    await waitFor(async () => biz.fake.sent.filter((s) => String(s.body?.text?.body ?? "").startsWith("order ")).length === 10, 15_000);
    const bodies = biz.fake.sent.map((s) => String(s.body?.text?.body ?? "")).filter((t) => t.startsWith("order "));
    expect(new Set(bodies).size).toBe(10);
    for (const id of ids) {
      await waitFor(async () => (await message(id))?.status === "sent", 15_000);
    }
  });
});
