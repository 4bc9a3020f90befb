import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { emitEvent } from "@/lib/events/emit";
import { webhookDelivery } from "@/lib/webhooks/dispatch";
import { makeBusiness } from "../helpers/api";
import { expectAllSigned, registerHook, settled, waitFor } from "./harness";
import { startReceiver } from "./receiver";

// Two `npm run worker` processes on one Postgres database share the queue: every event is delivered
// exactly once here (no crash, so at-least-once means once), and both processes take part.

const EVENTS = 1000;

type WorkerProcess = { child: ChildProcess; pid: number; ready: Promise<void>; output: () => string };

function spawnWorker(): WorkerProcess {
  const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/worker.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    // LOG_LEVEL info: the tests run at warn, and the worker says it is running at info.
    env: { ...process.env, WEBHOOK_ALLOW_PRIVATE: "1", WORKER_CONCURRENCY: "8", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so npx and the node process under it stop together
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      output += c.toString();
      if (output.includes("running")) resolve();
    });
    child.stderr?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
  });
  return { child, pid: child.pid as number, ready, output: () => output };
}

function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-w.pid, "SIGKILL");
      } catch {}
    }, 10_000);
    w.child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    try {
      process.kill(-w.pid, "SIGTERM");
    } catch {
      resolve();
    }
  });
}

describe.skipIf(!process.env.DATABASE_URL)("two worker processes on Postgres", () => {
  it(`deliver ${EVENTS} events with no duplicates and no losses`, async () => {
    const receiver = await startReceiver();
    const b = await makeBusiness();
    const hook = receiver.hook();
    await registerHook(b, hook, { events: ["record.created"] });
    const workers = [spawnWorker(), spawnWorker()];
    const seenWorkers = new Set<string>();
    let sampling = true;
    try {
      await Promise.all(workers.map((w) => w.ready));
      // Which processes hold delivery jobs, sampled while they work (a worker id embeds its pid).
      const sampler = (async () => {
        while (sampling) {
          const rows = await queryRows<{ locked_by: string }>(
            db(),
            sql`select distinct locked_by from jobs where queue = ${webhookDelivery.name} and locked_by is not null`,
          );
          for (const r of rows) seenWorkers.add(r.locked_by);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();

      const expectedEvents: string[] = [];
      for (let batch = 0; batch < EVENTS / 100; batch++) {
        await db().transaction(async (tx) => {
          for (let i = 0; i < 100; i++) {
            const n = batch * 100 + i;
            const fields = { collection: "orders", record: { id: `rec_load_${n}`, fields: { n } }, conversationId: null };
            expectedEvents.push(await emitEvent(tx, b.businessId, "record.created", fields));
          }
        });
      }

      await waitFor(() => hook.received.length >= EVENTS, `${EVENTS} deliveries`, 240_000);
      await settled(b.businessId, 60_000);
      await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive now
      sampling = false;
      await sampler;

      const deliveryIds = hook.received.map((r) => r.deliveryId);
      const eventIds = hook.received.map((r) => r.payload.id as string);
      expect(hook.received).toHaveLength(EVENTS);
      expect(new Set(deliveryIds).size).toBe(EVENTS);
      expect(new Set(eventIds).size).toBe(EVENTS);
      expect([...new Set(eventIds)].sort()).toEqual([...expectedEvents].sort());
      expectAllSigned(hook);

      const [counts] = await queryRows<{ succeeded: string | number; total: string | number }>(
        db(),
        sql`select count(*) filter (where status = 'succeeded') as succeeded, count(*) as total from webhook_deliveries where business_id = ${b.businessId}`,
      );
      expect(Number(counts.total)).toBe(EVENTS);
      expect(Number(counts.succeeded)).toBe(EVENTS);
      // Both processes took delivery jobs (this test process runs no worker of its own).
      const pids = new Set([...seenWorkers].map((id) => id.split(":")[1]));
      expect(pids.size, `${[...seenWorkers].join(", ")}\n${workers.map((w) => w.output()).join("\n")}`).toBeGreaterThanOrEqual(2);
    } finally {
      sampling = false;
      await Promise.all(workers.map(stopWorker));
      await receiver.close();
    }
  }, 300_000);
});
