// Issue 41: a status body's job takes on the other status bodies queued for its number and applies them
// in one statement. Nothing may be lost (every queued body's statuses applied, every job ended), nothing
// applied twice (a batched job never runs again, two workers' batches never share a job), and the
// result must be what applying them one at a time in their order would leave (a status never moves a
// message back, the first pricing is kept, a failed status counts in its turn). A body whose status
// names a message not recorded yet waits and tries again on its own, as before.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { inboundWebhook, statusBatchDelayMs } from "../../lib/channels/whatsapp/inbound";
import { databaseKind, db } from "../../lib/db/client";
import { applyStatuses } from "../../lib/messages/apply-status";
import { queryRows } from "../../lib/db/rows";
import { type ClaimedJob, claimBatch, claimJobs, completeJob, heartbeat, retryJob } from "../../lib/jobs/queue";
import { JOB_COMPLETED, RetryLater } from "../../lib/jobs/worker";
import { jobHandlers } from "../../lib/server/jobs";
import { api } from "../helpers/api";
import { type AppServer, type Connected, channelWorker, connectedBusiness, message, settle, setChannelEnv, startAppServer, waitFor } from "./harness";

let app: AppServer;
const fakes: Connected[] = [];

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
});
afterAll(async () => {
  for (const b of fakes.splice(0)) await b.fake.close();
  await app.close();
});

