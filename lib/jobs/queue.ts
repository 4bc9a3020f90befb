import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

export const JOBS_CHANNEL = "convo_jobs";

export type EnqueueOptions = {
  /** Jobs sharing an orderKey in one queue run one at a time, oldest first (per-conversation order). */
  orderKey?: string | null;
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Adds a durable job inside the caller's transaction and wakes the workers when that transaction
 * commits (NOTIFY is delivered on commit), so job hops add no polling delay.
 */
export async function enqueue(db: Db, queue: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
  const runAt = opts.runAt ? sql`${opts.runAt.toISOString()}::timestamptz` : sql`now()`;
  await queryRows(
    db,
    sql`with j as (
      insert into jobs (queue, payload, order_key, run_at, max_attempts)
      values (${queue}, ${JSON.stringify(payload)}::jsonb, ${opts.orderKey ?? null}, ${runAt}, ${opts.maxAttempts ?? 10})
      returning queue)
    select pg_notify(${JOBS_CHANNEL}, queue) from j`,
  );
}

/** enqueue for many jobs of one queue (no orderKey) in one statement, with one wake-up. */
export async function enqueueMany(db: Db, queue: string, payloads: Record<string, unknown>[]): Promise<void> {
  if (!payloads.length) return;
  const values = sql.join(
    payloads.map((p) => sql`(${queue}, ${JSON.stringify(p)}::jsonb)`),
    sql`, `,
  );
  await queryRows(
    db,
    sql`with j as (insert into jobs (queue, payload) values ${values} returning queue)
    select pg_notify(${JOBS_CHANNEL}, ${queue}) from (select 1 from j limit 1) one`,
  );
}

export type ClaimedJob = { id: number; queue: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };

/** A worker refreshes its heartbeat this often; one silent for WORKER_STALE_SECONDS is taken for dead. */
export const HEARTBEAT_MS = 5_000;
export const WORKER_STALE_SECONDS = 20;

/** Registers or refreshes a worker's heartbeat (and forgets workers silent for an hour). */
export async function heartbeat(db: Db, workerId: string, host: string, pid: number): Promise<void> {
  await db.execute(
    sql`insert into workers (id, host, pid) values (${workerId}, ${host}, ${pid})
      on conflict (id) do update set heartbeat_at = now()`,
  );
  await db.execute(sql`delete from workers where heartbeat_at < now() - interval '1 hour'`);
}

export async function retireWorker(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`delete from workers where id = ${workerId}`);
}

/**
 * Claims up to `limit` ready jobs with FOR UPDATE SKIP LOCKED: several workers (and app instances)
 * never take the same job. A job held by a worker is taken again when its lease runs out, or at once
 * when that worker's heartbeat has gone stale (the process died: kill -9, a lost machine).
 */
export async function claimJobs(db: Db, queues: string[], workerId: string, limit: number, leaseSeconds = 120): Promise<ClaimedJob[]> {
  const queueList = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string | number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${workerId}, attempts = attempts + 1
    where id in (
      select j.id from jobs j
      where j.queue in (${queueList}) and j.status = 'pending' and j.run_at <= now()
        and (j.locked_until is null or j.locked_until < now() or not exists (
          select 1 from workers w where w.id = j.locked_by and w.heartbeat_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS})))
        and (j.order_key is null or not exists (
          select 1 from jobs p where p.queue = j.queue and p.order_key = j.order_key and p.status = 'pending' and p.id < j.id))
      order by j.run_at, j.id
      limit ${limit}
      for update skip locked)
    returning id, queue, payload, attempts, max_attempts`,
  );
  return rows.map((r) => ({ id: Number(r.id), queue: r.queue, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts }));
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from jobs where id = ${id}`);
}

/** Schedules another attempt, or marks the job failed after its last one. */
export async function retryJob(db: Db, job: ClaimedJob, delayMs: number, error: string, countAttempt = true): Promise<void> {
  const exhausted = countAttempt && job.attempts >= job.maxAttempts;
  await db.execute(
    sql`update jobs set locked_until = null, locked_by = null, last_error = ${error.slice(0, 2000)},
      attempts = attempts - ${countAttempt ? 0 : 1},
      status = ${exhausted ? "failed" : "pending"},
      run_at = now() + make_interval(secs => ${delayMs / 1000})
    where id = ${job.id}`,
  );
}

/** The earliest time a pending job becomes ready, so an idle worker can sleep exactly that long. */
export async function nextRunAt(db: Db, queues: string[]): Promise<Date | null> {
  const queueList = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(case when locked_until is null or not exists (
        select 1 from workers w where w.id = j.locked_by and w.heartbeat_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS}))
      then run_at else greatest(run_at, locked_until) end) as at
    from jobs j where queue in (${queueList}) and status = 'pending'`,
  );
  return row?.at ? new Date(row.at) : null;
}
