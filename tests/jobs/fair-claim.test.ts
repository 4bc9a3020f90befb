import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { randomUUID } from "node:crypto";
import {
  claimJobs,
  claimJobsAndNextRun,
  completeJob,
  enqueue,
  enqueueMany,
  heartbeat,
  jobsPerBusiness,
  nextRunAt,
  retireWorker,
} from "@/lib/jobs/queue";
import { testJob } from "../helpers/test-job";

// The claim query on its own, on queues no worker serves: a business gets at most its share of one
// kind of job at once, and the rest is handed out in turns, so a burst never shuts another business out.

const queueName = () => `test.fair.${randomUUID()}`;
const add = async (queue: string, businessId: string | null, n: number, orderKey?: (i: number) => string) => {
  for (let i = 0; i < n; i++) await enqueue(db(), testJob(queue), businessId ? { businessId, i } : { i }, { orderKey: orderKey?.(i) ?? null });
};
const owners = (jobs: { payload: Record<string, unknown> }[]) => jobs.map((j) => String(j.payload.businessId ?? "none"));
function tally(list: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of list) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

// jobs.business_id references businesses (drizzle 0014): the businesses these jobs work for exist.
beforeAll(async () => {
  const ids = ["biz_a", "biz_capped", "biz_fan", "biz_later", "biz_noisy", "biz_ordered", "biz_quiet", "biz_stored"];
  await db().execute(
    sql`insert into businesses (id, name) values ${sql.join(
      ids.map((id) => sql`(${id}, ${id})`),
      sql`, `,
    )} on conflict do nothing`,
  );
});

afterAll(async () => {
  await queryRows(db(), sql`delete from jobs where queue like 'test.fair.%'`);
});

async function liveWorker() {
  const id = `test:${randomUUID()}`;
  await heartbeat(db(), id, "test", process.pid);
  return id;
}

