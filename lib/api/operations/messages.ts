import { z } from "zod";
import { cursorParam, limitParam } from "../../pagination";
import { messageOut, sendMessageIn, sendMessageOut } from "../../messages/message-schema";
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
  summary: "Send a text or template message",
  description:
    "Creates the contact and conversation when needed. A `text` message needs the customer to have written in the last 24 hours (else 422 outside_messaging_window); templates may be sent at any time. Honours `Idempotency-Key`.",
  body: sendMessageIn,
  response: sendMessageOut,
  idempotent: true,
  errors: ["outside_messaging_window", "unknown_template", "idempotency_conflict"],
  handler: async (ctx, { body }) => {
    const m = await sendMessage(ctx.db, ctx.businessId, body, { source: "api" });
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
  params: idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  query: z.object({ limit: limitParam, before: cursorParam.describe("The `nextCursor` of the previous page: older messages.") }),
  response: pageOf(messageOut),
  errors: ["not_found"],
  handler: async (ctx, { params, query }) => listMessages(ctx.db, ctx.businessId, params.conversationId as string, query),
});
