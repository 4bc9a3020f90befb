import { z } from "zod";
import { cursorParam, limitParam } from "../../pagination";
import { storageUsage, storageUsageOut } from "../../media/storage-quota";
import { receiveUpload } from "../../media/upload";
import { conversationEventOut } from "../../conversations/conversation-schema";
import { mediaFileOut, mediaUploadIn, messageOut, sendMessageIn, sendMessageOut } from "../../messages/message-schema";
import { listMessages } from "../../messages/messages";
import { sendMessage } from "../../messages/send-message";
import { defineOperation } from "../operation";
import { idParam, pageOf } from "./common";

export const messagesSend = defineOperation({
  id: "messages-send",
  method: "POST",
  path: "/messages",
  scope: "messages:write",
  tag: "Messages",
  summary: "Send a text, template, image, document, audio or video message",
  description:
    "Creates the contact and conversation when needed. Every type but `template` needs the customer to have written in the last 24 hours (else 422 outside_messaging_window); templates may be sent at any time. A media message names its file with `media: {id}` (from `POST /v1/media`) or `media: {url}` (fetched by us; public addresses only); `text` is then the caption (none for audio). WhatsApp's limits apply: image JPEG/PNG up to 5 MB, audio AAC/AMR/MP3/MP4/OGG up to 16 MB, video MP4/3GPP up to 16 MB, documents (PDF, text, Office) up to 100 MB; else 413 payload_too_large or 415 unsupported_media_type. A fetched `media: {url}` file counts like an upload against the business's storage quota (413 storage_quota_exceeded) and upload rate (429 rate_limited). Honours `Idempotency-Key`.",
  body: sendMessageIn,
  response: sendMessageOut,
  idempotent: true,
  errors: [
    "outside_messaging_window",
    "unknown_template",
    "idempotency_conflict",
    "not_found",
    "payload_too_large",
    "storage_quota_exceeded",
    "unsupported_media_type",
  ],
  handler: async (ctx, { body }) => {
    // A signed-in member is a person; a key says so with `source: "agent"` (people first: the assistant steps back).
    const person = ctx.caller.kind === "user";
    const source = person ? "agent" : (body.source ?? "api");
    const m = await sendMessage(ctx.db, ctx.businessId, body, { source, userId: ctx.caller.kind === "user" ? ctx.caller.userId : null });
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

export const mediaUpload = defineOperation({
  id: "media-upload",
  method: "POST",
  path: "/media",
  scope: "messages:write",
  tag: "Messages",
  summary: "Upload a file to send",
  description:
    "One file as multipart/form-data (part `file`; optional `type` and `filename` parts before it). Checked against WhatsApp's type and size limits for its type (413 payload_too_large, 415 unsupported_media_type) and the business's storage quota (413 storage_quota_exceeded; 1 GiB unless the operator set another); at most 30 files a minute per business (429 rate_limited with Retry-After; MEDIA_UPLOADS_PER_MINUTE). The type is stored as a plain `type/subtype` (anything else becomes application/octet-stream). Send it with `POST /v1/messages` and `media: {id}`; a file no message uses is deleted 24 hours after the upload.",
  multipart: mediaUploadIn,
  response: mediaFileOut,
  errors: ["storage_quota_exceeded"],
  handler: async (ctx) => {
    const f = await receiveUpload(ctx.db, ctx.businessId, ctx.request);
    return { id: f.id, type: f.kind, mimeType: f.mimeType, size: f.size, filename: f.filename, createdAt: f.createdAt.toISOString() };
  },
});

export const mediaStorageGet = defineOperation({
  id: "media-storage",
  method: "GET",
  path: "/internal/media/storage",
  scope: "business:read",
  role: "owner",
  internal: true,
  tag: "Dashboard",
  summary: "The space the business's files take, and its storage quota",
  response: storageUsageOut,
  handler: async (ctx) => storageUsage(ctx.db, ctx.businessId),
});
