import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { AppError } from "../errors";
import { metrics } from "../observability/metrics";

// Files stored from the API per business (issue 34): POST /v1/media and media.url sends, whatever key
// or member sends them. A token bucket of MEDIA_UPLOADS_PER_MINUTE (default 30) refilled over a minute,
// in the rate_limits table on both databases, so every instance counts against one bucket; one short
// statement per file, next to which a file's own writes are many.

export function uploadsPerMinute(): number {
  const n = Number(process.env.MEDIA_UPLOADS_PER_MINUTE ?? 30);
  return Number.isInteger(n) && n >= 1 ? n : 30;
}

/** Counts one file against the business's bucket, or throws 429 rate_limited with Retry-After. */
export async function admitUpload(db: Db, businessId: string): Promise<void> {
  const burst = uploadsPerMinute();
  const perSecond = burst / 60;
  const [b, rate] = [sql`${burst}::float8`, sql`${perSecond}::float8`];
  const avail = sql`least(${b}, r.tokens + greatest(0, extract(epoch from (now() - r.updated_at))) * ${rate})`;
  const [row] = await queryRows<{ tokens: number; last_grant: number }>(
    db,
    sql`insert into rate_limits as r (key, tokens, last_grant, updated_at) values (${`media-upload:${businessId}`}, ${b} - 1, 1, now())
        on conflict (key) do update set
          last_grant = case when ${avail} >= 1 then 1 else 0 end,
          tokens = ${avail} - case when ${avail} >= 1 then 1 else 0 end,
          updated_at = now()
        returning tokens, last_grant`,
  );
  if (Number(row.last_grant) === 1) return;
  metrics().rateLimitRefusals.inc({ limiter: "media_upload" });
  const retryAfter = Math.max(1, Math.ceil((1 - Number(row.tokens)) / perSecond));
  throw new AppError("rate_limited", `Too many files for this business: at most ${burst} a minute. Try again in ${retryAfter} s.`, undefined, {
    "Retry-After": String(retryAfter),
  });
}
