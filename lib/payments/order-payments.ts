import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { giveBackStock, type StockLine } from "../catalog/stock";
import { type Db, db as defaultDb } from "../db/client";
import { orderPayments, type PaymentLine, records } from "../db/schema";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";
import { RetryLater, runs } from "../jobs/worker";
import { componentLogger } from "../observability/log";
import { updateRecord } from "../records/records";
import { now } from "../time/clock";
import { publicOrigin } from "../dashboard/csrf";
import { providerOf } from "./settings";
import { ProviderRejected } from "./provider";

// The payment of one order (docs/payments.md): opened in the order's own transaction, its checkout made
// by a job (the provider is a network call, never inside a transaction), then paid or expired as the
// provider's signed webhook or our expiry job says. Every change locks the payment row first, so a
// webhook, its replay and the expiry job (on any instance) settle an order exactly once.

const log = componentLogger("payments");

type PaymentRow = typeof orderPayments.$inferSelect;
const ids = z.object({ businessId: z.string(), paymentId: z.string() });

export const paymentCheckout = defineJob({ name: "payments.checkout", payload: ids, maxAttempts: 6 });
export const paymentExpiry = defineJob({ name: "payments.expire", payload: ids, maxAttempts: 6 });
/** What the customer is told, in their language (the handler is the runtime's: lib/runtime/engine/payment-notices.ts). */
export const paymentNotice = defineJob({
  name: "payments.notice",
  payload: ids.extend({ kind: z.enum(["link", "paid", "expired", "failed"]) }),
});
export type PaymentNoticeKind = z.infer<typeof paymentNotice.payload>["kind"];

/**
 * Opens the payment of an order just captured (status awaiting_payment), in the order's transaction:
 * the row, the job that makes the checkout and the job that expires it when unpaid.
 */
export async function openOrderPayment(
  tx: Db,
  businessId: string,
  order: { recordId: string; amount: number; currency: string; lines: PaymentLine[] },
  settings: { provider: string; expiryMinutes: number },
): Promise<PaymentRow> {
  // Both on the app's clock: the link's message says how long it lasts from the two.
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + settings.expiryMinutes * 60_000);
  const [row] = await tx
    .insert(orderPayments)
    .values({
      id: newId("pay"),
      businessId,
      recordId: order.recordId,
      provider: settings.provider,
      amount: order.amount,
      currency: order.currency,
      lines: order.lines,
      createdAt,
      expiresAt,
    })
    .returning();
  await enqueue(tx, paymentCheckout, { businessId, paymentId: row.id });
  await enqueue(tx, paymentExpiry, { businessId, paymentId: row.id }, { runAt: expiresAt });
  return row;
}

async function lockedPayment(
  tx: Db,
  businessId: string,
  where: { id: string } | { provider: string; externalId: string },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.businessId, businessId),
        "id" in where
          ? eq(orderPayments.id, where.id)
          : and(eq(orderPayments.provider, where.provider), eq(orderPayments.externalId, where.externalId)),
      ),
    )
    .for("update");
  return row ?? null;
}

/** The checkout job: asks the provider for the link (idempotent on the payment's id), keeps it, and has the customer told. */
export async function createCheckout(db: Db, businessId: string, paymentId: string): Promise<void> {
  const [payment] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, paymentId)));
  if (payment?.status !== "creating") return;
  const provider = await providerOf(db, businessId);
  let checkout: { externalId: string; url: string } | null = null;
  try {
    if (!provider) throw new ProviderRejected("The business has no payment provider saved any more.");
    checkout = await provider.createCheckout({
      amount: payment.amount,
      currency: payment.currency,
      lines: payment.lines.map((l) => ({ title: l.title, qty: l.qty, unitAmount: l.unitAmount })),
      // Pages of ours that send the customer back to the chat (app/pay/).
      successUrl: `${publicOrigin() ?? ""}/pay/done`,
      cancelUrl: `${publicOrigin() ?? ""}/pay/cancelled`,
      metadata: { businessId, recordId: payment.recordId, paymentId: payment.id },
      expiresAt: payment.expiresAt,
      idempotencyKey: `checkout-${payment.id}`,
    });
  } catch (err) {
    if (!(err instanceof ProviderRejected)) throw err;
    log.warn({ businessId, paymentId, err: err.message }, "payment provider refused the checkout");
    await db.transaction(async (tx) => {
      const locked = await lockedPayment(tx, businessId, { id: paymentId });
      if (locked?.status !== "creating") return;
      await tx.update(orderPayments).set({ status: "failed", updatedAt: new Date() }).where(eq(orderPayments.id, paymentId));
      await enqueue(tx, paymentNotice, { businessId, paymentId, kind: "failed" });
    });
    return;
  }
  await db.transaction(async (tx) => {
    const locked = await lockedPayment(tx, businessId, { id: paymentId });
    if (locked?.status !== "creating") return;
    await tx
      .update(orderPayments)
      .set({ status: "open", externalId: checkout.externalId, url: checkout.url, updatedAt: new Date() })
      .where(eq(orderPayments.id, paymentId));
    await enqueue(tx, paymentNotice, { businessId, paymentId, kind: "link" });
  });
}

