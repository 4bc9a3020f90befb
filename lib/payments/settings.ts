import "server-only";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { catalogItems, paymentSettings } from "../db/schema";
import { publicOrigin } from "../dashboard/csrf";
import { invalid } from "../errors";
import { PAYMENT_EXPIRY_DEFAULT, type PaymentSettingsOut, type paymentSettingsIn } from "../shared/payment-settings-schema";
import type { z } from "zod";
import type { PaymentProvider } from "./provider";

// A business's payment settings: its own Stripe keys, sealed with ENCRYPTION_KEY like the WhatsApp
// token, never answered (only their last 4 characters); the currency; whether orders wait for payment.

type SettingsRow = typeof paymentSettings.$inferSelect;

const hint = (secret: string) => secret.slice(-4);

/** The URL the business adds to Stripe as its webhook endpoint: one per business, signed with its own secret. */
export function paymentWebhookUrl(businessId: string, provider = "stripe"): string {
  return `${publicOrigin() ?? ""}/payments/${provider}/${businessId}`;
}

function view(businessId: string, row: SettingsRow | undefined): PaymentSettingsOut {
  return {
    configured: Boolean(row),
    provider: "stripe",
    secretKeyHint: row?.secretKeyHint ?? null,
    webhookSecretHint: row?.webhookSecretHint ?? null,
    currency: row?.currency ?? null,
    requirePayment: row?.requirePayment ?? false,
    expiryMinutes: row?.expiryMinutes ?? PAYMENT_EXPIRY_DEFAULT,
    webhookUrl: paymentWebhookUrl(businessId),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

async function settingsRow(db: Db, businessId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.businessId, businessId));
  return row;
}

export async function getPaymentSettings(db: Db, businessId: string): Promise<PaymentSettingsOut> {
  return view(businessId, await settingsRow(db, businessId));
}

/**
 * Saves the settings. The keys are needed the first time, kept when left out later. The currency must
 * be the one the catalog's prices are in (a checkout charges the order's total as the menu wrote it).
 */
export async function updatePaymentSettings(db: Db, businessId: string, input: z.output<typeof paymentSettingsIn>): Promise<PaymentSettingsOut> {
  const current = await settingsRow(db, businessId);
  const problems = [];
  if (!current && !input.secretKey) problems.push({ path: "secretKey", message: "is required the first time." });
  if (!current && !input.webhookSecret) problems.push({ path: "webhookSecret", message: "is required the first time." });
  const [other] = await db
    .select({ currency: catalogItems.priceCurrency })
    .from(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), isNotNull(catalogItems.priceCurrency), ne(catalogItems.priceCurrency, input.currency)))
    .limit(1);
  if (other?.currency) {
    problems.push({
      path: "currency",
      message: `must be the currency of the catalog's prices (${other.currency}), or checkouts would charge a wrong amount.`,
    });
  }
  if (problems.length) throw invalid(problems);
  const values = {
    provider: input.provider,
    secretKeyEnc: input.secretKey ? encryptSecret(input.secretKey) : (current?.secretKeyEnc as string),
    secretKeyHint: input.secretKey ? hint(input.secretKey) : (current?.secretKeyHint as string),
    webhookSecretEnc: input.webhookSecret ? encryptSecret(input.webhookSecret) : (current?.webhookSecretEnc as string),
    webhookSecretHint: input.webhookSecret ? hint(input.webhookSecret) : (current?.webhookSecretHint as string),
    currency: input.currency,
    requirePayment: input.requirePayment,
    expiryMinutes: input.expiryMinutes,
    updatedAt: new Date(),
  };
  await db
    .insert(paymentSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: paymentSettings.businessId, set: values });
  return getPaymentSettings(db, businessId);
}

/** What an order needs to be sent a link: the settings when the business requires payment, else null. */
export async function paymentRequirement(db: Db, businessId: string): Promise<{ currency: string; expiryMinutes: number; provider: string } | null> {
  const row = await settingsRow(db, businessId);
  return row?.requirePayment ? { currency: row.currency, expiryMinutes: row.expiryMinutes, provider: row.provider } : null;
}

/** The business's provider, opened with its own keys; null when it has none saved. */
export async function providerOf(db: Db, businessId: string): Promise<PaymentProvider | null> {
  const row = await settingsRow(db, businessId);
  if (!row) return null;
  // Stripe's SDK is loaded by the first business that takes a payment or hears from Stripe, not by
  // every process that runs turns: about 9 MiB resident a process otherwise (docs/performance.md, memory).
  const { stripeProvider } = await import("./stripe");
  return stripeProvider({ secretKey: decryptSecret(row.secretKeyEnc), webhookSecret: decryptSecret(row.webhookSecretEnc) });
}
