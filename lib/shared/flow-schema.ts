import { z } from "zod";

// WhatsApp Flows a business built in Meta's Flow builder and registers here (issue 38 item 5): Meta's
// Flow id, a name, the screen to open first, the call-to-action text, and the fields its last screen
// returns. Shared by the API, the dashboard, the skill editor and the simulator (browser-safe). Flows
// with a data endpoint are out of scope (docs/whatsapp.md, "WhatsApp Flows").

/** Meta's limits: the call-to-action text is at most 20 characters (no emoji; Cloud API "Sending a Flow"). */
export const FLOW_LIMITS = { cta: 20, fields: 50, flows: 100, token: 200 } as const;

export const flowFieldKinds = ["text", "number", "date", "time", "choice", "boolean", "email", "phone"] as const;
export type FlowFieldKind = (typeof flowFieldKinds)[number];

/** A name in the Flow's response payload (`response_json`'s keys): what the Flow JSON's complete action sends. */
export const flowFieldName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "must be a field name like party_size (a letter or _, then letters, digits or _; at most 64)");

export const flowField = z
  .object({
    name: flowFieldName.meta({ description: "The key the Flow's response carries it under (its `response_json`)." }),
    kind: z.enum(flowFieldKinds).meta({
      description:
        "How the answer reads: `text`, `number`, `date` (YYYY-MM-DD; a DatePicker's timestamp in milliseconds is read as its day in the business's time zone), `time` (HH:MM), `choice` (one of `options`), `boolean`, `email`, `phone`.",
    }),
    label: z.string().trim().min(1).max(80).optional().meta({ description: "How staff read it in the thread (default: the name)." }),
    options: z
      .array(z.string().trim().min(1).max(100))
      .min(1)
      .max(50)
      .optional()
      .meta({ description: "For `choice`: the values the Flow offers (the simulator offers them too)." }),
    required: z.boolean().optional().meta({ description: "Default true." }),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.kind === "choice" && !f.options?.length) ctx.addIssue({ code: "custom", path: ["options"], message: "A choice field needs its options." });
    if (f.kind !== "choice" && f.options) ctx.addIssue({ code: "custom", path: ["options"], message: "Only a choice field has options." });
  });
export type FlowField = z.infer<typeof flowField>;

const metaFlowId = z
  .string()
  .trim()
  .regex(/^[0-9]{1,32}$/, "flowId is the Flow's id in Meta's Flow builder (digits, e.g. 1197715005513101).");
const screen = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, "screen is a screen id of the Flow JSON (letters, digits and _, such as BOOKING).");
const cta = z
  .string()
  .trim()
  .min(1, "cta must not be empty.")
  .max(FLOW_LIMITS.cta, `cta may be at most ${FLOW_LIMITS.cta} characters (WhatsApp's limit).`)
  .refine((v) => !/\p{Extended_Pictographic}/u.test(v), "cta may not contain emoji (WhatsApp refuses them).");

