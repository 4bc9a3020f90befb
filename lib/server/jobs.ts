import "server-only";
import { ASSISTANT_TURN_QUEUE, assistantTurnJob } from "../runtime/turn/turn-job";
import { KNOWLEDGE_TRANSLATE_QUEUE } from "../runtime/retrieval/retrieval-reply";
import { knowledgeTranslationJob } from "../runtime/llm/knowledge-translation";
import { CAMPAIGN_QUEUE } from "../campaigns/campaigns";
import { campaignSendJob } from "../campaigns/send-job";
import { deliverJob, INBOUND_QUEUE, inboundJob, signalsJob, TEMPLATE_SYNC_QUEUE, templateSyncJob } from "../channels";
import { SIGNALS_QUEUE } from "../messages/message-signals";
import { DELIVER_QUEUE } from "../messages/send-message";
import { EVENTS_QUEUE } from "../events/emit";
import { handleWebhookDelivery } from "../webhooks/deliver";
import { handleEventDispatch, WEBHOOK_DELIVER_QUEUE } from "../webhooks/dispatch";
import { PRIVACY_RETENTION_QUEUE, privacyRetentionJob } from "../privacy/retention";
import { MEDIA_SWEEP_QUEUE, mediaSweepJob } from "../media/sweep-unused";
import type { JobHandler } from "../jobs/worker";

// The composition root's list of work: every room that has background work names its queue and its
// handler here, so lib/jobs (the queue and the worker) knows nothing of the rooms above it.

/** Every background job queue and the handler that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  [DELIVER_QUEUE]: deliverJob,
  [ASSISTANT_TURN_QUEUE]: assistantTurnJob,
  [KNOWLEDGE_TRANSLATE_QUEUE]: knowledgeTranslationJob,
  [INBOUND_QUEUE]: inboundJob,
  [SIGNALS_QUEUE]: signalsJob,
  [EVENTS_QUEUE]: handleEventDispatch,
  [WEBHOOK_DELIVER_QUEUE]: handleWebhookDelivery,
  [CAMPAIGN_QUEUE]: campaignSendJob,
  [TEMPLATE_SYNC_QUEUE]: templateSyncJob,
  [PRIVACY_RETENTION_QUEUE]: privacyRetentionJob,
  [MEDIA_SWEEP_QUEUE]: mediaSweepJob,
};
