// Issue 40, item 6: payment links on orders, end to end against a local fake of Stripe's API
// (tests/fakes/stripe-server.ts): the business's own keys, the order awaiting payment, the link in the
// customer's language, the signed webhook that marks it paid (a bad signature refused, a replay
// changing nothing, another business's webhook unable to touch it) and the expiry that tells the customer.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql, asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as paymentWebhook } from "@/app/payments/[provider]/[businessId]/route";
import { catalogItems, events, orderPayments, paymentSettings, records } from "@/lib/db/schema";
import { encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { RetryLater, startWorker, type Worker } from "@/lib/jobs/worker";
import { paymentCheckout, paymentNotice, expirePayment } from "@/lib/payments/order-payments";
import { jobHandlers } from "@/lib/server/jobs";
import { api } from "../helpers/api";
import { customer, makeShop, QUEUES, type Shop, sleep } from "./harness";
import { type FakeStripe, startFakeStripe, stripeSignature } from "../fakes/stripe-server";

const QUEUES_HERE = [...QUEUES, paymentCheckout.name, paymentNotice.name];
const owned = new Set<string>();
let worker: Worker;
let stripe: FakeStripe;
let app: Server;
let appUrl = "";

// The app's webhook door on a real socket, so the fake posts to it as Stripe would.
function startAppDoor(): Promise<void> {
  app = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const [, , provider, businessId] = (req.url ?? "").split("/");
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const answer = await paymentWebhook(request, { params: Promise.resolve({ provider, businessId }) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  });
  return new Promise((resolve) => app.listen(0, "127.0.0.1", () => resolve()));
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  process.env.STRIPE_API_URL = stripe.url;
  await startAppDoor();
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const handlers = Object.fromEntries(
    QUEUES_HERE.map((queue) => [
      queue,
      async (payload: Record<string, unknown>, job: Parameters<(typeof jobHandlers)[string]>[1]) => {
        if (!owned.has(String(payload.businessId))) throw new RetryLater(20, "another test process's job", false);
        return jobHandlers[queue](payload, job);
      },
    ]),
  );
  worker = startWorker(handlers, { pollMs: 50 });
});

afterAll(async () => {
  await worker?.stop();
  await stripe?.close();
  await new Promise((r) => app?.close(r));
  delete process.env.STRIPE_API_URL;
});

