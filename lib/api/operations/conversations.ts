import { z } from "zod";
import { assignIn, conversationEventOut, conversationOut, conversationStatusSchema, noteIn } from "../../conversations/conversation-schema";
import { addNote } from "../../conversations/conversation-events";
import { listConversations } from "../../conversations/conversations";
import { searchConversations } from "../../conversations/search";
import { conversationListItemOut, searchQueryParam } from "../../conversations/search-schema";
import { type ActorRef, assignConversation, handoffConversation, resumeConversation } from "../../conversations/transitions";
import { resolveConversation } from "../../messages/satisfaction";
import type { Caller } from "../caller";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

const convParam = idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const statusOut = conversationOut;

/** A member acting from the dashboard is a person (`agent`, named in the thread); a key is `api`. */
export function actorOfCaller(caller: Caller): { type: "agent" | "api"; userId: string | null } {
  return caller.kind === "user" ? { type: "agent", userId: caller.userId } : { type: "api", userId: null };
}

export const conversationsList = defineOperation({
  id: "conversations-list",
  method: "GET",
  path: "/conversations",
  scope: "conversations:read",
  tag: "Conversations",
  summary: "List conversations, filterable by status, contact and assignee; search with q",
  query: pageQuery.extend({
    status: conversationStatusSchema.optional(),
    contactId: z.string().max(100).optional(),
    assigneeId: z.string().max(100).optional().describe("A user id, or `unassigned`."),
    q: searchQueryParam,
  }),
  response: pageOf(conversationListItemOut),
  handler: async (ctx, { query: { q, ...filter } }) =>
    q ? searchConversations(ctx.db, ctx.businessId, q, filter) : listConversations(ctx.db, ctx.businessId, filter),
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
    handoffConversation(ctx.db, ctx.businessId, params.conversationId, {
      reason: body.reason ?? null,
      actor: actorOfCaller(ctx.caller) as ActorRef,
    }),
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
  handler: async (ctx, { params }) => resumeConversation(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller)),
});

export const conversationsClose = defineOperation({
  id: "conversations-close",
  method: "POST",
  path: "/conversations/{conversationId}/close",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Close a conversation",
  description:
    "Resolves the conversation; the customer's next message opens a new one. When a person replied in it, the customer is asked once to rate it (1 to 5, inside the 24-hour window, unless the business turned the survey off): see `satisfaction` on the conversation and the `conversation.rated` event.",
  params: convParam,
  response: statusOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => resolveConversation(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller)),
});

export const conversationsAssign = defineOperation({
  id: "conversations-assign",
  method: "POST",
  path: "/conversations/{conversationId}/assign",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Assign a conversation to a member of the business (or unassign it)",
  description:
    'Body `{ "userId": "usr_..." }`, or `null` to unassign. A user id of another business answers 404 like a missing one. Fires `conversation.assigned` (not when the assignee does not change) and adds an `assigned` line to the conversation\'s history.',
  params: convParam,
  body: assignIn,
  response: statusOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => assignConversation(ctx.db, ctx.businessId, params.conversationId, body.userId, actorOfCaller(ctx.caller)),
});

export const conversationsNote = defineOperation({
  id: "conversations-note",
  method: "POST",
  path: "/conversations/{conversationId}/notes",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Add an internal note to a conversation (never sent to the customer)",
  description:
    'Body `{ "text": "..." }` (1..4096 characters). Notes are for the team: they are not messages, are never delivered, and appear in `GET /v1/conversations/{conversationId}/messages` only with `include=notes`.',
  params: convParam,
  body: noteIn,
  response: conversationEventOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => addNote(ctx.db, ctx.businessId, params.conversationId, body.text, actorOfCaller(ctx.caller)),
});
