import "server-only";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { isProcessAlive } from "../process-alive";
import { EmbeddedDatabase } from "./embedded";
import { preparingClient } from "./prepared";
import { postgresTarget } from "./url";

// One type for both drivers: query functions take `Db` (or a transaction, which is also a Db).
// (`any`: the two drivers differ only in their raw result type.) No schema is given to drizzle: nothing
// uses its relational queries (`db.query.*`, which this type now refuses), and with a schema every
// transaction (and savepoint) built a query builder for each of the schema's 61 tables before its first
// statement: 40-44 µs each, 1.5 % of the cost bench's CPU in a profile (docs/performance.md).
export type Db = PgDatabase<PgQueryResultHKT & any>;

type Listener = (payload: string) => void;
export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTENs on `channel`. `onListen` runs each time the subscription is (re)established: after a
   * reconnect, notifications sent while it was down are lost, so a cache fed by them starts afresh.
   */
  listen(channel: string, fn: Listener, onListen?: () => void): Promise<() => Promise<void>>;
  /** Raw driver clients, for the few places that need them (migrations, rate limiter, benchmarks). */
  pglite?: PGlite;
  /** The embedded database's wrapper: its health, and its recovery after a WebAssembly trap. */
  embedded?: EmbeddedDatabase;
  sql?: postgres.Sql;
  close(): Promise<void>;
};

const globalKey = Symbol.for("convo.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DbHandle };

export function dataDir(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), ".data");
}

export function databaseKind(): "pglite" | "postgres" {
  return process.env.DATABASE_URL ? "postgres" : "pglite";
}

export class DataDirLockedError extends Error {}

// PGlite has no lock of its own and two processes on one directory corrupt it: take one.
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockPath, "utf8"));
      if (pid && pid !== process.pid && isProcessAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by process ${pid}. PGlite allows one process per data directory: stop that process, or run admin commands through it (npm run admin talks to a running server automatically), or set DATABASE_URL to use Postgres.`,
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

/**
 * PGlite is Postgres compiled to WebAssembly (8.9 MB of code), compiled once per process when the
 * first instance opens. V8 compiles it with its baseline compiler (Liftoff) and then recompiles the
 * functions it finds hot with its optimizing one (TurboFan), on several background threads at once
 * by default. That recompilation is what makes heavy statements fast (a contacts search over 10,000
 * contacts: 14 ms a statement against 27 with Liftoff's code only), and its memory is what stays
 * resident: threads compiling at once leave their malloc arenas fragmented. So the embedded database
 * is recompiled by one background task (set here, before the module compiles: a flag read at compile
 * time, touching no other code of the process), in a process started with one malloc arena
 * (`embeddedDatabaseEnv` in ./embedded-env.ts, which glibc reads at start: `npm start` sets it for its server). Measured on
 * the benchmark's PGlite data set: 272-283 MiB resident after opening and searching, against 297-349
 * with V8's defaults and 260 with Liftoff only (docs/performance.md, ninth round).
 * `PGLITE_WASM=baseline`: Liftoff's code only (the least memory, heavy statements about twice as
 * slow); `PGLITE_WASM=v8`: V8's defaults.
 */
function embeddedDatabaseCompilation(): void {
  const mode = process.env.PGLITE_WASM?.trim();
  if (mode === "v8") return;
  v8.setFlagsFromString(mode === "baseline" ? "--liftoff-only" : "--wasm-num-compilation-tasks=1");
}

/**
 * The embedded database on `dir` (locked for this process), or in memory for `memory://`. In memory,
 * `loadDataDir` starts it from a copy made by PGlite's `dumpDataDir` (the tests start every file from
 * one migrated copy instead of creating and migrating a database each time).
 */
