import { z } from "zod";
import { conversationOut, conversationStatusSchema } from "../../conversations/conversation-schema";
import { listConversations } from "../../conversations/conversations";
import { closeConversation, handoffConversation, resumeConversation } from "../../conversations/transitions";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

const convParam = idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const statusOut = conversationOut;

export const conversationsList = defineOperation({
  id: "conversations-list",
  method: "GET",
  path: "/conversations",
  scope: "conversations:read",
  tag: "Conversations",
  summary: "List conversations, filterable by status, contact and assignee",
  query: pageQuery.extend({
    status: conversationStatusSchema.optional(),
    contactId: z.string().max(100).optional(),
    assigneeId: z.string().max(100).optional().describe("A user id, or `unassigned`."),
  }),
  response: pageOf(conversationOut),
  handler: async (ctx, { query }) => listConversations(ctx.db, ctx.businessId, query),
});

export const conversationsHandoff = defineOperation({
  id: "conversations-handoff",
  method: "POST",
  path: "/conversations/{conversationId}/handoff",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Hand a conversation off to a human (pauses the assistant)",
  params: convParam,
  body: z.object({ reason: z.string().max(500).optional() }),
  bodyOptional: true,
  response: statusOut,
  errors: ["not_found", "invalid_transition"],
  handler: async (ctx, { params, body }) =>
    handoffConversation(ctx.db, ctx.businessId, params.conversationId as string, { reason: body.reason ?? null, actor: "api" }),
});

export const conversationsResume = defineOperation({
  id: "conversations-resume",
  method: "POST",
  path: "/conversations/{conversationId}/resume",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Return a handed-off conversation to the assistant",
  params: convParam,
  response: statusOut,
  errors: ["not_found", "invalid_transition"],
  handler: async (ctx, { params }) => resumeConversation(ctx.db, ctx.businessId, params.conversationId as string, "api"),
});

export const conversationsClose = defineOperation({
  id: "conversations-close",
  method: "POST",
  path: "/conversations/{conversationId}/close",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Close a conversation",
  params: convParam,
  response: statusOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => closeConversation(ctx.db, ctx.businessId, params.conversationId as string, "api"),
});
