import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { eventDispatch } from "@/lib/events/emit";
import { queryRows, sql } from "@/lib/db/rows";
import { heartbeat, retireWorker, WORKER_STALE_SECONDS } from "@/lib/jobs/queue";
import { createRecord } from "@/lib/records/records";
import { api, makeBusiness } from "../helpers/api";
import { expectAllSigned, registerHook, settled, TEST_RETRY_SCHEDULE, webhookHarness, waitFor } from "./harness";
import { deadPort } from "./receiver";

// At-least-once delivery through receiver failures, outages and worker restarts.

const h = webhookHarness();

const deliveriesOf = (endpointId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const attemptsOf = (deliveryId: string) =>
  db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.createdAt));
const endpointRow = async (id: string) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
const order = (businessId: string) => createRecord(db(), businessId, { collection: "orders", fields: { item: "tea" } });

async function finalDelivery(endpointId: string) {
  return waitFor(async () => {
    const [d] = await deliveriesOf(endpointId);
    return d && d.status !== "pending" ? d : null;
  }, `the delivery to ${endpointId} to finish`);
}

describe("retries", () => {
  it("a 500 then a 200: delivered on the retry with the same evt_ and whd_ ids", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook((n) => (n === 1 ? { status: 500, body: "database is down" } : 200));
    const ep = await registerHook(b, hook, { events: ["record.created"] });
    await order(b.businessId);
    const d = await finalDelivery(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received;
    expect(second.payload.id).toBe(first.payload.id);
    expect(second.deliveryId).toBe(first.deliveryId);
    expect(second.deliveryId).toBe(d.id);
    expect(second.raw).toBe(first.raw);
    expect(second.at - first.at).toBeGreaterThanOrEqual(TEST_RETRY_SCHEDULE[0] * 900 - 20);
    expectAllSigned(hook);

    const attempts = await attemptsOf(d.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(attempts[0]).toMatchObject({ error: "Receiver answered 500.", responseBody: "database is down", endpointId: ep.id });
    expect(attempts[1]).toMatchObject({ error: null, responseBody: "ok" });
    for (const a of attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    expect((await endpointRow(ep.id)).failingSince).toBeNull();
  });

  it("a receiver that is down: retried on the schedule, then failed after the last attempt", async () => {
    const b = await makeBusiness();
    const url = `http://127.0.0.1:${await deadPort()}/hook`;
    const ep = (await api("POST", "/v1/webhook-endpoints", { key: b.key, body: { url, events: ["*"] } })).body;
    await order(b.businessId);
    const d = await finalDelivery(ep.id);
    expect(d).toMatchObject({ status: "failed", attempts: TEST_RETRY_SCHEDULE.length + 1, lastStatusCode: null, nextAttemptAt: null });
    const attempts = await attemptsOf(d.id);
    expect(attempts).toHaveLength(TEST_RETRY_SCHEDULE.length + 1);
    for (const a of attempts) expect(a).toMatchObject({ statusCode: null, responseBody: null, error: "Could not connect." });
    // Each wait is its scheduled delay give or take the 10% jitter (plus a little scheduling slack).
    TEST_RETRY_SCHEDULE.forEach((seconds, i) => {
      const gap = attempts[i + 1].createdAt.getTime() - attempts[i].createdAt.getTime();
      expect(gap, `wait before attempt ${i + 2}`).toBeGreaterThanOrEqual(seconds * 900 - 20);
      expect(gap, `wait before attempt ${i + 2}`).toBeLessThan(seconds * 1100 + 1500);
    });
    // The failing streak started; one failed delivery does not disable the endpoint.
    const row = await endpointRow(ep.id);
    expect(row.failingSince).not.toBeNull();
    expect(row.enabled).toBe(true);
    const listed = await api("GET", `/v1/webhook-endpoints/${ep.id}/deliveries?status=failed`, { key: b.key });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: d.id, status: "failed", attempts: 4, eventType: "record.created" })]);
  });

  it("an event committed while no worker runs, and a retry left by a stopped worker, are delivered by a new one", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook((n) => (n === 1 ? 503 : 200));
    const ep = await registerHook(b, hook);
    await h.stop();
    try {
      await order(b.businessId);
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.received).toHaveLength(0);
      h.start();
      await waitFor(() => hook.received.length >= 1, "the first attempt");
      await h.stop(); // mid-way: the first attempt failed and its retry is queued
      expect((await deliveriesOf(ep.id))[0]).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      h.start(); // a new worker, as after a restart
    }
    const d = await finalDelivery(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(hook.received.map((r) => r.deliveryId)).toEqual([d.id, d.id]);
    expect(hook.received[1].payload.id).toBe(hook.received[0].payload.id);
    expectAllSigned(hook);
  });

  /** Creates an order whose dispatch job is already held by `workerId`, leased for `lease`. */
  async function orderHeldBy(businessId: string, workerId: string, lease: string) {
    await db().transaction(async (tx) => {
      const record = await createRecord(tx, businessId, { collection: "orders", fields: { item: "tea" } });
      const leased = await queryRows<{ id: number }>(
        tx,
        sql`update jobs set locked_by = ${workerId}, locked_until = now() + ${lease}::interval, attempts = attempts + 1
          where queue = ${eventDispatch.name} and payload->>'eventId' = (
            select id from events where business_id = ${businessId} and payload->'record'->>'id' = ${record.id})
          returning id`,
      );
      expect(leased).toHaveLength(1);
    });
  }

  it("a job held by a live worker (fresh heartbeat) is left alone until its lease runs out", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook();
    const ep = await registerHook(b, hook);
    const workerId = `stalled-${b.businessId}`;
    await heartbeat(db(), workerId, "test-host", 1);
    // Claimed in the transaction that creates the event, so the running worker never sees it free.
    const leasedAt = Date.now();
    await orderHeldBy(b.businessId, workerId, "600 milliseconds");
    await new Promise((r) => setTimeout(r, 300));
    expect(hook.received).toHaveLength(0);
    const d = await finalDelivery(ep.id);
    expect(d.status).toBe("succeeded");
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].at - leasedAt).toBeGreaterThanOrEqual(550);
    expectAllSigned(hook);
    await retireWorker(db(), workerId);
  });

  it("a job held by a worker that died (stale heartbeat, or none) is taken at once, long before its lease ends", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook();
    const ep = await registerHook(b, hook);
    const dead = `killed-${b.businessId}`;
    await heartbeat(db(), dead, "test-host", 2);
    await db().execute(sql`update workers set heartbeat_at = now() - make_interval(secs => ${WORKER_STALE_SECONDS + 5}) where id = ${dead}`);
    await orderHeldBy(b.businessId, dead, "10 minutes");
    await orderHeldBy(b.businessId, `never-registered-${b.businessId}`, "10 minutes");
    const delivered = await waitFor(async () => (hook.received.length >= 2 ? hook.received : null), "both held jobs to be delivered");
    expect(delivered).toHaveLength(2);
    expect(new Set(delivered.map((r) => r.payload.id)).size).toBe(2);
    const done = await waitFor(async () => {
      const rows = await deliveriesOf(ep.id);
      return rows.length === 2 && rows.every((d) => d.status !== "pending") ? rows : null;
    }, "both deliveries to be recorded");
    expect(done.map((d) => d.status)).toEqual(["succeeded", "succeeded"]);
    expectAllSigned(hook);
    await retireWorker(db(), dead);
  });

  it("disables an endpoint whose deliveries have all failed for 3 days, and re-enabling clears it", async () => {
    const b = await makeBusiness();
    let status = 500;
    const hook = h.receiver.hook(() => status);
    const ep = await registerHook(b, hook);
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 60_000) })
      .where(eq(webhookEndpoints.id, ep.id));
    await order(b.businessId);
    const d = await finalDelivery(ep.id);
    expect(d).toMatchObject({ status: "failed", attempts: 1 });
    const got = await api("GET", `/v1/webhook-endpoints/${ep.id}`, { key: b.key });
    expect(got.body.enabled).toBe(false);
    expect(got.body.disabledReason).toMatch(/every delivery has failed since/);

    // Disabled: later events are not delivered at all.
    await order(b.businessId);
    await settled(b.businessId);
    expect(hook.received).toHaveLength(1);
    expect(await deliveriesOf(ep.id)).toHaveLength(1);

    status = 200;
    const enabled = await api("PATCH", `/v1/webhook-endpoints/${ep.id}`, { key: b.key, body: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await endpointRow(ep.id)).failingSince).toBeNull();
    await order(b.businessId);
    await waitFor(() => hook.received.length === 2, "delivery after re-enabling");
  });

  it("a success ends the failing streak", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook();
    const ep = await registerHook(b, hook);
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(webhookEndpoints.id, ep.id));
    await order(b.businessId);
    await finalDelivery(ep.id);
    expect(await endpointRow(ep.id)).toMatchObject({ failingSince: null, enabled: true });
  });
});
