import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, real, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { businessKey } from "./tenancy";

/**
 * The facts a business states once (lib/businesses/facts.ts): whether and where it delivers, what
 * delivery costs, pickup, and how customers pay. The address stays on `businesses`; the hours are
 * `business_hours`. One row per business; no row (or a null) means not said. Amounts are in the
 * minor unit of `currency`; a cart reads fee, free-from and minimum from here, never from a skill.
 */
export const businessFacts = pgTable(
  "business_facts",
  {
    businessId: businessKey(),
    delivers: boolean("delivers"),
    deliveryRadiusKm: real("delivery_radius_km"),
    deliveryPlaces: jsonb("delivery_places").$type<string[]>().notNull().default([]),
    currency: text("currency"),
    deliveryFee: integer("delivery_fee"),
    freeDeliveryFrom: integer("free_delivery_from"),
    minimumDelivery: integer("minimum_delivery"),
    // How a delivery is paid; null: as at the business (`payment_methods`).
    deliveryPaymentMethods: jsonb("delivery_payment_methods").$type<string[]>(),
    pickup: boolean("pickup"),
    paymentMethods: jsonb("payment_methods").$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "business_facts_amounts_check",
      sql`coalesce(${t.deliveryFee}, 0) >= 0 and coalesce(${t.freeDeliveryFrom}, 0) >= 0 and coalesce(${t.minimumDelivery}, 0) >= 0`,
    ),
    check("business_facts_currency_check", sql`${t.currency} is null or ${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
