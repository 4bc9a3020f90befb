import "server-only";
import { sql } from "drizzle-orm";
import { dbHandle } from "../db/client";
import { queryRows } from "../db/rows";
import { AppError } from "../errors";
import { metrics } from "../observability/metrics";

// Per key: a token bucket of `burst` tokens refilled at `rate` per second (default 50/s, bursts of
// 200). The bucket lives in Postgres when instances share a database, in memory on the embedded one.
// An instance does not write the bucket on every request: it leases a few tokens at a time (a tenth
// of a second's worth, at most 1,000) and spends them locally for up to LEASE_MS. Tokens are only
// ever taken from the shared bucket, so several instances together never admit more than the limit;
// a lease left unspent when it expires is simply lost (a slight under-admission, never an overshoot).
const defaultRate = Number(process.env.RATE_LIMIT_PER_SECOND ?? 50);
const defaultBurst = Number(process.env.RATE_LIMIT_BURST ?? 200);
const LEASE_MS = 1000;

type Lease = { granted: number; tokens: number };
type Bucket = { lease(key: string, want: number, rate: number, burst: number): Promise<Lease> };

// One statement: refill by the time elapsed, hand out up to `want` whole tokens, remember the grant.
const postgresBucket: Bucket = {
  async lease(key, want, rate, burst) {
    const [w, b, perSecond] = [sql`${want}::int`, sql`${burst}::float8`, sql`${rate}::float8`];
    const avail = sql`least(${b}, r.tokens + greatest(0, extract(epoch from (now() - r.updated_at))) * ${perSecond})`;
    const [row] = await queryRows<{ tokens: number; last_grant: number }>(
      dbHandle().db,
      sql`insert into rate_limits as r (key, tokens, last_grant, updated_at)
          values (${key}, ${b} - least(${w}, ${b}), least(${w}, ${b})::int, now())
        on conflict (key) do update set
          last_grant = least(${w}, floor(${avail}))::int,
          tokens = ${avail} - least(${w}, floor(${avail})),
          updated_at = now()
        returning tokens, last_grant`,
    );
    return { granted: Number(row.last_grant), tokens: Number(row.tokens) };
  },
};

function memoryBucket(): Bucket {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async lease(key, want, rate, burst) {
      const now = Date.now();
      const b = buckets.get(key) ?? { tokens: burst, at: now };
      const avail = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
      const granted = Math.min(want, Math.floor(avail));
      buckets.set(key, { tokens: avail - granted, at: now });
      return { granted, tokens: avail - granted };
    },
  };
}

type Local = { tokens: number; expires: number; shared: number; pending: Promise<Lease> | null };
const locals = new Map<string, Local>();
let bucket: Bucket | null = null;

function store(): Bucket {
  bucket ??= dbHandle().kind === "postgres" ? postgresBucket : memoryBucket();
  return bucket;
}

export type RateLimitHeaders = Record<string, string>;

/**
 * Consumes one request for the key; returns the RateLimit-* headers or throws 429. While the lease
 * has tokens the answer is not a promise (no await on the request path); it is one when it must lease.
 */
export function consumeRateLimit(keyId: string, perKeyRate: number | null): RateLimitHeaders | Promise<RateLimitHeaders> {
  const rate = perKeyRate ?? defaultRate;
  const burst = Math.max(defaultBurst * (rate / defaultRate), rate);
  const local = locals.get(keyId);
  if (local && local.tokens >= 1 && local.expires > Date.now()) {
    local.tokens -= 1;
    return headers(rate, burst, local);
  }
  return consumeLeased(keyId, rate, burst);
}

async function consumeLeased(keyId: string, rate: number, burst: number): Promise<RateLimitHeaders> {
  let local = locals.get(keyId);
  if (!local) {
    local = { tokens: 0, expires: 0, shared: burst, pending: null };
    locals.set(keyId, local);
  }
  for (;;) {
    if (local.tokens >= 1 && local.expires > Date.now()) {
      local.tokens -= 1;
      return headers(rate, burst, local);
    }
    // Concurrent requests of one key share one lease round trip.
    const mine = !local.pending;
    if (mine) {
      const want = Math.min(1000, Math.max(1, Math.ceil(rate / 10)));
      const l = local;
      l.pending = store()
        .lease(keyId, want, rate, burst)
        .then((lease) => {
          l.tokens = lease.granted;
          l.expires = Date.now() + LEASE_MS;
          l.shared = lease.tokens;
          return lease;
        })
        .finally(() => {
          l.pending = null;
        });
    }
    const lease = await (local.pending as Promise<Lease>);
    if (lease.granted === 0 && local.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - lease.tokens) / rate));
      metrics().rateLimitRefusals.inc({ limiter: "api" });
      throw new AppError("rate_limited", "Too many requests for this key; slow down.", undefined, {
        ...headers(rate, burst, local),
        "Retry-After": String(retryAfter),
      });
    }
  }
}

function headers(rate: number, burst: number, local: Local): RateLimitHeaders {
  const remaining = Math.max(0, Math.floor(local.shared + local.tokens));
  return {
    "RateLimit-Limit": String(rate),
    "RateLimit-Remaining": String(remaining),
    "RateLimit-Reset": String(Math.max(0, Math.ceil((burst - remaining) / rate))),
  };
}
