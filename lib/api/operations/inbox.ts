import { z } from "zod";
import { conversationOut, conversationStatusSchema } from "../../conversations/conversation-schema";
import { getInboxSettings, inboxSettingsIn, inboxSettingsOut, updateInboxSettings } from "../../conversations/inbox-settings";
import { heartbeat, leaveConversation, VIEWING_WINDOW_SECONDS } from "../../conversations/presence";
import { assignQueued, teamLoad } from "../../conversations/assignment";
import { memberLoads, setAvailability, setCapacity } from "../../conversations/presence";
import { memberAvailabilities } from "../../db/schema/inbox";
import { notFound } from "../../errors";
import { conversationDetail, inboxMembers, inboxPage, inboxSummary, markSeen } from "../../dashboard/inbox";
import { pausedSkillView } from "../../runtime/turn/takeover";
import { AppError } from "../../errors";
import type { PausedSkillOut } from "../../conversations/paused-skill-schema";
import type { Caller } from "../caller";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery, returns } from "./common";

// The inbox's dashboard-only read models and the member's own markers (internal: members only, not in OpenAPI).

const convParam = idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");

function member(caller: Caller) {
  if (caller.kind !== "user") throw new AppError("not_found", "No such endpoint.");
  return caller;
}

const person = z.object({ id: z.string(), name: z.string().nullable() });
const inboxRowOut = conversationOut.extend({
  contact: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      username: z.string().nullable(),
      waUserId: z.string().nullable(),
    })
    .nullable(),
  lastMessage: z
    .object({ text: z.string(), direction: z.string(), source: z.string(), authorName: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  assignee: person.nullable(),
  unread: z.number().int(),
  sla: z
    .object({
      state: z.enum(["ok", "due_soon", "breached"]),
      kind: z.enum(["first_response", "resolution"]),
      dueAt: z.string(),
      dueSoonAt: z.string(),
    })
    .nullable(),
});

export const inboxList = defineOperation({
  id: "inbox-list",
  method: "GET",
  path: "/internal/inbox",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The inbox's rows for the signed-in member: mine / unassigned / all, waiting handoffs first, unread counts",
  query: pageQuery.extend({
    view: z.enum(["mine", "unassigned", "all"]).default("all"),
    status: conversationStatusSchema.optional(),
    contactId: z.string().max(100).optional(),
    label: z.string().trim().min(1).max(100).optional(),
  }),
  response: pageOf(inboxRowOut),
  handler: async (ctx, { query }) => inboxPage(ctx.db, ctx.businessId, member(ctx.caller).userId, query),
});

export const inboxSummaryOp = defineOperation({
  id: "inbox-summary",
  method: "GET",
  path: "/internal/inbox/summary",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The navigation's unread counter and the handoffs waiting for the member (polled on every page: also the member's presence)",
  response: z.object({
    unreadConversations: z.number().int(),
    handoffs: z.array(
      z.object({
        id: z.string(),
        contactName: z.string(),
        assigneeId: z.string().nullable(),
        handedOffAt: z.string(),
        waitingSince: z.string().nullable(),
      }),
    ),
  }),
  handler: async (ctx) => inboxSummary(ctx.db, ctx.businessId, member(ctx.caller).userId),
});

export const inboxSeen = defineOperation({
  id: "inbox-seen",
  method: "POST",
  path: "/internal/inbox/{conversationId}/seen",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The member has read the conversation: their unread count for it drops to 0",
  params: idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  response: z.object({ unread: z.literal(0) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => markSeen(ctx.db, ctx.businessId, member(ctx.caller).userId, params.conversationId),
});

export const inboxConversation = defineOperation({
  id: "internal-inbox-conversation",
  method: "GET",
  path: "/internal/inbox/{conversationId}",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The thread header: conversation, contact, assignee and messaging window, and a skill paused when people took over",
  params: convParam,
  response: returns<InboxConversationDetail>(),
  handler: async (ctx, { params }): Promise<InboxConversationDetail> => {
    const detail = await conversationDetail(ctx.db, ctx.businessId, params.conversationId);
    return { ...detail, pausedSkill: await pausedSkillView(ctx.db, ctx.businessId, params.conversationId) };
  },
});

/** The thread's read model: the header's detail and the paused skill (null when none). */
export type InboxConversationDetail = Awaited<ReturnType<typeof conversationDetail>> & { pausedSkill: PausedSkillOut | null };

// Who else has the conversation open, and who is typing (issue 36): the thread sends this every few
// seconds while it is open (one upsert), and DELETE when it closes.
export const inboxPresence = defineOperation({
  id: "inbox-presence",
  method: "POST",
  path: "/internal/inbox/{conversationId}/presence",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: `The member is viewing the conversation (and typing or not); answers the other members viewing it in the last ${VIEWING_WINDOW_SECONDS} seconds`,
  params: convParam,
  body: z.object({ typing: z.boolean().optional() }),
  bodyOptional: true,
  response: z.object({
    viewers: z.array(z.object({ id: z.string(), name: z.string(), typing: z.boolean(), seenAt: z.string() })),
  }),
  handler: async (ctx, { params, body }) => ({
    viewers: await heartbeat(ctx.db, ctx.businessId, params.conversationId, member(ctx.caller).userId, body.typing === true),
  }),
});

export const inboxLeave = defineOperation({
  id: "inbox-presence-leave",
  method: "DELETE",
  path: "/internal/inbox/{conversationId}/presence",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The member closed the conversation: they stop showing as viewing it",
  params: convParam,
  response: z.object({ left: z.literal(true) }),
  handler: async (ctx, { params }) => {
    await leaveConversation(ctx.db, ctx.businessId, params.conversationId, member(ctx.caller).userId);
    return { left: true as const };
  },
});

export const inboxMembersOp = defineOperation({
  id: "inbox-members",
  method: "GET",
  path: "/internal/inbox/members",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The members a conversation can be assigned to, with who is online",
  response: z.object({
    data: z.array(
      z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), role: z.enum(["owner", "agent"]), online: z.boolean() }),
    ),
  }),
  handler: async (ctx) => inboxMembers(ctx.db, ctx.businessId),
});

