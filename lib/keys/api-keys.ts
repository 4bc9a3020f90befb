import "server-only";
import crypto, { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { INSTANT_RANGE_MESSAGE, instantInRange, iso } from "../pagination";
import { forgetKey, type KeyCache, keyCacheFor } from "./key-cache";
import { keyCreators } from "./key-creators";
import { noteKeyUse } from "./key-usage";
import { isScope, type Scope, scopes as allScopes } from "../shared/scopes";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_PREFIX = "cak_live_";

// crypto.hash (Node 20.12+) is the one-shot digest, without a Hash object: a third of the cost on every request.
const sha256Hex: (key: string) => string =
  typeof crypto.hash === "function" ? (key) => crypto.hash("sha256", key, "hex") : (key) => crypto.createHash("sha256").update(key).digest("hex");

export function hashKey(key: string): string {
  return sha256Hex(key);
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely.
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type CreatedKey = { id: string; key: string; scopes: Scope[]; name: string; hint: string; expiresAt: string | null; createdAt: string };

export function parseScopes(input: string[] | "all"): Scope[] {
  if (input === "all") return [...allScopes];
  const unknown = input.filter((s) => !isScope(s));
  if (unknown.length) throw invalid(unknown.map((s) => ({ path: "scopes", message: `Unknown scope ${s}.` })));
  if (!input.length) throw invalid([{ path: "scopes", message: "At least one scope is required." }]);
  return [...new Set(input)] as Scope[];
}

/** Creates a key; the secret is returned here once and only its hash is kept. */
export async function createApiKey(
  db: Db,
  businessId: string,
  input: { name?: string; scopes: string[] | "all"; expiresAt?: Date | null },
): Promise<CreatedKey> {
  const scopes = parseScopes(input.scopes);
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) {
    throw invalid([{ path: "expiresAt", message: "expiresAt must be an ISO 8601 date-time." }]);
  }
  if (input.expiresAt && !instantInRange(input.expiresAt)) throw invalid([{ path: "expiresAt", message: INSTANT_RANGE_MESSAGE }]);
  const key = KEY_PREFIX + randomBase62(32);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("key"),
      businessId,
      name: input.name ?? "",
      hash: hashKey(key),
      hint: key.slice(-4),
      scopes,
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  return { id: row.id, key, scopes, name: row.name, hint: row.hint, expiresAt: iso(row.expiresAt), createdAt: row.createdAt.toISOString() };
}

/** The business a key belongs to (the operator's revoke-key names only the key). */
export async function keyBusiness(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ businessId: apiKeys.businessId }).from(apiKeys).where(eq(apiKeys.id, id));
  if (!row) throw notFound("API key");
  return row.businessId;
}

export async function revokeApiKey(db: Db, businessId: string | null, id: string): Promise<void> {
  const where = businessId ? and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId)) : eq(apiKeys.id, id);
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(where)
    .returning({ id: apiKeys.id });
  if (!rows.length) throw notFound("API key");
  // The database tells every instance (drizzle/0014); this one refuses the key from its next request.
  forgetKey(id);
}

/**
 * Changes what a key may do: its scopes, expiry or rate limit. Like a revocation it applies to this
 * instance's next request and reaches the others within a second.
 */
export async function updateApiKey(
  db: Db,
  businessId: string | null,
  id: string,
  change: { scopes?: string[] | "all"; expiresAt?: Date | null; rateLimitPerSecond?: number | null },
): Promise<void> {
  const set: Partial<typeof apiKeys.$inferInsert> = {};
  if (change.scopes !== undefined) set.scopes = parseScopes(change.scopes);
  if (change.expiresAt !== undefined) {
    if (change.expiresAt && (Number.isNaN(change.expiresAt.getTime()) || !instantInRange(change.expiresAt))) {
      throw invalid([{ path: "expiresAt", message: INSTANT_RANGE_MESSAGE }]);
    }
    set.expiresAt = change.expiresAt;
  }
  if (change.rateLimitPerSecond !== undefined) set.rateLimitPerSecond = change.rateLimitPerSecond;
  if (!Object.keys(set).length) return;
  const where = businessId ? and(eq(apiKeys.id, id), eq(apiKeys.businessId, businessId)) : eq(apiKeys.id, id);
  const rows = await db.update(apiKeys).set(set).where(where).returning({ id: apiKeys.id });
  if (!rows.length) throw notFound("API key");
  forgetKey(id);
}

