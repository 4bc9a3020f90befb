import { z } from "zod";

export const templateIn = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, "name must be lower-case letters, digits and underscores (1..512)."),
  language: z.string().regex(/^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, "language must be a BCP 47 code such as en or pt_BR."),
  category: z.enum(["utility", "marketing", "authentication"]),
  body: z.string().min(1).max(1024),
  /**
   * One example value per {{n}} variable, in order. Meta requires them when it reviews the template (a
   * WhatsApp number saved with its business account id); elsewhere they are optional.
   */
  examples: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

export const templateOut = templateIn.extend({
  id: z.string(),
  examples: z.array(z.string()),
  status: z.enum(["approved", "pending", "rejected", "paused", "disabled"]),
  /** Meta's reason for a rejection, pause or disabling (e.g. INVALID_FORMAT), else null. */
  statusReason: z.string().nullable(),
  /** Meta's quality rating of the template (GREEN, YELLOW, RED, UNKNOWN), when Meta gave one. */
  qualityRating: z.string().nullable(),
  /** True when the template is submitted to Meta and follows its review. */
  reviewedByMeta: z.boolean(),
  placeholders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateOut = z.infer<typeof templateOut>;

export const templateAccountOut = z.object({
  channel: z.enum(["whatsapp", "sandbox"]),
  reviewedByMeta: z.boolean(),
  businessAccountId: z.string().nullable(),
  /** The number's quality rating (GREEN, YELLOW, RED), when the Graph API gave it. */
  qualityRating: z.string().nullable(),
  /** The business portfolio's messaging limit tier (TIER_250, TIER_2K, TIER_10K, TIER_100K, TIER_UNLIMITED; Meta's whatsapp_business_manager_messaging_limit). */
  messagingLimit: z.string().nullable(),
  syncedAt: z.string().nullable(),
});

export type TemplateAccountOut = z.infer<typeof templateAccountOut>;

export const templateSyncOut = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  total: z.number().int(),
  account: templateAccountOut,
});

/** Number of distinct numbered placeholders {{1}}, {{2}}, ... in a body. */
export function placeholderCount(body: string): number {
  const numbers = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  return numbers.size ? Math.max(...numbers) : 0;
}

export function renderTemplate(body: string, variables: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n) => variables[Number(n) - 1] ?? "");
}
export type TemplateSyncOut = z.infer<typeof templateSyncOut>;