export const inboxSettingsGet = defineOperation({
  id: "inbox-settings-get",
  method: "GET",
  path: "/internal/inbox/settings",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The business's handoff settings: the inactivity timeout and round-robin assignment",
  response: inboxSettingsOut,
  handler: async (ctx) => getInboxSettings(ctx.db, ctx.businessId),
});

export const inboxSettingsUpdate = defineOperation({
  id: "inbox-settings-update",
  method: "PATCH",
  path: "/internal/inbox/settings",
  scope: "conversations:write",
  internal: true,
  tag: "Inbox",
  summary: "Change the handoff settings (owners only)",
  body: inboxSettingsIn,
  response: inboxSettingsOut,
  errors: ["forbidden"],
  handler: async (ctx, { body }) => {
    if (member(ctx.caller).role !== "owner") throw new AppError("forbidden", "Only an owner can change the inbox settings.");
    return audited(
      ctx,
      (tx) => updateInboxSettings(tx, ctx.businessId, body),
      () => ({ action: "settings.inbox_changed", target: { type: "business", id: ctx.businessId }, details: { ...body } }),
    );
  },
});

const availabilityOut = z.object({
  availability: z.enum(memberAvailabilities).describe("What the member set."),
  effective: z.enum(memberAvailabilities).describe("What assignment sees: lowered by inactivity."),
  capacity: z.number().int().nullable(),
  open: z.number().int(),
});

async function availabilityOf(ctx: { db: Parameters<typeof memberLoads>[0]; businessId: string }, userId: string) {
  const load = (await memberLoads(ctx.db, ctx.businessId)).get(userId);
  if (!load) throw notFound("user");
  return { availability: load.setAvailability, effective: load.availability, capacity: load.capacity, open: load.open };
}

export const inboxAvailabilityGet = defineOperation({
  id: "inbox-availability-get",
  method: "GET",
  path: "/internal/inbox/availability",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The signed-in member's availability (set and effective), capacity and open conversations",
  response: availabilityOut,
  handler: async (ctx) => availabilityOf(ctx, member(ctx.caller).userId),
});

export const inboxAvailabilitySet = defineOperation({
  id: "inbox-availability-set",
  method: "PUT",
  path: "/internal/inbox/availability",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "Set one's own availability: online, away or offline (only online agents get automatic assignments)",
  body: z.object({ availability: z.enum(memberAvailabilities) }).strict(),
  response: availabilityOut,
  handler: async (ctx, { body }) => {
    const userId = member(ctx.caller).userId;
    await setAvailability(ctx.db, ctx.businessId, userId, body.availability);
    if (body.availability === "online") await assignQueued(ctx.db, ctx.businessId);
    return availabilityOf(ctx, userId);
  },
});

export const inboxTeamLoad = defineOperation({
  id: "inbox-team-load",
  method: "GET",
  path: "/internal/inbox/load",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "Owners: the queue (handed off, unassigned, oldest first) and each member's availability and load against capacity",
  response: returns<Awaited<ReturnType<typeof teamLoad>>>(),
  errors: ["forbidden"],
  handler: async (ctx) => {
    if (member(ctx.caller).role !== "owner") throw new AppError("forbidden", "Only an owner can see the team's load.");
    return teamLoad(ctx.db, ctx.businessId);
  },
});

export const inboxCapacitySet = defineOperation({
  id: "inbox-capacity-set",
  method: "PUT",
  path: "/internal/inbox/capacity/{userId}",
  scope: "conversations:write",
  internal: true,
  tag: "Inbox",
  summary: "Owners: set a member's capacity (the most open conversations automatic assignment gives them; null: no limit)",
  params: idParam("userId", "usr_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  body: z.object({ capacity: z.number().int().min(0).max(1000).nullable() }).strict(),
  response: availabilityOut,
  errors: ["forbidden", "not_found"],
  handler: async (ctx, { params, body }) => {
    if (member(ctx.caller).role !== "owner") throw new AppError("forbidden", "Only an owner can set capacities.");
    const load = (await memberLoads(ctx.db, ctx.businessId)).get(params.userId);
    if (!load) throw notFound("user");
    await setCapacity(ctx.db, ctx.businessId, params.userId, body.capacity);
    await assignQueued(ctx.db, ctx.businessId);
    return availabilityOf(ctx, params.userId);
  },
});
