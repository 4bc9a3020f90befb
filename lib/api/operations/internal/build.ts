import { z } from "zod";
import { answerFromKnowledge } from "../../../runtime/retrieval/retrieval";
import { assistantPatch } from "../../../assistants/assistant-schema";
import { getAssistant, listAssistants, updateAssistant } from "../../../assistants/assistants";
import { getCampaignSettings, updateCampaignSettings } from "../../../campaigns/campaigns";
import { listCollections } from "../../../catalog/catalog";
import { notFound } from "../../../errors";
import { skillIdSchema } from "../../../skills/skill-schema";
import { deleteSkill, setSkillEnabled } from "../../../skills/skills";
import { deleteTemplate } from "../../../templates/templates";
import { audited } from "../../audit";
import { defineOperation } from "../../operation";
import { idParam, returns } from "../common";

// What the dashboard's build pages (assistant, skills, catalog, templates, campaigns) do beyond the
// public API's operations, which they call directly. Owners only; members only, out of OpenAPI.

const assistantParam = idParam("assistantId", "asst_01JD7X4S9C8A3K2M5N6P7Q8R9T");

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

export const catalogCollections = defineOperation({
  id: "internal-catalog-collections",
  method: "GET",
  path: "/internal/catalog",
  scope: "catalog:read",
  internal: true,
  role: "owner",
  tag: "Catalog",
  summary: "The business's catalog collections with their item counts",
  response: returns<{ data: Awaited<ReturnType<typeof listCollections>> }>(),
  handler: async (ctx) => ({ data: await listCollections(ctx.db, ctx.businessId) }),
});

const skillParam = z.object({ skillId: skillIdSchema });

export const skillsSetEnabled = defineOperation({
  id: "internal-skills-set-enabled",
  method: "PATCH",
  path: "/internal/skills/{skillId}",
  scope: "skills:write",
  internal: true,
  role: "owner",
  tag: "Skills",
  summary: "The skill list's enable toggle (does not touch the graph or the version)",
  params: skillParam,
  body: z.object({ enabled: z.boolean() }),
  response: returns<Awaited<ReturnType<typeof setSkillEnabled>>>(),
  handler: async (ctx, { params, body }) => setSkillEnabled(ctx.db, ctx.businessId, params.skillId, body.enabled),
});

export const skillsDelete = defineOperation({
  id: "internal-skills-delete",
  method: "DELETE",
  path: "/internal/skills/{skillId}",
  scope: "skills:write",
  internal: true,
  role: "owner",
  tag: "Skills",
  summary: "Delete a skill",
  params: skillParam,
  response: returns<Awaited<ReturnType<typeof deleteSkill>>>(),
  handler: async (ctx, { params }) => deleteSkill(ctx.db, ctx.businessId, params.skillId),
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

export const campaignSettingsGet = defineOperation({
  id: "internal-campaign-settings-get",
  method: "GET",
  path: "/internal/campaigns/settings",
  scope: "campaigns:read",
  internal: true,
  role: "owner",
  tag: "Campaigns",
  summary: "The pace, the messaging-limit tier and the extra opt-out words",
  response: returns<Awaited<ReturnType<typeof updateCampaignSettings>>>(),
  handler: async (ctx) => {
    const { slowFactor: _s, ...settings } = await getCampaignSettings(ctx.db, ctx.businessId);
    return settings;
  },
});

export const campaignSettingsUpdate = defineOperation({
  id: "internal-campaign-settings-update",
  method: "PUT",
  path: "/internal/campaigns/settings",
  scope: "campaigns:write",
  internal: true,
  role: "owner",
  tag: "Campaigns",
  summary: "Change the pace, the messaging-limit tier or the extra opt-out words",
  body: z.object({
    throughputPerSecond: z.number().int().min(1).max(1000).optional(),
    ratePerSecond: z.number().int().min(1).max(1000).optional(),
    dailyLimit: z.number().int().min(1).max(10_000_000).nullable().optional(),
    optOutWords: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
  }),
  response: returns<Awaited<ReturnType<typeof updateCampaignSettings>>>(),
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => updateCampaignSettings(tx, ctx.businessId, body),
      () => ({ action: "settings.campaigns_changed", target: { type: "business", id: ctx.businessId }, details: { ...body } }),
    ),
});
