import "server-only";
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { catalogItems } from "../db/schema";
import { queryRows } from "../db/rows";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { iso, listPage, type Page, type PageParams } from "../pagination";
import { containsPattern } from "../db/like";
import type { CatalogItemIn, CatalogItemOut, CatalogItemPatch } from "../shared/catalog-schema";
import { catalogBodyProblems } from "../shared/catalog-plain-errors";

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
    stock: c.stock,
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
 * The upsert's precheck: the size limit (413), then every item checked with problems worded for a
 * person, naming the row (items[n-1] is row n), the field and the bad value ("row 14, price: 'twelve'
 * is not a number"), one detail per problem. Anything else (no items array) is left to the schema.
 */
export function checkCatalogUpsertBody(body: unknown): void {
  assertCatalogBatchSize(body);
  const items = (body as { items?: unknown })?.items;
  if (!Array.isArray(items) || !items.length) return;
  const problems = catalogBodyProblems(items);
  if (problems.length) {
    throw invalid(problems, `${problems.length === 1 ? "One problem" : `${problems.length} problems`} in the items; nothing was written.`);
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
    // Stock 0 is sold out. Left out, an item keeps the stock it has (an upload without a stock column
    // never erases the counts).
    in_stock: item.inStock && (item.stock === undefined || item.stock === null || item.stock > 0),
    stock: item.stock ?? null,
    stock_given: item.stock !== undefined,
    description: item.description ?? null,
    image_url: item.imageUrl ?? null,
    metadata: item.metadata ?? null,
  }));
  // The stock an updated item ends with: the one given, else the one it has (the lookup only for a mixed batch).
  const given = rows.filter((r) => r.stock_given).length;
  const stockAfter =
    given === 0
      ? sql`catalog_items.stock`
      : given === rows.length
        ? sql`excluded.stock`
        : sql`case when (select x.stock_given from x where x.external_id = excluded.external_id) then excluded.stock else catalog_items.stock end`;
  // The batch travels as one JSON parameter unpacked by jsonb_to_recordset: a short statement whatever
  // the batch size, instead of 13,000 bind parameters to build, send and parse.
  const written = await queryRows<{ id: string }>(
    db,
    sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, external_id text, title text,
        price_amount bigint, price_currency text, in_stock boolean, stock integer, stock_given boolean, description text,
        image_url text, metadata jsonb))
      insert into catalog_items (id, business_id, collection, external_id, title, price_amount, price_currency, in_stock, stock,
        description, image_url, metadata, created_at, updated_at)
      select x.id, ${businessId}, ${collection}, x.external_id, x.title, x.price_amount, x.price_currency, x.in_stock, x.stock,
        x.description, x.image_url, x.metadata, ${now}::timestamptz, ${now}::timestamptz
      from x
      on conflict (business_id, collection, external_id) do update set title = excluded.title, price_amount = excluded.price_amount,
        price_currency = excluded.price_currency,
        stock = ${stockAfter}, in_stock = excluded.in_stock and coalesce(${stockAfter}, 1) > 0,
        description = excluded.description, image_url = excluded.image_url, metadata = excluded.metadata, updated_at = excluded.updated_at
      returning id`,
  );
  return { upserted: written.length, collection };
}

export async function listCatalogItems(
  db: Db,
  businessId: string,
  collection: string,
  filter: PageParams & { search?: string; inStock?: boolean },
): Promise<Page<CatalogItemOut>> {
  const like = filter.search ? containsPattern(filter.search) : null;
  return listPage(
    db,
    catalogItems,
    {
      idPrefix: "cat_",
      page: { limit: filter.limit, cursor: filter.cursor },
      where: [
        eq(catalogItems.businessId, businessId),
        eq(catalogItems.collection, collection),
        like ? or(ilike(catalogItems.title, like), ilike(catalogItems.externalId, like), ilike(catalogItems.description, like)) : undefined,
        filter.inStock === undefined ? undefined : eq(catalogItems.inStock, filter.inStock),
      ],
    },
    catalogItemView,
  );
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

const itemWhere = (businessId: string, collection: string, id: string) =>
  and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection), eq(catalogItems.id, id));

export async function getCatalogItem(db: Db, businessId: string, collection: string, id: string): Promise<CatalogItemOut> {
  const [row] = await db
    .select()
    .from(catalogItems)
    .where(itemWhere(businessId, collection, id));
  if (!row) throw notFound("catalog item");
  return catalogItemView(row);
}

/**
 * Changes one item: only the fields given; `null` clears an optional one (price, description,
 * imageUrl, metadata). A new externalId that another item of the collection has is a 409.
 */
export async function updateCatalogItem(
  db: Db,
  businessId: string,
  collection: string,
  id: string,
  patch: CatalogItemPatch,
): Promise<CatalogItemOut> {
  const set: Partial<typeof catalogItems.$inferInsert> = { updatedAt: new Date() };
  if (patch.externalId !== undefined) set.externalId = patch.externalId;
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.price !== undefined) {
    set.priceAmount = patch.price?.amount ?? null;
    set.priceCurrency = patch.price?.currency ?? null;
  }
  if (patch.inStock !== undefined) set.inStock = patch.inStock;
  if (patch.stock !== undefined) {
    set.stock = patch.stock;
    // 0 is sold out; a restock puts the item on sale unless the same change says otherwise.
    if (patch.stock === 0) set.inStock = false;
    else if (patch.stock !== null && patch.inStock === undefined) set.inStock = true;
  }
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.imageUrl !== undefined) set.imageUrl = patch.imageUrl;
  if (patch.metadata !== undefined) set.metadata = patch.metadata;
  try {
    const [row] = await db
      .update(catalogItems)
      .set(set)
      .where(itemWhere(businessId, collection, id))
      .returning();
    if (!row) throw notFound("catalog item");
    return catalogItemView(row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError("conflict", `Another item of ${collection} already has the externalId ${patch.externalId}.`, [
        { path: "externalId", message: "is already used in this collection." },
      ]);
    }
    throw err;
  }
}

export async function deleteCatalogItem(db: Db, businessId: string, collection: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(catalogItems)
    .where(itemWhere(businessId, collection, id))
    .returning({ id: catalogItems.id });
  if (!rows.length) throw notFound("catalog item");
  return { id, deleted: true };
}

/** Deletes the given items of a collection; ids that are not there (or another business's) are skipped and counted out. */
export async function deleteCatalogItems(db: Db, businessId: string, collection: string, ids: string[]): Promise<{ deleted: number }> {
  const rows = await db
    .delete(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection), inArray(catalogItems.id, ids)))
    .returning({ id: catalogItems.id });
  return { deleted: rows.length };
}

/** Deletes a whole collection; `confirm` must repeat its name (a typed confirmation, so a wrong path cannot empty another one). */
export async function deleteCollection(
  db: Db,
  businessId: string,
  collection: string,
  confirm: string,
): Promise<{ collection: string; deleted: number }> {
  if (confirm !== collection)
    throw invalid([{ path: "confirm", message: `must repeat the collection's name (${collection}) to delete all its items.` }]);
  const rows = await db
    .delete(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection)))
    .returning({ id: catalogItems.id });
  if (!rows.length) throw notFound("collection");
  return { collection, deleted: rows.length };
}
