import "server-only";
import { hostname } from "node:os";
import { dbHandle } from "../db/client";
import { trappedTheDatabase } from "../db/embedded";
import { safeErrorMessage } from "../errors";
import { newId } from "../ids";
import { componentLogger } from "../observability/log";
import type { Job, JobPayload } from "./job";
import { closeJobScope, inJobScope, openJobScope, registerLocalWorker } from "./wake";
import {
  type ClaimedJob,
  claimJobsAndNextRun,
  claimNextOf,
  completeJob,
  HEARTBEAT_MS,
  heartbeat,
  JOBS_CHANNEL,
  jobsPerBusiness,
  nextRunAt,
  releaseJobs,
  retireWorker,
  retryJob,
} from "./queue";

/**
 * What a handler returns when it removed its own job in the statement that did its work (one round
 * trip fewer): the worker then does not complete it again.
 */
export const JOB_COMPLETED = Symbol.for("convo.jobCompleted");
// Any other result (nothing, usually) means the worker removes the job once the handler returns.
export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<unknown>;

/** A handler bound to its declared job (still callable as a handler, as tests do). */
export type JobRunner = JobHandler & { readonly job: Job };

/**
 * Binds a handler to its declared job, where the handler lives. The payload is handed over as stored:
 * it was checked at enqueue, and a job written before a schema change still runs as it did.
 */
export function runs<P extends JobPayload>(job: Job<P>, handler: (payload: P, claimed: ClaimedJob) => Promise<unknown>): JobRunner {
  const run: JobHandler = (payload, claimed) => handler(payload as P, claimed);
  return Object.assign(run, { job: job as unknown as Job });
}

/** The worker's table, one handler per queue; a job bound twice is a mistake, refused at boot. */
export function handlerTable(runners: readonly JobRunner[]): Record<string, JobHandler> {
  const table: Record<string, JobHandler> = {};
  for (const runner of runners) {
    if (table[runner.job.name]) throw new Error(`Job ${runner.job.name} has two handlers.`);
    table[runner.job.name] = runner;
  }
  return table;
}

/** Thrown by a handler to be tried again later without it counting as a failure (e.g. rate limits). */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message = "retry later",
    readonly countAttempt = true,
  ) {
    super(message);
  }
}

export type Worker = {
  /**
   * Stops claiming, lets the running jobs finish for up to `timeoutMs` (default: wait for them all),
   * then hands the ones still running back to the queue (not counted as an attempt) and retires.
   */
  stop(opts?: { timeoutMs?: number }): Promise<{ released: number }>;
  drain(): Promise<void>;
  wake(): void;
  /** The queues it serves. */
  readonly queues: readonly string[];
  /** How many of its jobs are running now. */
  busy(): number;
};

const log = componentLogger("worker");

const backoffMs = (attempt: number) => Math.min(60 * 60_000, 1000 * 2 ** attempt);

/**
 * A job whose statement trapped the embedded database (every tenant waits about a second while it
 * reopens) gets this many attempts in all, whatever its own maximum: the second trap makes it a failed
 * job (status `failed`, its reason in `last_error`, counted in GET /metrics), not a retry that stalls
 * everyone again. One retry, because a trap can be another statement's doing that ran just before.
 */
export const MAX_ATTEMPTS_AFTER_TRAP = 2;

/**
 * Runs jobs of the given queues: woken when a job is queued (directly by this process's own, by NOTIFY
 * from others': ./wake.ts), with a poll as the fallback (a missed notification, a job scheduled for
 * later, a lease that ran out). Safe to run in several processes.
 */
