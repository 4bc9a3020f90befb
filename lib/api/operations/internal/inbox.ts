import { z } from "zod";
import { getOptOut, setOptOut } from "../../../campaigns/opt-out";
import { newSandboxCustomer, sandboxThread, simulateInbound } from "../../../channels/sandbox-simulator";
import { metadataSchema, tagsSchema } from "../../../contacts/contact-schema";
import { getContact, updateContact } from "../../../contacts/contacts";
import { getConversation } from "../../../conversations/conversations";
import { conversationDetail } from "../../../dashboard/inbox";
import { recordCollections } from "../../../dashboard/records";
import { markConversationRead, reactAsBusiness } from "../../../messages/message-signals";
import { outboundMediaTypes, templateRef } from "../../../messages/message-schema";
import { messageView } from "../../../messages/messages";
import { sendMessage } from "../../../messages/send-message";
import { listRecords } from "../../../records/records";
import { memberId } from "../../caller";
import { defineOperation } from "../../operation";
import { idParam, isoDate, pageQuery, returns } from "../common";

// The inbox, contact panel, records tabs and simulator: read models and actions only the dashboard
// uses, open to every member (owners and agents). Members only, left out of the OpenAPI document.

const convParam = idParam("conversationId", "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const contactParam = idParam("contactId", "ct_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const inboxConversation = defineOperation({
  id: "internal-inbox-conversation",
  method: "GET",
  path: "/internal/inbox/{conversationId}",
  scope: "conversations:read",
  internal: true,
  tag: "Inbox",
  summary: "The thread header: conversation, contact, assignee and messaging window",
  params: convParam,
  response: returns<Awaited<ReturnType<typeof conversationDetail>>>(),
  handler: async (ctx, { params }) => conversationDetail(ctx.db, ctx.businessId, params.conversationId),
});

const replyIn = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1, "Write a message first.").max(4096) }),
  z.object({ type: z.literal("template"), template: templateRef }),
  // An attached file (uploaded first through POST /v1/media), with the box's text as its caption.
  z.object({
    type: z.enum(outboundMediaTypes),
    mediaId: z.string().min(1).max(100),
    text: z.string().trim().max(1024).optional(),
  }),
]);

