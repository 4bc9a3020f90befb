import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookAttempts } from "../db/schema";
import type { Page, PageParams } from "../pagination";
import { attemptView, listDeliveries } from "../webhooks/deliveries";
import type { AttemptOut, DeliveryOut } from "../webhooks/webhook-schema";

// Read model for the webhooks page's delivery log: the lib's deliveries, each with its latest attempt
// (response code, duration, body excerpt) fetched in one query rather than one per row.

export type DeliveryLogRow = DeliveryOut & { lastAttempt: AttemptOut | null };

export async function deliveryLog(db: Db, businessId: string, endpointId: string, page: PageParams): Promise<Page<DeliveryLogRow>> {
  const deliveries = await listDeliveries(db, businessId, endpointId, page);
  const ids = deliveries.data.map((d) => d.id);
  const latest = ids.length
    ? await db
        .selectDistinctOn([webhookAttempts.deliveryId])
        .from(webhookAttempts)
        .where(and(eq(webhookAttempts.businessId, businessId), inArray(webhookAttempts.deliveryId, ids)))
        .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    : [];
  const byDelivery = new Map(latest.map((a) => [a.deliveryId, attemptView(a)]));
  return { nextCursor: deliveries.nextCursor, data: deliveries.data.map((d) => ({ ...d, lastAttempt: byDelivery.get(d.id) ?? null })) };
}