export function openPglite(dir = dataDir(), options: { loadDataDir?: Blob } = {}): DbHandle {
  embeddedDatabaseCompilation();
  // Loaded here, not at import: PGlite's code (about 35 MiB resident) stays out of a Postgres process.
  const { PGlite } = require("@electric-sql/pglite") as typeof import("@electric-sql/pglite");
  const { btree_gist } = require("@electric-sql/pglite/contrib/btree_gist") as typeof import("@electric-sql/pglite/contrib/btree_gist");
  const { pg_trgm } = require("@electric-sql/pglite/contrib/pg_trgm") as typeof import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = require("@electric-sql/pglite/contrib/unaccent") as typeof import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle: drizzlePglite } = require("drizzle-orm/pglite") as typeof import("drizzle-orm/pglite");
  const inMemory = dir.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(dir);
  const loadDataDir = inMemory ? options.loadDataDir : undefined;
  const embedded = new EmbeddedDatabase(
    () => new PGlite({ dataDir: inMemory ? undefined : path.join(dir, "pglite"), loadDataDir, extensions: { pg_trgm, unaccent, btree_gist } }),
    !inMemory,
  );
  // drizzle talks to the wrapper, so the instance behind it can be replaced after a trap.
  const db = drizzlePglite(embedded as unknown as PGlite) as unknown as Db;
  return {
    db,
    kind: "pglite",
    get pglite() {
      return embedded.client;
    },
    embedded,
    listen: (channel, fn, onListen) => embedded.listen(channel, fn, onListen),
    async close() {
      await embedded.close();
      release();
    },
  };
}

// No JIT (a startup parameter of each connection): Postgres compiles a statement whose estimated cost
// passes jit_above_cost on every run, and the job queue's fair claim passes it once the planner has
// statistics of a busy jobs table (a recursive CTE's estimates): 150-250 ms of compiling for a claim that
// runs in under a millisecond (docs/performance.md). This service sends short statements; none gains.
// Behind a pooler (DB_PREPARE=0) it is not sent, since PgBouncer refuses startup parameters it does not
// know: there `alter database ... set jit = off` does it (README, Configuration).
function openPostgres(databaseUrl: string): DbHandle {
  const { url, path: socket } = postgresTarget(databaseUrl);
  const sql = postgres(url, {
    ...(socket ? { path: socket } : {}),
    max: Number(process.env.DB_POOL_MAX ?? 10),
    onnotice: () => {},
    connection: { application_name: "convo-assistant", ...(process.env.DB_PREPARE === "0" ? {} : { jit: "off" }) },
  });
  const client = process.env.DB_PREPARE === "0" ? sql : preparingClient(sql);
  const db = drizzlePostgres(client) as unknown as Db;
  return {
    db,
    kind: "postgres",
    sql,
    async listen(channel, fn, onListen) {
      const sub = await sql.listen(channel, fn, onListen);
      return async () => sub.unlisten();
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/** The process-wide database handle (a globalThis singleton, shared by every bundle Next loads). */
export function dbHandle(): DbHandle {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    const url = process.env.DATABASE_URL;
    g[globalKey] = url ? openPostgres(url) : openPglite();
  }
  return g[globalKey];
}

/** The process's handle when one is open, without opening one (the test setup keeps one from file to file). */
export function currentDbHandle(): DbHandle | undefined {
  return (globalThis as GlobalWithDb)[globalKey];
}

/** Makes `handle` the process-wide one (a process that opened its database itself; the tests do). */
export function setDbHandle(handle: DbHandle): void {
  const g = globalThis as GlobalWithDb;
  if (g[globalKey] && g[globalKey] !== handle) throw new Error("the process already has a database handle: closeDb() first");
  g[globalKey] = handle;
}

export function db(): Db {
  return dbHandle().db;
}

const beforeCloseKey = Symbol.for("convo.db.beforeClose");
type GlobalWithHooks = typeof globalThis & { [beforeCloseKey]?: Set<(db: Db) => Promise<void>> };

/** Work to finish while the database is still open when the process closes it (buffered writes). */
export function onBeforeCloseDb(fn: (db: Db) => Promise<void>): void {
  const g = globalThis as GlobalWithHooks;
  g[beforeCloseKey] ??= new Set();
  g[beforeCloseKey].add(fn);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb & GlobalWithHooks;
  const handle = g[globalKey];
  g[globalKey] = undefined;
  if (!handle) return;
  for (const fn of g[beforeCloseKey] ?? []) await fn(handle.db).catch(() => {});
  await handle.close();
}