const stockLines = (lines: PaymentLine[]): StockLine[] =>
  lines.map((l) => ({ collection: l.collection, externalId: l.externalId, title: l.title, qty: l.qty }));

/** The order is paid (the provider's webhook said so): payment and order `paid`, record.updated, the customer told. False when nothing changed (a replay). */
export async function markPaid(db: Db, businessId: string, provider: string, externalId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const payment = await lockedPayment(tx, businessId, { provider, externalId });
    if (!payment || payment.status === "paid") return false;
    if (payment.status === "expired" || payment.status === "failed") {
      // Our expiry closed the checkout first; a payment that still got through is for a person to settle.
      log.warn({ businessId, paymentId: payment.id, status: payment.status }, "paid webhook for a payment no longer open");
      return false;
    }
    await tx.update(orderPayments).set({ status: "paid", paidAt: now(), updatedAt: new Date() }).where(eq(orderPayments.id, payment.id));
    const [order] = await tx
      .select({ status: records.status })
      .from(records)
      .where(and(eq(records.businessId, businessId), eq(records.id, payment.recordId)))
      .for("update");
    // Staff cancelled the order while its link was open: the payment stands (for a person to refund), the order stays cancelled.
    if (order?.status !== "awaiting_payment") {
      log.warn({ businessId, paymentId: payment.id, status: order?.status }, "payment for an order no longer awaiting payment");
      return true;
    }
    await updateRecord(tx, businessId, payment.recordId, { status: "paid" });
    await enqueue(tx, paymentNotice, { businessId, paymentId: payment.id, kind: "paid" });
    return true;
  });
}

/**
 * The order expired unpaid: payment and order `expired`, its stock given back, record.updated, the
 * customer told. Only an order still waiting for payment expires (one a person cancelled stays so).
 */
async function settleExpired(tx: Db, payment: PaymentRow): Promise<boolean> {
  if (payment.status !== "open" && payment.status !== "creating" && payment.status !== "failed") return false;
  await tx.update(orderPayments).set({ status: "expired", updatedAt: new Date() }).where(eq(orderPayments.id, payment.id));
  const [order] = await tx
    .select({ status: records.status })
    .from(records)
    .where(and(eq(records.businessId, payment.businessId), eq(records.id, payment.recordId)))
    .for("update");
  if (order?.status !== "awaiting_payment") return true;
  await updateRecord(tx, payment.businessId, payment.recordId, { status: "expired" });
  await giveBackStock(tx, payment.businessId, stockLines(payment.lines));
  await enqueue(tx, paymentNotice, { businessId: payment.businessId, paymentId: payment.id, kind: "expired" });
  return true;
}

/** The provider says the checkout expired (its webhook). False when nothing changed. */
export async function markExpired(db: Db, businessId: string, provider: string, externalId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const payment = await lockedPayment(tx, businessId, { provider, externalId });
    return payment ? settleExpired(tx, payment) : false;
  });
}

/**
 * The expiry job, at the payment's expiresAt: the provider's checkout is closed first (so it can no
 * longer be paid), then the order expires. A checkout Stripe will not close (paid a moment ago) is
 * looked at again a minute later, by when its webhook has marked it paid.
 */
export async function expirePayment(db: Db, businessId: string, paymentId: string): Promise<void> {
  const [payment] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, paymentId)));
  if (!payment || !["open", "creating", "failed"].includes(payment.status)) return;
  if (payment.expiresAt.getTime() > now().getTime() + 1000) throw new RetryLater(payment.expiresAt.getTime() - now().getTime(), "not yet", false);
  if (payment.status === "open" && payment.externalId) {
    const provider = await providerOf(db, businessId);
    try {
      await provider?.expireCheckout(payment.externalId);
    } catch (err) {
      if (err instanceof ProviderRejected) throw new RetryLater(60_000, err.message);
      throw err;
    }
  }
  await db.transaction(async (tx) => {
    const locked = await lockedPayment(tx, businessId, { id: paymentId });
    if (locked) await settleExpired(tx, locked);
  });
}

export const paymentCheckoutJob = runs(paymentCheckout, (p) => createCheckout(defaultDb(), p.businessId, p.paymentId));
export const paymentExpiryJob = runs(paymentExpiry, (p) => expirePayment(defaultDb(), p.businessId, p.paymentId));

/** A payment with its order, for the notices (read by id within the business). */
export async function paymentWithOrder(db: Db, businessId: string, paymentId: string) {
  const [row] = await db
    .select({ payment: orderPayments, order: records })
    .from(orderPayments)
    .innerJoin(records, eq(records.id, orderPayments.recordId))
    .where(and(eq(orderPayments.businessId, businessId), eq(orderPayments.id, paymentId)));
  return row ?? null;
}