export const inboxReply = defineOperation({
  id: "internal-conversations-reply",
  method: "POST",
  path: "/internal/conversations/{conversationId}/messages",
  scope: "messages:write",
  internal: true,
  tag: "Inbox",
  summary: "A member's reply in the conversation (sendMessage applies the 24-hour rule)",
  params: convParam,
  body: replyIn,
  response: returns<ReturnType<typeof messageView>>(),
  handler: async (ctx, { params, body }) => {
    const conversation = await getConversation(ctx.db, ctx.businessId, params.conversationId);
    const contact = await getContact(ctx.db, ctx.businessId, conversation.contactId);
    const input =
      "mediaId" in body
        ? { to: contact.phone, type: body.type, media: { id: body.mediaId }, text: body.type === "audio" ? undefined : body.text || undefined }
        : { to: contact.phone, ...body };
    const message = await sendMessage(ctx.db, ctx.businessId, input, { source: "agent", userId: memberId(ctx.caller) });
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

export const contactGet = defineOperation({
  id: "internal-contacts-get",
  method: "GET",
  path: "/internal/contacts/{contactId}",
  scope: "contacts:read",
  internal: true,
  tag: "Contacts",
  summary: "One contact",
  params: contactParam,
  response: returns<Awaited<ReturnType<typeof getContact>>>(),
  handler: async (ctx, { params }) => getContact(ctx.db, ctx.businessId, params.contactId),
});

export const contactUpdate = defineOperation({
  id: "internal-contacts-update",
  method: "PATCH",
  path: "/internal/contacts/{contactId}",
  scope: "contacts:write",
  internal: true,
  tag: "Contacts",
  summary: "Edit a contact's name, tags (replaced whole) and metadata (replaced whole)",
  params: contactParam,
  body: z.object({ name: z.string().trim().max(200).nullable().optional(), tags: tagsSchema.optional(), metadata: metadataSchema.optional() }),
  response: returns<Awaited<ReturnType<typeof updateContact>>>(),
  handler: async (ctx, { params, body }) =>
    updateContact(ctx.db, ctx.businessId, params.contactId, { ...body, name: body.name === "" ? null : body.name }),
});

export const contactOptOutGet = defineOperation({
  id: "internal-contacts-opt-out-get",
  method: "GET",
  path: "/internal/contacts/{contactId}/opt-out",
  scope: "contacts:read",
  internal: true,
  tag: "Contacts",
  summary: "Whether the contact opted out of campaigns, and how",
  params: contactParam,
  response: returns<Awaited<ReturnType<typeof getOptOut>>>(),
  handler: async (ctx, { params }) => getOptOut(ctx.db, ctx.businessId, params.contactId),
});

export const contactOptOutSet = defineOperation({
  id: "internal-contacts-opt-out-set",
  method: "PUT",
  path: "/internal/contacts/{contactId}/opt-out",
  scope: "contacts:write",
  internal: true,
  tag: "Contacts",
  summary: "A member changes the opt-out (emits contact.updated when it changes)",
  params: contactParam,
  body: z.object({ optedOut: z.boolean() }),
  response: returns<Awaited<ReturnType<typeof getOptOut>>>(),
  handler: async (ctx, { params, body }) => {
    await ctx.db.transaction((tx) => setOptOut(tx, ctx.businessId, params.contactId, body.optedOut, "staff"));
    return getOptOut(ctx.db, ctx.businessId, params.contactId);
  },
});

export const recordCollectionsList = defineOperation({
  id: "internal-records-collections",
  method: "GET",
  path: "/internal/records",
  scope: "records:read",
  internal: true,
  tag: "Records",
  summary: "The collections to show as tabs (orders, bookings, leads, then any other)",
  response: z.object({ collections: z.array(z.string()) }),
  handler: async (ctx) => ({ collections: await recordCollections(ctx.db, ctx.businessId) }),
});

export const recordsBrowse = defineOperation({
  id: "internal-records-list",
  method: "GET",
  path: "/internal/records/{collection}",
  scope: "records:read",
  internal: true,
  tag: "Records",
  summary: "Records of one collection, newest first, by date range (`from` inclusive) and conversation",
  params: z.object({ collection: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Unknown collection name.") }),
  query: pageQuery.extend({ from: isoDate.optional(), to: isoDate.optional(), conversationId: z.string().max(100).optional() }),
  response: returns<Awaited<ReturnType<typeof listRecords>>>(),
  handler: async (ctx, { params, query }) =>
    listRecords(ctx.db, ctx.businessId, params.collection, {
      limit: query.limit,
      cursor: query.cursor,
      // `from` is inclusive for people: the lib's `since` is exclusive, so step back one millisecond.
      since: query.from ? new Date(query.from.getTime() - 1) : undefined,
      until: query.to,
      conversationId: query.conversationId,
    }),
});

const FIRST = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Femi", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Luca", "Maya", "Noor", "Omar", "Priya"];
const LAST = ["Silva", "Okafor", "Martin", "Tanaka", "Kowalski", "Haddad", "Jensen", "Rossi", "Moreau", "Nguyen"];
const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)];
const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, "phone must be E.164.");

export const simulatorCustomer = defineOperation({
  id: "internal-simulator-customer",
  method: "GET",
  path: "/internal/simulator/customer",
  scope: "messages:read",
  internal: true,
  tag: "Simulator",
  summary: "A fresh sandbox customer (phone and a made-up name)",
  response: z.object({ phone: z.string(), name: z.string() }),
  handler: async () => ({ phone: newSandboxCustomer(), name: `${pick(FIRST)} ${pick(LAST)}` }),
});

export const simulatorThread = defineOperation({
  id: "internal-simulator-thread",
  method: "GET",
  path: "/internal/simulator/messages",
  scope: "messages:read",
  internal: true,
  tag: "Simulator",
  summary: "The sandbox customer's thread, oldest first (`after`: only newer messages)",
  query: z.object({ phone: e164, after: z.string().max(100).optional() }),
  response: returns<Awaited<ReturnType<typeof sandboxThread>>>(),
  handler: async (ctx, { query }) => sandboxThread(ctx.db, ctx.businessId, query.phone, query.after || null),
});

export const simulatorSend = defineOperation({
  id: "internal-simulator-send",
  method: "POST",
  path: "/internal/simulator/messages",
  scope: "messages:write",
  internal: true,
  tag: "Simulator",
  summary: "The simulated customer writes in; the assistant answers in the background",
  body: z.object({
    phone: e164,
    name: z.string().max(200).nullable().optional(),
    text: z.string().max(4096).optional(),
    // A file uploaded through POST /v1/media (text is then its caption), or a shared location.
    mediaId: z.string().min(1).max(100).optional(),
    location: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        name: z.string().max(200).optional(),
        address: z.string().max(500).optional(),
      })
      .optional(),
  }),
  response: returns<Awaited<ReturnType<typeof simulateInbound>>>(),
  handler: async (ctx, { body }) => simulateInbound(ctx.db, ctx.businessId, body),
});
