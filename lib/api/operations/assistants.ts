import { z } from "zod";
import { answerFromKnowledge } from "../../runtime/retrieval/retrieval";
import { assistantOut, assistantPatch, knowledgeIn, knowledgeOut, knowledgePatch } from "../../shared/assistant-schema";
import { getAssistant, listAssistants, updateAssistant } from "../../assistants/assistants";
import { createKnowledge, deleteKnowledge, listKnowledge, updateKnowledge } from "../../assistants/knowledge";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery, returns } from "./common";

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

// The assistant page (internal, owners only).

export const assistantsList = defineOperation({
  id: "internal-assistants-list",
  method: "GET",
  path: "/internal/assistants",
  scope: "assistants:read",
  internal: true,
  role: "owner",
  tag: "Assistant",
  summary: "The business's assistants (the first one answers by default)",
  response: returns<{ data: Awaited<ReturnType<typeof listAssistants>> }>(),
  handler: async (ctx) => ({ data: await listAssistants(ctx.db, ctx.businessId) }),
});

export const assistantsUpdate = defineOperation({
  id: "internal-assistants-update",
  method: "PATCH",
  path: "/internal/assistants/{assistantId}",
  internal: true,
  role: "owner",
  tag: "Assistant",
  summary: "Name, language (auto or a BCP 47 code) and instructions",
  params: assistantParam,
  body: assistantPatch,
  response: returns<Awaited<ReturnType<typeof updateAssistant>>>(),
  handler: async (ctx, { params, body }) => updateAssistant(ctx.db, ctx.businessId, params.assistantId, body),
});

export const assistantsTry = defineOperation({
  id: "internal-assistants-try",
  method: "POST",
  path: "/internal/assistants/{assistantId}/try",
  scope: "knowledge:read",
  internal: true,
  role: "owner",
  tag: "Assistant",
  summary: "Which knowledge item would answer this question (or none)",
  params: assistantParam,
  body: z.object({ question: z.string().trim().min(1, "Type a question.").max(1000) }),
  response: returns<{ question: string; answer: Awaited<ReturnType<typeof answerFromKnowledge>> }>(),
  handler: async (ctx, { params, body }) => {
    await getAssistant(ctx.db, ctx.businessId, params.assistantId);
    return { question: body.question, answer: await answerFromKnowledge(ctx.db, ctx.businessId, params.assistantId, body.question) };
  },
});
