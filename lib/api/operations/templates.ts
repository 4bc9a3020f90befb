import { templateIn, templateOut } from "../../templates/template-schema";
import { listTemplates, upsertTemplate } from "../../templates/templates";
import { defineOperation } from "../operation";
import { pageOf, pageQuery } from "./common";

export const templatesList = defineOperation({
  id: "templates-list",
  method: "GET",
  path: "/templates",
  scope: "templates:read",
  tag: "Templates",
  summary: "List message templates",
  query: pageQuery,
  response: pageOf(templateOut),
  handler: async (ctx, { query }) => listTemplates(ctx.db, ctx.businessId, query),
});

export const templatesUpsert = defineOperation({
  id: "templates-upsert",
  method: "POST",
  path: "/templates",
  scope: "templates:write",
  tag: "Templates",
  summary: "Register a message template (upsert on name and language)",
  body: templateIn,
  response: templateOut,
  handler: async (ctx, { body }) => upsertTemplate(ctx.db, ctx.businessId, body),
});
