import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, db, dbHandle } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { JOBS_CHANNEL } from "@/lib/jobs/queue";
import { warmUp, warmUpMessages } from "@/lib/server/warm-up";

// A process that runs the worker rehearses customers' messages at boot (lib/server/warm-up.ts): the
// real inbound path and the assistant's real turn, each rehearsal in a transaction that is rolled back.
// It must answer them (or it warms nothing) and leave nothing behind: no row in any table, no job, no
// wake for a job that never existed. It never fails the boot.

/** Every table's row count (the app's schema), to compare before and after. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row.n;
  }
  return counts;
}

const heard: string[] = [];
let unlisten: (() => Promise<void>) | null = null;
beforeAll(async () => {
  unlisten = await dbHandle().listen(JOBS_CHANNEL, (queue) => heard.push(queue));
});
afterAll(async () => {
  await unlisten?.();
});

describe("the boot's warm-up rehearsal", () => {
  it("answers every rehearsed message with the real turn and keeps nothing", async () => {
    const before = await rowCounts();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    const result = await warmUp(26);
    expect(result).not.toBeNull();
    // 26 messages in three lanes on Postgres (9, 9, 8), one on the embedded database: every one received
    // and taken through the assistant's turn. The turns answer (the restaurant kit's hours, delivery,
    // booking and menu), each in the transaction that stores its message, as the server's inbound job
    // answers without a model: a few lines go unanswered, some get two replies.
    expect(result?.lanes).toBe(process.env.DATABASE_URL ? 3 : 1);
    expect(result?.answered).toBe(26);
    expect(result?.replies).toBeGreaterThanOrEqual(20);
    expect(await rowCounts()).toEqual(before);
    // The jobs the rehearsal queued (turns, sends) never existed for the workers.
    await db().execute(sql`select 1`);
    expect(heard).toEqual([]);
  });

  it("is off with WARM_UP_MESSAGES=0, and with a model configured (a turn would call the provider)", async () => {
    const saved = { ...process.env };
    try {
      process.env.WARM_UP_MESSAGES = "0";
      expect(warmUpMessages()).toBe(0);
      expect(await warmUp()).toBeNull();
      // By default 48 on Postgres, none on the embedded database (its memory, see warm-up.ts).
      const fallback = process.env.DATABASE_URL ? 48 : 0;
      process.env.WARM_UP_MESSAGES = "junk";
      expect(warmUpMessages()).toBe(fallback);
      delete process.env.WARM_UP_MESSAGES;
      expect(warmUpMessages()).toBe(fallback);
      process.env.WARM_UP_MESSAGES = "12";
      expect(warmUpMessages()).toBe(12);
      Object.assign(process.env, { LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_API_KEY: "k", LLM_MODEL: "m" });
      const before = await rowCounts();
      expect(await warmUp(4)).toBeNull();
      expect(await rowCounts()).toEqual(before);
    } finally {
      for (const key of ["WARM_UP_MESSAGES", "LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it("never fails the boot: a rehearsal that cannot run is logged and skipped", async () => {
    const broken = {
      transaction: async () => {
        throw new Error("connection refused");
      },
    } as unknown as Db;
    await expect(warmUp(4, broken)).resolves.toBeNull();
  });
});
