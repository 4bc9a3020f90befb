import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type Db, db } from "@/lib/db/client";
import { events } from "@/lib/db/schema";
import { createRecord } from "@/lib/records/records";
import { listDeliveries, listDeliveryAttempts } from "@/lib/webhooks/deliveries";
import { dispatchEvent } from "@/lib/webhooks/dispatch";
import { deleteEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { expectAllSigned, registerHook, settled, webhookHarness, waitFor } from "./harness";

// Subscriptions, disabled endpoints, the delivery log, redelivery, test events and secret rotation.

const h = webhookHarness();
const order = (businessId: string, item = "tea") => createRecord(db(), businessId, { collection: "orders", fields: { item } });
// Runs the dispatch step by hand (as the worker would), so a test can act between dispatch and attempt.
async function dispatchRecordEvent(tx: Db, businessId: string, record: { id: string }) {
  const rows = await tx.select().from(events).where(eq(events.businessId, businessId));
  const event = rows.find((e) => (e.payload.record as { id: string } | undefined)?.id === record.id);
  expect(await dispatchEvent(tx, businessId, event!.id)).toBe(1);
}
const deliveries = async (key: string, endpointId: string, query = "") =>
  (await api("GET", `/v1/webhook-endpoints/${endpointId}/deliveries${query}`, { key })).body;

describe("subscriptions", () => {
  it("delivers only the subscribed kinds; an endpoint on record.created receives nothing else", async () => {
    const b = await makeBusiness();
    const recordsOnly = h.receiver.hook();
    const everything = h.receiver.hook();
    const contactsOnly = h.receiver.hook();
    await registerHook(b, recordsOnly, { events: ["record.created"] });
    await registerHook(b, everything, { events: ["*"] });
    await registerHook(b, contactsOnly, { events: ["contact.created", "conversation.handoff"] });
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone() } });
    await order(b.businessId);
    await settled(b.businessId);
    expect(recordsOnly.received.map((r) => r.eventType)).toEqual(["record.created"]);
    expect(everything.received.map((r) => r.eventType).sort()).toEqual(["contact.created", "record.created"]);
    expect(contactsOnly.received.map((r) => r.eventType)).toEqual(["contact.created"]);
    // One event, two endpoints: same evt_ id, one delivery (whd_) each.
    const record = everything.ofType("record.created")[0];
    expect(record.payload.id).toBe(recordsOnly.received[0].payload.id);
    expect(record.deliveryId).not.toBe(recordsOnly.received[0].deliveryId);
    for (const hook of [recordsOnly, everything, contactsOnly]) expectAllSigned(hook);
  });

  it("disabled endpoints receive nothing, including deliveries queued before they were disabled", async () => {
    const b = await makeBusiness();
    const off = h.receiver.hook();
    const late = h.receiver.hook();
    const offEp = await registerHook(b, off, { enabled: false });
    const lateEp = await registerHook(b, late);
    await order(b.businessId);
    await settled(b.businessId);
    expect(off.received).toHaveLength(0);
    expect((await deliveries(b.key, offEp.id)).data).toEqual([]);
    expect(late.received).toHaveLength(1);

    // Queued while enabled, disabled before any worker (of any test process) can see the job: one transaction.
    await db().transaction(async (tx) => {
      await dispatchRecordEvent(tx, b.businessId, await createRecord(tx, b.businessId, { collection: "orders", fields: { item: "late" } }));
      await updateEndpoint(tx, b.businessId, lateEp.id, { enabled: false });
    });
    await settled(b.businessId);
    expect(late.received).toHaveLength(1);
    const log = await deliveries(b.key, lateEp.id);
    expect(log.data.map((d: { status: string }) => d.status)).toEqual(["failed", "succeeded"]);
    expect(log.data[0].attempts).toBe(0);
  });

  it("a deleted endpoint receives nothing more and its log is gone", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook();
    const ep = await registerHook(b, hook);
    await db().transaction(async (tx) => {
      await dispatchRecordEvent(tx, b.businessId, await createRecord(tx, b.businessId, { collection: "orders", fields: { item: "gone" } }));
      expect((await listDeliveries(tx, b.businessId, ep.id, { limit: 10 })).data).toHaveLength(1);
      await deleteEndpoint(tx, b.businessId, ep.id);
    });
    await settled(b.businessId);
    expect(hook.received).toHaveLength(0);
    expect((await api("GET", `/v1/webhook-endpoints/${ep.id}/deliveries`, { key: b.key })).status).toBe(404);
  });
});

