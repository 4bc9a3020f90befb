import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

export const catalogItems = pgTable(
  "catalog_items",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    collection: text("collection").notNull(),
    externalId: text("external_id").notNull(),
    title: text("title").notNull(),
    priceAmount: bigint("price_amount", { mode: "number" }),
    priceCurrency: text("price_currency"),
    inStock: boolean("in_stock").notNull().default(true),
    description: text("description"),
    imageUrl: text("image_url"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("catalog_items_external_uq").on(t.businessId, t.collection, t.externalId),
    index("catalog_items_collection_idx").on(t.businessId, t.collection, t.createdAt, t.id),
  ],
);
