import { getWallet, walletOut } from "../../wallet/wallet";
import { chargesOut, chargesQuery, getRateCard, rateCardIn, rateCardOut, replaceRateCard, whatsappCharges } from "../../wallet/whatsapp-charges";
import { audited } from "../audit";
import { defineOperation } from "../operation";

export const usageWallet = defineOperation({
  id: "usage-wallet",
  method: "GET",
  path: "/usage/wallet",
  scope: "usage:read",
  tag: "Usage",
  summary: "Token balance and this period's consumption",
  response: walletOut,
  handler: async (ctx) => getWallet(ctx.db, ctx.businessId),
});

export const usageWhatsAppCharges = defineOperation({
  id: "usage-whatsapp-charges",
  method: "GET",
  path: "/usage/whatsapp-charges",
  scope: "usage:read",
  tag: "Usage",
  summary: "What WhatsApp charged, per day or month, by category and source, with an estimated cost",
  description:
    "The outbound messages whose WhatsApp status webhooks said `pricing.billable`, counted in UTC days or months by when the first priced status came, by category (marketing, utility, authentication, service, other) and by source (assistant, agent, api, campaign), with a cost estimated from the uploaded rate card (PUT /usage/whatsapp-rates). Meta's invoice is the truth.",
  query: chargesQuery,
  response: chargesOut,
  handler: async (ctx, { query }) => whatsappCharges(ctx.db, ctx.businessId, query),
});

export const usageWhatsAppRates = defineOperation({
  id: "usage-whatsapp-rates",
  method: "GET",
  path: "/usage/whatsapp-rates",
  scope: "usage:read",
  tag: "Usage",
  summary: "The WhatsApp rate card the estimates use",
  response: rateCardOut,
  handler: async (ctx) => getRateCard(ctx.db, ctx.businessId),
});

export const replaceWhatsAppRates = defineOperation({
  id: "replace-whatsapp-rates",
  method: "PUT",
  path: "/usage/whatsapp-rates",
  scope: "business:write",
  role: "owner",
  tag: "Usage",
  summary: "Upload the WhatsApp rate card (CSV: country, category, price), replacing the previous one",
  body: rateCardIn,
  response: rateCardOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => replaceRateCard(tx, ctx.businessId, body),
      (card) => ({
        action: "settings.whatsapp_rates_changed",
        target: { type: "business", id: ctx.businessId },
        details: { rates: card.rates.length, currency: card.currency },
      }),
    ),
});
