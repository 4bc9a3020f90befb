import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, openPglite } from "@/lib/db/client";
import { isWasmTrap, trappedTheDatabase } from "@/lib/db/embedded";
import { queryRows } from "@/lib/db/rows";
import { enqueue } from "@/lib/jobs/queue";
import { MAX_ATTEMPTS_AFTER_TRAP, startWorker, type Worker } from "@/lib/jobs/worker";
import { testJob } from "../helpers/test-job";

// Issue 34, item 4: a turn whose record trapped the embedded database was retried with its full
// budget of attempts, and each retry trapped it again (every tenant stalled 1.1-1.3 s while it reopened).
// A job whose own statement traps the database now fails after MAX_ATTEMPTS_AFTER_TRAP attempts, as a
// failed job with its reason, while a job that merely met the broken instance keeps its usual retries.

const CULPRIT_QUEUE = `test.trapping.${process.pid}`;
const BYSTANDER_QUEUE = `test.bystander.${process.pid}`;

let dir = "";
let culprit: unknown;
let worker: Worker | null = null;

beforeAll(async () => {
  // A real culprit error: the first statement that meets a trapped instance, on a database of its own.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-trapped-job-"));
  const handle = openPglite(dir);
  try {
    await handle.db.execute(sql`select 1`);
    const trap = () => Promise.reject(new WebAssembly.RuntimeError("memory access out of bounds"));
    Object.assign(handle.embedded?.client as PGlite, { query: trap, exec: trap, transaction: trap });
    culprit = await handle.db.execute(sql`select 1`).catch((err: unknown) => err);
    await handle.embedded?.recovered();
  } finally {
    await handle.close().catch(() => {});
  }
});

afterAll(async () => {
  await worker?.stop({ timeoutMs: 1000 });
  await queryRows(db(), sql`delete from jobs where queue in (${CULPRIT_QUEUE}, ${BYSTANDER_QUEUE})`);
  fs.rmSync(dir, { recursive: true, force: true });
});

type JobRow = { status: string; attempts: number; last_error: string | null };
const jobOf = async (queue: string) => (await queryRows<JobRow>(db(), sql`select status, attempts, last_error from jobs where queue = ${queue}`))[0];

describe("a job that keeps trapping the embedded database", () => {
  it("tells the statement that trapped the database from the ones that met it broken", () => {
    expect(isWasmTrap(culprit)).toBe(true);
    expect(trappedTheDatabase(culprit)).toBe(true);
    expect(trappedTheDatabase(new Error("the turn failed", { cause: culprit }))).toBe(true);
    expect(trappedTheDatabase(new WebAssembly.RuntimeError("memory access out of bounds"))).toBe(false);
    expect(trappedTheDatabase(new Error("duplicate key"))).toBe(false);
  });

  it("is failed after its second trapping attempt, visibly, not retried for its whole budget", async () => {
    const runs = { culprit: 0, bystander: 0 };
    await enqueue(db(), testJob(CULPRIT_QUEUE), { what: "a turn whose record traps" }, { maxAttempts: 10 });
    await enqueue(db(), testJob(BYSTANDER_QUEUE), { what: "a job that met the broken instance" }, { maxAttempts: 10 });
    worker = startWorker(
      {
        [CULPRIT_QUEUE]: async () => {
          runs.culprit++;
          throw new Error("Failed query: insert into records ...", { cause: culprit });
        },
        [BYSTANDER_QUEUE]: async () => {
          runs.bystander++;
          throw new WebAssembly.RuntimeError("memory access out of bounds");
        },
      },
      { pollMs: 100 },
    );
    await vi.waitFor(async () => expect((await jobOf(CULPRIT_QUEUE)).status).toBe("failed"), { timeout: 20_000, interval: 100 });
    const dead = await jobOf(CULPRIT_QUEUE);
    expect(dead.attempts).toBe(MAX_ATTEMPTS_AFTER_TRAP);
    expect(dead.last_error).toMatch(/^trapped the embedded database: /);
    expect(runs.culprit).toBe(MAX_ATTEMPTS_AFTER_TRAP);

    // The other job keeps its usual budget: still pending after as many attempts.
    await vi.waitFor(async () => expect((await jobOf(BYSTANDER_QUEUE)).attempts).toBeGreaterThanOrEqual(MAX_ATTEMPTS_AFTER_TRAP), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await jobOf(BYSTANDER_QUEUE)).status).toBe("pending");
    // No further run of the dead job, whatever the worker does next.
    await new Promise((r) => setTimeout(r, 300));
    expect(runs.culprit).toBe(MAX_ATTEMPTS_AFTER_TRAP);
  });
});
