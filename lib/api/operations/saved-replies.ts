import { z } from "zod";
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from "../../saved-replies/saved-replies";
import { savedReplyIn, savedReplyOut, savedReplyPatch } from "../../shared/saved-reply-schema";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

const replyParam = idParam("savedReplyId", "sr_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const savedRepliesList = defineOperation({
  id: "saved-replies-list",
  method: "GET",
  path: "/saved-replies",
  scope: "saved-replies:read",
  tag: "Saved replies",
  summary: "List the business's saved replies (canned responses staff insert with /shortcut)",
  description: "At most 200 per business, so `limit=200` reads them all in one page.",
  query: pageQuery,
  response: pageOf(savedReplyOut),
  handler: async (ctx, { query }) => listSavedReplies(ctx.db, ctx.businessId, query),
});

export const savedRepliesCreate = defineOperation({
  id: "saved-replies-create",
  method: "POST",
  path: "/saved-replies",
  scope: "saved-replies:write",
  tag: "Saved replies",
  summary: "Create a saved reply",
  description: "Shortcuts are unique per business (409 `conflict` when taken); at most 200 saved replies (409).",
  body: savedReplyIn,
  response: savedReplyOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) => createSavedReply(ctx.db, ctx.businessId, body),
});

export const savedRepliesUpdate = defineOperation({
  id: "saved-replies-update",
  method: "PATCH",
  path: "/saved-replies/{savedReplyId}",
  scope: "saved-replies:write",
  tag: "Saved replies",
  summary: "Change a saved reply's shortcut or text",
  params: replyParam,
  body: savedReplyPatch,
  response: savedReplyOut,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params, body }) => updateSavedReply(ctx.db, ctx.businessId, params.savedReplyId, body),
});

export const savedRepliesDelete = defineOperation({
  id: "saved-replies-delete",
  method: "DELETE",
  path: "/saved-replies/{savedReplyId}",
  scope: "saved-replies:write",
  tag: "Saved replies",
  summary: "Delete a saved reply",
  params: replyParam,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => deleteSavedReply(ctx.db, ctx.businessId, params.savedReplyId),
});
