import { z } from "zod";
import { AppError } from "../../errors";
import { contactAddress } from "../../shared/customer-address";
import { getContact } from "../../contacts/contacts";
import { conversationEventOut } from "../../conversations/conversation-schema";
import { getConversation } from "../../conversations/conversations";
import { markConversationRead, reactAsBusiness } from "../../messages/message-signals";
import { messageOut, outboundMediaTypes, sendMessageIn, sendMessageOut, templateRef } from "../../messages/message-schema";
import { listMessages, messageView } from "../../messages/messages";
import { sendMessage } from "../../messages/send-message";
import { cursorParam, limitParam } from "../../pagination";
import { interactiveMessage } from "../../shared/interactive-schema";
import { memberId } from "../caller";
import { defineOperation } from "../operation";
import { idParam, pageOf, returns } from "./common";

export const messagesSend = defineOperation({
  id: "messages-send",
  method: "POST",
  path: "/messages",
  scope: "messages:write",
  tag: "Messages",
  summary: "Send a text, template, interactive, image, document, audio or video message",
  description:
    "Creates the contact and conversation when needed. Every type but `template` needs the customer to have written in the last 24 hours (else 422 outside_messaging_window); templates may be sent at any time. A media message names its file with `media: {id}` (from `POST /v1/media`) or `media: {url}` (fetched by us; public addresses only); `text` is then the caption (none for audio). WhatsApp's limits apply: image JPEG/PNG up to 5 MB, audio AAC/AMR/MP3/MP4/OGG up to 16 MB, video MP4/3GPP up to 16 MB, documents (PDF, text, Office) up to 100 MB; else 413 payload_too_large or 415 unsupported_media_type. A fetched `media: {url}` file counts like an upload against the business's storage quota (413 storage_quota_exceeded) and upload rate (429 rate_limited). `type: interactive` sends reply buttons, a list, a call-to-action URL button or a location request (`interactive`, checked against WhatsApp's limits: a 400 names each field over a limit); the customer's answer comes back as a message with its `choice` (the id you gave) and in `message.received`. `replyTo` quotes a message of the customer's current conversation (WhatsApp shows it above the reply); an id of no message there, of another conversation or of another business answers the same 400 on `replyTo`. A person's message may carry `seenUpTo` (the last message they had seen): when another person replied since, nothing is sent and the answer is 409 already_replied (`force: true` sends anyway). Honours `Idempotency-Key`.",
  body: sendMessageIn,
  response: sendMessageOut,
  idempotent: true,
  errors: [
    "outside_messaging_window",
    "unknown_template",
    "idempotency_conflict",
    "already_replied",
    "not_found",
    "payload_too_large",
    "storage_quota_exceeded",
    "unsupported_media_type",
  ],
  handler: async (ctx, { body }) => {
    // A signed-in member is a person; a key says so with `source: "agent"` (people first: the assistant steps back).
    const person = ctx.caller.kind === "user";
    const source = person ? "agent" : (body.source ?? "api");
    const { seenUpTo, force, ...message } = body;
    const m = await sendMessage(ctx.db, ctx.businessId, message, {
      source,
      userId: ctx.caller.kind === "user" ? ctx.caller.userId : null,
      seenUpTo,
      force,
    });
    return { id: m.id, status: m.status, conversationId: m.conversationId, createdAt: m.createdAt.toISOString() };
  },
});

export const messagesList = defineOperation({
  id: "messages-list",
  method: "GET",
  path: "/conversations/{conversationId}/messages",
  scope: "messages:read",
  tag: "Messages",
  summary: "Page through a conversation's messages, newest first",
  description:
    "Messages only by default. `include=notes` adds the team's internal notes, `include=events` the conversation's history lines (handed off, assigned, returned, closed, reopened), `include=notes,events` both: they come merged in by time, told apart from messages by their `kind` (`note` or `event`), paged with the same cursor.",
  params: idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  query: z.object({
    limit: limitParam,
    before: cursorParam.describe("The `nextCursor` of the previous page: older messages."),
    include: z
      .string()
      .regex(/^(notes|events)(,(notes|events))?$/, "include is notes, events or notes,events")
      .optional()
      .describe("`notes`, `events` or `notes,events`: internal notes and history lines beside the messages."),
  }),
  response: pageOf(z.union([messageOut, conversationEventOut])),
  errors: ["not_found"],
  handler: async (ctx, { params, query }) =>
    listMessages(ctx.db, ctx.businessId, params.conversationId, {
      limit: query.limit,
      before: query.before,
      include: { notes: !!query.include?.includes("notes"), events: !!query.include?.includes("events") },
    }),
});

