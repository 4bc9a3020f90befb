import "server-only";
import type { Db } from "../../db/client";
import type { AlsoInTransaction } from "../../messages/receive-message";
import { createRecord } from "../../records/records";

// A WhatsApp cart (a customer's `order` message) becomes an `orders` record, in the transaction that
// stores the message (receiveInboundMessage's `also`), so a redelivery records it once.

/** The receiving transaction's part for a cart whose content the webhook parsed (items, catalog, note). */
export function recordOrder(businessId: string, content: Record<string, unknown> | null): AlsoInTransaction {
  return async (tx: Db, received) => {
    await createRecord(tx, businessId, {
      collection: "orders",
      fields: orderFields(content, received.message.id),
      conversationId: received.conversationId,
      contactId: received.contactId,
    });
  };
}

type OrderItem = { productRetailerId: string | null; quantity: number | null; itemPrice: number | null; currency: string | null };

/** The `orders` record of a WhatsApp cart: its items, the total they add up to, and where it came from. */
function orderFields(content: Record<string, unknown> | null, messageId: string): Record<string, unknown> {
  const raw = Array.isArray(content?.items) ? (content.items as Partial<OrderItem>[]) : [];
  const items: OrderItem[] = raw.map((i) => ({
    productRetailerId: i.productRetailerId ?? null,
    quantity: i.quantity ?? null,
    itemPrice: i.itemPrice ?? null,
    currency: i.currency ?? null,
  }));
  const sum = items.reduce((total, i) => total + (i.quantity ?? 0) * (i.itemPrice ?? 0), 0);
  const currencies = new Set(items.map((i) => i.currency).filter(Boolean));
  return {
    items,
    // Rounded to drop float noise (3 × 0.1), not to a currency's minor unit.
    total: Math.round(sum * 1e6) / 1e6,
    currency: currencies.size === 1 ? [...currencies][0] : null,
    catalogId: typeof content?.catalogId === "string" ? content.catalogId : null,
    note: typeof content?.text === "string" ? content.text : null,
    source: "whatsapp_order",
    messageId,
  };
}
