import "server-only";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { catalogItems } from "../db/schema";
import { queryRows } from "../db/rows";
import { AppError } from "../errors";
import { newId } from "../ids";
import { afterCursor, decodeCursor, iso, type Page, type PageParams, toPage } from "../pagination";
import type { CatalogItemIn, CatalogItemOut } from "./catalog-schema";

type CatalogRow = typeof catalogItems.$inferSelect;
export const MAX_CATALOG_ITEMS = 1000;

export function catalogItemView(c: CatalogRow): CatalogItemOut {
  return {
    id: c.id,
    collection: c.collection,
    externalId: c.externalId,
    title: c.title,
    price: c.priceAmount !== null && c.priceCurrency ? { amount: c.priceAmount, currency: c.priceCurrency } : null,
    inStock: c.inStock,
    description: c.description,
    imageUrl: c.imageUrl,
    metadata: c.metadata ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: iso(c.updatedAt) as string,
  };
}

/** More than 1,000 items is a 413, answered before item-by-item validation. */
export function assertCatalogBatchSize(body: unknown): void {
  const items = (body as { items?: unknown })?.items;
  if (Array.isArray(items) && items.length > MAX_CATALOG_ITEMS) {
    throw new AppError("payload_too_large", `At most ${MAX_CATALOG_ITEMS} catalog items per request; got ${items.length}.`);
  }
}

/**
 * Bulk upsert keyed by (business, collection, externalId): one INSERT ... ON CONFLICT statement for the
 * whole batch, so it is all or nothing and costs one round trip. Items were validated as a whole before.
 */
export async function upsertCatalogItems(
  db: Db,
  businessId: string,
  collection: string,
  items: CatalogItemIn[],
): Promise<{ upserted: number; collection: string }> {
  const now = new Date().toISOString();
  const rows = items.map((item) => ({
    id: newId("cat"),
    external_id: item.externalId,
    title: item.title,
    price_amount: item.price?.amount ?? null,
    price_currency: item.price?.currency ?? null,
    in_stock: item.inStock,
    description: item.description ?? null,
    image_url: item.imageUrl ?? null,
    metadata: item.metadata ?? null,
  }));
  // The batch travels as one JSON parameter unpacked by jsonb_to_recordset: a short statement whatever
  // the batch size, instead of 13,000 bind parameters to build, send and parse.
  const written = await queryRows<{ id: string }>(
    db,
    sql`insert into catalog_items (id, business_id, collection, external_id, title, price_amount, price_currency, in_stock,
        description, image_url, metadata, created_at, updated_at)
      select x.id, ${businessId}, ${collection}, x.external_id, x.title, x.price_amount, x.price_currency, x.in_stock,
        x.description, x.image_url, x.metadata, ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, external_id text, title text, price_amount bigint,
        price_currency text, in_stock boolean, description text, image_url text, metadata jsonb)
      on conflict (business_id, collection, external_id) do update set title = excluded.title, price_amount = excluded.price_amount,
        price_currency = excluded.price_currency, in_stock = excluded.in_stock, description = excluded.description,
        image_url = excluded.image_url, metadata = excluded.metadata, updated_at = excluded.updated_at
      returning id`,
  );
  return { upserted: written.length, collection };
}

export async function listCatalogItems(
  db: Db,
  businessId: string,
  collection: string,
  filter: PageParams & { search?: string },
): Promise<Page<CatalogItemOut>> {
  const cursor = filter.cursor ? decodeCursor(filter.cursor, "cat_") : null;
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.businessId, businessId),
        eq(catalogItems.collection, collection),
        like ? or(ilike(catalogItems.title, like), ilike(catalogItems.externalId, like)) : undefined,
        afterCursor(catalogItems.createdAt, catalogItems.id, cursor),
      ),
    )
    .orderBy(desc(catalogItems.createdAt), desc(catalogItems.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, catalogItemView);
}

/** Collections of a business with item counts (dashboard). */
export async function listCollections(db: Db, businessId: string): Promise<{ collection: string; items: number }[]> {
  const rows = await db
    .select({ collection: catalogItems.collection, items: sql<number>`count(*)::int` })
    .from(catalogItems)
    .where(eq(catalogItems.businessId, businessId))
    .groupBy(catalogItems.collection)
    .orderBy(catalogItems.collection);
  return rows.map((r) => ({ collection: r.collection, items: Number(r.items) }));
}

/** Every item of a collection, in stock first (the assistant's search index is built from these). */
export async function allCatalogItems(db: Db, businessId: string, collection: string): Promise<CatalogRow[]> {
  return db
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection)))
    .orderBy(desc(catalogItems.inStock), catalogItems.title);
}
