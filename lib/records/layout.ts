import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, skills } from "../db/schema";
import { notFound } from "../errors";
import { labelsFromGraphs } from "../shared/record-labels";
import { statusesOf } from "../shared/record-statuses";

/** How the dashboard shows a collection's records: field labels from the skills, the business's time zone, the statuses. */
export async function recordLayout(
  db: Db,
  businessId: string,
  collection: string,
): Promise<{ collection: string; timeZone: string; labels: Record<string, string>; statuses: string[] }> {
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
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
  };
}
