import { z } from "zod";
import { getContact } from "@/lib/contacts/contacts";
import { getConversation } from "@/lib/conversations/conversations";
import { withSession } from "@/lib/dashboard/handler";
import { conversationParams } from "@/lib/dashboard/schemas";
import { outboundMediaTypes, templateRef } from "@/lib/messages/message-schema";
import { listMessages } from "@/lib/messages/messages";
import { messageView } from "@/lib/messages/messages";
import { sendMessage } from "@/lib/messages/send-message";
import { cursorParam, limitParam } from "@/lib/pagination";

// GET /api/dashboard/conversations/{id}/messages - the thread, newest first.
export const GET = withSession(
  { role: "agent", params: conversationParams, query: z.object({ limit: limitParam, before: cursorParam }) },
  async ({ db, businessId, params, query }) => listMessages(db, businessId, params.conversationId, query),
);

const replyIn = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1, "Write a message first.").max(4096) }),
  z.object({ type: z.literal("template"), template: templateRef }),
  // An attached file (uploaded first through /api/dashboard/media), with the box's text as its caption.
  z.object({
    type: z.enum(outboundMediaTypes),
    mediaId: z.string().min(1).max(100),
    text: z.string().trim().max(1024).optional(),
  }),
]);

// POST /api/dashboard/conversations/{id}/messages - an agent's reply; sendMessage applies the 24-hour rule.
export const POST = withSession({ role: "agent", params: conversationParams, body: replyIn }, async ({ db, businessId, userId, params, body }) => {
  const conversation = await getConversation(db, businessId, params.conversationId);
  const contact = await getContact(db, businessId, conversation.contactId);
  const input =
    "mediaId" in body
      ? { to: contact.phone, type: body.type, media: { id: body.mediaId }, text: body.type === "audio" ? undefined : body.text || undefined }
      : { to: contact.phone, ...body };
  const message = await sendMessage(db, businessId, input, { source: "agent", userId });
  return messageView(message);
});
