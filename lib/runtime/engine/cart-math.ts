import type { Language } from "../../language";
import { formatPrice } from "../understanding/price";

// A cart kept in a session variable: items with quantities, and the business's delivery rules (its
// facts: fee, free-delivery threshold, minimum) copied in on each turn, so `{{cart.total}}` in a
// confirmation includes exactly the fee the business quotes. Amounts are in the items' minor unit
// (cents). Browser-safe, no database.

export type CartLine = {
  externalId: string;
  title: string;
  qty: number;
  priceAmount: number | null;
  currency: string | null;
  /** The catalog collection the item is from (its stock is taken there); absent in carts saved before it was kept. */
  collection?: string;
};
export type Cart = {
  cart: true;
  items: CartLine[];
  deliveryFee: number;
  freeDeliveryFrom: number | null;
  minimumDelivery: number | null;
};

export const isCart = (v: unknown): v is Cart => !!v && typeof v === "object" && (v as { cart?: unknown }).cart === true;

type Rules = { deliveryFee?: number | null; freeDeliveryFrom?: number | null; minimumDelivery?: number | null };

export function emptyCart(rules: Rules): Cart {
  return withRules({ cart: true, items: [], deliveryFee: 0, freeDeliveryFrom: null, minimumDelivery: null }, rules);
}

/** The cart under the business's current rules (a changed fee applies from the next message on). */
export function withRules(cart: Cart, rules: Rules): Cart {
  cart.deliveryFee = rules.deliveryFee ?? 0;
  cart.freeDeliveryFrom = rules.freeDeliveryFrom ?? null;
  cart.minimumDelivery = rules.minimumDelivery ?? null;
  return cart;
}

export const subtotal = (c: Cart) => c.items.reduce((sum, l) => sum + (l.priceAmount ?? 0) * l.qty, 0);

/** The delivery fee for this cart: none for pickup, none from the free-delivery threshold on. */
export function fee(c: Cart, fulfilment: unknown): number {
  if (!isDelivery(fulfilment)) return 0;
  if (c.freeDeliveryFrom !== null && subtotal(c) >= c.freeDeliveryFrom) return 0;
  return c.deliveryFee;
}

export const isDelivery = (fulfilment: unknown) => typeof fulfilment === "string" && /^(delivery|entrega|envio|domicilio)/i.test(fulfilment.trim());

export const total = (c: Cart, fulfilment: unknown) => subtotal(c) + fee(c, fulfilment);

export const currencyOf = (c: Cart) => c.items.find((l) => l.currency)?.currency ?? null;

export const money = (c: Cart, amount: number, lang: Language = "en") => formatPrice(amount, currencyOf(c), lang);

/** Below the business's minimum for delivery (pickup has none). */
export const belowMinimum = (c: Cart, fulfilment: unknown) => isDelivery(fulfilment) && c.minimumDelivery !== null && subtotal(c) < c.minimumDelivery;

/** `{{cart.summary}}`, `{{cart.total}}`, `{{cart.items}}`... for templates (amounts in `lang`) and record fields. */
export function cartField(c: Cart, field: string, variables: Record<string, unknown>, lang: Language = "en"): unknown {
  const fulfilment = variables.fulfilment;
  switch (field) {
    case "summary":
      return c.items.map((l) => `${l.qty} x ${l.title} (${money(c, (l.priceAmount ?? 0) * l.qty, lang)})`).join("\n");
    case "items":
      return c.items.map((l) => ({ itemId: l.externalId, title: l.title, qty: l.qty, unitPrice: l.priceAmount }));
    case "count":
      return c.items.reduce((n, l) => n + l.qty, 0);
    case "subtotal":
      return money(c, subtotal(c), lang);
    case "subtotalAmount":
      return subtotal(c);
    case "fee":
      return money(c, fee(c, fulfilment), lang);
    case "feeAmount":
      return fee(c, fulfilment);
    case "total":
      return money(c, total(c, fulfilment), lang);
    case "totalAmount":
      return total(c, fulfilment);
    default:
      return undefined;
  }
}
