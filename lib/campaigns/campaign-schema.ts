import { z } from "zod";
import { phoneSchema } from "../shared/contact-schema";
import { campaignStatuses, recipientStatuses } from "../db/schema/campaigns";
import { mediaRef } from "../messages/message-schema";

const tagList = z.array(z.string().min(1).max(64)).min(1).max(50);

export const audienceIn = z
  .object({
    tags: z
      .object({
        any: tagList.optional().describe("Contacts with at least one of these tags."),
        all: tagList.optional().describe("Contacts with every one of these tags."),
      })
      .strict()
      .optional(),
    search: z.string().min(1).max(200).optional().describe("Case-insensitive substring of name or phone, as GET /v1/contacts?search=."),
    wroteWithinDays: z.number().int().min(1).max(3650).optional().describe("Contacts who wrote to the business within the last N days."),
    phones: z.array(phoneSchema).min(1).max(100_000).optional().describe("E.164 numbers (a CSV's phone column): upserted as contacts."),
    csv: z
      .string()
      .min(1)
      .max(5 * 1024 * 1024)
      .optional()
      .describe("A CSV with a `phone` column (or phones in its first column); same as `phones`."),
  })
  .strict()
  .describe("Filters combine with AND; contacts who opted out of campaigns are always left out.");
export type AudienceIn = z.infer<typeof audienceIn>;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * Whether an ISO date-time names a real moment: its fields read back unchanged through Date.UTC (which
 * rolls 31 February over to 3 March and month 0 back to December), and an offset of at most ±23:59.
 */
export function isRealDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number);
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const fields = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()];
  const offsetOk = m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59);
  return offsetOk && fields.every((f, i) => f === [year, month, day, hour, minute, second][i]);
}

export const variableExpr = z
  .string()
  .max(1024)
  .describe("Text with `{{field|fallback}}`: name, phone, or a metadata key (`{{metadata.table|window}}` or `{{table|window}}`).");

export const campaignIn = z
  .object({
    name: z.string().min(1).max(200),
    template: z
      .object({
        name: z.string().min(1).max(512),
        language: z.string().min(2).max(20),
        variables: z.array(variableExpr).max(100).default([]).describe("One per {{n}} of the template, in order."),
        header: z
          .union([
            z
              .object({ text: variableExpr.min(1).describe("The value of a text header's variable; `{{field|fallback}}` is filled per contact.") })
              .strict(),
            z
              .object({
                media: mediaRef.meta({
                  description:
                    "The header's image, video or document, sent to everyone: a file from `POST /v1/media`, or a public URL fetched once when the campaign is created.",
                }),
                filename: z.string().min(1).max(240).optional().meta({ description: "The name a document header is shown with." }),
              })
              .strict(),
          ])
          .optional()
          .meta({
            description:
              "What the template's header needs: a text header's variable, or a media header's file (required for an image, video or document header).",
          }),
        buttons: z
          .array(
            z
              .object({
                index: z.number().int().min(0).max(9).meta({ description: "The button's position in the template, from 0." }),
                text: variableExpr
                  .min(1)
                  .optional()
                  .meta({ description: "A URL button's variable part, or a copy code button's code; `{{field|fallback}}` is filled per contact." }),
                payload: z.string().min(1).max(1000).optional().meta({ description: "A quick reply button's payload." }),
              })
              .strict(),
          )
          .max(10)
          .optional()
          .meta({ description: "Values for the template's buttons: every URL button with a variable and every copy code button needs one." }),
      })
      .strict(),
    audience: audienceIn,
    scheduledAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/, "scheduledAt must be an ISO date-time such as 2026-03-29T19:00.")
      .refine(
        (v) => !DATE_TIME.test(v) || isRealDateTime(v),
        "scheduledAt is not a real date and time: month 01-12, a day the month has, hour 00-23, minutes and seconds 00-59, offset at most ±23:59.",
      )
      .optional()
      .describe("When to start. Without an offset it is read in the business's time zone (DST included). Left out: now."),
  })
  .strict();
export type CampaignIn = z.infer<typeof campaignIn>;

export const campaignCounts = z.object({
  total: z.number().int(),
  pending: z.number().int().describe("Not sent yet (queued behind the pace, or waiting after a rate limit)."),
  sent: z.number().int().describe("Accepted by WhatsApp (includes delivered and read)."),
  delivered: z.number().int().describe("Delivered (includes read)."),
  read: z.number().int(),
  failed: z.number().int(),
  failedByCode: z.record(z.string(), z.number().int()).describe("Failures by error code (WhatsApp's code when it gave one)."),
  failedByReason: z
    .record(z.string(), z.number().int())
    .describe(
      "Failures by the API's failure code: `marketing_limited` (WhatsApp holds back marketing to this customer for now, 131049), `marketing_opted_out` (the customer stopped marketing messages in WhatsApp, 131050: opted out here too), `channel_experiment` (left out by Meta's experiment, 130472), `undeliverable` (131026), `outside_messaging_window`, `unconfirmed`, `channel_error`.",
    ),
  replied: z.number().int().describe("Recipients who wrote back within 24 hours of the send."),
  optedOut: z.number().int().describe("Skipped (opted out before their turn) plus those who opted out after receiving it."),
  cancelled: z.number().int(),
});

export const campaignOut = z.object({
  id: z.string().meta({ example: "cmp_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  name: z.string(),
  status: z.enum(campaignStatuses),
  template: z.object({
    name: z.string(),
    language: z.string(),
    variables: z.array(z.string()),
    header: z
      .union([z.object({ text: z.string() }), z.object({ media: z.object({ id: z.string() }), filename: z.string().optional() })])
      .optional()
      .meta({ description: "The header's value or file (`media.id`: the stored file, a URL given at creation included)." }),
    buttons: z.array(z.object({ index: z.number().int(), text: z.string().optional(), payload: z.string().optional() })).optional(),
  }),
  audience: z.record(z.string(), z.unknown()),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  counts: campaignCounts,
});
export type CampaignOut = z.infer<typeof campaignOut>;

export const recipientOut = z.object({
  contactId: z.string(),
  phone: z.string().nullable().describe("The number it went to; null unless the caller also holds contacts:read."),
  name: z.string().nullable().describe("The contact's name when it was sent; null unless the caller also holds contacts:read."),
  status: z.enum([...recipientStatuses, "delivered", "read"]),
  variables: z.array(z.string()).describe("The template's variables as filled for this contact; empty unless the caller also holds contacts:read."),
  messageId: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string(), channelCode: z.number().nullable() }).nullable(),
  sentAt: z.string().nullable(),
});
export type RecipientOut = z.infer<typeof recipientOut>;

export const audiencePreviewOut = z.object({
  count: z.number().int().describe("Who would receive it: the audience minus those who opted out."),
  optedOut: z.number().int(),
  sample: z
    .array(z.object({ phone: z.string(), name: z.string().nullable(), text: z.string() }))
    .describe("Up to five contacts of the audience with the template as each would receive it; empty unless the caller also holds contacts:read."),
});
