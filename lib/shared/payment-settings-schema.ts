import { z } from "zod";

// Settings > Payments (issue 40, item 6): the business's own payment provider account. Browser-safe:
// the dashboard's form validates with the same schema as PUT /v1/payments/settings.

export const PAYMENT_EXPIRY_DEFAULT = 30;

export const paymentSettingsIn = z.strictObject({
  provider: z.literal("stripe").default("stripe"),
  // Write-only: stored encrypted, answered only as its last 4 characters. Left out, the stored one is kept.
  secretKey: z
    .string()
    .trim()
    .regex(/^(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{8,247}$/, "must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key).")
    .optional(),
  webhookSecret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=]{8,250}$/, "must be a Stripe webhook signing secret (whsec_...).")
    .optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR."),
  requirePayment: z.boolean(),
  expiryMinutes: z
    .number()
    .int("must be a whole number of minutes.")
    .min(30, "must be at least 30 minutes (Stripe's shortest checkout).")
    .max(1440, "must be at most 1440 minutes (24 hours, Stripe's longest checkout).")
    .default(PAYMENT_EXPIRY_DEFAULT),
});
export type PaymentSettingsIn = z.input<typeof paymentSettingsIn>;

export const paymentSettingsOut = z.object({
  configured: z.boolean().meta({ description: "Keys are saved (the provider can be used)." }),
  provider: z.literal("stripe"),
  secretKeyHint: z.string().nullable().meta({ description: "The secret key's last 4 characters; the key itself is never returned." }),
  webhookSecretHint: z.string().nullable().meta({ description: "The webhook signing secret's last 4 characters." }),
  currency: z.string().nullable(),
  requirePayment: z.boolean(),
  expiryMinutes: z.number().int(),
  webhookUrl: z.string().meta({ description: "Where the provider must send this business's webhooks (add it as an endpoint in Stripe)." }),
  updatedAt: z.string().nullable(),
});
export type PaymentSettingsOut = z.infer<typeof paymentSettingsOut>;
