import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { AppError, invalid } from "../errors";

type Stored = { status: number; body: unknown };
const PENDING = 0;

/**
 * Idempotency-Key handling: the first request reserves the key, later ones replay its stored response
 * (same body) or get 409 (different body). Keys live 24 h. A refused (4xx) request releases its key.
 */
export async function withIdempotency(
  db: Db,
  businessId: string,
  operation: string,
  key: string | null,
  rawBody: string,
  run: () => Promise<Stored>,
): Promise<Stored> {
  if (key === null) return run();
  if (key.length < 1 || key.length > 255) {
    throw invalid([{ path: "Idempotency-Key", message: "The Idempotency-Key header must be 1..255 characters." }]);
  }
  const requestHash = createHash("sha256").update(`${operation}\n${rawBody}`).digest("hex");
  const where = and(eq(idempotencyKeys.businessId, businessId), eq(idempotencyKeys.key, key));
  // Expired keys, and reservations abandoned by a crashed request, are free to take again.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        where,
        sql`(${idempotencyKeys.createdAt} < now() - interval '24 hours' or (${idempotencyKeys.responseStatus} = 0 and ${idempotencyKeys.createdAt} < now() - interval '60 seconds'))`,
      ),
    );
  const reserved = await db
    .insert(idempotencyKeys)
    .values({ businessId, key, operation, requestHash, responseStatus: PENDING, responseBody: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!reserved.length) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) return withIdempotency(db, businessId, operation, key, rawBody, run);
    if (existing.requestHash !== requestHash) {
      throw new AppError("idempotency_conflict", "This Idempotency-Key was already used with a different request.");
    }
    if (existing.responseStatus === PENDING) {
      throw new AppError("idempotency_conflict", "A request with this Idempotency-Key is still in progress.");
    }
    return { status: existing.responseStatus, body: existing.responseBody };
  }
  try {
    const result = await run();
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as object })
      .where(where);
    return result;
  } catch (err) {
    await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}
