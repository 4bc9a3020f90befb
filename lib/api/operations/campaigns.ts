import { z } from "zod";
import { audienceIn, audiencePreviewOut, campaignIn, campaignOut, recipientOut } from "../../campaigns/campaign-schema";
import {
  createCampaign,
  getCampaign,
  getCampaignSettings,
  listCampaigns,
  listRecipients,
  moveCampaign,
  previewAudience,
  updateCampaignSettings,
} from "../../campaigns/campaigns";
import { campaignStatuses, recipientStatuses } from "../../db/schema/campaigns";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery, returns } from "./common";

const campaignParam = idParam("campaignId", "cmp_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const campaignsCreate = defineOperation({
  id: "campaigns-create",
  method: "POST",
  path: "/campaigns",
  scope: "campaigns:write",
  tag: "Campaigns",
  summary: "Send an approved template to an audience, now or at a scheduled time",
  description:
    "The audience is resolved when the campaign is created (CSV phones are upserted as contacts, opted-out contacts left out) and sent at the business's campaign pace, within the number's throughput and messaging-limit tier. `scheduledAt` without an offset is read in the business's time zone.",
  body: campaignIn,
  response: campaignOut,
  idempotent: true,
  errors: ["unknown_template", "template_not_approved", "idempotency_conflict"],
  handler: async (ctx, { body }) => createCampaign(ctx.db, ctx.businessId, body),
});

export const campaignsPreview = defineOperation({
  id: "campaigns-preview",
  method: "POST",
  path: "/campaigns/preview",
  scope: "campaigns:read",
  tag: "Campaigns",
  summary: "Count an audience (minus opted out) and preview the template for a few of its contacts",
  description:
    "Changes nothing: CSV phones are counted, not upserted. `sample` (a few contacts with their phone, name and the template as each would receive it) is filled only for a caller that also holds `contacts:read`; with `campaigns:read` alone it is empty and the answer is the counts.",
  body: z
    .object({
      audience: audienceIn,
      template: campaignIn.shape.template.optional(),
    })
    .strict(),
  response: audiencePreviewOut,
  errors: ["unknown_template", "template_not_approved"],
  handler: async (ctx, { body }) => previewAudience(ctx.db, ctx.businessId, body, { withContacts: ctx.caller.scopes.includes("contacts:read") }),
});

export const campaignsList = defineOperation({
  id: "campaigns-list",
  method: "GET",
  path: "/campaigns",
  scope: "campaigns:read",
  tag: "Campaigns",
  summary: "List campaigns with their counts, newest first",
  query: pageQuery.extend({ status: z.enum(campaignStatuses).optional() }),
  response: pageOf(campaignOut),
  handler: async (ctx, { query }) => listCampaigns(ctx.db, ctx.businessId, query),
});

export const campaignsGet = defineOperation({
  id: "campaigns-get",
  method: "GET",
  path: "/campaigns/{campaignId}",
  scope: "campaigns:read",
  tag: "Campaigns",
  summary: "A campaign with its live counts (sent, delivered, read, failed by code, replied, opted out)",
  params: campaignParam,
  response: campaignOut,
  handler: async (ctx, { params }) => getCampaign(ctx.db, ctx.businessId, params.campaignId),
});

export const campaignsRecipients = defineOperation({
  id: "campaigns-recipients",
  method: "GET",
  path: "/campaigns/{campaignId}/recipients",
  scope: "campaigns:read",
  tag: "Campaigns",
  summary: "Each recipient's status and error",
  description:
    "The recipients' phone, name and filled variables are given only to a caller that also holds `contacts:read`; with `campaigns:read` alone they are null (and the variables empty), the statuses and errors are the same.",
  params: campaignParam,
  query: pageQuery.extend({ status: z.enum([...recipientStatuses, "delivered", "read"]).optional() }),
  response: pageOf(recipientOut),
  handler: async (ctx, { params, query }) =>
    listRecipients(ctx.db, ctx.businessId, params.campaignId, query, { withContacts: ctx.caller.scopes.includes("contacts:read") }),
});

const move = (action: "pause" | "resume" | "cancel", summary: string) =>
  defineOperation({
    id: `campaigns-${action}`,
    method: "POST",
    path: `/campaigns/{campaignId}/${action}`,
    scope: "campaigns:write",
    tag: "Campaigns",
    summary,
    params: campaignParam,
    response: campaignOut,
    errors: ["invalid_transition"],
    handler: async (ctx, { params }) => moveCampaign(ctx.db, ctx.businessId, params.campaignId, action),
  });

export const campaignsPause = move("pause", "Pause a running or scheduled campaign (sends in flight finish)");
export const campaignsResume = move("resume", "Resume a paused campaign where it stopped");
export const campaignsCancel = move("cancel", "Cancel a campaign: nobody not yet sent to receives it");

// The campaign page's settings (internal, owners only).

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
