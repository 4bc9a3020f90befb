import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { businesses, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { AppError, notFound } from "../errors";
import { newId } from "../ids";
import { listPage, type Page, type PageParams } from "../pagination";
import { assertWebhookUrl } from "./address-rules";
import { newWebhookSecret } from "./signature";
import type { EndpointOut, EndpointPatch, EndpointWithSecretOut } from "./webhook-schema";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointView(e: EndpointRow): EndpointOut {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/**
 * How many endpoints one business may register. Every event fans out to each of them, so the cap bounds
 * the delivery work (and the slots of hanging receivers) one event of one business can create.
 */
export const MAX_ENDPOINTS_PER_BUSINESS = 25;

/** Registers an endpoint; its secret is returned here (and on rotation) and never again. */
export async function createEndpoint(
  db: Db,
  businessId: string,
  input: { url: string; events: string[]; enabled?: boolean },
): Promise<EndpointWithSecretOut> {
  const url = assertWebhookUrl(input.url);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // The business row is the lock: two creates at once count one after the other, never 26.
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.businessId, businessId));
    if (n >= MAX_ENDPOINTS_PER_BUSINESS) {
      throw new AppError(
        "conflict",
        `A business can have at most ${MAX_ENDPOINTS_PER_BUSINESS} webhook endpoints. Delete one, or subscribe an existing endpoint to more events.`,
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ id: newId("we"), businessId, url, events: input.events, enabled: input.enabled ?? true, secretEnc: encryptSecret(secret) })
      .returning();
    return { ...endpointView(row), secret };
  });
}

export async function findEndpoint(db: Db, businessId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, endpointId)));
  if (!row) throw notFound("webhook endpoint");
  return row;
}

export async function getEndpoint(db: Db, businessId: string, endpointId: string): Promise<EndpointOut> {
  return endpointView(await findEndpoint(db, businessId, endpointId));
}

export async function listEndpoints(db: Db, businessId: string, page: PageParams): Promise<Page<EndpointOut>> {
  return listPage(
    db,
    webhookEndpoints,
    { idPrefix: "we_", page: { limit: page.limit, cursor: page.cursor }, where: [eq(webhookEndpoints.businessId, businessId)] },
    endpointView,
  );
}

/**
 * Changes url, events or enabled. Enabling clears the automatic-disable state so the 3-day clock starts
 * afresh; disabling stops deliveries not yet sent (they end as `failed`, and can be re-sent).
 */
export async function updateEndpoint(db: Db, businessId: string, endpointId: string, patch: EndpointPatch): Promise<EndpointOut> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (patch.url !== undefined) set.url = assertWebhookUrl(patch.url);
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.enabled !== undefined) set.enabled = patch.enabled;
  if (patch.enabled === true) {
    set.disabledReason = null;
    set.failingSince = null;
  }
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  if (!row) throw notFound("webhook endpoint");
  return endpointView(row);
}

/** Deletes an endpoint with its delivery log; its queued delivery jobs find nothing and end. */
export async function deleteEndpoint(db: Db, businessId: string, endpointId: string): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, endpointId)))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw notFound("webhook endpoint");
    await tx.delete(webhookAttempts).where(and(eq(webhookAttempts.businessId, businessId), eq(webhookAttempts.endpointId, endpointId)));
    await tx.delete(webhookDeliveries).where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId)));
    return { id: row.id, deleted: true as const };
  });
}

/** Replaces the secret at once (no overlap): every later attempt, retries included, signs with the new one. */
export async function rotateEndpointSecret(db: Db, businessId: string, endpointId: string): Promise<EndpointWithSecretOut> {
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secretEnc: encryptSecret(secret), updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  if (!row) throw notFound("webhook endpoint");
  return { ...endpointView(row), secret };
}

export const endpointSecret = (e: EndpointRow): string => decryptSecret(e.secretEnc);
