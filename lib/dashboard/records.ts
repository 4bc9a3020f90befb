import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { records } from "../db/schema";

// The assistant's three collections always show as tabs; skills may have written others.
export const STANDARD_COLLECTIONS = ["orders", "bookings", "leads"] as const;

export async function recordCollections(db: Db, businessId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ collection: records.collection })
    .from(records)
    .where(eq(records.businessId, businessId))
    .orderBy(asc(records.collection));
  const others = rows.map((r) => r.collection).filter((c) => !(STANDARD_COLLECTIONS as readonly string[]).includes(c));
  return [...STANDARD_COLLECTIONS, ...others];
}
