import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows, sql } from "../db/rows";
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
  // One round trip: reserve the key (taking over an expired one, or a reservation abandoned by a
  // crashed request), or else read the row that holds it.
  const [row] = await queryRows<{ mine: boolean; request_hash: string; response_status: number; response_body: unknown }>(
    db,
    sql`with ins as (
          insert into idempotency_keys as i (business_id, key, operation, request_hash, response_status, response_body)
          values (${businessId}, ${key}, ${operation}, ${requestHash}, ${PENDING}, '{}'::jsonb)
          on conflict (business_id, key) do update set
            operation = excluded.operation, request_hash = excluded.request_hash,
            response_status = excluded.response_status, response_body = excluded.response_body, created_at = now()
          where i.created_at < now() - interval '24 hours' or (i.response_status = ${PENDING} and i.created_at < now() - interval '60 seconds')
          returning true as mine, i.request_hash, i.response_status, i.response_body)
        select * from ins
        union all
        select false, request_hash, response_status, response_body from idempotency_keys
          where business_id = ${businessId} and key = ${key} and not exists (select 1 from ins)`,
  );
  if (!row?.mine) {
    // Held by a request that committed after this statement began: look again.
    if (!row) return withIdempotency(db, businessId, operation, key, rawBody, run);
    if (row.request_hash !== requestHash) {
      throw new AppError("idempotency_conflict", "This Idempotency-Key was already used with a different request.");
    }
    if (Number(row.response_status) === PENDING) {
      throw new AppError("idempotency_conflict", "A request with this Idempotency-Key is still in progress.");
    }
    return { status: Number(row.response_status), body: typeof row.response_body === "string" ? JSON.parse(row.response_body) : row.response_body };
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
