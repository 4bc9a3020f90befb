import { businessOut, readBusiness } from "../../businesses/businesses";
import { businessMoney } from "../../businesses/money";
import { languages } from "../../language";
import { z } from "zod";
import { getBusinessFacts, setBusinessFacts } from "../../businesses/facts";
import { businessHoursIn, businessHoursOut, getBusinessHours, setBusinessHours } from "../../businesses/hours";
import { dismissChecklist, onboardingOut, onboardingState } from "../../businesses/onboarding";
import { businessFactsIn, businessFactsOut } from "../../shared/business-facts-schema";
import { getPrivacySettings, privacySettingsIn, privacySettingsOut, setPrivacySettings } from "../../privacy/retention";
import { audited } from "../audit";
import { defineOperation } from "../operation";

// The business's own settings: hours, facts (address, delivery, payment), message retention
// (docs/privacy.md) and the getting-started checklist.

export const businessGet = defineOperation({
  id: "business-get",
  method: "GET",
  path: "/business",
  scope: "business:read",
  tag: "Business",
  summary: "Read the business",
  description:
    "The key's business: its name, `kind` (`restaurant`, `salon_or_clinic`, `shop` or `other`, chosen at sign-up; its starter kit set up skills, knowledge, hours and samples for that trade), the languages it serves customers in, its time zone and address.",
  response: businessOut,
  handler: async (ctx) => readBusiness(ctx.db, ctx.businessId),
});

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

export const businessFactsGet = defineOperation({
  id: "business-facts-get",
  method: "GET",
  path: "/business-facts",
  scope: "business:read",
  tag: "Business",
  summary: "Read the business facts",
  description:
    "What the business states once and the assistant answers from, in the customer's language: the address, delivery (whether, how far, to which places, the fee, the free-delivery threshold, the minimum order, how a delivery can be paid), pickup, and the payment methods. The order skill's cart charges exactly these delivery amounts. A null or empty field has not been said: questions about it are answered from the knowledge, or not at all. Opening hours and holidays are `/v1/business-hours`.",
  response: businessFactsOut,
  handler: async (ctx) => getBusinessFacts(ctx.db, ctx.businessId),
});

export const businessFactsPut = defineOperation({
  id: "business-facts-put",
  method: "PUT",
  path: "/business-facts",
  scope: "business:write",
  tag: "Business",
  summary: "Replace the business facts",
  description:
    'Replaces every fact: a field left out is cleared. Amounts are in the currency\'s minor unit (`{"amount": 250, "currency": "EUR"}` is 2,50 €), one currency for all three. `delivery.paymentMethods` null means a delivery is paid as at the business; to say "no card on delivery", list the other methods. `card` is any debit or credit card; `visa`, `mastercard` and `amex` only that brand. The assistant answers the new facts from the next message on.',
  body: businessFactsIn,
  response: businessFactsOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => setBusinessFacts(tx, ctx.businessId, body),
      () => ({ action: "settings.business_facts_changed", target: { type: "business", id: ctx.businessId }, details: { fields: Object.keys(body) } }),
    ),
});

export const privacySettingsGet = defineOperation({
  id: "privacy-settings-get",
  method: "GET",
  path: "/privacy-settings",
  scope: "business:read",
  role: "owner",
  tag: "Business",
  summary: "Read the message retention setting",
  response: privacySettingsOut,
  handler: async (ctx) => getPrivacySettings(ctx.db, ctx.businessId),
});

export const privacySettingsPut = defineOperation({
  id: "privacy-settings-put",
  method: "PUT",
  path: "/privacy-settings",
  scope: "business:write",
  role: "owner",
  tag: "Business",
  summary: "Set how long messages are kept",
  description:
    "`messageRetentionDays`: messages older than this many days are deleted by an hourly background job (with the media files only they used); conversations, contacts and records stay. `null` (the default) keeps messages for as long as the business exists.",
  body: privacySettingsIn,
  response: privacySettingsOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => setPrivacySettings(tx, ctx.businessId, body),
      () => ({ action: "settings.privacy_changed", target: { type: "business", id: ctx.businessId }, details: body }),
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

export const moneyFormatGet = defineOperation({
  id: "money-format-get",
  method: "GET",
  path: "/internal/money-format",
  scope: "business:read",
  internal: true,
  tag: "Dashboard",
  summary: "How the dashboard writes the business's money: its currency (facts, else catalog prices) and its first language",
  response: z.object({ currency: z.string().nullable(), language: z.enum(languages) }),
  handler: async (ctx) => businessMoney(ctx.db, ctx.businessId),
});
