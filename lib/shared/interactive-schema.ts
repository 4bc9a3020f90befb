import { z } from "zod";

// An interactive message a person or a client system sends (POST /v1/messages `type: interactive`, the
// inbox composer): reply buttons, a list, a call-to-action URL button or a location request, checked
// against WhatsApp's limits (Meta, Cloud API "Interactive messages": reply buttons, list messages,
// interactive CTA URL button messages, location request messages, Flow messages). One discriminated
// union on `type`. Browser-safe: the composer checks with it.

export const INTERACTIVE_LIMITS = {
  body: 1024,
  header: 60,
  footer: 60,
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  listButton: 20,
  sections: 10,
  rows: 10,
  rowTitle: 24,
  rowId: 200,
  rowDescription: 72,
  sectionTitle: 24,
  ctaText: 20,
  url: 2000,
  flowToken: 200,
} as const;

const L = INTERACTIVE_LIMITS;
const text = (max: number, what: string) =>
  z.string().trim().min(1, `${what} must not be empty.`).max(max, `${what} may be at most ${max} characters.`);

const common = {
  body: text(L.body, "body").meta({ description: `The message text (at most ${L.body} characters).` }),
  header: text(L.header, "header")
    .optional()
    .meta({ description: `A text header (at most ${L.header} characters).` }),
  footer: text(L.footer, "footer")
    .optional()
    .meta({ description: `A footer (at most ${L.footer} characters).` }),
};

export const replyButton = z
  .object({
    id: text(L.buttonId, "A button id").meta({ description: "Comes back as the customer's reply's id." }),
    title: text(L.buttonTitle, "A button title"),
  })
  .strict();

export const listRow = z
  .object({
    id: text(L.rowId, "A row id").meta({ description: "Comes back as the customer's reply's id." }),
    title: text(L.rowTitle, "A row title"),
    description: text(L.rowDescription, "A row description").optional(),
  })
  .strict();

export const listSection = z
  .object({
    title: text(L.sectionTitle, "A section title").optional().meta({ description: "Required when there is more than one section." }),
    rows: z.array(listRow).min(1, "A section needs at least one row."),
  })
  .strict();

export const buttonInteractive = z
  .object({
    type: z.literal("button"),
    ...common,
    buttons: z.array(replyButton).min(1, "At least one button.").max(L.buttons, `At most ${L.buttons} buttons.`),
  })
  .strict();

export const listInteractive = z
  .object({
    type: z.literal("list"),
    ...common,
    button: text(L.listButton, "button").meta({ description: "The label of the button that opens the list." }),
    sections: z.array(listSection).min(1, "At least one section.").max(L.sections, `At most ${L.sections} sections.`),
  })
  .strict();

export const ctaUrlInteractive = z
  .object({
    type: z.literal("cta_url"),
    ...common,
    button: z
      .object({
        text: text(L.ctaText, "button.text"),
        url: z
          .string()
          .max(L.url)
          .regex(/^https?:\/\/\S+$/, "url must be an http(s) URL."),
      })
      .strict(),
  })
  .strict();

export const locationRequestInteractive = z
  .object({ type: z.literal("location_request"), body: common.body })
  .strict()
  .meta({ description: "Asks the customer to share their location (a `Send location` button)." });

/**
 * A WhatsApp Flow registered with `POST /v1/flows`, opened by a button (Meta's `type: flow`,
 * `action.name: flow`, `flow_message_version: "3"`). `cta`, `screen` and `data` default to the
 * registration's; `token` to the sending message's id. `flowId` and `name` are the registration's,
 * written by the service (a value given is replaced).
 */
export const flowInteractive = z
  .object({
    type: z.literal("flow"),
    ...common,
    flow: z
      .string()
      .regex(/^flw_[A-Za-z0-9]{1,40}$/, "flow is a registered Flow's id (flw_...).")
      .meta({ description: "The registered Flow to open (`GET /v1/flows`).", example: "flw_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    cta: text(L.ctaText, "cta")
      .refine((v) => !/\p{Extended_Pictographic}/u.test(v), "cta may not contain emoji (WhatsApp refuses them).")
      .optional()
      .meta({ description: `The button's text (at most ${L.ctaText} characters, no emoji); default: the registered Flow's.` }),
    screen: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, "screen is a screen id of the Flow JSON.")
      .optional()
      .meta({ description: "The screen to open; default: the registered Flow's (else the Flow's first screen)." }),
    data: z
      .record(z.string(), z.unknown())
      .refine((d) => Object.keys(d).length > 0, "data, when given, must not be empty (WhatsApp refuses an empty object).")
      .optional()
      .meta({ description: "Input data for the screen it opens on (Meta's `flow_action_payload.data`)." }),
    token: text(L.flowToken, "token")
      .optional()
      .meta({ description: "The `flow_token` the answer carries back; default: the id of the message sending the Flow." }),
    flowId: z.string().optional().meta({ description: "Written by the service: the Flow's id at Meta.", readOnly: true }),
    name: z.string().optional().meta({ description: "Written by the service: the registered Flow's name.", readOnly: true }),
  })
  .strict()
  .meta({ description: "Opens a registered WhatsApp Flow (a form in WhatsApp); its answer comes back as the message's `flowReply`." });

/** What the union's members share: a body, and for most a header and footer. */
export const interactiveMessage = z
  .discriminatedUnion("type", [buttonInteractive, listInteractive, ctaUrlInteractive, locationRequestInteractive, flowInteractive])
  .superRefine((v, ctx) => {
    if (v.type === "button") {
      dupes(
        v.buttons.map((b) => b.id),
        (i) => ctx.addIssue({ code: "custom", path: ["buttons", i, "id"], message: "Button ids must be unique." }),
      );
      dupes(
        v.buttons.map((b) => b.title),
        (i) => ctx.addIssue({ code: "custom", path: ["buttons", i, "title"], message: "Button titles must be unique." }),
      );
    }
    if (v.type === "list") {
      const rows = v.sections.flatMap((s) => s.rows);
      if (rows.length > L.rows) ctx.addIssue({ code: "custom", path: ["sections"], message: `At most ${L.rows} rows in all sections together.` });
      const at = v.sections.flatMap((s, si) => s.rows.map((_, ri) => [si, ri] as const));
      dupes(
        rows.map((r) => r.id),
        (i) => ctx.addIssue({ code: "custom", path: ["sections", at[i][0], "rows", at[i][1], "id"], message: "Row ids must be unique." }),
      );
      if (v.sections.length > 1)
        v.sections.forEach((s, si) => {
          if (!s.title)
            ctx.addIssue({ code: "custom", path: ["sections", si, "title"], message: "Each section needs a title when there are several." });
        });
    }
  })
  .meta({ id: "InteractiveMessage" });
export type InteractiveMessage = z.infer<typeof interactiveMessage>;

function dupes(values: string[], report: (index: number) => void) {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    if (seen.has(v)) report(i);
    seen.add(v);
  });
}

/** The customer's answer to an interactive message: a button or list reply, with the id we gave it. */
export type InteractiveChoice = { kind: "button" | "list"; id: string; title: string; description: string | null };

/** What a message's choices read as in plain text (search, previews, channels without interactives). */
export function interactiveText(m: InteractiveMessage): string {
  return m.body;
}
