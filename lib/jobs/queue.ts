import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { checkPayload, type Job, type JobPayload } from "./job";
import { JOBS_CHANNEL, jobsAdded, wakeCall, wakePart } from "./wake";

export { JOBS_CHANNEL };

export type EnqueueOptions = {
  /** Jobs sharing an orderKey in one queue run one at a time, oldest first (per-conversation order). */
  orderKey?: string | null;
  runAt?: Date;
  /** Due this long after the enqueueing statement runs, by the database's clock (instead of runAt). */
  delayMs?: number;
  maxAttempts?: number;
};

/**
 * Adds a durable job (declared with defineJob, job.ts) inside the caller's transaction and wakes the
 * workers once that transaction committed (./wake.ts: directly, or by NOTIFY), so job hops add no
 * polling delay. `payload.businessId`, when there is one, is also the job's business for the fair claim
 * (claimJobs).
 */
export async function enqueue<P extends JobPayload>(db: Db, job: Job<P>, payload: P, opts: EnqueueOptions = {}): Promise<void> {
  checkPayload(job, payload);
  const queue = job.name;
  const runAt = opts.runAt
    ? sql`${opts.runAt.toISOString()}::timestamptz`
    : opts.delayMs
      ? sql`now() + make_interval(secs => ${opts.delayMs / 1000})`
      : sql`now()`;
  const businessId = typeof payload.businessId === "string" ? payload.businessId : null;
  await queryRows(
    db,
    sql`with j as (
      insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
      values (${queue}, ${JSON.stringify(payload)}::jsonb, ${businessId}, ${opts.orderKey ?? null}, ${runAt}, ${opts.maxAttempts ?? job.maxAttempts})
      returning queue)
    select ${wakeCall(db, sql`queue`)} from j`,
  );
  jobsAdded(db, queue);
}

/**
 * enqueue as parts of a larger statement on `db`: CTE `name` adds the job when `when` holds (an SQL
 * condition over the statement's earlier CTEs), `notify` (to select at the statement's end) counts it
 * (and NOTIFYs when the statement must wake the workers itself), and `added(count)`, called with that
 * count once the statement returned, wakes them otherwise (./wake.ts). The change that makes the job
 * and the job go to the database as one statement.
 */
export function enqueueParts<P extends JobPayload>(
  db: Db,
  name: string,
  job: Job<P>,
  payload: P,
  opts: Pick<EnqueueOptions, "orderKey">,
  when: SQL,
): { ctes: SQL; notify: SQL; added(count: unknown): void } {
  checkPayload(job, payload);
  const businessId = typeof payload.businessId === "string" ? payload.businessId : null;
  const cte = sql.raw(name);
  return {
    ctes: sql`${cte} as (
        insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
        select ${job.name}, ${JSON.stringify(payload)}::jsonb, ${businessId}, ${opts.orderKey ?? null}, now(), ${job.maxAttempts}
        where ${when}
        returning queue
      )`,
    notify: wakePart(db, cte),
    added: (count) => {
      if (Number(count) > 0) jobsAdded(db, job.name);
    },
  };
}

/**
 * Adds several jobs of one queue in one statement (one NOTIFY): a fan-out such as an event's
 * deliveries keeps its transaction short, which on the embedded database is time no other query runs.
 * The rows go in the order given, so jobs of one orderKey run in that order.
 */
export async function enqueueMany<P extends JobPayload>(
  db: Db,
  job: Job<P>,
  jobs: { payload: P; orderKey?: string | null; maxAttempts?: number; delayMs?: number }[],
): Promise<void> {
  if (!jobs.length) return;
  for (const j of jobs) checkPayload(job, j.payload);
  const queue = job.name;
  const rows = sql.join(
    jobs.map((j) => {
      const businessId = typeof j.payload.businessId === "string" ? j.payload.businessId : null;
      const runAt = j.delayMs ? sql`now() + make_interval(secs => ${j.delayMs / 1000})` : sql`now()`;
      return sql`(${queue}, ${JSON.stringify(j.payload)}::jsonb, ${businessId}, ${j.orderKey ?? null}, ${runAt}, ${j.maxAttempts ?? job.maxAttempts})`;
    }),
    sql`, `,
  );
  await queryRows(
    db,
    sql`with j as (insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts) values ${rows} returning 1)
    select ${wakeCall(db, sql`${queue}::text`)} where exists (select 1 from j)`,
  );
  jobsAdded(db, queue);
}

