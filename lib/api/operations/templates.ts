import { z } from "zod";
import { notFound } from "../../errors";
import { templateAccountOut, templateIn, templateOut, templateSyncOut } from "../../shared/template-schema";
import { deleteTemplate, syncTemplates, templateAccount, upsertTemplate } from "../../channels";
import { listTemplates } from "../../templates/templates";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery } from "./common";

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
  description:
    "On a WhatsApp number saved with its business account id, the template is submitted to Meta (a known one is edited) and " +
    "stored with Meta's answer, usually `pending` until Meta reviews it; `examples` must then give one value per `{{n}}` " +
    "variable. Meta's refusal answers 400 with Meta's words and stores nothing. On the sandbox, and for a number saved without " +
    "an account id, the template is approved at once. Only an `approved` template can be sent (422 `template_not_approved`). " +
    "A template may have a `header` (text with at most one variable, or an image, video or document given at send time), a " +
    "`footer` (no variables) and up to 10 `buttons` (quick replies grouped together, at most 2 URL buttons whose one variable " +
    "ends the URL, 1 phone number, 1 copy code), with numbered `{{1}}` or named `{{order_id}}` variables (`parameterFormat`), " +
    "checked by Meta's rules before Meta is asked (400 naming the field).",
  body: templateIn,
  errors: ["channel_unavailable"],
  response: templateOut,
  handler: async (ctx, { body }) => upsertTemplate(ctx.db, ctx.businessId, body),
});

export const templatesSync = defineOperation({
  id: "templates-sync",
  method: "POST",
  path: "/templates/sync",
  scope: "templates:write",
  tag: "Templates",
  summary: "Sync templates with the WhatsApp Business Account",
  description:
    "Imports every template of the business's WhatsApp Business Account and refreshes the status, rejection reason and quality " +
    "rating of the known ones (Meta is the source of truth), disables those Meta no longer has, and refreshes the number's quality " +
    "rating and messaging limit tier. Runs on its own every hour (TEMPLATE_SYNC_INTERVAL_MS); Meta's status webhook updates " +
    "statuses as they change. Needs a WhatsApp number saved with its business account id (400 otherwise).",
  response: templateSyncOut,
  errors: ["channel_unavailable"],
  handler: async (ctx) => syncTemplates(ctx.db, ctx.businessId),
});

export const templatesAccount = defineOperation({
  id: "templates-account",
  method: "GET",
  path: "/internal/templates/account",
  internal: true,
  scope: "templates:read",
  tag: "Templates",
  summary: "Where templates are reviewed, the number's quality rating and messaging limit (dashboard)",
  response: templateAccountOut,
  handler: async (ctx) => templateAccount(ctx.db, ctx.businessId),
});

export const templatesDelete = defineOperation({
  id: "internal-templates-delete",
  method: "DELETE",
  path: "/internal/templates/{templateId}",
  scope: "templates:write",
  internal: true,
  role: "owner",
  tag: "Templates",
  summary: "Delete a template",
  params: idParam("templateId", "tpl_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async (ctx, { params }) => {
    if (!(await deleteTemplate(ctx.db, ctx.businessId, params.templateId))) throw notFound("template");
    return { id: params.templateId, deleted: true as const };
  },
});
