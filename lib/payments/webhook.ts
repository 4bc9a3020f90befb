import "server-only";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors";
import { componentLogger } from "../observability/log";
import { markExpired, markPaid } from "./order-payments";
import { InvalidSignature } from "./provider";
import { providerOf } from "./settings";

// A provider's webhook for one business (POST /payments/{provider}/{businessId}): no key or session,
// the business's own signing secret is the proof. A bad signature is a 400 that changes nothing; a
// checkout the business does not have (another business's included) changes nothing either; a replay
// finds the order already settled and changes nothing again.

const log = componentLogger("payments");

export async function receivePaymentWebhook(
  db: Db,
  providerName: string,
  businessId: string,
  rawBody: string,
  headers: Headers,
): Promise<{ received: true; changed: boolean }> {
  const provider = /^biz_[0-9A-HJKMNP-TV-Z]{26}$/.test(businessId) ? await providerOf(db, businessId) : null;
  if (!provider || provider.name !== providerName) throw notFound("payment webhook endpoint");
  let event: ReturnType<typeof provider.parseWebhook>;
  try {
    event = provider.parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof InvalidSignature) {
      log.warn({ businessId, provider: providerName }, "payment webhook with a bad signature refused");
      throw new AppError("invalid_request", "The webhook's signature does not verify with this business's signing secret.", [
        { path: "Stripe-Signature", message: "does not verify." },
      ]);
    }
    throw err;
  }
  if (event.kind === "paid") return { received: true, changed: await markPaid(db, businessId, providerName, event.externalId) };
  if (event.kind === "expired") return { received: true, changed: await markExpired(db, businessId, providerName, event.externalId) };
  return { received: true, changed: false };
}
