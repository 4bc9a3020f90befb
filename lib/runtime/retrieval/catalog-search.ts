import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { catalogItems } from "../../db/schema";
import { formatPrice } from "../understanding/price";
import { meaningfulWords } from "../understanding/stopwords";
import { words } from "../understanding/text-match";
import { buildIndex, cachedIndex, searchIndex } from "./search-index";

// Fuzzy search over a business's catalog, for the `catalog` node, the retrieval engine's "do you have
// pizza?" answers and the LLM's search_catalog tool. Items in stock always rank before the rest.

export type CatalogRow = typeof catalogItems.$inferSelect;

/** What a skill keeps of a chosen item: `{{item.title}}`, `{{item.price}}` ("€12.50") and the rest. */
export type ChosenItem = {
  title: string;
  price: string;
  priceAmount: number | null;
  currency: string | null;
  externalId: string;
  collection: string;
  inStock: boolean;
  description: string;
};

export function chosenItem(row: CatalogRow): ChosenItem {
  return {
    title: row.title,
    price: formatPrice(row.priceAmount, row.priceCurrency),
    priceAmount: row.priceAmount,
    currency: row.priceCurrency,
    externalId: row.externalId,
    collection: row.collection,
    inStock: row.inStock,
    description: row.description ?? "",
  };
}

async function catalogIndex(db: Db, businessId: string, collection: string | null) {
  const scope = and(eq(catalogItems.businessId, businessId), collection ? eq(catalogItems.collection, collection) : undefined);
  const [stamp] = await db
    .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${catalogItems.updatedAt})::text` })
    .from(catalogItems)
    .where(scope);
  return cachedIndex(`catalog:${businessId}:${collection ?? "*"}`, `${stamp?.n ?? 0}:${stamp?.latest ?? ""}`, async () => {
    // In stock first, then by title: also the order of the "show me everything" list.
    const rows = await db.select().from(catalogItems).where(scope).orderBy(sql`${catalogItems.inStock} desc`, catalogItems.title);
    const docs = rows.map((r) => ({ id: r.id, title: r.title, description: r.description ?? "", ref: r.externalId }));
    return { rows, byId: new Map(rows.map((r) => [r.id, r])), index: buildIndex(["title", "description", "ref"], { title: 3, ref: 2 }, docs) };
  });
}

export type CatalogMatch = { item: CatalogRow; score: number; coverage: number; exactTitle: boolean };

/**
 * Items matching the customer's words (all collections when `collection` is null), in stock first and
 * then best first. `ignore` drops words that only started the skill ("order", "menu").
 */
export async function searchCatalog(
  db: Db,
  businessId: string,
  collection: string | null,
  query: string,
  opts: { limit?: number; ignore?: string[]; minCoverage?: number } = {},
): Promise<CatalogMatch[]> {
  const { byId, index } = await catalogIndex(db, businessId, collection);
  return searchIndex(index, query, "title", opts.ignore)
    .filter((m) => m.coverage >= (opts.minCoverage ?? 0))
    .flatMap((m) => {
      const item = byId.get(m.id);
      return item ? [{ item, score: m.score, coverage: m.coverage, exactTitle: m.exactPrimaryHit }] : [];
    })
    .sort((a, b) => Number(b.item.inStock) - Number(a.item.inStock) || b.score - a.score)
    .slice(0, opts.limit ?? 10);
}

/**
 * The items whose title a message says in full, wherever in it ("your Earl Grey ... what does a box
 * cost?"): every word of the title but its size ("100 g") is in the message, in any collection.
 */
export async function catalogItemsNamedIn(db: Db, businessId: string, text: string): Promise<CatalogRow[]> {
  const said = new Set(words(text));
  const { rows } = await catalogIndex(db, businessId, null);
  return rows.filter((r) => {
    const title = meaningfulWords(r.title).filter((w) => /^\p{L}{2,}$/u.test(w) && !/^(?:g|kg|ml|cl|l|gr|oz|lb)$/.test(w));
    return title.length > 0 && title.every((w) => said.has(w));
  });
}

/** The first items of a collection, in stock first (what "show me the menu" offers). */
export async function firstCatalogItems(db: Db, businessId: string, collection: string, limit: number): Promise<CatalogRow[]> {
  const { rows } = await catalogIndex(db, businessId, collection);
  return rows.slice(0, limit);
}

/** Items by external id (a session keeps the ids it offered, not copies that could go stale). */
export async function catalogItemsByExternalId(db: Db, businessId: string, collection: string, externalIds: string[]): Promise<CatalogRow[]> {
  if (!externalIds.length) return [];
  return db
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection), inArray(catalogItems.externalId, externalIds)));
}