const T0 = new Date("2026-11-30T10:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A connected business with `count` messages sent to one customer (status `sent`, wamids known), and no worker running. */
async function sentMessages(count: number) {
  const b = await connectedBusiness(app);
  fakes.push(b);
  const worker = channelWorker();
  const phone = `+3519${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect(await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, name: "Rita", text: "olá" }] }))).toBe(200);
  await settle();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, text: `mensagem ${i}` } });
    expect(res.status).toBe(200);
    ids.push(res.body.id);
  }
  const wamids: string[] = [];
  for (const id of ids) {
    const row = await waitFor(async () => ((await message(id))?.status === "sent" ? message(id) : null));
    wamids.push(row.channelMessageId as string);
  }
  await settle();
  await worker.stop();
  return { b, ids, wamids };
}

async function liveWorker() {
  const id = `test:${randomUUID()}`;
  await heartbeat(db(), id, "test", process.pid);
  return id;
}

const queued = async (phoneNumberId: string) =>
  queryRows<{ id: string | number; attempts: number; locked_by: string | null; run_at: Date; status: string }>(
    db(),
    sql`select id, attempts, locked_by, run_at, status from jobs
      where queue = ${inboundWebhook.name} and payload->'phoneNumberIds' ? ${phoneNumberId} order by id`,
  );

/** What the worker does with one claimed job: its handler, then its completion or its retry. */
async function runAsWorker(job: ClaimedJob): Promise<unknown> {
  try {
    const outcome = await jobHandlers[inboundWebhook.name](job.payload, job);
    if (outcome !== JOB_COMPLETED) await completeJob(db(), job.id);
    return outcome;
  } catch (err) {
    if (!(err instanceof RetryLater)) throw err;
    await retryJob(db(), job, err.delayMs, err.message);
    return err;
  }
}

describe("status webhooks applied in batches", () => {
  // The batches' own rules, with bodies due as soon as they are queued (the delay is tested below).
  beforeAll(() => {
    process.env.STATUS_BATCH_DELAY_MS = "0";
  });
  afterAll(() => {
    delete process.env.STATUS_BATCH_DELAY_MS;
  });

  it("applies every queued status body of a number in one job, in their order, and ends every job", async () => {
    const { b, ids, wamids } = await sentMessages(6);
    const [m0, m1, m2, m3, m4] = wamids;
    const post = async (wamid: string, status: "sent" | "delivered" | "read" | "failed", seconds: number, pricing?: string) =>
      expect(
        await b.fake.postStatus(wamid, status, {
          timestamp: at(seconds),
          ...(pricing ? { pricing: { billable: true, category: pricing } } : status === "read" || status === "failed" ? {} : { pricing: null }),
        }),
      ).toBe(200);
    // m0: delivered then read, read repeated; the first pricing by time is the sent's (marketing), not the delivered's.
    await post(m0, "delivered", 2, "utility");
    await post(m0, "sent", 1, "marketing");
    await post(m0, "read", 3);
    await post(m0, "read", 3);
    // m1: read arrives before the late delivered: stays read.
    await post(m1, "read", 3);
    await post(m1, "delivered", 2, "service");
    // m2: delivered only.
    await post(m2, "delivered", 2);
    // m3: failed (undeliverable), then a delivered after it: stays failed.
    await post(m3, "failed", 1);
    await post(m3, "delivered", 2);
    // m4: delivered, then a failed after it: a delivered message cannot fail.
    await post(m4, "delivered", 1);
    await post(m4, "failed", 2);
    // The sixth: no status at all.
    expect(await queued(b.phoneNumberId)).toHaveLength(11);

    const worker = await liveWorker();
    const [lead] = await claimJobs(db(), [inboundWebhook.name], worker, 1);
    expect(await runAsWorker(lead)).toBe(JOB_COMPLETED);
    // One job took them all: nothing is left to run (again).
    expect(await queued(b.phoneNumberId)).toEqual([]);

    const rows = await Promise.all(ids.map((id) => message(id)));
    expect(rows.map((r) => r.status)).toEqual(["read", "read", "delivered", "failed", "delivered", "sent"]);
    expect(rows[0]).toMatchObject({ pricingCategory: "marketing", pricedAt: at(1) });
    expect(rows[1]).toMatchObject({ pricingCategory: "service", pricedAt: at(2) });
    expect(rows[2].pricingCategory).toBeNull();
    expect(rows[3].error).toMatchObject({ code: "undeliverable" });
    expect(rows[4].error).toBeNull();
  });

  it("leaves a body whose status names an unknown message to retry on its own, and applies the rest", async () => {
    const { b, ids, wamids } = await sentMessages(2);
    expect(await b.fake.postStatus(wamids[0], "delivered", { timestamp: at(1), recipient: "351910000000" })).toBe(200);
    const orphan = `wamid.${randomUUID()}`;
    expect(await b.fake.postStatus(orphan, "read", { timestamp: at(2), recipient: "351910000000" })).toBe(200);
    expect(await b.fake.postStatus(wamids[1], "read", { timestamp: at(3) })).toBe(200);
    const [first, second, third] = await queued(b.phoneNumberId);

    const worker = await liveWorker();
    const [lead] = await claimJobs(db(), [inboundWebhook.name], worker, 1);
    expect(Number(lead.id)).toBe(Number(first.id));
    expect(await runAsWorker(lead)).toBe(JOB_COMPLETED);
    expect((await message(ids[0])).status).toBe("delivered");
    expect((await message(ids[1])).status).toBe("read");
    // The orphan's body: back in the queue after its first attempt, due in half a second, held by nobody.
    const left = await queued(b.phoneNumberId);
    expect(left.map((j) => Number(j.id))).toEqual([Number(second.id)]);
    expect(left[0]).toMatchObject({ attempts: 1, locked_by: null, status: "pending" });
    expect(Number(third.id)).toBeGreaterThan(Number(second.id));
    // Tried once, it is never taken on by another batch, even when due: it runs on its own, with its own attempts.
    await queryRows(db(), sql`update jobs set run_at = now() where id = ${second.id}`);
    expect(await claimBatch(db(), inboundWebhook.name, worker, { statusesOnly: true, phoneNumberIds: [b.phoneNumberId] }, 10)).toEqual([]);
    await completeJob(db(), Number(second.id));
  });

  it("gives two workers' batches disjoint jobs, and every job to one of them", async () => {
    const { b, ids, wamids } = await sentMessages(3);
    for (const [i, wamid] of wamids.entries())
      for (const [k, status] of (["delivered", "read"] as const).entries()) await b.fake.postStatus(wamid, status, { timestamp: at(i * 10 + k) });
    const all = (await queued(b.phoneNumberId)).map((j) => Number(j.id));
    expect(all).toHaveLength(6);
    const [w1, w2] = [await liveWorker(), await liveWorker()];
    const match = { statusesOnly: true, phoneNumberIds: [b.phoneNumberId] };
    const [one, two] = await Promise.all([claimBatch(db(), inboundWebhook.name, w1, match, 4), claimBatch(db(), inboundWebhook.name, w2, match, 4)]);
    const taken = [...one, ...two].map((j) => j.id).sort((x, y) => x - y);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken).toEqual(all);
    // Taken jobs are held (by each worker's batch) and never claimed again meanwhile.
    const claimedAgain = await claimJobs(db(), [inboundWebhook.name], await liveWorker(), 8);
    expect(claimedAgain.filter((j) => all.includes(j.id))).toEqual([]);
    // Each batch's jobs, run as their own leads here, still apply once and end.
    for (const job of [...one, ...two]) await runAsWorker(job);
    expect(await queued(b.phoneNumberId)).toEqual([]);
    expect((await Promise.all(ids.map((id) => message(id)))).map((r) => r.status)).toEqual(["read", "read", "read"]);
  });

  it("keeps a batch whose statement fails in the queue, untried", async () => {
    const { b, wamids } = await sentMessages(1);
    for (const status of ["delivered", "read"] as const) await b.fake.postStatus(wamids[0], status, { timestamp: at(1) });
    const worker = await liveWorker();
    const [lead] = await claimJobs(db(), [inboundWebhook.name], worker, 1);
    // The message's table refuses updates for a moment: the batch's statement fails.
    await db().execute(
      sql`create or replace function status_batch_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    );
    await db().execute(sql`create trigger status_batch_refuse before update on messages for each statement execute function status_batch_refuse()`);
    try {
      await expect(jobHandlers[inboundWebhook.name](lead.payload, lead)).rejects.toThrow(/Failed query: with w /);
    } finally {
      await db().execute(sql`drop trigger status_batch_refuse on messages`);
    }
    const left = await queued(b.phoneNumberId);
    expect(left).toHaveLength(2);
    // The swept body is handed back untried; the lead is the worker's to retry.
    expect(left[1]).toMatchObject({ attempts: 0, locked_by: null });
    // Cleared, so the tests after this one do not wait for the lead's lease (its worker stays alive).
    for (const job of left) await completeJob(db(), Number(job.id));
  });
});

