import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse } from "@/lib/api/respond";
import { db } from "@/lib/db/client";
import { contacts, jobs } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import { startWorker } from "@/lib/jobs/worker";
import { makeBusiness, uniquePhone } from "../helpers/api";
import { captureLogs } from "../helpers/logs";
import { testJob } from "../helpers/test-job";

// Issue 12 item 13: a failed query was logged with every parameter (phone numbers, message text,
// encrypted tokens). Logs keep the statement and the database's error, never the values.

const SECRET = "secret-value-that-must-not-be-logged";

async function failedInsert(businessId: string, phone: string): Promise<unknown> {
  const row = { id: `ct_${Date.now()}${Math.random().toString(36).slice(2, 8)}`, businessId, phone, name: SECRET, metadata: { token: SECRET } };
  await db().insert(contacts).values(row);
  // The same phone again: a unique violation whose error carries every value of the row.
  return db()
    .insert(contacts)
    .values({ ...row, id: `${row.id}b` })
    .then(
      () => null,
      (err: unknown) => err,
    );
}

const logged = (spy: ReturnType<typeof vi.spyOn>) => spy.mock.calls.map((args) => args.map(String).join(" ")).join("\n");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("failed queries in logs", () => {
  it("an unhandled query error logs the statement and the database's error, not the parameters", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const err = await failedInsert(b.businessId, phone);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(SECRET); // drizzle's own message does list them
    const logs = captureLogs();
    const res = errorResponse(err, "req_test");
    expect(res.status).toBe(500);
    const [line] = logs.lines();
    expect(line).toMatchObject({ level: "error", requestId: "req_test", msg: "unhandled error" });
    const stack = String((line.err as { stack?: string }).stack);
    expect(stack).toContain('insert into "contacts"');
    expect(stack).toMatch(/duplicate key|unique/i);
    expect(stack).toContain("23505");
    expect(logs.text()).not.toContain(SECRET);
    expect(logs.text()).not.toContain(phone);
  });

  it("a job that fails on a query logs and stores no parameter values", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const queue = `test.query-logging.${Date.now()}`;
    const logs = captureLogs();
    const worker = startWorker(
      {
        [queue]: async () => {
          throw await failedInsert(b.businessId, phone);
        },
      },
      { pollMs: 50 },
    );
    try {
      await enqueue(db(), testJob(queue), { phone });
      await vi.waitFor(
        async () => {
          const [job] = await db().select().from(jobs).where(eq(jobs.queue, queue));
          expect(job?.lastError).toBeTruthy();
        },
        { timeout: 10_000 },
      );
    } finally {
      await worker.stop();
    }
    const [job] = await db().select().from(jobs).where(eq(jobs.queue, queue));
    expect(job.lastError).toContain('insert into "contacts"');
    expect(job.lastError).not.toContain(SECRET);
    const text = logs.text();
    expect(logs.lines()).toContainEqual(expect.objectContaining({ msg: "job", queue, attempt: 1, outcome: "retry" }));
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(phone);
    await db().execute(sql`delete from jobs where queue = ${queue}`);
  });
});

describe("errors Next logs by itself", () => {
  it("console.error and console.warn never print a failed query's parameters once redaction is installed", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const err = await failedInsert(b.businessId, phone);
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const { redactQueryParametersInLogs } = await import("@/lib/log-redaction");
    redactQueryParametersInLogs();
    // As Next prints a page's failure: the error object, the error inside another, and its stack as text.
    console.error(err);
    console.error(new Error("render failed", { cause: err }));
    console.error(`⨯ ${(err as Error).stack}`);
    const text = logged(spy);
    expect(text).toContain('insert into "contacts"');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(phone);
  });
});
