import type { z } from "zod";

// Every background job is declared once with defineJob: its queue's name, the zod schema of its
// payload, and how many attempts it gets. `enqueue` (queue.ts) takes only a declared job and a payload
// of its type, checked against the schema before the row is written; `runs` (worker.ts) binds the
// handler to the job where the handler lives, and the worker's table is built from those
// (lib/server/jobs.ts). A job is declared in the lowest room that enqueues it, so that room does not
// import the one above that handles it (messages enqueues the channel's delivery, for one).
//
// A job's name is its queue's name as stored in `jobs.queue`, and its payload is stored as given:
// renaming either strands the jobs already waiting.

export type JobPayload = Record<string, unknown>;

export type Job<P extends JobPayload = JobPayload> = {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Attempts before the job is marked failed (one enqueue may ask for another number). */
  readonly maxAttempts: number;
};

/** The attempts a job gets when its declaration does not say. */
export const DEFAULT_MAX_ATTEMPTS = 10;

export function defineJob<S extends z.ZodType<JobPayload>>(def: { name: string; payload: S; maxAttempts?: number }): Job<z.output<S>> {
  return { name: def.name, payload: def.payload as unknown as z.ZodType<z.output<S>>, maxAttempts: def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
}

/** Throws when `payload` does not match its job's schema: a programming error, caught before the row is written. */
export function checkPayload<P extends JobPayload>(job: Job<P>, payload: P): void {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new Error(`Bad payload for job ${job.name}: ${parsed.error.message}`);
}