describe("the batching delay", () => {
  it("queues a status body due half a second later, and the first job due takes on the bodies not due yet", async () => {
    delete process.env.STATUS_BATCH_DELAY_MS;
    const { b, ids, wamids } = await sentMessages(2);
    const posted = Date.now();
    expect(await b.fake.postStatus(wamids[0], "delivered", { timestamp: at(1) })).toBe(200);
    expect(await b.fake.postStatus(wamids[0], "read", { timestamp: at(2) })).toBe(200);
    expect(await b.fake.postStatus(wamids[1], "read", { timestamp: at(3) })).toBe(200);
    const queuedNow = await queued(b.phoneNumberId);
    expect(queuedNow).toHaveLength(3);
    // Due about 500 ms after each was queued (the database's clock): none is claimable yet.
    for (const j of queuedNow) expect(new Date(j.run_at).getTime()).toBeGreaterThan(posted + 300);
    const worker = await liveWorker();
    expect((await claimJobs(db(), [inboundWebhook.name], worker, 8)).filter((j) => queuedNow.some((q) => Number(q.id) === j.id))).toEqual([]);
    // The first comes due; its job applies all three bodies, the two not due yet included.
    await queryRows(db(), sql`update jobs set run_at = now() where id = ${queuedNow[0].id}`);
    const [lead] = await claimJobs(db(), [inboundWebhook.name], worker, 1);
    expect(Number(lead.id)).toBe(Number(queuedNow[0].id));
    expect(await runAsWorker(lead)).toBe(JOB_COMPLETED);
    expect(await queued(b.phoneNumberId)).toEqual([]);
    expect((await Promise.all(ids.map((id) => message(id)))).map((r) => r.status)).toEqual(["read", "read"]);
  });

  it("reads STATUS_BATCH_DELAY_MS: 500 by default, 0 for at once, whole milliseconds up to a minute", () => {
    const cases: [string | undefined, number][] = [
      [undefined, 500],
      ["", 500],
      ["0", 0],
      ["1200", 1200],
      ["-1", 500],
      ["0.5", 500],
      ["600000", 500],
      ["soon", 500],
    ];
    try {
      for (const [value, expected] of cases) {
        if (value === undefined) delete process.env.STATUS_BATCH_DELAY_MS;
        else process.env.STATUS_BATCH_DELAY_MS = value;
        expect(statusBatchDelayMs()).toBe(expected);
      }
    } finally {
      delete process.env.STATUS_BATCH_DELAY_MS;
    }
  });
});

describe("two status batches at once", () => {
  // Two workers' batches are disjoint in bodies, not in messages: Meta's sent, delivered and read of one
  // message can be queued in different batches. Each statement locks its messages in one order (by id),
  // so two of them over the same messages wait for each other in turn instead of deadlocking (Postgres
  // fails one of them after deadlock_timeout, and its jobs wait out a retry). One connection on PGlite:
  // nothing runs at once there.
  it.skipIf(databaseKind() === "pglite")("apply the statuses of the same messages, given in opposite orders, without a deadlock", async () => {
    const { b, ids, wamids } = await sentMessages(24);
    const key = b.phoneNumberId;
    const businesses = sql`select id as business_id, whatsapp_phone_number_id as key from businesses where whatsapp_phone_number_id in (${key})`;
    const batch = (order: string[], status: "delivered" | "read") =>
      applyStatuses(
        db(),
        "whatsapp",
        businesses,
        order.map((wamid, i) => ({ key, tag: i, channelMessageId: wamid, status, timestamp: at(i), pricing: null })),
      );
    const reversed = [...wamids].reverse();
    for (let round = 0; round < 12; round++) {
      await db().execute(
        sql`update messages set status = 'sent' where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const outcomes = await Promise.allSettled([batch(wamids, "delivered"), batch(reversed, "read")]);
      expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok"]);
      // Whichever ran last, each message moved forward to read (delivered never moves one back).
      const rows = await queryRows<{ status: string }>(
        db(),
        sql`select status from messages where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["read"]));
    }
  });
});