describe("delivery log", () => {
  it("pages an endpoint's deliveries newest first and lists each delivery's attempts", async () => {
    const b = await makeBusiness();
    const other = await makeBusiness();
    const hook = h.receiver.hook((n) => (n === 1 ? 500 : 200));
    const ep = await registerHook(b, hook, { events: ["record.created"] });
    for (const item of ["a", "b", "c"]) await order(b.businessId, item);
    await settled(b.businessId);
    await waitFor(async () => (await deliveries(b.key, ep.id, "?status=succeeded")).data.length === 3, "three deliveries");

    const first = await deliveries(b.key, ep.id, "?limit=2");
    expect(first.data).toHaveLength(2);
    const second = await deliveries(b.key, ep.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...first.data, ...second.data];
    expect(all.map((d) => d.createdAt)).toEqual([...all.map((d) => d.createdAt)].sort().reverse());
    expect(new Set(all.map((d) => d.id)).size).toBe(3);
    for (const d of all) {
      expect(Object.keys(d).sort()).toEqual(
        ["attempts", "createdAt", "endpointId", "eventId", "eventType", "id", "lastStatusCode", "nextAttemptAt", "status", "updatedAt"].sort(),
      );
      expect(d).toMatchObject({ endpointId: ep.id, eventType: "record.created", status: "succeeded", lastStatusCode: 200, nextAttemptAt: null });
    }
    expect(all.map((d) => d.attempts).sort()).toEqual([1, 1, 2]);

    const retried = all.find((d) => d.attempts === 2);
    const attempts = await listDeliveryAttempts(db(), b.businessId, retried.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([200, 500]);
    await expect(listDeliveryAttempts(db(), other.businessId, retried.id)).rejects.toMatchObject({ code: "not_found" });

    expect((await api("GET", `/v1/webhook-endpoints/${ep.id}/deliveries?cursor=bad!`, { key: b.key })).status).toBe(400);
    expect((await api("GET", `/v1/webhook-endpoints/${ep.id}/deliveries?status=lost`, { key: b.key })).status).toBe(400);
    expect((await api("GET", `/v1/webhook-endpoints/${ep.id}/deliveries`, { key: other.key })).status).toBe(404);
  });

  it("redelivers a delivery now: same whd_ and evt_ ids, one more attempt", async () => {
    const b = await makeBusiness();
    let status = 500;
    const hook = h.receiver.hook(() => status);
    const ep = await registerHook(b, hook);
    await order(b.businessId);
    const failed = await waitFor(async () => (await deliveries(b.key, ep.id, "?status=failed")).data[0], "the delivery to fail");
    expect(failed.attempts).toBe(4);
    expect(hook.received).toHaveLength(4);

    status = 200;
    const retry = await api("POST", `/v1/webhook-endpoints/${ep.id}/deliveries/${failed.id}/retry`, { key: b.key });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: failed.id, status: "pending" });
    const done = await waitFor(async () => (await deliveries(b.key, ep.id, "?status=succeeded")).data[0], "the redelivery");
    expect(done).toMatchObject({ id: failed.id, attempts: 5, lastStatusCode: 200 });
    expect(hook.received).toHaveLength(5);
    expect(new Set(hook.received.map((r) => r.deliveryId))).toEqual(new Set([failed.id]));
    expect(new Set(hook.received.map((r) => r.payload.id)).size).toBe(1);

    // A succeeded delivery can be sent again too; a manual attempt that fails is not retried.
    status = 500;
    await api("POST", `/v1/webhook-endpoints/${ep.id}/deliveries/${failed.id}/retry`, { key: b.key });
    const again = await waitFor(async () => (await deliveries(b.key, ep.id, "?status=failed")).data[0], "the second redelivery");
    expect(again.attempts).toBe(6);
    await settled(b.businessId);
    expect(hook.received).toHaveLength(6);
    expectAllSigned(hook);

    const otherEp = await registerHook(b, h.receiver.hook());
    expect((await api("POST", `/v1/webhook-endpoints/${otherEp.id}/deliveries/${failed.id}/retry`, { key: b.key })).status).toBe(404);
    expect((await api("POST", `/v1/webhook-endpoints/${ep.id}/deliveries/whd_missing/retry`, { key: b.key })).status).toBe(404);
  });

  it("sends a signed test event to that endpoint only", async () => {
    const b = await makeBusiness();
    const target = h.receiver.hook();
    const bystander = h.receiver.hook();
    const ep = await registerHook(b, target, { events: ["record.created"] });
    await registerHook(b, bystander);
    const res = await api("POST", `/v1/webhook-endpoints/${ep.id}/test`, { key: b.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ endpointId: ep.id, eventType: "webhook.test", status: "pending" });
    const r = await waitFor(() => target.received[0], "the test event");
    expect(r.eventType).toBe("webhook.test");
    expect(r.deliveryId).toBe(res.body.id);
    expect(r.payload).toMatchObject({ id: res.body.eventId, type: "webhook.test", endpointId: ep.id, createdAt: expect.any(String) });
    expectAllSigned(target);
    await settled(b.businessId);
    expect(bystander.received).toHaveLength(0);
  });

  it("signs with the new secret right after rotation", async () => {
    const b = await makeBusiness();
    const hook = h.receiver.hook();
    const ep = await registerHook(b, hook);
    const rotated = await api("POST", `/v1/webhook-endpoints/${ep.id}/rotate-secret`, { key: b.key });
    await order(b.businessId);
    await waitFor(() => hook.received.length, "a delivery");
    expect(hook.received[0].verified).toBe(false); // the receiver still holds the old secret
    hook.secret = rotated.body.secret;
    await order(b.businessId);
    await waitFor(() => hook.received.length === 2, "a second delivery");
    expect(hook.received[1].verified).toBe(true);
  });
});
