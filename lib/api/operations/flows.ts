import { z } from "zod";
import { createFlow, deleteFlow, getFlow, listFlows, updateFlow } from "../../flows/flows";
import { flowIn, flowOut, flowPatch } from "../../shared/flow-schema";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

// WhatsApp Flows the business built in Meta's Flow builder, registered so skills, the inbox and the API
// can send them and read their answers (issue 38 item 5; docs/whatsapp.md, "WhatsApp Flows").

const flowParam = idParam("flowId", "flw_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const flowsList = defineOperation({
  id: "flows-list",
  method: "GET",
  path: "/flows",
  scope: "flows:read",
  tag: "WhatsApp Flows",
  summary: "List the business's registered WhatsApp Flows",
  description: "At most 100 per business, so `limit=100` reads them all in one page.",
  query: pageQuery,
  response: pageOf(flowOut),
  handler: async (ctx, { query }) => listFlows(ctx.db, ctx.businessId, query),
});

export const flowsCreate = defineOperation({
  id: "flows-create",
  method: "POST",
  path: "/flows",
  scope: "flows:write",
  tag: "WhatsApp Flows",
  summary: "Register a WhatsApp Flow built in Meta's Flow builder: its Flow id, name, first screen, call to action and the fields it returns",
  description:
    "The Flow itself (its screens, published or draft) lives at Meta: this registration is what sends it and reads its answers. A Meta Flow id is registered once per business (409 `conflict`); at most 100 Flows (409). Flows with a data endpoint are not supported.",
  body: flowIn,
  response: flowOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) => createFlow(ctx.db, ctx.businessId, body),
});

export const flowsGet = defineOperation({
  id: "flows-get",
  method: "GET",
  path: "/flows/{flowId}",
  scope: "flows:read",
  tag: "WhatsApp Flows",
  summary: "Read a registered WhatsApp Flow",
  params: flowParam,
  response: flowOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getFlow(ctx.db, ctx.businessId, params.flowId),
});

export const flowsUpdate = defineOperation({
  id: "flows-update",
  method: "PATCH",
  path: "/flows/{flowId}",
  scope: "flows:write",
  tag: "WhatsApp Flows",
  summary: "Change a registered Flow (fields left out keep their values)",
  description: "Messages already sent keep what they were sent with; skills send the Flow as it is registered when they send it.",
  params: flowParam,
  body: flowPatch,
  response: flowOut,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params, body }) => updateFlow(ctx.db, ctx.businessId, params.flowId, body),
});

export const flowsDelete = defineOperation({
  id: "flows-delete",
  method: "DELETE",
  path: "/flows/{flowId}",
  scope: "flows:write",
  tag: "WhatsApp Flows",
  summary: "Remove a registered Flow (messages that sent it keep their copy)",
  params: flowParam,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => deleteFlow(ctx.db, ctx.businessId, params.flowId),
});
