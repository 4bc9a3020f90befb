import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { AppError } from "../errors";

// Stock (issue 40, item 7): an item's `stock` is null (untracked) or the units left. An accepted order
// takes its units with one conditional UPDATE per item inside the order's transaction, so two orders
// racing for the last unit cannot both have it (the second finds `stock >= qty` false once the first
// commits); at 0 the item is sold out (in_stock false), which the assistant already says in conversation.

export type StockLine = { collection: string | null; externalId: string; title: string; qty: number };

/** An item the order wants more of than is left: nothing was taken (the caller's transaction rolls back). A 409 where a person completes an order. */
export class SoldOut extends AppError {
  constructor(
    readonly title: string,
    readonly left: number,
  ) {
    super("conflict", `Not enough stock: ${title} has ${left} left.`, [{ path: "items", message: `${title}: only ${left} left.` }]);
  }
}

/** One line per item (the same item twice in a cart counts once, with both quantities), in a fixed order so concurrent orders lock rows alike. */
function merged(lines: StockLine[]): StockLine[] {
  const byItem = new Map<string, StockLine>();
  for (const l of lines) {
    if (!l.collection || l.qty <= 0) continue;
    const key = `${l.collection}\u0000${l.externalId}`;
    const seen = byItem.get(key);
    if (seen) seen.qty += l.qty;
    else byItem.set(key, { ...l });
  }
  return [...byItem.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l);
}

/**
 * Takes the order's units from tracked stock; untracked items (stock null) and lines without a
 * collection are left alone. Throws SoldOut for the first item with too few units: call it inside the
 * order's transaction so that throw undoes every line already taken.
 */
export async function takeStock(db: Db, businessId: string, lines: StockLine[]): Promise<void> {
  for (const line of merged(lines)) {
    const taken = await queryRows<{ id: string }>(
      db,
      sql`update catalog_items set stock = stock - ${line.qty}, in_stock = in_stock and stock - ${line.qty} > 0, updated_at = now()
          where business_id = ${businessId} and collection = ${line.collection} and external_id = ${line.externalId}
            and stock is not null and stock >= ${line.qty}
          returning id`,
    );
    if (taken.length) continue;
    const [item] = await queryRows<{ stock: number | null }>(
      db,
      sql`select stock from catalog_items where business_id = ${businessId} and collection = ${line.collection} and external_id = ${line.externalId}`,
    );
    // Untracked, or an item deleted since it went into the cart: nothing to count.
    if (!item || item.stock === null) continue;
    throw new SoldOut(line.title, Number(item.stock));
  }
}

/** Gives an order's units back (an unpaid order that expired); an item sold out by reaching 0 is on sale again. */
export async function giveBackStock(db: Db, businessId: string, lines: StockLine[]): Promise<void> {
  for (const line of merged(lines)) {
    await queryRows(
      db,
      sql`update catalog_items set stock = stock + ${line.qty}, in_stock = in_stock or stock = 0, updated_at = now()
          where business_id = ${businessId} and collection = ${line.collection} and external_id = ${line.externalId} and stock is not null
          returning id`,
    );
  }
}
