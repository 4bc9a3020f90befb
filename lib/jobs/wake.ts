import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { type SQL, sql } from "drizzle-orm";
import { currentDbHandle, type Db } from "../db/client";
import { componentLogger } from "../observability/log";

// How a new job wakes a worker. NOTIFY inside the transaction that adds the job is delivered exactly on
// commit, but Postgres pays for that order with one lock for the whole cluster: every transaction that
// called NOTIFY takes it at commit and holds it until its commit record is flushed
// (PreCommit_Notify), so such commits run one at a time and never share a WAL flush. At 80 inbound
// messages a second that was about six notifying commits a message, and the sustained-rate line saw
// Postgres's backends waiting on that lock (`Lock:object`) 40 % of their active time (issue 41). So a
// job added where its commit is known wakes the workers without NOTIFY:
// - by a statement on the root connection (its own transaction): once the statement returned;
// - inside a job's handler (its transactions are over when the handler returns): once the handler
//   returned (the worker signals what the handler added, runJobScope below).
// The wake is direct for a worker in this process with a free slot, which claims the job at once; only
// when no such worker serves the queue, and another process's worker is alive (the heartbeats say;
// never with the embedded database, one process), does a NOTIFY go out for those workers, from
// a statement of its own, one at a time per process (the ones asked for meanwhile go together in the
// next). A job added in any other transaction (an API request's, a dashboard action's) still
// notifies in its statement, as before. Workers poll as the backstop (a missed wake costs pollMs).

export const JOBS_CHANNEL = "convo_jobs";

type LocalWorker = {
  queues: ReadonlySet<string>;
  wake(): void;
  hasRoom(): boolean;
  /** Whether its last heartbeat saw workers of other processes alive (null: not yet known). */
  othersAlive(): boolean | null;
};

// On globalThis: Next can load this module more than once (route bundles, instrumentation), and a
// worker registered by one copy must be seen by the others.
const stateKey = Symbol.for("convo.jobWake");
type WakeState = {
  workers: Set<LocalWorker>;
  scope: AsyncLocalStorage<JobScope>;
  pending: Set<string>;
  sending: boolean;
};
type JobScope = { added: Set<string>; open: boolean };
const g = globalThis as typeof globalThis & { [stateKey]?: WakeState };
g[stateKey] ??= { workers: new Set(), scope: new AsyncLocalStorage(), pending: new Set(), sending: false };
const state: WakeState = g[stateKey];

const log = componentLogger("worker");

/** A worker of this process: woken directly for its queues. Returns its removal. */
export function registerLocalWorker(worker: LocalWorker): () => void {
  state.workers.add(worker);
  return () => {
    state.workers.delete(worker);
  };
}

/**
 * A job's handler runs in a scope of its own (inJobScope): the jobs its transactions add wake the
 * workers when the scope closes, once the handler returned (its transactions are committed or rolled
 * back by then; a wake for a job that was rolled back finds nothing and costs one claim).
 */
export function openJobScope(): JobScope {
  return { added: new Set(), open: true };
}

export function inJobScope<T>(scope: JobScope, fn: () => Promise<T>): Promise<T> {
  return state.scope.run(scope, fn);
}

export function closeJobScope(scope: JobScope): void {
  scope.open = false;
  if (scope.added.size) signalJobs([...scope.added]);
}

const isRoot = (db: Db) => db === currentDbHandle()?.db;

/** Whether a statement on `db` that adds jobs leaves the wake to jobsAdded (true) or NOTIFYs itself. */
function wakesAfter(db: Db): boolean {
  return isRoot(db) || state.scope.getStore()?.open === true;
}

/**
 * What a statement selects for the jobs its CTE `cte` added (rows with a `queue` column): their count,
 * with a NOTIFY each when the statement must wake the workers itself (wakesAfter false).
 */
export function wakePart(db: Db, cte: SQL): SQL {
  return wakesAfter(db) ? sql`(select count(${cte}.queue) from ${cte})` : sql`(select count(pg_notify(${JOBS_CHANNEL}, ${cte}.queue)) from ${cte})`;
}

/** For a statement whose NOTIFY is a plain select: `pg_notify(channel, queue)` or just `queue`. */
export function wakeCall(db: Db, queue: SQL): SQL {
  return wakesAfter(db) ? queue : sql`pg_notify(${JOBS_CHANNEL}, ${queue})`;
}

/**
 * After a statement on `db` added jobs to `queues`: wakes the workers when the statement left it to
 * this (wakesAfter), at once for the root connection, at the handler's end inside a job.
 */
export function jobsAdded(db: Db, queues: string | readonly string[]): void {
  const list = typeof queues === "string" ? [queues] : queues;
  if (!list.length) return;
  if (isRoot(db)) {
    signalJobs(list);
    return;
  }
  const scope = state.scope.getStore();
  if (scope?.open) for (const q of list) scope.added.add(q);
}

/** Wakes this process's workers for `queues`, and the other processes' when none here has room. */
function signalJobs(queues: readonly string[]): void {
  const remote: string[] = [];
  for (const queue of queues) {
    let taken = false;
    for (const w of state.workers) {
      if (!w.queues.has(queue)) continue;
      w.wake();
      // A full worker takes the job when a slot frees; with no other worker alive, nobody else would.
      if (w.hasRoom() || w.othersAlive() === false) taken = true;
    }
    if (!taken) remote.push(queue);
  }
  if (remote.length) notifyOthers(remote);
}

function notifyOthers(queues: readonly string[]): void {
  for (const q of queues) state.pending.add(q);
  if (state.sending) return;
  const handle = currentDbHandle();
  if (!handle) return;
  state.sending = true;
  const batch = [...state.pending];
  state.pending.clear();
  handle.db
    .execute(
      sql`select pg_notify(${JOBS_CHANNEL}, v.q) from (values ${sql.join(
        batch.map((q) => sql`(${q})`),
        sql`, `,
      )}) v(q)`,
    )
    .catch((err) => log.warn({ err, queues: batch }, "could not notify the other workers (they poll)"))
    .finally(() => {
      state.sending = false;
      if (state.pending.size) notifyOthers([]);
    });
}