/** A worker refreshes its heartbeat this often; one silent for WORKER_STALE_SECONDS is taken for dead. */
export const HEARTBEAT_MS = 5_000;
export const WORKER_STALE_SECONDS = 20;

export type ClaimedJob = {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** The business whose fair share the job counts against (null: uncapped). */
  businessId?: string | null;
  /** The worker that claimed it (what a batch it starts marks its extra jobs with: batchMarker). */
  workerId?: string;
};

type ClaimedRow = {
  id: string | number;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  business_id: string | null;
};
const claimed = (r: ClaimedRow, workerId: string): ClaimedJob => ({
  id: Number(r.id),
  queue: r.queue,
  payload: r.payload,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  businessId: r.business_id,
  workerId,
});

/**
 * What `locked_by` holds for the jobs a running job of worker W took on as a batch (lib/webhooks/deliver.ts
 * sends an endpoint's ready deliveries after its own): W's, so they are handed back when W stops and
 * free again when W's heartbeat goes stale, as W's own jobs are; but not W's running jobs, so they do not
 * count against the business's share (a batch runs one job at a time on the slot of the job that
 * started it).
 */
const BATCH_PREFIX = "batch:";
export const batchMarker = (workerId: string): string => `${BATCH_PREFIX}${workerId}`;
const heldByBatch = sql.raw(`j.locked_by like '${BATCH_PREFIX}%'`);
/** The worker holding a job: `locked_by`, or the worker whose batch holds it. */
const holder = sql`(case when ${heldByBatch} then substr(j.locked_by, ${sql.raw(String(BATCH_PREFIX.length + 1))}) else j.locked_by end)`;

const stale = sql`make_interval(secs => ${WORKER_STALE_SECONDS})`;

/**
 * Taken by nobody alive: never claimed, lease over, or its worker's heartbeat is stale. A worker never
 * takes its own running job for dead: a busy process (the embedded database shares its one thread)
 * can write its heartbeat late, and a second run of a job it is still running would overlap the first.
 */
const freeFor = (workerId: string) => sql`(j.locked_until is null or j.locked_until < now() or (${holder} <> ${workerId} and not exists (
    select 1 from workers w where w.id = ${holder} and w.heartbeat_at > now() - ${stale})))`;

/**
 * How many jobs of a queue and business live workers hold (only claimed jobs carry a lease): what the
 * business's fair share is counted against, by the fair claim and by claimNextOf alike.
 */
const heldCount = (queue: SQL, businessId: SQL, free: SQL) => sql`(select count(*)::int from jobs j
    where j.queue = ${queue} and j.business_id = ${businessId} and j.locked_until is not null and j.status = 'pending' and not ${free}
      and not ${heldByBatch})`;

/** Heads its orderKey: no older job of the key is pending (running, waiting out a retry, or not). */
export const headOfKey = sql`(j.order_key is null or not exists (
    select 1 from jobs o where o.queue = j.queue and o.order_key = j.order_key and o.status = 'pending' and o.id < j.id))`;

/** Registers or refreshes a worker's heartbeat (and forgets workers silent for an hour). */
/** Registers or refreshes a worker's heartbeat; answers how many workers of other processes are alive. */
export async function heartbeat(db: Db, workerId: string, host: string, pid: number): Promise<number> {
  const [row] = await queryRows<{ others: number }>(
    db,
    sql`with me as (
        insert into workers (id, host, pid) values (${workerId}, ${host}, ${pid})
        on conflict (id) do update set heartbeat_at = now()
        returning id
      )
      select count(*)::int as others from workers
      where not (host = ${host} and pid = ${pid}) and heartbeat_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS})`,
  );
  await db.execute(sql`delete from workers where heartbeat_at < now() - interval '1 hour'`);
  return Number(row?.others ?? 0);
}

export async function retireWorker(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`delete from workers where id = ${workerId}`);
}

/**
 * How many jobs of one kind (queue) one business may run at once across all workers (JOBS_PER_BUSINESS,
 * default 3). With the default 8 slots per worker, a business whose receivers hang and whose assistant
 * is busy still leaves slots to everyone else.
 */
export function jobsPerBusiness(): number {
  const n = Number(process.env.JOBS_PER_BUSINESS ?? 3);
  return Number.isInteger(n) && n >= 1 ? n : 3;
}

