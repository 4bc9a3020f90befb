import { z } from "zod";
import { businessHoursIn, businessHoursOut, getBusinessHours, setBusinessHours } from "../../businesses/hours";
import { catalogUsage, catalogUsageOut } from "../../businesses/catalog-usage";
import { dismissChecklist, onboardingOut, onboardingState } from "../../businesses/onboarding";
import { audited } from "../audit";
import { defineOperation } from "../operation";

export const businessHoursGet = defineOperation({
  id: "business-hours-get",
  method: "GET",
  path: "/business-hours",
  scope: "business:read",
  tag: "Business",
  summary: "Read the business hours",
  description:
    "Weekly hours per weekday and holidays, in the business's IANA time zone. Outside them the assistant keeps answering, but a handoff tells the customer when a person will reply (the away message). The booking skill's availability node reads these hours unless it sets its own.",
  response: businessHoursOut,
  handler: async (ctx) => getBusinessHours(ctx.db, ctx.businessId),
});

export const businessHoursPut = defineOperation({
  id: "business-hours-put",
  method: "PUT",
  path: "/business-hours",
  scope: "business:write",
  tag: "Business",
  summary: "Replace the business hours",
  description:
    'Replaces the weekly hours, the holidays and (when given) the away message and the time zone. A range is "HH:MM-HH:MM" on the 24-hour clock; one that ends before it starts ("20:00-02:00") runs past midnight. A holiday without `hours` is closed all day.',
  body: businessHoursIn,
  response: businessHoursOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => setBusinessHours(tx, ctx.businessId, body),
      () => ({ action: "settings.business_hours_changed", target: { type: "business", id: ctx.businessId }, details: { fields: Object.keys(body) } }),
    ),
});

export const onboardingGet = defineOperation({
  id: "onboarding-get",
  method: "GET",
  path: "/internal/onboarding",
  scope: "skills:read",
  internal: true,
  tag: "Dashboard",
  summary: "The overview's getting-started checklist, ticked from real state",
  response: onboardingOut,
  handler: async (ctx) => onboardingState(ctx.db, ctx.businessId),
});

export const onboardingDismiss = defineOperation({
  id: "onboarding-dismiss",
  method: "POST",
  path: "/internal/onboarding/dismiss",
  scope: "skills:write",
  internal: true,
  tag: "Dashboard",
  summary: "Hide the getting-started checklist for good",
  body: z.object({}).optional(),
  bodyOptional: true,
  response: onboardingOut,
  handler: async (ctx) => dismissChecklist(ctx.db, ctx.businessId),
});

export const catalogUsageGet = defineOperation({
  id: "catalog-usage",
  method: "GET",
  path: "/internal/catalog-usage",
  scope: "catalog:read",
  internal: true,
  tag: "Dashboard",
  summary: "The catalog's collections with item counts, the skills' catalog nodes that search them, and which are empty",
  response: catalogUsageOut,
  handler: async (ctx) => catalogUsage(ctx.db, ctx.businessId),
});
