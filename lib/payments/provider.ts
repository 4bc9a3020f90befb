import "server-only";

// The one small interface every payment provider sits behind (docs/payments.md). The rest of the code
// knows only this: create a checkout for an order, expire it, and read a provider's webhook.

export type CheckoutRequest = {
  /** The order's total in the currency's minor unit (cents). */
  amount: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  lines: { title: string; qty: number; unitAmount: number }[];
  successUrl: string;
  cancelUrl: string;
  /** Our ids, echoed back on the provider's webhooks. */
  metadata: { businessId: string; recordId: string; paymentId: string };
  expiresAt: Date;
  /** Sent as the provider's idempotency key, so a retried job never opens a second checkout. */
  idempotencyKey: string;
};

export type Checkout = { externalId: string; url: string };

/** What a verified webhook says happened; `ignored` for kinds we do not act on. */
export type PaymentWebhook =
  | { kind: "paid" | "expired"; externalId: string; eventId: string; metadata: Record<string, string> }
  | { kind: "ignored"; eventId: string; type: string };

export type PaymentProvider = {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Closes an open checkout so it can no longer be paid (where the provider supports it). */
  expireCheckout(externalId: string): Promise<void>;
  /** Verifies the signature (throws InvalidSignature) and reads the event. */
  parseWebhook(rawBody: string, headers: Headers): PaymentWebhook;
};

export class InvalidSignature extends Error {}

/** The provider's refusal that no retry can fix (a wrong key, an invalid request): the job stops trying. */
export class ProviderRejected extends Error {}