async function settle(businessId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where queue in (${sql.join(
        QUEUES_HERE.map((q) => sql`${q}`),
        sql`, `,
      )}) and status = 'pending' and payload->>'businessId' = ${businessId} and run_at <= now() + interval '1 second'`,
    );
    if (Number(row.n) === 0) return;
    if (Date.now() > until) throw new Error(`jobs of ${businessId} still due after ${timeoutMs} ms`);
    await sleep(20);
  }
}

let n = 0;
/** A shop that takes payment with its own Stripe account on the fake. */
async function payingShop(opts: { expiryMinutes?: number } = {}): Promise<Shop & { secretKey: string; webhookSecret: string; webhookUrl: string }> {
  const shop = await makeShop();
  owned.add(shop.businessId);
  n += 1;
  const secretKey = `sk_test_fake${n}${Date.now()}abcdef`;
  const webhookSecret = `whsec_fake${n}${Date.now()}secret`;
  const webhookUrl = `${appUrl}/payments/stripe/${shop.businessId}`;
  stripe.addAccount(secretKey, webhookSecret, webhookUrl);
  const res = await api("PUT", "/v1/payments/settings", {
    key: shop.key,
    body: { secretKey, webhookSecret, currency: "EUR", requirePayment: true, expiryMinutes: opts.expiryMinutes ?? 30 },
  });
  expect(res.status).toBe(200);
  return { ...shop, secretKey, webhookSecret, webhookUrl };
}

/** Orders 2 tiramisus for pickup and says yes: the order is placed and waits for payment. */
async function orderTiramisu(shop: Shop, lang: "en" | "pt" = "en") {
  const c = customer(shop);
  if (lang === "en") {
    await c.say("order tiramisu");
    await c.say("2");
    await c.say("pickup");
    await c.send("yes");
  } else {
    await c.say("queria encomendar tiramisu");
    await c.say("2");
    await c.say("levantar");
    await c.send("sim");
  }
  await settle(shop.businessId);
  const [order] = await db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "orders")));
  const [payment] = await db().select().from(orderPayments).where(eq(orderPayments.recordId, order.id));
  return { c, order, payment };
}

const orderStatus = async (id: string) => (await db().select({ status: records.status }).from(records).where(eq(records.id, id)))[0].status;

describe("payment links on orders (Stripe Checkout)", () => {
  it("keeps the keys encrypted and answers only their last 4 characters", async () => {
    const shop = await payingShop();
    const got = await api("GET", "/v1/payments/settings", { key: shop.key });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      configured: true,
      provider: "stripe",
      secretKeyHint: shop.secretKey.slice(-4),
      webhookSecretHint: shop.webhookSecret.slice(-4),
      currency: "EUR",
      requirePayment: true,
      expiryMinutes: 30,
    });
    expect(got.body.webhookUrl).toMatch(new RegExp(`/payments/stripe/${shop.businessId}$`));
    expect(JSON.stringify(got.body)).not.toContain(shop.secretKey);
    const [row] = await db().select().from(paymentSettings).where(eq(paymentSettings.businessId, shop.businessId));
    expect(row.secretKeyEnc).not.toContain(shop.secretKey);
    expect(row.webhookSecretEnc).not.toContain(shop.webhookSecret);
    // A currency other than the catalog's, an expiry Stripe refuses, a key that is not one: 400, nothing changed.
    const bad = await api("PUT", "/v1/payments/settings", {
      key: shop.key,
      body: { secretKey: "pk_test_nope", currency: "USD", requirePayment: false, expiryMinutes: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["expiryMinutes", "secretKey"]);
    const usd = await api("PUT", "/v1/payments/settings", { key: shop.key, body: { currency: "USD", requirePayment: false } });
    expect(usd.status).toBe(400);
    expect(usd.body.error.details[0]).toMatchObject({ path: "currency" });
    expect((await api("GET", "/v1/payments/settings", { key: shop.key })).body).toMatchObject({ currency: "EUR", requirePayment: true });
  });

  it("sends the link with the total, and the order turns paid when Stripe's signed webhook says so", async () => {
    const shop = await payingShop();
    const { c, order, payment } = await orderTiramisu(shop);
    expect(order.status).toBe("awaiting_payment");
    expect(payment).toMatchObject({ status: "open", amount: 1200, currency: "EUR", provider: "stripe" });
    const session = stripe.sessions.get(payment.externalId as string);
    expect(session).toMatchObject({ amount_total: 1200, currency: "eur", metadata: { businessId: shop.businessId, recordId: order.id } });
    expect(session?.line_items).toEqual([{ name: "Tiramisu", quantity: 2, unit_amount: 600 }]);
    const said = (await c.replies()).map((m) => m.text);
    expect(said).toEqual([
      "Thank you! To place your order, please pay with the link I'm sending you now.",
      `Please pay €12.00 here to confirm your order: ${session?.url}\nThe link is valid for 30 minutes.`,
    ]);
    // The API's record read shows the payment and its link.
    const listed = await api("GET", "/v1/records/orders", { key: shop.key });
    expect(listed.body.data[0]).toMatchObject({
      id: order.id,
      status: "awaiting_payment",
      payment: { status: "open", url: session?.url, amount: 1200 },
    });

    expect(await stripe.pay(payment.externalId as string)).toBe(200);
    await settle(shop.businessId);
    expect(await orderStatus(order.id)).toBe("paid");
    expect((await c.replies()).map((m) => m.text)).toEqual([
      "Payment received, thank you! Your order (€12.00) is confirmed. We will let you know when it is ready.",
    ]);
    const updated = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "record.updated")))
      .orderBy(asc(events.createdAt), asc(events.id));
    expect(updated.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        record: expect.objectContaining({ id: order.id, status: "paid" }),
        previous: expect.objectContaining({ status: "awaiting_payment" }),
      }),
    ]);
    // Staff take it from there.
    const preparing = await api("PATCH", `/v1/records/orders/${order.id}`, { key: shop.key, body: { status: "preparing" } });
    expect(preparing.status).toBe(200);
    expect(preparing.body.payment).toMatchObject({ status: "paid" });
  });

  it("answers a 'yes, go ahead' after the link with the link again and the time it has left, and places nothing more", async () => {
    const shop = await payingShop();
    const { c, order, payment } = await orderTiramisu(shop);
    const url = stripe.sessions.get(payment.externalId as string)?.url as string;
    await c.replies();
    const again = (await c.say("Yes, go ahead")).join("\n");
    expect(again).toMatch(
      new RegExp(`^Please pay €12\\.00 here to confirm your order: ${url.replace(/[.?]/g, "\\$&")}\nThe link is valid for (?:29|30) minutes\\.$`),
    );
    const pt = await payingShop();
    const second = await orderTiramisu(pt, "pt");
    await second.c.replies();
    expect((await second.c.say("sim")).join("\n")).toMatch(/^Para confirmar a encomenda, pague 12,00 € aqui: http/);
    // The order is still the one awaiting payment; nothing else was recorded.
    const all = await db().select().from(records).where(eq(records.businessId, shop.businessId));
    expect(all.map((r) => [r.id, r.status])).toEqual([[order.id, "awaiting_payment"]]);
    // Once paid, a "yes" gets no link.
    expect(await stripe.pay(payment.externalId as string)).toBe(200);
    await settle(shop.businessId);
    await c.replies();
    expect((await c.say("ok great")).join("\n")).not.toContain(url);
  });

  it("refuses a bad signature with 400 and changes nothing; a replayed webhook changes nothing again", async () => {
    const shop = await payingShop();
    const { c, order, payment } = await orderTiramisu(shop);
    const sessionId = payment.externalId as string;
    (stripe.sessions.get(sessionId) as { payment_status: string }).payment_status = "paid";
    const forged = await stripe.postEvent("checkout.session.completed", sessionId, { secret: "whsec_someoneelse12345" });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error).toMatchObject({ code: "invalid_request" });
    const unsigned = await stripe.post(shop.webhookUrl, forged.eventBody, "");
    expect(unsigned.status).toBe(400);
    // The right secret on a body changed after signing.
    const tampered = await stripe.post(
      shop.webhookUrl,
      forged.eventBody.replace('"livemode":false', '"livemode":true'),
      stripeSignature(forged.eventBody, shop.webhookSecret),
    );
    expect(tampered.status).toBe(400);
    expect(await orderStatus(order.id)).toBe("awaiting_payment");

    const first = await stripe.postEvent("checkout.session.completed", sessionId);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, changed: true });
    const replay = await stripe.post(shop.webhookUrl, first.eventBody, first.signature);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, changed: false });
    await settle(shop.businessId);
    const texts = (await c.replies()).map((m) => m.text);
    expect(texts.filter((t) => t.startsWith("Payment received"))).toHaveLength(1);
    const updates = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "record.updated")));
    expect(updates).toHaveLength(1);
  });

  it("does not let another business's webhook touch the order", async () => {
    const victim = await payingShop();
    const { order, payment } = await orderTiramisu(victim);
    const other = await payingShop();
    const sessionId = payment.externalId as string;
    (stripe.sessions.get(sessionId) as { payment_status: string }).payment_status = "paid";
    // Signed with the other business's own secret, posted to its own endpoint: its business has no such checkout.
    const res = await stripe.postEvent("checkout.session.completed", sessionId, { secret: other.webhookSecret, url: other.webhookUrl });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true, changed: false });
    // Its secret on the victim's endpoint does not verify.
    const cross = await stripe.postEvent("checkout.session.completed", sessionId, { secret: other.webhookSecret, url: victim.webhookUrl });
    expect(cross.status).toBe(400);
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    // A business with no payment settings (or a made-up id) is a 404, like a missing one.
    const nobody = await stripe.postEvent("checkout.session.completed", sessionId, {
      url: `${appUrl}/payments/stripe/biz_01JD7X4S9C8A3K2M5N6P7Q8R9T`,
    });
    expect(nobody.status).toBe(404);
  });

  it("expires an unpaid order: Stripe's session closed, the stock given back, the customer told in their language", async () => {
    const shop = await payingShop();
    await db()
      .update(catalogItems)
      .set({ stock: 5 })
      .where(and(eq(catalogItems.businessId, shop.businessId), eq(catalogItems.externalId, "tiramisu")));
    const { c, order, payment } = await orderTiramisu(shop, "pt");
    expect(order.status).toBe("awaiting_payment");
    const stockOf = async () =>
      (
        await db()
          .select({ stock: catalogItems.stock })
          .from(catalogItems)
          .where(and(eq(catalogItems.businessId, shop.businessId), eq(catalogItems.externalId, "tiramisu")))
      )[0].stock;
    expect(await stockOf()).toBe(3);
    expect((await c.replies()).at(-1)?.text).toMatch(/^Para confirmar a encomenda, pague 12,00 € aqui: http/);
    // The job's time comes (as it would 30 minutes later).
    await db()
      .update(orderPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderPayments.id, payment.id));
    await expirePayment(db(), shop.businessId, payment.id);
    await settle(shop.businessId);
    expect(await orderStatus(order.id)).toBe("expired");
    expect(stripe.sessions.get(payment.externalId as string)?.status).toBe("expired");
    expect(await stockOf()).toBe(5);
    expect((await c.replies()).map((m) => m.text)).toEqual([
      'A sua encomenda (12,00 €) foi cancelada porque não foi paga a tempo. Escreva "encomendar" quando quiser encomendar de novo.',
    ]);
    // Stripe's own expiry webhook afterwards, and a late run of the job, change nothing.
    const late = await stripe.postEvent("checkout.session.expired", payment.externalId as string);
    expect(JSON.parse(late.body)).toEqual({ received: true, changed: false });
    await expirePayment(db(), shop.businessId, payment.id);
    expect(await stockOf()).toBe(5);
  });

  it("hands the conversation to a person when Stripe refuses the checkout (a revoked key)", async () => {
    const shop = await payingShop();
    // A key Stripe does not know (the fake answers 401, as Stripe does for a revoked key).
    await db()
      .update(paymentSettings)
      .set({ secretKeyEnc: encryptSecret("sk_test_revokedkey0000") })
      .where(eq(paymentSettings.businessId, shop.businessId));
    const { c, order, payment } = await orderTiramisu(shop);
    expect(payment.status).toBe("failed");
    expect(order.status).toBe("awaiting_payment");
    expect((await c.replies()).map((m) => m.text).at(-1)).toBe(
      "Sorry, I couldn't create the payment link. A colleague will get back to you about your order here.",
    );
    expect((await c.conversation()).status).toBe("handoff");
  });
});

describe("orders without required payment", () => {
  it("are placed as before, with status new and no payment", async () => {
    const shop = await makeShop();
    owned.add(shop.businessId);
    const { c, order, payment } = await orderTiramisu(shop);
    expect(order.status).toBe("new");
    expect(payment).toBeUndefined();
    expect((await c.replies()).at(-1)?.text).toBe("Thank you! Your order (€12.00) is placed. We will let you know when it is ready.");
    const listed = await api("GET", "/v1/records/orders", { key: shop.key });
    expect(listed.body.data[0].payment).toBeNull();
  });
});
