import "server-only";
import type { Db } from "../db/client";
import { checkPayload, type Job, type JobPayload } from "./job";
import { enqueueMany } from "./queue";

// Jobs queued by many callers at once go to the database together (group commit, done by the app): the
// first caller's job is written at once, alone; those that come while that statement runs wait for it
// and are then written in one statement, and so on. Nothing waits when the queue is quiet, and under
// load one statement, one commit and one wake-up serve many callers (WhatsApp's webhook door: every
// reply brings three status webhooks, each one job, issue 41). Each caller's promise resolves only once
// its job is committed, so an answer given after it (Meta's 200) never stands for a job that is not
// stored; when the statement fails, every caller in it gets the error (and Meta sends again).

const MAX_TOGETHER = 200;

type Waiting = { payload: JobPayload; orderKey: string | null; delayMs: number; resolve: () => void; reject: (err: unknown) => void };
type Group = { writing: boolean; waiting: Waiting[] };

const groups = new WeakMap<Db, Map<string, Group>>();

/** enqueue on `db` (the root connection: the statement is its own transaction), written together with the jobs of the same queue queued meanwhile. */
export function enqueueTogether<P extends JobPayload>(
  db: Db,
  job: Job<P>,
  payload: P,
  opts: { orderKey?: string | null; delayMs?: number } = {},
): Promise<void> {
  checkPayload(job, payload);
  let byQueue = groups.get(db);
  if (!byQueue) {
    byQueue = new Map();
    groups.set(db, byQueue);
  }
  let group = byQueue.get(job.name);
  if (!group) {
    group = { writing: false, waiting: [] };
    byQueue.set(job.name, group);
  }
  const g = group;
  return new Promise<void>((resolve, reject) => {
    g.waiting.push({ payload, orderKey: opts.orderKey ?? null, delayMs: opts.delayMs ?? 0, resolve, reject });
    if (!g.writing) write(db, job as Job<JobPayload>, g);
  });
}

function write(db: Db, job: Job<JobPayload>, group: Group): void {
  const batch = group.waiting.splice(0, MAX_TOGETHER);
  if (!batch.length) return;
  group.writing = true;
  enqueueMany(
    db,
    job,
    batch.map((w) => ({ payload: w.payload, orderKey: w.orderKey, delayMs: w.delayMs })),
  )
    .then(
      () => {
        for (const w of batch) w.resolve();
      },
      (err) => {
        for (const w of batch) w.reject(err);
      },
    )
    .finally(() => {
      group.writing = false;
      write(db, job, group);
    });
}