const fields = z
  .array(flowField)
  .min(1, "A Flow returns at least one field.")
  .max(FLOW_LIMITS.fields, `At most ${FLOW_LIMITS.fields} fields.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      if (f.name === "flow_token") ctx.addIssue({ code: "custom", path: [i, "name"], message: "flow_token is WhatsApp's own key, not a field." });
      if (seen.has(f.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `The field ${f.name} is listed twice.` });
      seen.add(f.name);
    });
  });

export const flowIn = z
  .object({
    flowId: metaFlowId.meta({ example: "1197715005513101" }),
    name: z.string().trim().min(1).max(200).meta({ example: "Book a table" }),
    screen: screen.nullable().optional().meta({
      description: "The screen the Flow opens on (Meta's `flow_action_payload.screen`); null: the Flow's first screen.",
      example: "BOOKING",
    }),
    cta: cta.meta({ description: "The button that opens the Flow (at most 20 characters, no emoji).", example: "Book a table" }),
    fields: fields.meta({ description: "The fields the Flow's last screen returns, in the order staff read them." }),
  })
  .strict();
export type FlowIn = z.output<typeof flowIn>;

export const flowPatch = flowIn.partial().refine((v) => Object.keys(v).length > 0, "Give at least one field to change.");

export const flowOut = z
  .object({
    id: z.string().meta({ example: "flw_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    flowId: z.string().meta({ description: "The Flow's id at Meta.", example: "1197715005513101" }),
    name: z.string(),
    screen: z.string().nullable(),
    cta: z.string(),
    fields: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(flowFieldKinds),
        label: z.string().optional(),
        options: z.array(z.string()).optional(),
        required: z.boolean().optional(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WhatsAppFlow" });
export type FlowOut = z.infer<typeof flowOut>;

/** A customer's Flow answer as the API and `message.received` carry it. */
export const flowReplyOut = z
  .object({
    flow: z.string().nullable().meta({ description: "The registered Flow answered (`flw_...`), null when the answer names none we know." }),
    flowId: z.string().nullable().meta({ description: "The Flow's id at Meta, when known." }),
    name: z.string().nullable().meta({ description: "The registered Flow's name, when known." }),
    token: z.string().nullable().meta({ description: "The `flow_token` the Flow was sent with (by default the id of the message that sent it)." }),
    fields: z.record(z.string(), z.unknown()).meta({
      description:
        "The answer's fields (`response_json` without `flow_token`), read by each registered field's kind (numbers as numbers, dates as YYYY-MM-DD).",
    }),
  })
  .meta({ id: "FlowReply" });
export type FlowReply = z.infer<typeof flowReplyOut>;

/** A field's value as its kind reads it; anything that does not read stays as WhatsApp sent it. */
export function readFlowValue(field: Pick<FlowField, "kind">, raw: unknown, timeZone = "UTC"): unknown {
  if (raw === null || raw === undefined) return raw;
  if (field.kind === "number") {
    const n = typeof raw === "number" ? raw : Number(String(raw).trim());
    return Number.isFinite(n) ? n : raw;
  }
  if (field.kind === "boolean") {
    if (typeof raw === "boolean") return raw;
    if (/^(true|yes|1)$/i.test(String(raw))) return true;
    if (/^(false|no|0)$/i.test(String(raw))) return false;
    return raw;
  }
  if (field.kind === "date") {
    // Flow JSON before 5.0 sends a DatePicker's day as a timestamp in milliseconds; later versions as YYYY-MM-DD.
    if (/^\d{4}-\d{2}-\d{2}$/.test(String(raw))) return String(raw);
    const ms = typeof raw === "number" ? raw : /^\d{9,}$/.test(String(raw)) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(ms)) return raw;
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ms));
  }
  if (typeof raw === "string") return raw.trim();
  return raw;
}

/** The answer's fields by the registered ones (read by kind), then any others the Flow sent, as sent. */
export function readFlowFields(registered: readonly FlowField[] | null, response: Record<string, unknown>, timeZone = "UTC") {
  const out: Record<string, unknown> = {};
  for (const f of registered ?? []) if (f.name in response) out[f.name] = readFlowValue(f, response[f.name], timeZone);
  for (const [k, v] of Object.entries(response)) if (k !== "flow_token" && !(k in out)) out[k] = v;
  return out;
}

/** What the thread shows for an answer: "Date: 2026-12-05 · Party: 4 · Name: Ana". */
export function flowAnswerSummary(registered: readonly FlowField[] | null, fields: Record<string, unknown>): string {
  const label = (k: string) => registered?.find((f) => f.name === k)?.label ?? k;
  const show = (v: unknown) => (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));
  return Object.entries(fields)
    .map(([k, v]) => `${label(k)}: ${show(v)}`)
    .join(" · ");
}

/** A stored message's Flow answer as the API and `message.received` carry it, or null. */
export function flowReplyOf(m: { type: string; content: Record<string, unknown> | null }): FlowReply | null {
  const c = m.content;
  if (m.type !== "interactive" || !c || c.kind !== "nfm_reply") return null;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const fields = c.fields && typeof c.fields === "object" ? (c.fields as Record<string, unknown>) : {};
  return { flow: str(c.flow), flowId: str(c.flowId), name: str(c.flowName), token: str(c.token), fields };
}