describe("fair claim", () => {
  it("defaults to 3 jobs of a kind per business, set by JOBS_PER_BUSINESS", () => {
    const saved = process.env.JOBS_PER_BUSINESS;
    delete process.env.JOBS_PER_BUSINESS;
    expect(jobsPerBusiness()).toBe(3);
    process.env.JOBS_PER_BUSINESS = "5";
    expect(jobsPerBusiness()).toBe(5);
    process.env.JOBS_PER_BUSINESS = "zero";
    expect(jobsPerBusiness()).toBe(3);
    if (saved === undefined) delete process.env.JOBS_PER_BUSINESS;
    else process.env.JOBS_PER_BUSINESS = saved;
  });

  it("stores the payload's business on the job", async () => {
    const q = queueName();
    await add(q, "biz_stored", 1);
    await add(q, null, 1);
    const rows = await queryRows<{ business_id: string | null }>(db(), sql`select business_id from jobs where queue = ${q} order by id`);
    expect(rows.map((r) => r.business_id)).toEqual(["biz_stored", null]);
  });

  it("adds a fan-out in one statement, each job with its business and orderKey", async () => {
    const q = queueName();
    await enqueueMany(db(), testJob(q), []);
    await enqueueMany(db(), testJob(q), [
      { payload: { businessId: "biz_fan", n: 1 }, orderKey: "k1", maxAttempts: 5 },
      { payload: { n: 2 }, orderKey: "k2" },
    ]);
    const rows = await queryRows<{ business_id: string | null; order_key: string; max_attempts: number; payload: { n: number } }>(
      db(),
      sql`select business_id, order_key, max_attempts, payload from jobs where queue = ${q} order by id`,
    );
    expect(rows.map((r) => [r.business_id, r.order_key, r.max_attempts, r.payload.n])).toEqual([
      ["biz_fan", "k1", 5, 1],
      [null, "k2", 10, 2],
    ]);
  });

  it("caps a burst at the business's share and serves a later business at once", async () => {
    const q = queueName();
    const worker = await liveWorker();
    await add(q, "biz_noisy", 40);
    await add(q, "biz_quiet", 2);
    const first = await claimJobs(db(), [q], worker, 8, 120, 3);
    // Turns: each business's first job, then each one's second, ...: 3 of the burst, both quiet jobs.
    expect(tally(owners(first))).toEqual({ biz_noisy: 3, biz_quiet: 2 });
    // Held jobs count: nothing more of the burst while its three run, however many slots are free.
    expect(await claimJobs(db(), [q], worker, 8, 120, 3)).toEqual([]);
    const noisy = first.filter((j) => j.payload.businessId === "biz_noisy");
    await completeJob(db(), noisy[0].id);
    const next = await claimJobs(db(), [q], worker, 8, 120, 3);
    expect(owners(next)).toEqual(["biz_noisy"]);
    // Oldest first within a business.
    expect(next[0].payload.i).toBe(3);
    await retireWorker(db(), worker);
  });

  it("counts the share per kind of job, and across workers", async () => {
    const slow = queueName();
    const fast = queueName();
    const [w1, w2] = [await liveWorker(), await liveWorker()];
    await add(slow, "biz_a", 10);
    await add(fast, "biz_a", 10);
    const one = await claimJobs(db(), [slow, fast], w1, 4, 120, 2);
    expect(tally(one.map((j) => j.queue))).toEqual({ [slow]: 2, [fast]: 2 });
    // Another worker sees the first one's claims: the business already runs its share of both kinds.
    expect(await claimJobs(db(), [slow, fast], w2, 8, 120, 2)).toEqual([]);
    // A worker that died holding them frees the share (its jobs are claimable again, by anyone).
    await queryRows(db(), sql`update workers set heartbeat_at = now() - interval '1 minute' where id = ${w1}`);
    const taken = await claimJobs(db(), [slow, fast], w2, 8, 120, 2);
    expect(taken.map((j) => j.id).sort()).toEqual(one.map((j) => j.id).sort());
    for (const w of [w1, w2]) await retireWorker(db(), w);
  });

  it("keeps jobs without a business uncapped, and orderKey order within a business", async () => {
    const q = queueName();
    const worker = await liveWorker();
    await add(q, null, 6);
    await add(q, "biz_ordered", 4, () => "conv_1");
    const claimed = await claimJobs(db(), [q], worker, 20, 120, 3);
    expect(tally(owners(claimed))).toEqual({ none: 6, biz_ordered: 1 });
    await retireWorker(db(), worker);
  });

  it("lets an idle worker sleep past jobs that were due but not claimable", async () => {
    const q = queueName();
    const worker = await liveWorker();
    await add(q, "biz_capped", 5);
    await new Promise((r) => setTimeout(r, 5)); // Date has milliseconds, run_at microseconds
    const claimedAt = new Date();
    await claimJobs(db(), [q], worker, 8, 120, 3);
    await enqueue(db(), testJob(q), { businessId: "biz_later" }, { runAt: new Date(Date.now() + 60_000) });
    // Without `after` the capped jobs (due already) come first; with it, the next job to become due.
    expect((await nextRunAt(db(), [q]))!.getTime()).toBeLessThanOrEqual(claimedAt.getTime());
    const after = await nextRunAt(db(), [q], claimedAt);
    expect(after!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await retireWorker(db(), worker);
  });

  it("says in the claim's own statement when the next job becomes due, past the jobs it could not claim", async () => {
    const q = queueName();
    const worker = await liveWorker();
    await add(q, "biz_capped", 5);
    const later = new Date(Date.now() + 60_000);
    await enqueue(db(), testJob(q), { businessId: "biz_later" }, { runAt: later });
    const first = await claimJobsAndNextRun(db(), [q], worker, 8, 120, 3);
    // Three of the five claimed (the share), two due but capped: the time is the later job's, not theirs.
    expect(owners(first.jobs)).toEqual(["biz_capped", "biz_capped", "biz_capped"]);
    expect(Math.abs(first.nextRunAt!.getTime() - later.getTime())).toBeLessThan(5);
    // Nothing claimable: no job, the time alone.
    const again = await claimJobsAndNextRun(db(), [q], worker, 8, 120, 3);
    expect(again.jobs).toEqual([]);
    expect(Math.abs(again.nextRunAt!.getTime() - later.getTime())).toBeLessThan(5);
    // Nothing pending at all: no time.
    await db().execute(sql`delete from jobs where queue = ${q}`);
    expect(await claimJobsAndNextRun(db(), [q], worker, 8, 120, 3)).toEqual({ jobs: [], nextRunAt: null });
    await retireWorker(db(), worker);
  });
});

describe("the next due time, at the claim's own instant", () => {
  it("leaves out a job due at the claim's very timestamp (the embedded database's clock has milliseconds)", async () => {
    const q = queueName();
    // A claim that ran at `instant` left a job due at that same instant: there for the claim and not
    // claimable then (its business at its share, say), so not a time to wake for. On PGlite a job queued
    // in the same millisecond as the claim gets the claim's timestamp.
    const instant = new Date(Date.now() - 1_000);
    const later = new Date(Date.now() + 60_000);
    await enqueue(db(), testJob(q), { businessId: "biz_capped" }, { runAt: instant });
    await enqueue(db(), testJob(q), { businessId: "biz_later" }, { runAt: later });
    expect((await nextRunAt(db(), [q], instant))?.getTime()).toBe(later.getTime());
    // Without a claim to measure from, the job due at that instant is the next.
    expect((await nextRunAt(db(), [q]))?.getTime()).toBe(instant.getTime());
    await db().execute(sql`delete from jobs where queue = ${q}`);
  });
});

describe("a stale heartbeat", () => {
  it("lets another worker take the job, never the worker that holds it (a busy process beats late)", async () => {
    const q = queueName();
    await add(q, "biz_a", 1);
    const holder = await liveWorker();
    const [job] = await claimJobs(db(), [q], holder, 1);
    expect(job).toBeTruthy();
    // The holder's heartbeat is overdue while its job still runs.
    await db().execute(sql`update workers set heartbeat_at = now() - interval '1 minute' where id = ${holder}`);
    expect(await claimJobs(db(), [q], holder, 1)).toEqual([]);
    const other = await liveWorker();
    const [taken] = await claimJobs(db(), [q], other, 1);
    expect(taken?.id).toBe(job.id);
    await completeJob(db(), taken.id);
    await retireWorker(db(), holder);
    await retireWorker(db(), other);
  });
});
