import { afterAll, beforeAll, expect } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { eventDispatch } from "@/lib/events/emit";
import { jobHandlers } from "@/lib/server/jobs";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { webhookDelivery } from "@/lib/webhooks/dispatch";
import { api, type TestBusiness } from "../helpers/api";
import { type Hook, type Receiver, startReceiver } from "./receiver";

// A short retry schedule (4 attempts in about a second) so retry tests wait for real, briefly. The worker
// reads it when it schedules, so it is set before any worker starts (spawned workers inherit it).
export const TEST_RETRY_SCHEDULE = [0.15, 0.3, 0.45];
process.env.WEBHOOK_RETRY_SCHEDULE = TEST_RETRY_SCHEDULE.join(",");

/** Polls until `fn` returns something truthy; fails with `what` after the timeout. */
export async function waitFor<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the business has no due event or webhook job left (dispatched, attempted, rescheduled or
 * done), whichever worker process runs them.
 */
export async function settled(businessId: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await queryRows<{ n: number | string }>(
        db(),
        sql`select count(*) as n from jobs where queue in (${eventDispatch.name}, ${webhookDelivery.name}) and status = 'pending'
          and payload->>'businessId' = ${businessId} and run_at <= now()`,
      );
      return Number(row.n) === 0;
    },
    `the jobs of ${businessId} to settle`,
    timeoutMs,
  );
}

/** Registers a receiver hook as an endpoint of the business and teaches the receiver its secret. */
export async function registerHook(b: TestBusiness, hook: Hook, body: { events?: string[]; enabled?: boolean } = {}) {
  const res = await api("POST", "/v1/webhook-endpoints", { key: b.key, body: { url: hook.url, events: body.events ?? ["*"], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  hook.secret = res.body.secret;
  return res.body as { id: string; secret: string; url: string; events: string[]; enabled: boolean };
}

export type Harness = { receiver: Receiver; worker: Worker | null; start(): Worker; stop(): Promise<void> };

/** A receiver and an in-process worker for the test file, torn down before the database closes. */
export function webhookHarness(): Harness {
  const h: Harness = {
    receiver: null as unknown as Receiver,
    worker: null,
    start() {
      h.worker ??= startWorker(jobHandlers, { pollMs: 200 });
      return h.worker;
    },
    async stop() {
      const w = h.worker;
      h.worker = null;
      await w?.stop();
    },
  };
  beforeAll(async () => {
    h.receiver = await startReceiver();
    h.start();
  });
  afterAll(async () => {
    await h.stop();
    await h.receiver.close();
  });
  return h;
}

/** Every delivery that reached the receiver carried a valid signature and the documented headers. */
export function expectAllSigned(hook: Hook) {
  for (const r of hook.received) {
    expect(r.verified, `signature of ${r.deliveryId}`).toBe(true);
    expect(r.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(r.deliveryId).toMatch(/^whd_[0-9A-Z]{26}$/);
    expect(r.eventType).toBe(r.payload.type);
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["user-agent"]).toMatch(/^ConvoAssistant-Webhooks\//);
  }
}
