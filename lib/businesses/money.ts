import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, businessFacts, catalogItems } from "../db/schema";
import { notFound } from "../errors";
import { isLanguage, type Language } from "../language";
import type { MoneyFormat } from "../shared/record-money";

/**
 * How the business writes money: the currency of its stated delivery amounts, else of its catalog's
 * prices (what its carts charge in), else none; in its first language's locale.
 */
export async function businessMoney(db: Db, businessId: string, languages?: string[]): Promise<MoneyFormat> {
  const spoken = languages ?? (await businessLanguages(db, businessId));
  const [facts] = await db.select({ currency: businessFacts.currency }).from(businessFacts).where(eq(businessFacts.businessId, businessId));
  let currency = facts?.currency ?? null;
  if (!currency) {
    const [priced] = await db
      .select({ currency: catalogItems.priceCurrency })
      .from(catalogItems)
      .where(and(eq(catalogItems.businessId, businessId), isNotNull(catalogItems.priceCurrency)))
      .limit(1);
    currency = priced?.currency ?? null;
  }
  const first = spoken[0];
  const language: Language = first && isLanguage(first) ? first : "en";
  return { currency, language };
}

async function businessLanguages(db: Db, businessId: string): Promise<string[]> {
  const [row] = await db.select({ languages: businesses.languages }).from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  return row.languages;
}