/** The business's keys, newest first, each with its creator when the audit trail knows them (./key-creators.ts). */
export async function listApiKeys(db: Db, businessId: string) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const creators = await keyCreators(db, businessId);
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    hint: k.hint,
    scopes: k.scopes,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: iso(k.lastUsedAt),
    expiresAt: iso(k.expiresAt),
    revokedAt: iso(k.revokedAt),
    createdBy: creators.get(k.id) ?? null,
  }));
}

export type KeyContext = { keyId: string; businessId: string; scopes: string[]; rateLimitPerSecond: number | null };

// Built once per database handle: the hot path skips rebuilding the query on every request.
const preparedLookups = new WeakMap<Db, ReturnType<typeof buildKeyByHash>>();

function buildKeyByHash(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      businessId: apiKeys.businessId,
      scopes: apiKeys.scopes,
      rateLimitPerSecond: apiKeys.rateLimitPerSecond,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.hash, sql.placeholder("hash")))
    .limit(1)
    .prepare("api_key_by_hash");
}

function keyByHash(db: Db) {
  let prepared = preparedLookups.get(db);
  if (!prepared) {
    prepared = buildKeyByHash(db);
    preparedLookups.set(db, prepared);
  }
  return prepared;
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof buildKeyByHash>["execute"]>>[number];
const batches = new WeakMap<Db, Map<string, Promise<KeyRow | undefined>>>();

/**
 * Requests of one key that arrive in the same turn of the event loop share one lookup, issued at the
 * end of that turn: after every one of them arrived, so each still sees a revocation committed before
 * it started (a lookup already on its way is never reused). Under load this makes auth nearly free.
 */
function lookupKey(db: Db, hash: string, cache: KeyCache | null): Promise<KeyRow | undefined> {
  let pending = batches.get(db);
  if (!pending) {
    pending = new Map();
    batches.set(db, pending);
  }
  const queue = pending;
  let lookup = queue.get(hash);
  if (!lookup) {
    lookup = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      queue.delete(hash);
      const generation = cache?.generation() ?? 0;
      const [row] = await keyByHash(db).execute({ hash });
      // Unknown keys are not cached: a key made a moment ago on another instance works at once.
      if (row && cache) cache.set(hash, row, generation);
      return row;
    });
    queue.set(hash, lookup);
  }
  return lookup;
}

/**
 * Resolves a bearer key to its business, or throws 401. Keys already seen are answered from this
 * process's cache (lib/keys/key-cache.ts): a revocation, expiry or scope change made here applies to
 * the very next request, one made elsewhere within a second. Otherwise one indexed lookup. The answer
 * is a promise only when the key was not cached; throws (synchronously) for a malformed header.
 */
export function authenticateKey(db: Db, authorization: string | null): KeyContext | Promise<KeyContext> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) throw unauthorized("Missing bearer key: send Authorization: Bearer <key>.");
  const key = match[1];
  if (!key.startsWith(KEY_PREFIX) || key.length < KEY_PREFIX.length + 32 || key.length > 128) {
    throw unauthorized("The API key is malformed.");
  }
  const hash = hashKey(key);
  const cache = keyCacheFor(db);
  // A cached key is answered without an await (every await is a turn of the event loop's microtasks).
  const cached = cache?.get(hash);
  return cached ? keyContext(db, cached) : lookupKey(db, hash, cache).then((row) => keyContext(db, row));
}

function keyContext(db: Db, row: KeyRow | undefined): KeyContext {
  if (!row || row.revokedAt) throw unauthorized("The API key is unknown or revoked.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthorized("The API key has expired.");
  noteKeyUse(db, row.id, row.lastUsedAt);
  return { keyId: row.id, businessId: row.businessId, scopes: row.scopes, rateLimitPerSecond: row.rateLimitPerSecond };
}

function unauthorized(message: string) {
  return new AppError("unauthorized", message, undefined, { "WWW-Authenticate": "Bearer" });
}

export function requireScope(ctx: KeyContext, scope: Scope): void {
  if (!ctx.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This key lacks the scope ${scope}.`, [{ path: "scope", message: `Requires ${scope}.` }]);
  }
}