/**
 * Claims up to `limit` ready jobs with FOR UPDATE SKIP LOCKED: several workers (and app instances)
 * never take the same job. A job held by a worker is taken again when its lease runs out, or at once
 * when that worker's heartbeat has gone stale (the process died: kill -9, a lost machine), never by
 * the worker that holds it.
 *
 * Fair between businesses: a business already running `perBusiness` jobs of a queue gets no more of
 * it, and the rest are handed out in turns (every business's next job before anyone's one after), so a
 * burst of one business's jobs or its hanging webhook receivers never hold the slots another business's
 * assistant replies need. The cap is counted from committed claims: two workers claiming at the same
 * instant can each give a business its share (each worker's own claims run one after another, so one
 * worker never holds more than `perBusiness` of a business's jobs of one queue). Jobs without a business
 * (inbound WhatsApp bodies, routed inside the job) are not capped; each takes its turn by age.
 */
export async function claimJobs(
  db: Db,
  queues: string[],
  workerId: string,
  limit: number,
  leaseSeconds = 120,
  perBusiness = jobsPerBusiness(),
): Promise<ClaimedJob[]> {
  return (await claimJobsAndNextRun(db, queues, workerId, limit, leaseSeconds, perBusiness)).jobs;
}

/**
 * claimJobs, and in the same statement the earliest time a job of `queues` becomes ready from the
 * claim on (nextRunAt with `after` the claim's start): what the worker sleeps until when it claimed
 * fewer jobs than it wanted, one round trip instead of two. The look does not see this statement's
 * own claims (one snapshot); their leases end minutes later, past any worker's poll.
 */
export async function claimJobsAndNextRun(
  db: Db,
  queues: string[],
  workerId: string,
  limit: number,
  leaseSeconds = 120,
  perBusiness = jobsPerBusiness(),
): Promise<{ jobs: ClaimedJob[]; nextRunAt: Date | null }> {
  const queueList = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const free = freeFor(workerId);
  // Every step walks an index and stops early, so a claim costs about the same with ten thousand jobs
  // of one business waiting as with none (on the embedded database a claim runs on the process's only
  // thread): the (queue, business) pairs with pending jobs by a skip scan over jobs_fair_idx, one queue
  // at a time; each pair's held jobs from jobs_held_idx (only claimed jobs carry a lease); its next
  // jobs in order from jobs_fair_idx.
  const rows = await queryRows<Partial<ClaimedRow> & { next_at: string | Date | null }>(
    db,
    sql`with recursive queues as (
      select unnest(array[${queueList}]::text[]) as queue
    ), pairs as (
      select q.queue, f.business_id from queues q cross join lateral (
        select j.business_id from jobs j where j.queue = q.queue and j.status = 'pending' and j.business_id is not null
        order by j.business_id limit 1) f
      union all
      select p.queue, n.business_id from pairs p cross join lateral (
        select j.business_id from jobs j where j.queue = p.queue and j.status = 'pending' and j.business_id > p.business_id
        order by j.business_id limit 1) n
    ), candidates as (
      select c.id, c.run_at, h.n + c.rank as turn
      from pairs p
      cross join lateral (select ${heldCount(sql`p.queue`, sql`p.business_id`, free)} as n) h
      cross join lateral (
        select f.id, f.run_at, row_number() over (order by f.run_at, f.id) as rank from (
          select j.id, j.run_at from jobs j
          where j.queue = p.queue and j.business_id = p.business_id and j.status = 'pending' and j.run_at <= now() and ${free} and ${headOfKey}
          order by j.run_at, j.id limit ${perBusiness}) f) c
      where h.n + c.rank <= ${perBusiness}
      union all
      -- Jobs without a business are not capped: each takes its turn by age.
      select u.id, u.run_at, 1 as turn from queues q cross join lateral (
        select j.id, j.run_at from jobs j
        where j.queue = q.queue and j.status = 'pending' and j.business_id is null and j.run_at <= now() and ${free} and ${headOfKey}
        order by j.run_at, j.id limit ${limit}) u
    ), picked as (
      select id from candidates order by turn, run_at, id limit ${limit}
    ), claimed as (
      update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${workerId}, attempts = attempts + 1
      where id in (
        -- Readiness again on the locked row: a job another worker claimed after this statement began is
        -- re-checked against its new version (and skipped) rather than claimed twice.
        select j.id from jobs j
        where j.id = any(array(select id from picked)) and j.status = 'pending' and j.run_at <= now() and ${free}
        for update skip locked)
      returning id, queue, payload, attempts, max_attempts, business_id
    )
    -- One row at least: the claimed jobs, each with the next time, or the time alone.
    select c.id, c.queue, c.payload, c.attempts, c.max_attempts, c.business_id, n.at as next_at
    from (select ${nextRunSql(queueList, sql`now()`)} as at) n left join claimed c on true`,
  );
  const jobs = rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => claimed(r as ClaimedRow, workerId));
  const at = rows[0]?.next_at;
  return { jobs, nextRunAt: at ? new Date(at) : null };
}

