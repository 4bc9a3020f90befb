import { getPaymentSettings, updatePaymentSettings } from "../../payments/settings";
import { paymentSettingsIn, paymentSettingsOut } from "../../shared/payment-settings-schema";
import { audited } from "../audit";
import { defineOperation } from "../operation";

// Settings > Payments (issue 40, item 6; docs/payments.md): the business's own Stripe account, and
// whether confirmed orders wait for payment. The keys are write-only.

export const paymentSettingsGet = defineOperation({
  id: "payment-settings-get",
  method: "GET",
  path: "/payments/settings",
  scope: "payments:read",
  role: "owner",
  tag: "Payments",
  summary: "Read the payment settings",
  description:
    "The provider (Stripe), the currency, whether orders wait for payment and for how long, and the URL to add in Stripe as this business's webhook endpoint. The secret key and the webhook signing secret are never returned: only their last 4 characters.",
  response: paymentSettingsOut,
  handler: async (ctx) => getPaymentSettings(ctx.db, ctx.businessId),
});

export const paymentSettingsPut = defineOperation({
  id: "payment-settings-put",
  method: "PUT",
  path: "/payments/settings",
  scope: "payments:write",
  role: "owner",
  tag: "Payments",
  summary: "Save the payment settings",
  description:
    "Saves the business's own Stripe keys (encrypted at rest; required the first time, kept when left out later), the currency (it must be the one the catalog's prices are in), `requirePayment` (on: an order the customer confirms becomes `awaiting_payment` and the customer is sent a Stripe Checkout link with the total) and `expiryMinutes` (30 to 1440, default 30: an order still unpaid then expires, its stock is given back and the customer is told).",
  body: paymentSettingsIn,
  response: paymentSettingsOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => updatePaymentSettings(tx, ctx.businessId, body),
      () => ({
        action: "settings.payments_changed",
        target: { type: "business", id: ctx.businessId },
        details: {
          currency: body.currency,
          requirePayment: body.requirePayment,
          expiryMinutes: body.expiryMinutes,
          secretKeyChanged: Boolean(body.secretKey),
          webhookSecretChanged: Boolean(body.webhookSecret),
        },
      }),
    ),
});