export function startWorker(
  handlers: Record<string, JobHandler>,
  opts: { concurrency?: number; pollMs?: number; perBusiness?: number } = {},
): Worker {
  const handle = dbHandle();
  // One business's share of each of these queues (./queue.ts, jobsPerBusiness): the default, or this worker's own.
  const perBusiness = opts.perBusiness ?? jobsPerBusiness();
  const queues = Object.keys(handlers);
  const workerId = `${hostname()}:${process.pid}:${newId("wha").slice(4)}`;
  const concurrency = opts.concurrency ?? Number(process.env.WORKER_CONCURRENCY ?? 8);
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let running = 0;
  let loop: Promise<void> | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let pendingWake = false;
  let idleResolvers: (() => void)[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  // Registered before the first claim, so no other worker takes this one's jobs for dead.
  // Whether other processes' workers are alive, as the last heartbeat saw (./wake.ts: whom to notify).
  let othersAlive: boolean | null = null;
  const registered = heartbeat(handle.db, workerId, hostname(), process.pid)
    .then((others) => {
      othersAlive = others > 0;
    })
    .catch((err) => log.error({ workerId, err }, "could not register the worker's heartbeat"));
  const beat = setInterval(() => {
    heartbeat(handle.db, workerId, hostname(), process.pid)
      .then((others) => {
        othersAlive = others > 0;
      })
      .catch((err) => log.error({ workerId, err }, "heartbeat failed"));
  }, HEARTBEAT_MS);
  beat.unref?.();

  // A claim is the worker's heaviest query, and on the embedded database it runs on this process's only
  // thread. Claiming again no sooner than the last claim took keeps claims to half the time at most, so
  // a deep backlog being worked off never starves the requests this process serves.
  let claimPauseUntil = 0;
  let pauseTimer: NodeJS.Timeout | null = null;

  const wake = () => {
    if (stopped) return;
    if (loop) {
      pendingWake = true;
      return;
    }
    const pause = claimPauseUntil - Date.now();
    if (pause > 0) {
      if (!pauseTimer) {
        pauseTimer = setTimeout(() => {
          pauseTimer = null;
          wake();
        }, pause);
        pauseTimer.unref?.();
      }
      return;
    }
    loop = tick().finally(() => {
      loop = null;
      if (pendingWake) {
        pendingWake = false;
        wake();
      }
    });
  };

  async function tick() {
    await registered;
    // When the next job becomes due from the last claim on (the claim's own statement says).
    let nextDue: Date | null = null;
    for (;;) {
      if (stopped || running >= concurrency) return;
      const claimStartedAt = Date.now();
      const want = concurrency - running;
      const { jobs, nextRunAt: due } = await claimJobsAndNextRun(handle.db, queues, workerId, want, undefined, perBusiness).catch((err) => {
        log.error({ workerId, err }, "claim failed");
        return { jobs: [], nextRunAt: null };
      });
      nextDue = due;
      claimPauseUntil = 2 * Date.now() - claimStartedAt;
      for (const job of jobs) void run(job);
      // Fewer than asked for: nothing more was claimable just now, and what becomes so later announces
      // itself (a new job's NOTIFY, a finished job freeing its share or its orderKey, the timer below).
      if (jobs.length < want) break;
    }
    if (running === 0) {
      for (const r of idleResolvers) r();
      idleResolvers = [];
    }
    scheduleNext(nextDue);
  }

  /** Whether a job finishing now is followed by the claim of the next one of its kind (a slot stays free). */
  const followsUp = () => !stopped && running < concurrency;

  async function run(job: ClaimedJob) {
    running++;
    const started = performance.now();
    // One line per job run: its queue, id, attempt, outcome and duration (never its payload).
    const done = (outcome: string, extra: Record<string, unknown> = {}, level: "info" | "warn" | "error" = "info") =>
      log[level](
        {
          queue: job.queue,
          jobId: job.id,
          attempt: job.attempts,
          outcome,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...extra,
        },
        "job",
      );
    let completed = false;
    // The finished job's removal rides on the follow-up claim below when there is one (one round trip).
    let removeWithClaim = false;
    try {
      // What the handler's transactions queue wakes the workers once it returned (./wake.ts).
      const scope = openJobScope();
      let outcome: unknown;
      try {
        outcome = await inJobScope(scope, () => handlers[job.queue](job.payload, job));
      } finally {
        closeJobScope(scope);
      }
      if (outcome !== JOB_COMPLETED) {
        if (followsUp()) removeWithClaim = true;
        else await completeJob(handle.db, job.id);
      }
      done("completed");
      completed = true;
    } catch (err) {
      const later = err instanceof RetryLater ? err : null;
      const delay = later ? later.delayMs : backoffMs(job.attempts);
      const countAttempt = later ? later.countAttempt : true;
      const trapped = !later && trappedTheDatabase(err);
      const bounded = trapped ? { ...job, maxAttempts: Math.min(job.maxAttempts, MAX_ATTEMPTS_AFTER_TRAP) } : job;
      const exhausted = countAttempt && bounded.attempts >= bounded.maxAttempts;
      const reason = trapped ? `trapped the embedded database: ${safeErrorMessage(err)}` : safeErrorMessage(err);
      if (later) done(countAttempt ? "retry" : "deferred", { retryInMs: delay });
      else done(exhausted ? "failed" : "retry", { retryInMs: exhausted ? null : delay, trapped: trapped || undefined, err }, "error");
      await retryJob(handle.db, bounded, delay, reason, countAttempt).catch((e) =>
        log.error({ queue: job.queue, jobId: job.id, err: e }, "could not reschedule the job"),
      );
    } finally {
      // The next job of the same kind and business goes straight into this slot (one short claim, no
      // wake-up and fair claim in between), but only while another slot stays free: a worker that is
      // full hands its freed slot to the fair claim, where every business takes its turn. What this
      // job's end can make claimable is of its own kind and business (the next job of its orderKey, a
      // job waiting for the business's share), so a worker that had a free slot needs no fair claim
      // after it; a full one, a failed job (its retry's time) and a drain() waiting for idle wake the loop.
      const wasFull = running >= concurrency;
      let next: ClaimedJob | null = null;
      if (removeWithClaim && (stopped || wasFull)) {
        await completeJob(handle.db, job.id).catch((err) => log.error({ queue: job.queue, jobId: job.id, err }, "could not complete the job"));
      } else if (removeWithClaim) {
        next = await claimNextOf(handle.db, job.queue, job.businessId ?? null, workerId, undefined, perBusiness, job.id).catch(async (err) => {
          // Not removed: removed on its own, or (that failing too) run again once its lease runs out.
          log.warn({ queue: job.queue, jobId: job.id, err }, "completion with the next claim failed");
          await completeJob(handle.db, job.id).catch((e) => log.error({ queue: job.queue, jobId: job.id, err: e }, "could not complete the job"));
          return null;
        });
      } else if (completed && !stopped && !wasFull)
        next = await claimNextOf(handle.db, job.queue, job.businessId ?? null, workerId, undefined, perBusiness).catch(() => null);
      running--;
      if (next) void run(next);
      if (wasFull || !completed || (running === 0 && idleResolvers.length > 0)) wake();
    }
  }

  /**
   * Sleeps until the next job becomes due (`next`, from the claim that just ran), or pollMs at most.
   * Jobs already due at the empty claim that just ran were not claimable (their business at its share, behind an earlier job of their orderKey,
   * taken by another worker): they wait for a running job to end, which one of this worker's wakes
   * (run's finally) or the next poll (another worker's), instead of a timer for a time long past
   * spinning on the claim.
   */
  function scheduleNext(next: Date | null) {
    if (stopped) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    const delay = next ? Math.max(10, Math.min(pollMs, next.getTime() - Date.now())) : pollMs;
    wakeTimer = setTimeout(wake, delay);
    wakeTimer.unref?.();
  }

  const unregister = registerLocalWorker({
    queues: new Set(queues),
    wake,
    hasRoom: () => !stopped && running < concurrency,
    othersAlive: () => othersAlive,
  });
  handle
    .listen(JOBS_CHANNEL, (queue) => {
      if (queues.includes(queue)) wake();
    })
    .then((u) => {
      unlisten = u;
      if (stopped) void u();
    })
    .catch((err) => log.warn({ workerId, err }, "LISTEN failed, polling only"));
  wake();

  return {
    wake,
    queues,
    busy: () => running,
    async stop({ timeoutMs = Number.POSITIVE_INFINITY } = {}) {
      stopped = true;
      unregister();
      if (wakeTimer) clearTimeout(wakeTimer);
      if (pauseTimer) clearTimeout(pauseTimer);
      if (unlisten) await unlisten().catch(() => {});
      await loop;
      const until = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      // The heartbeat runs until here: a job still running is this worker's, not a dead one's.
      clearInterval(beat);
      let released = 0;
      if (running > 0) {
        released = await releaseJobs(handle.db, workerId).catch((err) => {
          log.error({ workerId, err }, "could not release the running jobs (they are taken again when their lease runs out)");
          return 0;
        });
        log.warn({ workerId, released, running }, "jobs still running at shutdown were handed back to the queue");
      }
      await retireWorker(handle.db, workerId).catch(() => {});
      return { released };
    },
    /** Resolves once no job is running and none is ready (for tests and graceful shutdowns). */
    async drain() {
      for (;;) {
        await new Promise<void>((resolve) => {
          idleResolvers.push(resolve);
          wake();
        });
        const jobs = await nextRunAt(handle.db, queues);
        if (running === 0 && (!jobs || jobs.getTime() > Date.now())) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/**
 * Several workers of one process as one (the server's: lib/server/boot.ts): stopped, woken and drained
 * together. Drained when a pass finds every one idle with nothing ready in any of their queues, since a
 * job of one can queue work for another (a turn queues its reply's send).
 */
export function combineWorkers(workers: readonly Worker[]): Worker {
  const queues = workers.flatMap((w) => w.queues);
  return {
    queues,
    busy: () => workers.reduce((n, w) => n + w.busy(), 0),
    wake: () => {
      for (const w of workers) w.wake();
    },
    async stop(opts) {
      const stopped = await Promise.all(workers.map((w) => w.stop(opts)));
      return { released: stopped.reduce((n, s) => n + s.released, 0) };
    },
    async drain() {
      for (;;) {
        await Promise.all(workers.map((w) => w.drain()));
        const due = await nextRunAt(dbHandle().db, [...queues]);
        if (workers.every((w) => w.busy() === 0) && (!due || due.getTime() > Date.now())) return;
      }
    },
  };
}
