import { getServedLanguages, setServedLanguages } from "../../assistants/served-languages";
import { businessLanguagesIn, businessLanguagesOut } from "../../shared/assistant-schema";
import { audited } from "../audit";
import { defineOperation } from "../operation";

// The languages the business serves customers in: what the dashboard checks knowledge and skill texts against.

export const businessLanguagesGet = defineOperation({
  id: "business-languages-get",
  method: "GET",
  path: "/business-languages",
  scope: "business:read",
  tag: "Business",
  summary: "Read the languages the business serves",
  description:
    "The languages (en, pt, es) the business serves its customers in, its main one first: set at sign-up, and by default the assistant's own language. The assistant answers every customer in their own language; knowledge items and skills list as `missing` the served languages they have no version in.",
  response: businessLanguagesOut,
  handler: async (ctx) => getServedLanguages(ctx.db, ctx.businessId),
});

export const businessLanguagesPut = defineOperation({
  id: "business-languages-put",
  method: "PUT",
  path: "/business-languages",
  scope: "business:write",
  tag: "Business",
  summary: "Set the languages the business serves",
  description: "Replaces the list (1 to 3 of en, pt, es, each once, the main one first).",
  body: businessLanguagesIn,
  response: businessLanguagesOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => setServedLanguages(tx, ctx.businessId, body),
      () => ({
        action: "settings.business_languages_changed",
        target: { type: "business", id: ctx.businessId },
        details: { languages: body.languages },
      }),
    ),
});
