import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, businessKey, oneOf } from "./tenancy";
import { records } from "./records";

// Payment links on orders (issue 40, item 6; docs/payments.md).

export const paymentProviders = ["stripe"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/**
 * A business's own payment provider account: its keys encrypted at rest (lib/crypto, like the WhatsApp
 * token), only their last 4 characters readable. One row per business, absent until the owner saves it.
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    businessId: businessKey(),
    provider: text("provider").notNull().default("stripe"),
    secretKeyEnc: text("secret_key_enc").notNull(),
    secretKeyHint: text("secret_key_hint").notNull(),
    webhookSecretEnc: text("webhook_secret_enc").notNull(),
    webhookSecretHint: text("webhook_secret_hint").notNull(),
    // What checkouts charge in (ISO 4217); an order priced in another currency is not sent a link.
    currency: text("currency").notNull(),
    // On: an order the customer confirms waits for payment (awaiting_payment) before the kitchen sees it as paid.
    requirePayment: boolean("require_payment").notNull().default(false),
    // How long an unpaid order stays open (Stripe's Checkout allows 30 minutes to 24 hours).
    expiryMinutes: integer("expiry_minutes").notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payment_settings_provider_check", oneOf(t.provider, paymentProviders)),
    check("payment_settings_expiry_check", sql`${t.expiryMinutes} between 30 and 1440`),
  ],
);

export const orderPaymentStatuses = ["creating", "open", "paid", "expired", "failed"] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/** One line of what is paid for, and of the stock the order holds (given back when it expires unpaid). */
export type PaymentLine = { collection: string | null; externalId: string; title: string; qty: number; unitAmount: number };

/**
 * The payment of one order: `creating` until the provider's checkout exists, then `open` with its link,
 * and `paid` or `expired` as the provider (or our expiry job) says.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    recordId: text("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // The provider's id of the checkout (Stripe's cs_...), null until it is created.
    externalId: text("external_id"),
    url: text("url"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<PaymentLine[]>().notNull(),
    status: text("status").notNull().default("creating"),
    expiresAt: ts("expires_at").notNull(),
    paidAt: ts("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("order_payments_record_uq").on(t.recordId),
    uniqueIndex("order_payments_external_uq").on(t.provider, t.externalId),
    index("order_payments_business_idx").on(t.businessId, t.createdAt, t.id),
    check("order_payments_status_check", oneOf(t.status, orderPaymentStatuses)),
  ],
);
