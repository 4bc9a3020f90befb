import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    // Units left (issue 40, item 7): null is untracked. Accepted orders take from it, never below 0
    // (lib/catalog/stock.ts); at 0 the item is sold out (in_stock false).
    stock: integer("stock"),
    description: text("description"),
    imageUrl: text("image_url"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("catalog_items_external_uq").on(t.businessId, t.collection, t.externalId),
    index("catalog_items_collection_idx").on(t.businessId, t.collection, t.createdAt, t.id),
    check("catalog_items_stock_check", sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);
