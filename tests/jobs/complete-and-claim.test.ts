import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { claimJobs, claimNextOf, enqueue, heartbeat } from "@/lib/jobs/queue";
import { testJob } from "../helpers/test-job";

// A worker's finished job is removed by the statement that claims the next one of its kind (issue 41:
// one round trip fewer per job). The finished job still sits in that statement's snapshot, so it must
// neither hold its orderKey's line nor count against its business's share.

const queueName = () => `test.cac.${randomUUID()}`;
const BUSINESS = "biz_cac";

beforeAll(async () => {
  await db().execute(sql`insert into businesses (id, name) values (${BUSINESS}, ${BUSINESS}) on conflict do nothing`);
});

afterAll(async () => {
  await queryRows(db(), sql`delete from jobs where queue like 'test.cac.%'`);
});

async function liveWorker() {
  const id = `test:${randomUUID()}`;
  await heartbeat(db(), id, "test", process.pid);
  return id;
}

const left = async (queue: string) =>
  (await queryRows<{ id: string | number }>(db(), sql`select id from jobs where queue = ${queue} order by id`)).map((r) => Number(r.id));

describe("claimNextOf with a finished job", () => {
  it("removes the finished job and claims the next of its orderKey in the same statement", async () => {
    const queue = queueName();
    for (let i = 0; i < 3; i++) await enqueue(db(), testJob(queue), { businessId: BUSINESS, i }, { orderKey: "conversation-1" });
    const worker = await liveWorker();
    const [first] = await claimJobs(db(), [queue], worker, 8);
    expect(first.payload.i).toBe(0);
    const next = await claimNextOf(db(), queue, BUSINESS, worker, 120, 3, first.id);
    expect(next?.payload.i).toBe(1);
    const ids = await left(queue);
    expect(ids).not.toContain(first.id);
    expect(ids).toHaveLength(2);
  });

  it("does not count the finished job against the business's share", async () => {
    const queue = queueName();
    for (let i = 0; i < 2; i++) await enqueue(db(), testJob(queue), { businessId: BUSINESS, i });
    const worker = await liveWorker();
    // A share of one: the one running job is the whole share, until it is finished.
    const [first] = await claimJobs(db(), [queue], worker, 8, 120, 1);
    expect(await claimNextOf(db(), queue, BUSINESS, worker, 120, 1)).toBeNull();
    const next = await claimNextOf(db(), queue, BUSINESS, worker, 120, 1, first.id);
    expect(next?.payload.i).toBe(1);
    expect(await left(queue)).toEqual([next?.id]);
  });

  it("removes the finished job when nothing is left to claim", async () => {
    const queue = queueName();
    await enqueue(db(), testJob(queue), { businessId: BUSINESS, i: 0 });
    const worker = await liveWorker();
    const [only] = await claimJobs(db(), [queue], worker, 8);
    expect(await claimNextOf(db(), queue, BUSINESS, worker, 120, 3, only.id)).toBeNull();
    expect(await left(queue)).toEqual([]);
  });
});
