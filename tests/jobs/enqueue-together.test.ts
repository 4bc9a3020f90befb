import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { enqueueTogether } from "@/lib/jobs/together";
import { testJob } from "../helpers/test-job";

// Jobs queued by many callers at once are written together (lib/jobs/together.ts): the first alone, the
// ones queued while it is written in one statement after it. Rows written by one statement share their
// transaction id (xmin), which is how the statements are counted here.

const BUSINESS = "biz_together";
const queueName = () => `test.together.${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await db().execute(sql`insert into businesses (id, name) values (${BUSINESS}, ${BUSINESS}) on conflict do nothing`);
});

afterAll(async () => {
  await queryRows(db(), sql`delete from jobs where queue like 'test.together.%'`);
});

const rows = (queue: string) =>
  queryRows<{ i: number; key: string | null; tx: string; delayed: boolean }>(
    db(),
    sql`select (payload->>'i')::int as i, order_key as key, xmin::text as tx, run_at > created_at + interval '1 second' as delayed
      from jobs where queue = ${queue} order by id`,
  );

describe("enqueueTogether", () => {
  it("writes the jobs queued while one is written in one statement, in the order queued", async () => {
    const queue = queueName();
    const job = testJob(queue);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        enqueueTogether(db(), job, { businessId: BUSINESS, i }, { orderKey: `customer-${i % 2}`, delayMs: i === 9 ? 60_000 : 0 }),
      ),
    );
    const stored = await rows(queue);
    expect(stored.map((r) => r.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stored.map((r) => r.key)).toEqual(stored.map((r) => `customer-${r.i % 2}`));
    // The first alone, the nine queued meanwhile together.
    expect(new Set(stored.map((r) => r.tx)).size).toBe(2);
    expect(stored[1].tx).toBe(stored[9].tx);
    expect(stored.map((r) => r.delayed)).toEqual([false, false, false, false, false, false, false, false, false, true]);
  });

  it("fails every caller of a statement that fails, stores none of them, and goes on with the next", async () => {
    const queue = queueName();
    const job = testJob(queue);
    const first = enqueueTogether(db(), job, { businessId: BUSINESS, i: 0 });
    // Written together after the first: one names a business that does not exist (a foreign key).
    const together = [1, 2, 3].map((i) => enqueueTogether(db(), job, { businessId: i === 2 ? "biz_missing_together" : BUSINESS, i }));
    await first;
    const settled = await Promise.allSettled(together);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    await enqueueTogether(db(), job, { businessId: BUSINESS, i: 4 });
    expect((await rows(queue)).map((r) => r.i)).toEqual([0, 4]);
  });

  it("refuses a payload its job does not accept before anything is written", async () => {
    const queue = queueName();
    const job = testJob(queue);
    expect(() => enqueueTogether(db(), job, "not an object" as never)).toThrow();
    expect(await rows(queue)).toEqual([]);
  });
});
