import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

/** A text in each of the business's languages (en, pt, es); at least one is given. */
export type LocalizedText = Partial<Record<"en" | "pt" | "es", string>>;

// What a business books by appointment (a haircut, a dental check-up, an oil change): how long it takes,
// what it costs (minor units, as the catalog stores money) and the rest kept free after it (cleaning the
// chair). Who performs it is in service_staff. See docs/appointments.md.
export const services = pgTable(
  "services",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default(sql`'{}'::jsonb`),
    durationMinutes: integer("duration_minutes").notNull(),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    priceAmount: bigint("price_amount", { mode: "number" }),
    priceCurrency: text("price_currency"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The (business_id, id) pair that service_staff and appointments reference: a row can only point at
    // a service of its own business.
    unique("services_business_id_uq").on(t.businessId, t.id),
    index("services_business_idx").on(t.businessId, t.createdAt, t.id),
    check("services_duration_check", sql`${t.durationMinutes} between 5 and 1440`),
    check("services_buffer_check", sql`${t.bufferAfterMinutes} between 0 and 1440`),
  ],
);
