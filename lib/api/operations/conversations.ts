import { z } from "zod";
import { assignIn, conversationEventOut, conversationOut, conversationStatusSchema, noteIn } from "../../conversations/conversation-schema";
import { addNote } from "../../conversations/conversation-events";
import { listConversations } from "../../conversations/conversations";
import { setConversationLabel, withLabels, withLabelsAll } from "../../conversations/labels";
import { attachLabelIn } from "../../shared/label-schema";
import { searchConversations } from "../../conversations/search";
import { conversationListItemOut, searchQueryParam } from "../../conversations/search-schema";
import { type ActorRef, assignConversation, handoffConversation, resumeConversation } from "../../conversations/transitions";
import { pausedSkillOut } from "../../conversations/paused-skill-schema";
import { recordOut } from "../../records/records";
import { completePausedSkill, discardPausedSkill, getPausedSkill, handBackPausedSkill } from "../../runtime/turn/takeover";
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
  summary: "List conversations, filterable by status, contact, assignee and label; search with q",
  query: pageQuery.extend({
    status: conversationStatusSchema.optional(),
    contactId: z.string().max(100).optional(),
    assigneeId: z.string().max(100).optional().describe("A user id, or `unassigned`."),
    q: searchQueryParam,
    label: z.string().trim().min(1).max(100).optional().describe("A label's id (`lbl_...`) or name (case ignored): only conversations carrying it."),
  }),
  response: pageOf(conversationListItemOut),
  handler: async (ctx, { query: { q, ...filter } }) => {
    if (!q) return listConversations(ctx.db, ctx.businessId, filter);
    const page = await searchConversations(ctx.db, ctx.businessId, q, filter);
    return { ...page, data: await withLabelsAll(ctx.db, ctx.businessId, page.data) };
  },
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
    withLabels(
      ctx.db,
      ctx.businessId,
      await handoffConversation(ctx.db, ctx.businessId, params.conversationId, {
        reason: body.reason ?? null,
        actor: actorOfCaller(ctx.caller) as ActorRef,
      }),
    ),
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
  handler: async (ctx, { params }) =>
    withLabels(ctx.db, ctx.businessId, await resumeConversation(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller))),
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
  handler: async (ctx, { params }) =>
    withLabels(ctx.db, ctx.businessId, await resolveConversation(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller))),
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
  handler: async (ctx, { params, body }) =>
    withLabels(
      ctx.db,
      ctx.businessId,
      await assignConversation(ctx.db, ctx.businessId, params.conversationId, body.userId, actorOfCaller(ctx.caller)),
    ),
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

// A skill the assistant was running when people took over (issue 36): see it, complete it, hand it
// back or drop it (lib/runtime/turn/takeover.ts).

export const conversationsSkillGet = defineOperation({
  id: "conversations-skill-get",
  method: "GET",
  path: "/conversations/{conversationId}/skill",
  scope: "conversations:read",
  tag: "Conversations",
  summary: "The skill paused when people took over: what it gathered, and whether it can be completed",
  description:
    "When a conversation is handed to people (a person's reply, `POST .../handoff`, the customer asking for a person) while the assistant runs a skill, the skill is paused with what it gathered instead of being dropped. This reads it: the step it waits at (`waitingFor`, with the question the assistant had asked), what the customer gave (`gathered`), and whether a person can complete it now (`canComplete`; `fields` is then the record completing it writes, and `confirmation` what the skill would have told the customer). 404 when no skill is paused. A paused skill is dropped when the conversation goes back to the assistant without it (`/resume`, the inactivity timeout), is closed, or 24 hours after the skill's last step.",
  params: convParam,
  response: pausedSkillOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getPausedSkill(ctx.db, ctx.businessId, params.conversationId),
});

export const conversationsSkillComplete = defineOperation({
  id: "conversations-skill-complete",
  method: "POST",
  path: "/conversations/{conversationId}/skill/complete",
  scope: "records:write",
  tag: "Conversations",
  summary: "Complete the paused skill: its record is written as the skill would have written it",
  description:
    "As if the customer had said yes at the skill's confirmation: the skill's own record step writes the record from what it gathered (the same fields, with `record.created`, or `record.updated` when the skill was changing an earlier booking), a place the booking held stays with it, and the skill ends. The conversation stays with people; `confirmation` is the message the skill would have sent the customer, for a person to send. 409 `invalid_transition` (nothing written) while the skill still has something to ask (`details` names each); 404 when no skill is paused.",
  params: convParam,
  response: z.object({
    record: recordOut,
    confirmation: z.string().nullable().meta({ description: "What the skill says once its record is written, in the customer's language." }),
    conversation: conversationOut,
  }),
  errors: ["not_found", "invalid_transition"],
  handler: async (ctx, { params }) => {
    const done = await completePausedSkill(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller));
    return { ...done, conversation: await withLabels(ctx.db, ctx.businessId, done.conversation) };
  },
});

export const conversationsSkillHandBack = defineOperation({
  id: "conversations-skill-hand-back",
  method: "POST",
  path: "/conversations/{conversationId}/skill/hand-back",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Hand the paused skill back to the assistant to finish",
  description:
    "The conversation returns to the assistant (`open`, a `returned` line) with the skill running again where it waited, and the assistant asks its pending question once more (what the customer told a person meanwhile is not taken as an answer). 404 when no skill is paused; 409 `invalid_transition` for a closed conversation.",
  params: convParam,
  response: conversationOut,
  errors: ["not_found", "invalid_transition"],
  handler: async (ctx, { params }) =>
    withLabels(ctx.db, ctx.businessId, await handBackPausedSkill(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller))),
});

export const conversationsSkillDiscard = defineOperation({
  id: "conversations-skill-discard",
  method: "DELETE",
  path: "/conversations/{conversationId}/skill",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Drop the paused skill: nothing is written, a place it held goes back",
  params: convParam,
  response: z.object({ id: z.string().meta({ description: "The skill's id." }), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => discardPausedSkill(ctx.db, ctx.businessId, params.conversationId, actorOfCaller(ctx.caller)),
});

export const conversationsLabelAdd = defineOperation({
  id: "conversations-label-add",
  method: "POST",
  path: "/conversations/{conversationId}/labels",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Put a label on a conversation",
  description:
    'Body `{ "labelId": "lbl_..." }`. Putting on a label the conversation carries changes nothing. A label or conversation of another business answers 404 like a missing one. Fires `conversation.labeled`.',
  params: convParam,
  body: attachLabelIn,
  response: statusOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => setConversationLabel(ctx.db, ctx.businessId, params.conversationId, body.labelId, true),
});

export const conversationsLabelRemove = defineOperation({
  id: "conversations-label-remove",
  method: "DELETE",
  path: "/conversations/{conversationId}/labels/{labelId}",
  scope: "conversations:write",
  tag: "Conversations",
  summary: "Take a label off a conversation",
  description: "Taking off a label the conversation does not carry changes nothing. Fires `conversation.labeled` when it did.",
  params: convParam.extend({ labelId: z.string().min(1).max(100) }),
  response: statusOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => setConversationLabel(ctx.db, ctx.businessId, params.conversationId, params.labelId, false),
});
