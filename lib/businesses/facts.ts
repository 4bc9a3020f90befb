import "server-only";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { businesses, businessFacts } from "../db/schema";
import { invalid, notFound } from "../errors";
import { type BusinessFacts, businessFactsIn, type PaymentMethod, paymentMethods } from "../shared/business-facts-schema";

// The business's facts in the database (business_facts, plus the address on businesses): read by the
// settings page and /v1, by the assistant's answers about them and by the order skill's cart.

const isMethod = (m: string): m is PaymentMethod => (paymentMethods as readonly string[]).includes(m);
const methods = (list: string[] | null | undefined): PaymentMethod[] => (list ?? []).filter(isMethod);

type Row = typeof businessFacts.$inferSelect;

/** The facts as the API shows them, from the address and the row (absent: nothing said). */
export function factsView(address: string | null, row: Row | null | undefined): BusinessFacts {
  const money = (amount: number | null | undefined) =>
    amount === null || amount === undefined || !row?.currency ? null : { amount, currency: row.currency };
  return {
    address,
    delivery:
      row?.delivers === null || row?.delivers === undefined
        ? null
        : {
            offered: row.delivers,
            radiusKm: row.deliveryRadiusKm ?? null,
            places: row.deliveryPlaces ?? [],
            fee: money(row.deliveryFee),
            freeFrom: money(row.freeDeliveryFrom),
            minimum: money(row.minimumDelivery),
            paymentMethods: row.deliveryPaymentMethods ? methods(row.deliveryPaymentMethods) : null,
          },
    pickup: row?.pickup === null || row?.pickup === undefined ? null : { offered: row.pickup },
    paymentMethods: methods(row?.paymentMethods),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function getBusinessFacts(db: Db, businessId: string): Promise<BusinessFacts> {
  const [row] = await db
    .select({ address: businesses.address, facts: businessFacts })
    .from(businesses)
    .leftJoin(businessFacts, eq(businessFacts.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  return factsView(row.address, row.facts);
}

/** Replaces every fact: a field left out is cleared (not said). */
export async function setBusinessFacts(db: Db, businessId: string, input: z.input<typeof businessFactsIn>): Promise<BusinessFacts> {
  const parsed = businessFactsIn.safeParse(input);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: `${i.path.join(".")} ${i.message}` })));
  }
  const f = parsed.data;
  const d = f.delivery ?? null;
  const currency = d?.fee?.currency ?? d?.freeFrom?.currency ?? d?.minimum?.currency ?? null;
  const values = {
    delivers: d ? d.offered : null,
    deliveryRadiusKm: d?.radiusKm ?? null,
    deliveryPlaces: [...new Set(d?.places ?? [])],
    currency,
    deliveryFee: d?.fee?.amount ?? null,
    freeDeliveryFrom: d?.freeFrom?.amount ?? null,
    minimumDelivery: d?.minimum?.amount ?? null,
    deliveryPaymentMethods: d?.paymentMethods ?? null,
    pickup: f.pickup ? f.pickup.offered : null,
    paymentMethods: f.paymentMethods ?? [],
  };
  await db.transaction(async (tx) => {
    const [b] = await tx
      .update(businesses)
      .set({ address: f.address || null })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id });
    if (!b) throw notFound("business");
    await tx
      .insert(businessFacts)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: businessFacts.businessId, set: { ...values, updatedAt: sql`now()` } });
  });
  return getBusinessFacts(db, businessId);
}

/** What a cart charges for delivery, in minor units: the facts' fee (none when not said), free-from and minimum. */
export type DeliveryRules = { deliveryFee: number; freeDeliveryFrom: number | null; minimumDelivery: number | null };

export function deliveryRules(row: Pick<Row, "deliveryFee" | "freeDeliveryFrom" | "minimumDelivery"> | null | undefined): DeliveryRules {
  return { deliveryFee: row?.deliveryFee ?? 0, freeDeliveryFrom: row?.freeDeliveryFrom ?? null, minimumDelivery: row?.minimumDelivery ?? null };
}
