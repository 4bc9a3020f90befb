import { z } from "zod";

// Conversation labels and SLA targets (issue 36, item 8): schemas shared by the operations and the
// dashboard (browser-safe: no server imports).

const color = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, "color must be a hex colour like #1f7a4d.");
const name = z.string().trim().min(1, "name must not be empty.").max(40, "name must be at most 40 characters.");
/** Minutes, up to a year; null: no target. */
export const slaMinutes = z.number().int().min(1).max(525_600).nullable();

export const labelIn = z
  .object({
    name: name.describe("Unique per business, case ignored."),
    color: color.describe("`#rrggbb`."),
    firstResponseMinutes: slaMinutes.optional().describe("This label's first-response target (wins over the business's); null: none."),
    resolutionMinutes: slaMinutes.optional().describe("This label's resolution target (wins over the business's); null: none."),
  })
  .strict();
export const labelPatch = labelIn
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Give at least one field to change.");

export const labelOut = z
  .object({
    id: z.string().meta({ example: "lbl_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    name: z.string().meta({ example: "Complaint" }),
    color: z.string().meta({ example: "#c0392b" }),
    firstResponseMinutes: z.number().int().nullable(),
    resolutionMinutes: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Label" });
export type LabelOut = z.infer<typeof labelOut>;

/** A label as a conversation (and its webhooks) carries it. */
export const labelRef = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type LabelRef = z.infer<typeof labelRef>;

export const attachLabelIn = z.object({ labelId: z.string().min(1).max(100) }).strict();

/** The share of a target left below which a conversation is "due soon". */
export const SLA_DUE_SOON_SHARE = 0.2;
export type SlaState = "ok" | "due_soon" | "breached";