/**
 * Claims the next ready job of one queue and business, as a worker does the moment it finished one of
 * them (lib/jobs/worker.ts): one short statement on two indexes instead of the whole fair claim. The
 * business's share is checked as the fair claim checks it (its jobs of the queue held by live workers),
 * so a business never runs more than `perBusiness` of a kind at once this way either.
 *
 * `finished`: the job just finished, removed by this same statement (one round trip per job fewer).
 * The statement's snapshot still sees it, so it is left out of the share and of its orderKey's line:
 * the next job of its conversation is the one it claims.
 */
export async function claimNextOf(
  db: Db,
  queue: string,
  businessId: string | null,
  workerId: string,
  leaseSeconds = 120,
  perBusiness = jobsPerBusiness(),
  finished?: number,
): Promise<ClaimedJob | null> {
  const free = freeFor(workerId);
  const gone = finished === undefined ? sql`0` : sql`${finished}::bigint`;
  const owner = businessId === null ? sql`j.business_id is null` : sql`j.business_id = ${businessId}`;
  const underShare =
    businessId === null ? sql`true` : sql`${heldCount(sql`${queue}`, sql`${businessId}`, sql`(${free} or j.id = ${gone})`)} < ${perBusiness}`;
  const head = sql`(j.order_key is null or not exists (
    select 1 from jobs o where o.queue = j.queue and o.order_key = j.order_key and o.status = 'pending' and o.id < j.id and o.id <> ${gone}))`;
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`with done as (delete from jobs where id = ${gone})
    update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${workerId}, attempts = attempts + 1
    where id = (
      select j.id from jobs j
      where j.queue = ${queue} and ${owner} and j.status = 'pending' and j.run_at <= now() and j.id <> ${gone} and ${free} and ${head} and ${underShare}
      order by j.run_at, j.id limit 1
      for update skip locked)
    returning id, queue, payload, attempts, max_attempts, business_id`,
  );
  return rows[0] ? claimed(rows[0], workerId) : null;
}

/**
 * Removes a finished job. Given a transaction, the job completes in the same commit as the work it did
 * (the worker's own completion afterwards then finds nothing left to do).
 */
export async function completeJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from jobs where id = ${id}`);
}

/**
 * completeJob as a CTE to append to the statement that did a job's work (`with ...${jobRemoval(id)}`),
 * so the work and the job's end are one commit; nothing without a job id (a direct call, a test).
 * The handler then returns JOB_COMPLETED.
 */
export function jobRemoval(jobId: number | undefined): SQL {
  return jobId === undefined ? sql`` : sql`, job_done as (delete from jobs where id = ${jobId})`;
}

/**
 * Removes the finished jobs `ids` but those `kept` selects, as a CTE to append to the statement that did
 * their work (`with ...${jobsRemoval(ids, kept)}`): a batch's jobs end in the same commit as their work,
 * each only if its part of the work is done (lib/channels/whatsapp/inbound.ts: a status batch).
 */
export function jobsRemoval(ids: number[], kept: SQL): SQL {
  if (!ids.length) return sql``;
  return sql`, jobs_done as (delete from jobs where id in (select unnest(${`{${ids.join(",")}}`}::bigint[]) except ${kept}))`;
}

/**
 * Takes on up to `limit` more ready jobs of `queue` for the running job of `workerId` to do with its own
 * (a batch: lib/channels/whatsapp/inbound.ts applies every queued status of a number in one statement).
 * Only jobs never tried, of no business and no orderKey, whose payload contains `match` (jsonb `@>`):
 * a job that failed once runs on its own again, with its own attempts and delays, and no conversation's
 * order is overtaken. FOR UPDATE SKIP LOCKED, so two workers' batches never share a job; the jobs are
 * marked as the worker's batch (batchMarker), so they are handed back when it stops and taken again
 * when it dies, and their claim counts an attempt as any claim does. `early`: also jobs not due yet (a
 * job queued with a delay only so that a batch can take it with others: inbound.ts's status bodies).
 */
export async function claimBatch(
  db: Db,
  queue: string,
  workerId: string,
  match: Record<string, unknown>,
  limit: number,
  { leaseSeconds = 120, early = false }: { leaseSeconds?: number; early?: boolean } = {},
): Promise<ClaimedJob[]> {
  const due = early ? sql`true` : sql`j.run_at <= now()`;
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), locked_by = ${batchMarker(workerId)}, attempts = attempts + 1
    where id in (
      select j.id from jobs j
      where j.queue = ${queue} and j.status = 'pending' and j.business_id is null and ${due} and j.locked_until is null
        and j.attempts = 0 and j.order_key is null and j.payload @> ${JSON.stringify(match)}::jsonb
      order by j.run_at, j.id limit ${limit}
      for update skip locked)
    returning id, queue, payload, attempts, max_attempts, business_id`,
  );
  return rows.map((r) => claimed(r, workerId));
}

