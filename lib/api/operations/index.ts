import type { AnyOperation } from "../operation";
import { assistantsGet, knowledgeCreate, knowledgeDelete, knowledgeList, knowledgeUpdate } from "./assistants";
import { catalogList, catalogUpsert } from "./catalog";
import { contactsList, contactsUpsert } from "./contacts";
import { conversationsClose, conversationsHandoff, conversationsList, conversationsResume } from "./conversations";
import { mediaUpload, messagesList, messagesSend } from "./messages";
import { recordsList } from "./records";
import { skillsGet, skillsList, skillsUpsert } from "./skills";
import { templatesList, templatesUpsert } from "./templates";
import { analyticsSummaryOp, usageWallet } from "./usage";
import {
  webhooksList,
  webhooksCreate,
  webhooksGet,
  webhooksUpdate,
  webhooksDelete,
  webhooksRotateSecret,
  webhooksDeliveriesList,
  webhooksDeliveryRetry,
  webhooksTest,
} from "./webhooks";

/** Every /v1 operation: route files, the standalone API server and the OpenAPI document read this table. */
export const operations: AnyOperation[] = [
  messagesSend,
  messagesList,
  mediaUpload,
  conversationsList,
  conversationsHandoff,
  conversationsResume,
  conversationsClose,
  contactsList,
  contactsUpsert,
  assistantsGet,
  knowledgeList,
  knowledgeCreate,
  knowledgeUpdate,
  knowledgeDelete,
  skillsList,
  skillsGet,
  skillsUpsert,
  catalogUpsert,
  catalogList,
  recordsList,
  analyticsSummaryOp,
  usageWallet,
  templatesList,
  templatesUpsert,
  webhooksList,
  webhooksCreate,
  webhooksGet,
  webhooksUpdate,
  webhooksDelete,
  webhooksRotateSecret,
  webhooksDeliveriesList,
  webhooksDeliveryRetry,
  webhooksTest,
];

export {
  analyticsSummaryOp,
  assistantsGet,
  catalogList,
  catalogUpsert,
  contactsList,
  contactsUpsert,
  conversationsClose,
  conversationsHandoff,
  conversationsList,
  conversationsResume,
  knowledgeCreate,
  knowledgeDelete,
  knowledgeList,
  knowledgeUpdate,
  mediaUpload,
  messagesList,
  messagesSend,
  recordsList,
  skillsGet,
  skillsList,
  skillsUpsert,
  templatesList,
  templatesUpsert,
  usageWallet,
  webhooksList,
  webhooksCreate,
  webhooksGet,
  webhooksUpdate,
  webhooksDelete,
  webhooksRotateSecret,
  webhooksDeliveriesList,
  webhooksDeliveryRetry,
  webhooksTest,
};
