import { sql } from "drizzle-orm";
import { check, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId, oneOf } from "./tenancy";

// The categories Meta prices a WhatsApp message in (its rate cards and the status webhooks' `pricing`).
export const whatsappPricingCategories = [
  "marketing",
  "marketing_lite",
  "utility",
  "authentication",
  "authentication_international",
  "service",
  "referral_conversion",
] as const;
export type WhatsAppPricingCategory = (typeof whatsappPricingCategories)[number];

// The rate card the owner uploads (issue 37 item 6): what one delivered message of a category costs
// when sent to a country. `*` prices every country the card does not name. Replaced as a whole on each
// upload; the charges shown are estimates from it, Meta's invoice is the truth.
export const whatsappRates = pgTable(
  "whatsapp_rates",
  {
    businessId: businessId(),
    // ISO 3166 alpha-2 (upper case), or `*` for any other country.
    country: text("country").notNull(),
    category: text("category", { enum: whatsappPricingCategories }).notNull(),
    price: numeric("price", { precision: 14, scale: 6 }).notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.country, t.category] }),
    check("whatsapp_rates_category_check", oneOf(t.category, whatsappPricingCategories)),
    check("whatsapp_rates_country_check", sql`${t.country} ~ '^([A-Z]{2}|\\*)$'`),
    check("whatsapp_rates_price_check", sql`${t.price} >= 0`),
  ],
);