/** Hands a batch's jobs back to the queue untried (their work was not done: the batch failed). */
export async function releaseBatch(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0)
    where id in (select unnest(${`{${ids.join(",")}}`}::bigint[])) and status = 'pending'`,
  );
}

/** Whether the job is still in the queue (not completed by this or another worker), as `db` sees it. */
export async function isPending(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(db, sql`select id from jobs where id = ${id}`);
  return rows.length > 0;
}

/**
 * Hands a stopping worker's claimed jobs back to the queue, due at once for another worker, and takes
 * back the attempt their claim counted (they were cut short by a shutdown, not failed). Returns how many.
 */
export async function releaseJobs(db: Db, workerId: string): Promise<number> {
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`with released as (
      update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0)
      where locked_by in (${workerId}, ${batchMarker(workerId)}) and status = 'pending' and locked_until is not null
      returning queue)
    select pg_notify(${JOBS_CHANNEL}, queue) from released`,
  );
  return rows.length;
}

/** Job counts and the age of the oldest due job per queue, in one statement (GET /metrics reads it when scraped). */
export async function queueStats(db: Db): Promise<{ queue: string; queued: number; failed: number; oldestAgeSeconds: number }[]> {
  const rows = await queryRows<{ queue: string; queued: number; failed: number; oldest: number | string | null }>(
    db,
    sql`select queue,
        count(*) filter (where status = 'pending')::int as queued,
        count(*) filter (where status = 'failed')::int as failed,
        extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8 as oldest
      from jobs group by queue`,
  );
  return rows.map((r) => ({
    queue: r.queue,
    queued: Number(r.queued),
    failed: Number(r.failed),
    oldestAgeSeconds: Math.max(0, Number(r.oldest ?? 0)),
  }));
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

/**
 * The earliest time a pending job becomes ready, so an idle worker can sleep exactly that long; with
 * `after`, only times after it (what a worker waits for after a claim that began at `after`: a job due
 * at that very instant was there for the claim, and left only if it could not be claimed). Strictly
 * after: the embedded database's clock can give a job queued just before the claim the claim's own
 * timestamp, and a worker then slept until a time already past, claiming again at once.
 */
export async function nextRunAt(db: Db, queues: string[], after?: Date): Promise<Date | null> {
  const queueList = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const from = after ? sql`${after.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  const [row] = await queryRows<{ at: string | Date | null }>(db, sql`select ${nextRunSql(queueList, from)} as at`);
  return row?.at ? new Date(row.at) : null;
}

/** nextRunAt's expression (a scalar subquery), for its own statement and for the claim's. */
function nextRunSql(queueList: SQL, from: SQL): SQL {
  // Unclaimed jobs by run_at from jobs_ready_idx, one queue at a time (stops at the first); claimed ones
  // (few: jobs_held_idx) become ready when their lease runs out, or at once if their worker is dead.
  return sql`(select min(at) from (
      select (select j.run_at from jobs j
        where j.queue = q.queue and j.status = 'pending' and j.run_at > ${from} and j.locked_until is null
        order by j.run_at limit 1) as at
      from unnest(array[${queueList}]::text[]) as q(queue)
      union all
      select case when exists (
          select 1 from workers w where w.id = ${holder} and w.heartbeat_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS}))
        then greatest(j.run_at, j.locked_until) else j.run_at end
      from jobs j where j.queue in (${queueList}) and j.locked_until is not null and j.status = 'pending'
    ) t where at > ${from})`;
}
