import "server-only";
import { takeStock } from "../../catalog/stock";
import type { Db } from "../../db/client";
import type { PaymentLine } from "../../db/schema";
import { openOrderPayment } from "../../payments/order-payments";
import { paymentRequirement } from "../../payments/settings";
import { createRecord, type RecordOut } from "../../records/records";
import { type Cart, currencyOf, fee, isCart, subtotal } from "./cart-math";

// An order the customer confirmed is accepted here, in one transaction (issue 40, items 6 and 7): its
// units are taken from stock (SoldOut, lib/catalog/stock.ts, undoes it all), it is recorded, and, when
// the business requires payment, it waits as `awaiting_payment` with its payment opened (the link is
// made and sent by a job, lib/payments/order-payments.ts).

export type PlacedOrder = { record: RecordOut; awaitingPayment: boolean };

const cartOf = (variables: Record<string, unknown>): Cart | null => (Object.values(variables).find(isCart) as Cart | undefined) ?? null;

/** What the customer pays for: the cart's lines and, for a delivery, the fee as a line of its own. */
function paymentLines(cart: Cart, fulfilment: unknown): PaymentLine[] {
  const lines: PaymentLine[] = cart.items.map((l) => ({
    collection: l.collection ?? null,
    externalId: l.externalId,
    title: l.title,
    qty: l.qty,
    unitAmount: l.priceAmount ?? 0,
  }));
  const deliveryFee = fee(cart, fulfilment);
  if (deliveryFee > 0) lines.push({ collection: null, externalId: "delivery", title: "Delivery", qty: 1, unitAmount: deliveryFee });
  return lines;
}

export async function placeOrder(
  db: Db,
  place: { businessId: string; conversationId: string; contactId: string },
  collection: string,
  fields: Record<string, unknown>,
  variables: Record<string, unknown>,
): Promise<PlacedOrder> {
  const cart = cartOf(variables);
  const lines = cart ? paymentLines(cart, variables.fulfilment) : [];
  return db.transaction(async (tx) => {
    await takeStock(tx, place.businessId, lines);
    const required = await paymentRequirement(tx, place.businessId);
    const amount = cart ? subtotal(cart) + fee(cart, variables.fulfilment) : 0;
    // A free order, or one priced in another currency than the business charges in, is taken as before.
    const charge = required && cart && amount > 0 && currencyOf(cart) === required.currency ? required : null;
    const record = await createRecord(tx, place.businessId, {
      collection,
      fields,
      conversationId: place.conversationId,
      contactId: place.contactId,
      status: charge ? "awaiting_payment" : undefined,
    });
    if (charge) await openOrderPayment(tx, place.businessId, { recordId: record.id, amount, currency: charge.currency, lines }, charge);
    return { record, awaitingPayment: Boolean(charge) };
  });
}
