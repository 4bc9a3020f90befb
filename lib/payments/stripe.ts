import "server-only";
import Stripe from "stripe";
import { type Checkout, type CheckoutRequest, InvalidSignature, type PaymentProvider, type PaymentWebhook, ProviderRejected } from "./provider";

// Stripe Checkout through Stripe's official Node SDK, with the business's own keys. STRIPE_API_URL
// points the SDK elsewhere (tests: tests/fakes/stripe-server.ts); unset, it talks to api.stripe.com.

function endpoint(): { host?: string; port?: number; protocol?: "http" | "https" } {
  const configured = process.env.STRIPE_API_URL?.trim();
  if (!configured) return {};
  const url = new URL(configured);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** Stripe's answers that a retry cannot change: a bad key (401), a refused request (400), a missing object (404). */
function rejected(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeError &&
    typeof err.statusCode === "number" &&
    err.statusCode >= 400 &&
    err.statusCode < 500 &&
    err.statusCode !== 429
  );
}

export function stripeProvider(keys: { secretKey: string; webhookSecret: string }): PaymentProvider {
  const stripe = new Stripe(keys.secretKey, { ...endpoint(), maxNetworkRetries: 2, timeout: 20_000 });
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (rejected(err)) throw new ProviderRejected(`Stripe refused: ${(err as Error).message}`);
      throw err;
    }
  };
  return {
    name: "stripe",
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: request.lines.map((l) => ({
              quantity: l.qty,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: l.unitAmount, product_data: { name: l.title } },
            })),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.metadata.recordId,
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!session.url) throw new ProviderRejected("Stripe created a checkout without a URL.");
      return { externalId: session.id, url: session.url };
    },
    async expireCheckout(externalId: string): Promise<void> {
      await call(() => stripe.checkout.sessions.expire(externalId));
    },
    parseWebhook(rawBody: string, headers: Headers): PaymentWebhook {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new InvalidSignature("No Stripe-Signature header.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, keys.webhookSecret);
      } catch (err) {
        throw new InvalidSignature((err as Error).message);
      }
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        const session = event.data.object;
        // A completed session whose payment is still processing (a bank debit) is paid only when it succeeds.
        if (session.payment_status !== "paid") return { kind: "ignored", eventId: event.id, type: event.type };
        return { kind: "paid", externalId: session.id, eventId: event.id, metadata: (session.metadata ?? {}) as Record<string, string> };
      }
      if (event.type === "checkout.session.expired") {
        const session = event.data.object;
        return { kind: "expired", externalId: session.id, eventId: event.id, metadata: (session.metadata ?? {}) as Record<string, string> };
      }
      return { kind: "ignored", eventId: event.id, type: event.type };
    },
  };
}
