import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { db, dbHandle } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { enqueue, JOBS_CHANNEL } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { testJob } from "../helpers/test-job";

// A new job wakes a worker without NOTIFY where its commit is known (lib/jobs/wake.ts): Postgres runs
// the commits of notifying transactions one at a time, under one lock for the whole cluster (issue 41).
// A worker of this process is woken directly; the other processes' by one NOTIFY of the process's own,
// only when no worker here has room; a job queued in another transaction still notifies on commit.
// Notifications arrive in commit order, so "this one came, the earlier one did not" needs no timing.

const BUSINESS = "biz_wake";
const heard: string[] = [];
let unlisten: (() => Promise<void>) | null = null;
const workers: Worker[] = [];

beforeAll(async () => {
  await db().execute(sql`insert into businesses (id, name) values (${BUSINESS}, ${BUSINESS}) on conflict do nothing`);
  unlisten = await dbHandle().listen(JOBS_CHANNEL, (queue) => {
    if (queue.startsWith("test.wake.")) heard.push(queue);
  });
});

afterAll(async () => {
  for (const w of workers) await w.stop({ timeoutMs: 5000 });
  await unlisten?.();
  await queryRows(db(), sql`delete from jobs where queue like 'test.wake.%'`);
});

const queueName = (what: string) => `test.wake.${what}.${randomUUID().slice(0, 8)}`;

/** Waits until `queue`'s notification is heard (the marker queued after what is being checked). */
async function hear(queue: string) {
  const until = Date.now() + 20_000;
  while (!heard.includes(queue)) {
    if (Date.now() > until) throw new Error(`no notification for ${queue}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A notification queued now in a transaction of its own (NOTIFY on commit, as before). */
async function marker() {
  const queue = queueName("marker");
  await db().transaction(async (tx) => enqueue(tx, testJob(queue), { businessId: BUSINESS }));
  await hear(queue);
}

describe("waking workers for new jobs", () => {
  it("wakes a worker of this process directly, without NOTIFY, when it has room", async () => {
    const queue = queueName("local");
    const ran: unknown[] = [];
    // A poll far longer than the test: only the direct wake can run the job in time.
    workers.push(startWorker({ [queue]: async (payload) => void ran.push(payload.i) }, { pollMs: 600_000 }));
    await new Promise((r) => setTimeout(r, 200)); // its first claim (found nothing)
    await enqueue(db(), testJob(queue), { businessId: BUSINESS, i: 1 });
    const until = Date.now() + 20_000;
    while (ran.length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([1]);
    await marker();
    expect(heard).not.toContain(queue);
  });

  it("notifies the other processes when no worker here serves the queue", async () => {
    const queue = queueName("remote");
    await enqueue(db(), testJob(queue), { businessId: BUSINESS });
    await hear(queue);
  });

  it("wakes the worker for what a job's handler queued in its transaction once the handler returned", async () => {
    const first = queueName("first");
    const second = queueName("second");
    const ran: string[] = [];
    workers.push(
      startWorker(
        {
          [first]: async () => {
            await db().transaction(async (tx) => enqueue(tx, testJob(second), { businessId: BUSINESS }));
            ran.push("first");
          },
          [second]: async () => void ran.push("second"),
        },
        { pollMs: 600_000 },
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    await enqueue(db(), testJob(first), { businessId: BUSINESS });
    const until = Date.now() + 20_000;
    while (ran.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(["first", "second"]);
    await marker();
    expect(heard).not.toContain(first);
    expect(heard).not.toContain(second);
  });

  /** A worker of one slot, busy with its queue's first job until `release`. */
  async function fullWorker(queue: string) {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started = () => {};
    const busy = new Promise<void>((r) => {
      started = r;
    });
    const ran: number[] = [];
    workers.push(
      startWorker(
        {
          [queue]: async (payload) => {
            ran.push(Number(payload.i));
            if (payload.i === 1) {
              started();
              await held;
            }
          },
        },
        { concurrency: 1, pollMs: 600_000 },
      ),
    );
    await enqueue(db(), testJob(queue), { businessId: BUSINESS, i: 1 });
    await busy;
    return { release, ran };
  }

  // Workers of other files' tests (fake heartbeats, killed ones) must not count as other processes here.
  const ours = `${hostname()}:${process.pid}:%`;

  it("sends no NOTIFY for a full worker's queue when no other process's worker is alive", async () => {
    await queryRows(db(), sql`delete from workers where id not like ${ours}`);
    const queue = queueName("alone");
    const { release, ran } = await fullWorker(queue);
    await enqueue(db(), testJob(queue), { businessId: BUSINESS, i: 2 });
    release();
    const until = Date.now() + 20_000;
    while (ran.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([1, 2]); // taken when its slot freed, not by the (ten-minute) poll
    await marker();
    expect(heard).not.toContain(queue);
  });

  it("notifies a full worker's queue for the other processes when one of their workers is alive", async () => {
    const other = `test:wake-other:${randomUUID()}`;
    await queryRows(db(), sql`insert into workers (id, host, pid) values (${other}, 'elsewhere', 1)`);
    try {
      const queue = queueName("others");
      const { release } = await fullWorker(queue);
      await enqueue(db(), testJob(queue), { businessId: BUSINESS, i: 2 });
      await hear(queue);
      release();
    } finally {
      await queryRows(db(), sql`delete from workers where id = ${other}`);
    }
  });

  it("still notifies on commit for a job queued in a transaction outside a job", async () => {
    const queue = queueName("tx");
    await db().transaction(async (tx) => {
      await enqueue(tx, testJob(queue), { businessId: BUSINESS });
      // Not before the commit: a worker woken now would not see the job yet.
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).not.toContain(queue);
    });
    await hear(queue);
  });
});
