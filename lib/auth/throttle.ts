import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { authThrottle } from "../db/schema";

// Growing delays, kept in the auth_throttle table so every instance on one database sees the same
// counts. A rule lets `free` attempts through at once; after that each attempt must wait, twice as
// long as the one before (from `baseMs`, at most `maxMs`); a key quiet for `windowMs` starts again.
// Nothing is ever locked for good, and a key only ever holds back the one address that earned it.
export type ThrottleRule = { free: number; baseMs: number; maxMs: number; windowMs: number };

const env = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 1 ? n : fallback;
};

export const rules = {
  // Wrong passwords for one email from one address: 5 at once, then 1 s, 2 s, 4 s ... up to 15 minutes.
  signInPair: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, windowMs: 60 * 60_000 },
  // Wrong passwords from one address over all emails (one address spraying many accounts).
  signInAddress: { free: 20, baseMs: 1000, maxMs: 15 * 60_000, windowMs: 60 * 60_000 },
  // Sign-ups from one address (each new business gets a token grant): then 1 min, 2 min ... up to a day.
  signUpAddress: () => ({ free: env("SIGN_UPS_PER_ADDRESS", 5), baseMs: 60_000, maxMs: 24 * 60 * 60_000, windowMs: 24 * 60 * 60_000 }),
  // Wrong current passwords when changing one's password (a borrowed session guessing it).
  passwordChange: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, windowMs: 60 * 60_000 },
};

export const throttleKeys = {
  signInPair: (address: string, email: string) => `sign-in:${address}:${email}`,
  signInAddress: (address: string) => `sign-in:${address}`,
  signUpAddress: (address: string) => `sign-up:${address}`,
  passwordChange: (userId: string) => `password:${userId}`,
};

export type ThrottleEntry = { key: string; rule: ThrottleRule };

// The `free`-th attempt already sets the first delay: the next one waits baseMs, then 2x, 4x ...
const delayMs = (count: number, rule: ThrottleRule) => (count >= rule.free ? Math.min(rule.maxMs, rule.baseMs * 2 ** (count - rule.free)) : 0);

/**
 * Counts one attempt against every key, or none when any key is still waiting: 0 means go ahead,
 * otherwise the milliseconds to wait. The attempt counts before its password is checked, and the keys'
 * rows are locked meanwhile, so a burst of parallel guesses cannot all slip in before the first counts.
 */
export async function throttleAdmit(db: Db, entries: ThrottleEntry[]): Promise<number> {
  const sorted = [...entries].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (tx) => {
    const keys = sorted.map((e) => e.key);
    await tx
      .insert(authThrottle)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
    const rows = await queryRows<{ key: string; count: number; blocked_ms: number | string | null; quiet_ms: number | string }>(
      tx,
      sql`select key, count,
            extract(epoch from (blocked_until - now())) * 1000 as blocked_ms,
            extract(epoch from (now() - updated_at)) * 1000 as quiet_ms
          from auth_throttle where key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )}) order by key for update`,
    );
    const wait = Math.max(0, ...rows.map((r) => Math.ceil(Number(r.blocked_ms ?? 0))));
    if (wait > 0) return wait;
    for (const { key, rule } of sorted) {
      const row = rows.find((r) => r.key === key);
      const fresh = !row || row.count === 0 || Number(row.quiet_ms) > rule.windowMs;
      const count = fresh ? 1 : Number(row.count) + 1;
      const delay = delayMs(count, rule);
      await tx
        .update(authThrottle)
        .set({ count, blockedUntil: delay ? sql`now() + ${delay}::float8 * interval '1 millisecond'` : null, updatedAt: sql`now()` })
        .where(eq(authThrottle.key, key));
    }
    return 0;
  });
}

/** Takes back one counted attempt that turned out fine (a right password). */
export async function throttleForgive(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  await queryRows(
    db,
    sql`update auth_throttle set count = greatest(count - 1, 0),
          blocked_until = case when count - 1 >= ${rule.free}::int then blocked_until else null end
        where key = ${key}`,
  );
  await sweepQuietKeys(db);
}

export async function throttleClear(db: Db, key: string): Promise<void> {
  await queryRows(db, sql`delete from auth_throttle where key = ${key}`);
  await sweepQuietKeys(db);
}

// Keys long quiet are dead weight: about one call in fifty sweeps them.
async function sweepQuietKeys(db: Db): Promise<void> {
  if (Math.random() < 0.02) await queryRows(db, sql`delete from auth_throttle where updated_at < now() - interval '2 days'`);
}

export const waitMessage = (ms: number) =>
  ms >= 90_000
    ? `Too many attempts: wait ${Math.ceil(ms / 60_000)} minutes and try again.`
    : `Too many attempts: wait ${Math.ceil(ms / 1000)} seconds and try again.`;
