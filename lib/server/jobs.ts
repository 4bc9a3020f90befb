import "server-only";
import { assistantTurnJob } from "../runtime/turn/turn-job";
import { knowledgeTranslationJob } from "../runtime/llm/knowledge-translation";
import { campaignSendJob } from "../campaigns/send-job";
import { deliverJob, inboundJob, signalsJob, templateSyncJob } from "../channels";
import { handleWebhookDelivery } from "../webhooks/deliver";
import { handleEventDispatch } from "../webhooks/dispatch";
import { privacyRetentionJob } from "../privacy/retention";
import { mediaSweepJob } from "../media/sweep-unused";
import { handlerTable } from "../jobs/worker";
import { appointmentRemindersJob } from "../appointments/reminders";
import { reminderAnswerRunner } from "../appointments/reminder-replies";
import { busyFeedsJob } from "../appointments/busy-feeds";
import { paymentCheckoutJob, paymentExpiryJob } from "../payments/order-payments";
import { paymentNoticeJob } from "../runtime/engine/payment-notices";

// The composition root's list of work: every room that has background work declares its job
// (lib/jobs/job.ts) and binds its handler to it (`runs`), and the table is built here, so lib/jobs
// (the queue and the worker) knows nothing of the rooms above it.

/** Every background job queue and the handler that runs it. */
export const jobHandlers = handlerTable([
  deliverJob,
  assistantTurnJob,
  knowledgeTranslationJob,
  inboundJob,
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
