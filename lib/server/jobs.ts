import "server-only";
import { answerWithMessage, assistantTurnJob } from "../runtime/turn/turn-job";
import { knowledgeTranslationJob } from "../runtime/llm/knowledge-translation";
import { campaignSendJob } from "../campaigns/send-job";
import { deliverJob, inboundJobWith, signalsJob, templateSyncJob } from "../channels";
import { handleWebhookDelivery } from "../webhooks/deliver";
import { handleEventDispatch } from "../webhooks/dispatch";
import { privacyRetentionJob } from "../privacy/retention";
import { mediaSweepJob } from "../media/sweep-unused";
import { combineWorkers, handlerTable, type JobHandler, startWorker, type Worker } from "../jobs/worker";
import { llmSettings } from "../runtime/llm/llm-client";
import { appointmentRemindersJob } from "../appointments/reminders";
import { reminderAnswerRunner } from "../appointments/reminder-replies";
import { busyFeedsJob } from "../appointments/busy-feeds";
import { paymentCheckoutJob, paymentExpiryJob } from "../payments/order-payments";
import { paymentNoticeJob } from "../runtime/engine/payment-notices";

// The composition root's list of work: every room that has background work declares its job
// (lib/jobs/job.ts) and binds its handler to it (`runs`), and the table is built here, so lib/jobs
// (the queue and the worker) knows nothing of the rooms above it.

/**
 * The inbound job as the server runs it: without a model a turn is one short pass, answered in the
 * transaction that stores its message (lib/runtime/turn/turn.ts answerInTransaction); with one, the turn
 * waits for the model between transactions, so it is queued as a job of its own (waitingQueues).
 */
const inboundAnswering = inboundJobWith(() => (llmSettings() ? {} : answerWithMessage));

/** Every background job queue and the handler that runs it. */
export const jobHandlers = handlerTable([
  deliverJob,
  assistantTurnJob,
  knowledgeTranslationJob,
  inboundAnswering,
  signalsJob,
  handleEventDispatch,
  handleWebhookDelivery,
  campaignSendJob,
  templateSyncJob,
  privacyRetentionJob,
  mediaSweepJob,
  appointmentRemindersJob,
  reminderAnswerRunner,
  busyFeedsJob,
  paymentCheckoutJob,
  paymentExpiryJob,
  paymentNoticeJob,
]);

/**
 * Queues whose jobs spend their time waiting for WhatsApp's servers (a reply's send, a read receipt and
 * typing indicator): a send takes Meta 100-400 ms, during which it needs no CPU. The server runs them
 * in a pool of their own (lib/server/boot.ts), so that a business can send at Meta's default 80 messages
 * a second (80 x 0.25 s = 20 sends at once) and its sends never hold the slots its assistant's turns need.
 */
export const networkQueues: readonly string[] = [deliverJob.job.name, signalsJob.job.name];

const positiveInt = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  const n = raw ? Number(raw) : fallback;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * The queues the server runs in its pool for waiting (startServerWorkers): networkQueues, and with a
 * model configured the assistant's turns as well, which wait seconds for the model between their
 * transactions (lib/runtime/turn/turn.ts): with the share of three, a business would answer one to three
 * customers a second.
 */
export function waitingQueues(): readonly string[] {
  return llmSettings() ? [...networkQueues, assistantTurnJob.job.name] : networkQueues;
}

/** Jobs of the waiting queues one process runs at once (SEND_CONCURRENCY, default 32). */
export const sendConcurrency = (): number => positiveInt("SEND_CONCURRENCY", 32);

/**
 * Jobs of one waiting queue one business runs at once over all workers (SENDS_PER_BUSINESS, default 24):
 * room for Meta's default throughput at a quarter of a second a send, and a quarter of a process's pool
 * left to the other businesses when one business's sends hang.
 */
export const sendsPerBusiness = (): number => positiveInt("SENDS_PER_BUSINESS", 24);

/**
 * The server's worker (lib/server/boot.ts), as two pools: the jobs of waitingQueues in SEND_CONCURRENCY
 * slots with a business's share SENDS_PER_BUSINESS, the rest in WORKER_CONCURRENCY slots with
 * JOBS_PER_BUSINESS. `handlers`: every job by default (tests pass their own).
 */
export function startServerWorkers(handlers: Record<string, JobHandler> = jobHandlers, opts: { pollMs?: number } = {}): Worker {
  const waiting = waitingQueues();
  const pool = (wait: boolean) => Object.fromEntries(Object.entries(handlers).filter(([queue]) => waiting.includes(queue) === wait));
  return combineWorkers([
    startWorker(pool(false), opts),
    startWorker(pool(true), { ...opts, concurrency: sendConcurrency(), perBusiness: sendsPerBusiness() }),
  ]);
}
