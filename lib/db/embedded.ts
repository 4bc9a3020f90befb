import "server-only";
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { namedQuery, namedWorthIt } from "./pglite-prepared";
import { safeErrorMessage } from "../errors";
import { componentLogger } from "../observability/log";

const log = componentLogger("db");

// The embedded database is Postgres compiled to WebAssembly, running inside this process. A query
// that overruns its small stack (jsonb nested a thousand deep did) ends in a WebAssembly trap, and
// after a trap the instance's memory is garbage: every later query fails with "memory access out of
// bounds". So the service never goes on with a trapped instance: it reports itself unhealthy, drops
// the instance and opens a fresh one on the same data directory. What was committed is in the
// directory's files (the write-ahead log), which Postgres replays on open; only the statement that
// trapped, never committed, is lost. The directory lock (server.lock) is the process's, not the
// instance's, so it is held throughout.

export type EmbeddedHealth = { state: "ok" | "recovering" | "failed"; since: Date; reason: string | null; recoveries: number };

/**
 * Whether an error is (or was caused by) a WebAssembly trap, through drizzle's DrizzleQueryError
 * wrapper. A stack overflow inside WebAssembly surfaces as JavaScript's RangeError instead, and leaves
 * the instance just as broken; a needless reopen after one from elsewhere costs only the reopen.
 */
export function isWasmTrap(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; e && i < 8; i++) {
    if (e instanceof WebAssembly.RuntimeError) return true;
    if (e instanceof RangeError && /call stack/i.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// The errors of the statements that trapped an instance, as opposed to those of the statements that
// met it broken afterwards: the job worker gives up on a job that keeps being the one (lib/jobs/worker.ts).
const culprits = new WeakSet<object>();

/** Whether the error (or its cause) is the one of the statement that trapped the embedded database. */
export function trappedTheDatabase(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; e && i < 8; i++) {
    if (typeof e === "object" && culprits.has(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

type Listener = { channel: string; fn: (payload: string) => void; onListen?: () => void; unsubscribe: (() => Promise<void>) | null };

const CLOSE_TIMEOUT_MS = 5_000;
const REOPEN_ATTEMPTS = 3;

/**
 * What drizzle talks to instead of the PGlite instance itself: the same three methods drizzle calls
 * (query, exec, transaction), forwarded to the current instance, which is replaced after a trap.
 * Callers that arrive while the replacement opens wait for it instead of failing.
 */
export class EmbeddedDatabase {
  #client: PGlite;
  #recovering: Promise<void> | null = null;
  #health: EmbeddedHealth = { state: "ok", since: new Date(), reason: null, recoveries: 0 };
  #listeners = new Set<Listener>();

  /** `open` makes a fresh instance on the data directory; `reopenable` is false in memory (memory://), where a reopen would lose everything. */
  constructor(
    private readonly open: () => PGlite,
    private readonly reopenable: boolean,
  ) {
    this.#client = open();
  }

  get client(): PGlite {
    return this.#client;
  }

  health(): EmbeddedHealth {
    return { ...this.#health };
  }

  /** Settles once a recovery under way has finished (at once when none is). */
  async recovered(): Promise<void> {
    await this.#recovering;
  }

  query(...[text, params, options]: Parameters<PGlite["query"]>) {
    // Statements with parameters are kept named, parsed and planned once (./pglite-prepared.ts).
    return this.#run((c) => (namedWorthIt(text, params) ? namedQuery(c, text, params ?? [], options, false) : c.query(text, params, options)));
  }

  exec(...args: Parameters<PGlite["exec"]>) {
    return this.#run((c) => c.exec(...args));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#run((c) =>
      c.transaction((tx) =>
        fn(
          // The transaction's statements are kept named too; the rest of the transaction object as it is.
          new Proxy(tx, {
            get: (target, prop) =>
              prop === "query"
                ? (text: string, params?: unknown[], options?: QueryOptions) =>
                    namedWorthIt(text, params) && !target.closed
                      ? namedQuery(c, text, params ?? [], options, true)
                      : target.query(text, params, options)
                : Reflect.get(target, prop, target),
          }),
        ),
      ),
    );
  }

  async listen(channel: string, fn: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>> {
    if (this.#recovering) await this.#recovering;
    const listener: Listener = { channel, fn, onListen, unsubscribe: null };
    const unsub = await this.#client.listen(channel, fn);
    listener.unsubscribe = async () => unsub();
    this.#listeners.add(listener);
    onListen?.();
    return async () => {
      this.#listeners.delete(listener);
      await listener.unsubscribe?.().catch(() => {});
    };
  }

  async close(): Promise<void> {
    if (this.#recovering) await this.#recovering;
    await this.#client.close();
  }

  async #run<T>(op: (client: PGlite) => Promise<T>): Promise<T> {
    if (this.#recovering) await this.#recovering;
    if (this.#health.state === "failed") {
      throw new Error(`The embedded database is unavailable after a WebAssembly trap (${this.#health.reason}); restart the service.`);
    }
    const client = this.#client;
    try {
      return await op(client);
    } catch (err) {
      if (isWasmTrap(err) && this.#recover(client, err) && typeof err === "object" && err) culprits.add(err);
      throw err;
    }
  }

  // Only the first trap of an instance starts a recovery (and is its culprit): the queries queued behind
  // it on the same broken instance trap too, and must not reopen a second time.
  #recover(broken: PGlite, err: unknown): boolean {
    if (broken !== this.#client || this.#recovering || this.#health.state === "failed") return false;
    const reason = safeErrorMessage(err);
    this.#health = { ...this.#health, state: "recovering", since: new Date(), reason };
    log.error({ reason }, "the embedded database trapped: reopening it from its data directory");
    this.#recovering = (async () => {
      // The trapped instance may trap again or hang while closing; it is abandoned either way.
      await Promise.race([broken.close().catch(() => {}), new Promise((r) => setTimeout(r, CLOSE_TIMEOUT_MS).unref())]);
      if (!this.reopenable) {
        this.#health = { ...this.#health, state: "failed", since: new Date() };
        log.error("an in-memory database cannot be reopened without losing its data: it stays unavailable");
        return;
      }
      let lastError: unknown = null;
      for (let attempt = 1; attempt <= REOPEN_ATTEMPTS; attempt++) {
        try {
          const fresh = this.open();
          await fresh.query("select 1");
          this.#client = fresh;
          await this.#resubscribe();
          this.#health = { state: "ok", since: new Date(), reason: null, recoveries: this.#health.recoveries + 1 };
          log.warn("the embedded database is open again");
          return;
        } catch (e) {
          lastError = e;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
      this.#health = { ...this.#health, state: "failed", since: new Date() };
      log.fatal({ err: lastError }, "the embedded database could not be reopened");
    })().finally(() => {
      this.#recovering = null;
    });
    return true;
  }

  // LISTEN subscriptions lived in the old instance; the job worker's wake-ups must keep coming.
  async #resubscribe(): Promise<void> {
    for (const listener of this.#listeners) {
      const unsub = await this.#client.listen(listener.channel, listener.fn);
      listener.unsubscribe = async () => unsub();
      listener.onListen?.();
    }
  }
}
