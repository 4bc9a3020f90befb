import "server-only";
import { desc, eq } from "drizzle-orm";
import { businessMoney } from "../businesses/money";
import type { Db } from "../db/client";
import { businesses, skills } from "../db/schema";
import { notFound } from "../errors";
import { labelsFromGraphs } from "../shared/record-labels";
import { type MoneyFormat, moneyFieldsFromGraphs } from "../shared/record-money";
import { statusesOf } from "../shared/record-statuses";

export type RecordLayoutOut = {
  collection: string;
  timeZone: string;
  labels: Record<string, string>;
  statuses: string[];
  /** The fields holding money in the currency's minor unit, and how the business writes money. */
  moneyFields: string[];
  money: MoneyFormat;
};

/** How the dashboard shows a collection's records: field labels from the skills, the business's time zone, the statuses, money. */
export async function recordLayout(db: Db, businessId: string, collection: string): Promise<RecordLayoutOut> {
  const [business] = await db
    .select({ timeZone: businesses.timeZone, languages: businesses.languages })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw notFound("business");
  const graphs = await db
    .select({ graph: skills.graph })
    .from(skills)
    .where(eq(skills.businessId, businessId))
    .orderBy(desc(skills.enabled), desc(skills.updatedAt));
  return {
    collection,
    timeZone: business.timeZone,
    labels: labelsFromGraphs(
      graphs.map((g) => g.graph),
      collection,
    ),
    statuses: [...statusesOf(collection)],
    moneyFields: moneyFieldsFromGraphs(
      graphs.map((g) => g.graph),
      collection,
    ),
    money: await businessMoney(db, businessId, business.languages),
  };
}
