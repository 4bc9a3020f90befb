import "server-only";
import { sql } from "drizzle-orm";
import { type Db, onBeforeCloseDb } from "../db/client";

// A key's lastUsedAt is a minute-grained hint for its owner (the API keys page), not an audit trail:
// it is written at most once a minute per key per process, off the request path. A request notes the
// key here; a timer writes every noted key in one statement a moment later, and the database handle
// flushes what is left before it closes. The WHERE keeps racing instances from writing twice a minute.
const MINUTE_MS = 60_000;
export const KEY_USAGE_FLUSH_MS = Number(process.env.KEY_USAGE_FLUSH_MS ?? 1000);

type Usage = {
  pending: Map<string, Date>;
  written: Map<string, number>;
  timer: NodeJS.Timeout | null;
  db: Db | null;
  /** The write under way, so a flush on demand also waits for one the timer started just before. */
  writing: Promise<void> | null;
};
const usageKey = Symbol.for("convo.keyUsage");
type GlobalWithUsage = typeof globalThis & { [usageKey]?: Usage };

function usage(): Usage {
  const g = globalThis as GlobalWithUsage;
  if (!g[usageKey]) {
    g[usageKey] = { pending: new Map(), written: new Map(), timer: null, db: null, writing: null };
    onBeforeCloseDb(() => flushKeyUsage());
  }
  return g[usageKey];
}

/** Notes a use of the key; `stored` is its lastUsedAt as last read from the database. */
export function noteKeyUse(db: Db, id: string, stored: Date | null, now = Date.now()): void {
  const u = usage();
  const last = Math.max(u.written.get(id) ?? 0, stored?.getTime() ?? 0);
  if (now - last <= MINUTE_MS) return;
  u.written.set(id, now);
  u.pending.set(id, new Date(now));
  u.db = db;
  if (!u.timer) {
    u.timer = setTimeout(() => {
      u.timer = null;
      flushKeyUsage().catch(() => {});
    }, KEY_USAGE_FLUSH_MS);
    u.timer.unref();
  }
}

/**
 * Writes every noted use now, in one statement (also run before the database closes). It resolves
 * once every use noted so far is in the database, including a batch the timer began writing a
 * moment earlier.
 */
export async function flushKeyUsage(): Promise<void> {
  const u = usage();
  if (u.timer) {
    clearTimeout(u.timer);
    u.timer = null;
  }
  const earlier = u.writing;
  if (!u.pending.size || !u.db) {
    if (earlier) await earlier;
    return;
  }
  const db = u.db;
  const batch = [...u.pending];
  u.pending.clear();
  // Forget what was written over a minute ago, so the map stays as small as the keys in use.
  const cutoff = Date.now() - MINUTE_MS;
  for (const [id, at] of u.written) if (at < cutoff) u.written.delete(id);
  const rows = sql.join(
    batch.map(([id, at]) => sql`(${id}, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const write = (async () => {
    if (earlier) await earlier.catch(() => {});
    await db.execute(sql`update api_keys k set last_used_at = v.at
      from (values ${rows}) as v(id, at)
      where k.id = v.id and (k.last_used_at is null or k.last_used_at < v.at - interval '60 seconds')`);
  })();
  u.writing = write;
  try {
    await write;
  } finally {
    if (u.writing === write) u.writing = null;
  }
}