// The inbox's side (internal): a member's reply, the blue ticks and reactions.

const convParam = idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");

// Every reply may say the last message the member had seen (`seenUpTo`): when a teammate replied
// since, 409 already_replied, and the reply box asks before sending again with `force` (issue 36).
const seen = { seenUpTo: z.string().min(1).max(100).optional(), force: z.boolean().optional() };
// `replyTo`: the message of this conversation the reply quotes (the thread's "Reply").
const replyTo = z.string().min(1).max(100).optional();
const replyIn = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1, "Write a message first.").max(4096), replyTo, ...seen }),
  z.object({ type: z.literal("template"), template: templateRef, ...seen }),
  // Buttons or a list added to the reply (the box's text is the body).
  z.object({ type: z.literal("interactive"), interactive: interactiveMessage, replyTo, ...seen }),
  // An attached file (uploaded first through POST /v1/media), with the box's text as its caption.
  z.object({
    type: z.enum(outboundMediaTypes),
    mediaId: z.string().min(1).max(100),
    text: z.string().trim().max(1024).optional(),
    ...seen,
    // A recorded voice note (type audio): sent as a WhatsApp voice message.
    voice: z.boolean().optional(),
    replyTo,
  }),
]);

export const inboxReply = defineOperation({
  id: "internal-conversations-reply",
  method: "POST",
  path: "/internal/conversations/{conversationId}/messages",
  scope: "messages:write",
  internal: true,
  tag: "Inbox",
  summary:
    "A member's reply in the conversation (sendMessage applies the 24-hour rule; 409 already_replied when a teammate replied after `seenUpTo`)",
  params: convParam,
  body: replyIn,
  errors: ["already_replied", "outside_messaging_window"],
  response: returns<ReturnType<typeof messageView>>(),
  handler: async (ctx, { params, body }) => {
    const conversation = await getConversation(ctx.db, ctx.businessId, params.conversationId);
    const contact = await getContact(ctx.db, ctx.businessId, conversation.contactId);
    const to = contactAddress(contact);
    if (!to) throw new AppError("invalid_request", "This contact has only a WhatsApp username: there is no number or WhatsApp id to write to.");
    const { seenUpTo, force, ...reply } = body;
    const input =
      "mediaId" in reply
        ? {
            to,
            type: reply.type,
            media: { id: reply.mediaId },
            text: reply.type === "audio" ? undefined : reply.text || undefined,
            ...(reply.voice && reply.type === "audio" ? { voice: true } : {}),
            replyTo: reply.replyTo,
          }
        : { to, ...reply };
    const message = await sendMessage(ctx.db, ctx.businessId, input, { source: "agent", userId: memberId(ctx.caller), seenUpTo, force });
    return messageView(message);
  },
});

export const inboxRead = defineOperation({
  id: "internal-conversations-read",
  method: "POST",
  path: "/internal/conversations/{conversationId}/read",
  scope: "messages:write",
  internal: true,
  tag: "Inbox",
  summary: "A member opened the thread: blue ticks for the customer",
  params: convParam,
  response: z.object({ marked: z.number() }),
  handler: async (ctx, { params }) => {
    await getConversation(ctx.db, ctx.businessId, params.conversationId);
    return { marked: await markConversationRead(ctx.db, ctx.businessId, params.conversationId) };
  },
});

export const inboxReaction = defineOperation({
  id: "internal-messages-reaction",
  method: "PUT",
  path: "/internal/conversations/{conversationId}/messages/{messageId}/reaction",
  scope: "messages:write",
  internal: true,
  tag: "Inbox",
  summary: "A member reacts to a message (an empty emoji removes the reaction)",
  params: z.object({ conversationId: z.string().min(1).max(100), messageId: z.string().min(1).max(100) }),
  body: z.object({ emoji: z.string().max(32) }),
  response: z.object({ ok: z.literal(true) }),
  handler: async (ctx, { params, body }) => {
    await reactAsBusiness(ctx.db, ctx.businessId, params.messageId, body.emoji, params.conversationId);
    return { ok: true as const };
  },
});
