import "server-only";
import { type Db, type DbHandle, dbHandle } from "../db/client";

/** Where the database announces a change to a key (drizzle/0017_api_key_changes.sql): the key's id. */
export const API_KEYS_CHANNEL = "convo_api_keys";

/**
 * How long a cached key is trusted without hearing about it. Notifications normally reach every
 * instance within milliseconds of the commit; this bound holds even when one is lost (the listening
 * connection dropped and came back), so a revoked key is refused everywhere within one second.
 * Under load it costs one indexed lookup per key per second per instance.
 */
export const KEY_CACHE_TTL_MS = Number(process.env.KEY_CACHE_TTL_MS ?? 1000);
const LISTEN_RETRY_MS = 5000;

export type CachedKey = {
  id: string;
  businessId: string;
  scopes: string[];
  rateLimitPerSecond: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

/**
 * The keys this process has authenticated, by hash. Nothing is cached unless the process is
 * listening for changes; a change notified by the database drops that key, and (re)establishing
 * the subscription drops everything (what was announced while it was down is unknown). A lookup
 * that was under way when any key changed is not cached, so a row read just before a revocation
 * committed cannot outlive the notification that followed it.
 */
export class KeyCache {
  #entries = new Map<string, { key: CachedKey; until: number }>();
  #hashById = new Map<string, string>();
  #generation = 0;
  #listening = false;

  constructor(private readonly ttlMs = KEY_CACHE_TTL_MS) {}

  get size(): number {
    return this.#entries.size;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** A token to hand back to `set`: the entry is kept only if nothing changed in between. */
  generation(): number {
    return this.#generation;
  }

  get(hash: string, now = Date.now()): CachedKey | undefined {
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#drop(hash, entry.key.id);
      return undefined;
    }
    return entry.key;
  }

  set(hash: string, key: CachedKey, generation: number, now = Date.now()): void {
    if (!this.#listening || generation !== this.#generation || this.ttlMs <= 0) return;
    this.#entries.set(hash, { key, until: now + this.ttlMs });
    this.#hashById.set(key.id, hash);
  }

  /** Drops one key (a notification, or this process's own change). */
  invalidate(id: string): void {
    this.#generation++;
    const hash = this.#hashById.get(id);
    if (hash) this.#drop(hash, id);
  }

  /** The subscription is (re)established: forget everything, then cache again. */
  listenerConnected(): void {
    this.clear();
    this.#listening = true;
  }

  /** The subscription is gone (or could not be made): forget everything and stop caching. */
  listenerLost(): void {
    this.#listening = false;
    this.clear();
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#hashById.clear();
  }

  #drop(hash: string, id: string): void {
    this.#entries.delete(hash);
    if (this.#hashById.get(id) === hash) this.#hashById.delete(id);
  }
}

type State = { cache: KeyCache; starting: boolean; retryAt: number };
const stateKey = Symbol.for("convo.keyCache");
type GlobalWithCache = typeof globalThis & { [stateKey]?: WeakMap<Db, State> };

// One cache per database handle, on globalThis: Next loads route modules in more than one bundle,
// and the dashboard's revoke must clear the cache the /v1 routes read.
function states(): WeakMap<Db, State> {
  const g = globalThis as GlobalWithCache;
  g[stateKey] ??= new WeakMap();
  return g[stateKey];
}

/** The cache for `db` when it is the process's database handle (never a transaction), listening started. */
export function keyCacheFor(db: Db): KeyCache | null {
  let handle: DbHandle;
  try {
    handle = dbHandle();
  } catch {
    return null;
  }
  if (handle.db !== db) return null;
  let state = states().get(db);
  if (!state) {
    state = { cache: new KeyCache(), starting: false, retryAt: 0 };
    states().set(db, state);
  }
  if (!state.cache.listening && !state.starting && Date.now() >= state.retryAt) startListening(handle, state);
  return state.cache;
}

function startListening(handle: DbHandle, state: State): void {
  state.starting = true;
  handle
    .listen(
      API_KEYS_CHANNEL,
      (id) => state.cache.invalidate(id),
      () => state.cache.listenerConnected(),
    )
    .catch(() => {
      state.cache.listenerLost();
      state.retryAt = Date.now() + LISTEN_RETRY_MS;
    })
    .finally(() => {
      state.starting = false;
    });
}

/** Drops a key from this process's cache at once (the instance that changed it refuses it on the next request). */
export function forgetKey(id: string): void {
  states().get(dbHandle().db)?.cache.invalidate(id);
}
