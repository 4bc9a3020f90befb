import { z } from "zod";

// The facts a business states once and the product reads everywhere (issue 35, item 5): its address,
// whether and where it delivers, what delivery costs (fee, free-delivery threshold, minimum order),
// pickup, and how customers may pay, at the business and on delivery. The assistant's answers ("do you
// take card?", "delivery fee?") are written from these, in the customer's language, and the order
// skill's cart charges exactly these amounts. Opening hours and holidays are the business hours
// (business-hours.ts). Browser-safe: the dashboard's settings page reads the same lists and labels.

export const paymentMethods = [
  "cash",
  "card",
  "visa",
  "mastercard",
  "amex",
  "apple_pay",
  "google_pay",
  "mb_way",
  "multibanco",
  "bizum",
  "pix",
  "bank_transfer",
  "paypal",
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** How the dashboard names each method; `card` is any debit or credit card, the brands only themselves. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card (any debit or credit card)",
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  mb_way: "MB Way",
  multibanco: "Multibanco",
  bizum: "Bizum",
  pix: "Pix",
  bank_transfer: "Bank transfer",
  paypal: "PayPal",
};

/** The methods that are a payment card: asked "do you take card?", any of these is a yes. */
export const cardMethods: readonly PaymentMethod[] = ["card", "visa", "mastercard", "amex"];

const money = z.object({
  amount: z.number().int().min(0).max(100_000_000).describe("In the currency's minor unit (cents)."),
  currency: z.string().regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as EUR."),
});
export type Money = z.infer<typeof money>;

const methodList = z
  .array(z.enum(paymentMethods))
  .max(paymentMethods.length)
  .refine((m) => new Set(m).size === m.length, "must not name a method twice");

export const deliveryFactsSchema = z.strictObject({
  offered: z.boolean().describe("Whether the business delivers at all."),
  radiusKm: z.number().positive().max(1000).nullable().optional().describe("How far it delivers, in km from the address; null: not said."),
  places: z
    .array(z.string().trim().min(1).max(100))
    .max(100)
    .optional()
    .describe("Neighbourhoods or towns it delivers to, by name (besides or instead of the radius)."),
  fee: money.nullable().optional().describe("What delivery costs; amount 0 is free delivery; null: not said (the cart charges none)."),
  freeFrom: money.nullable().optional().describe("Delivery is free from this subtotal on; null: never free."),
  minimum: money.nullable().optional().describe("The smallest subtotal delivered; null: no minimum."),
  paymentMethods: methodList
    .nullable()
    .optional()
    .describe('How a delivery can be paid ("no card on delivery": leave the cards out); null: as at the business.'),
});

export const businessFactsIn = z
  .strictObject({
    address: z.string().trim().max(500).nullable().optional().describe("The business's address as customers should read it."),
    delivery: deliveryFactsSchema.nullable().optional().describe("null: the business has not said whether it delivers."),
    pickup: z
      .strictObject({ offered: z.boolean().describe("Whether orders can be picked up at the business.") })
      .nullable()
      .optional()
      .describe("null: not said."),
    paymentMethods: methodList.optional().describe("How customers pay at the business (and for pickup); empty: not said."),
  })
  .superRefine((facts, ctx) => {
    const amounts = (["fee", "freeFrom", "minimum"] as const).flatMap((k) => (facts.delivery?.[k] ? [[k, facts.delivery[k]] as const] : []));
    const [first] = amounts;
    for (const [key, m] of amounts)
      if (first && m.currency !== first[1].currency)
        ctx.addIssue({ code: "custom", path: ["delivery", key, "currency"], message: `must be ${first[1].currency}, as delivery.${first[0]} is` });
  });
export type BusinessFactsIn = z.input<typeof businessFactsIn>;

export const businessFactsOut = z.object({
  address: z.string().nullable(),
  delivery: z
    .object({
      offered: z.boolean(),
      radiusKm: z.number().nullable(),
      places: z.array(z.string()),
      fee: money.nullable(),
      freeFrom: money.nullable(),
      minimum: money.nullable(),
      paymentMethods: z.array(z.enum(paymentMethods)).nullable(),
    })
    .nullable(),
  pickup: z.object({ offered: z.boolean() }).nullable(),
  paymentMethods: z.array(z.enum(paymentMethods)),
  updatedAt: z.string().nullable(),
});
export type BusinessFacts = z.infer<typeof businessFactsOut>;
