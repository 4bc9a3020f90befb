import { z } from "zod";
import { assistantOut, knowledgeIn, knowledgeOut, knowledgePatch } from "../../assistants/assistant-schema";
import { getAssistant } from "../../assistants/assistants";
import { createKnowledge, deleteKnowledge, listKnowledge, updateKnowledge } from "../../assistants/knowledge";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

const assistantParam = idParam("assistantId", "as_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const itemParam = assistantParam.extend({ itemId: z.string().min(1).max(100).meta({ example: "ki_01JD7X4S9C8A3K2M5N6P7Q8R9T" }) });

export const assistantsGet = defineOperation({
  id: "assistants-get",
  method: "GET",
  path: "/assistants/{assistantId}",
  scope: "assistants:read",
  tag: "Assistants",
  summary: "Read an assistant's configuration",
  params: assistantParam,
  response: assistantOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getAssistant(ctx.db, ctx.businessId, params.assistantId),
});

export const knowledgeList = defineOperation({
  id: "knowledge-list",
  method: "GET",
  path: "/assistants/{assistantId}/knowledge",
  scope: "knowledge:read",
  tag: "Knowledge",
  summary: "List an assistant's knowledge items",
  params: assistantParam,
  query: pageQuery,
  response: pageOf(knowledgeOut),
  errors: ["not_found"],
  handler: async (ctx, { params, query }) => listKnowledge(ctx.db, ctx.businessId, params.assistantId, query),
});

export const knowledgeCreate = defineOperation({
  id: "knowledge-create",
  method: "POST",
  path: "/assistants/{assistantId}/knowledge",
  scope: "knowledge:write",
  tag: "Knowledge",
  summary: "Add a knowledge item the assistant answers from",
  params: assistantParam,
  body: knowledgeIn,
  response: knowledgeOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => createKnowledge(ctx.db, ctx.businessId, params.assistantId, body),
});

export const knowledgeUpdate = defineOperation({
  id: "knowledge-update",
  method: "PATCH",
  path: "/assistants/{assistantId}/knowledge/{itemId}",
  scope: "knowledge:write",
  tag: "Knowledge",
  summary: "Edit a knowledge item",
  params: itemParam,
  body: knowledgePatch,
  response: knowledgeOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => updateKnowledge(ctx.db, ctx.businessId, params.assistantId, params.itemId, body),
});

export const knowledgeDelete = defineOperation({
  id: "knowledge-delete",
  method: "DELETE",
  path: "/assistants/{assistantId}/knowledge/{itemId}",
  scope: "knowledge:write",
  tag: "Knowledge",
  summary: "Delete a knowledge item",
  params: itemParam,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => deleteKnowledge(ctx.db, ctx.businessId, params.assistantId, params.itemId),
});
