import { z } from "zod";

// A message template as Meta defines it: an optional HEADER (text with at most one variable, or an
// image, video or document), the BODY, an optional FOOTER (no variables) and up to ten BUTTONS (quick
// replies grouped together, at most two URL buttons, one phone number, one copy code). Variables are
// numbered ({{1}}, {{2}}: parameter_format POSITIONAL) or named ({{order_id}}: NAMED), never both.
// These rules are checked here, where the API and the template editor share them, before Meta sees
// the template.

export const templateMediaFormats = ["image", "video", "document"] as const;
export type TemplateMediaFormat = (typeof templateMediaFormats)[number];

const buttonText = z.string().trim().min(1).max(25, "A button's text is at most 25 characters.");

export const templateHeader = z.discriminatedUnion("format", [
  z.object({
    format: z.literal("text"),
    text: z.string().trim().min(1).max(60, "A text header is at most 60 characters."),
    /** The example value of the header's one variable (Meta needs it when the header has one). */
    example: z.string().trim().min(1).max(200).optional(),
  }),
  z.object({
    format: z.enum(templateMediaFormats),
    /**
     * A sample file for Meta's review: the handle Meta's Resumable Upload API gave for it (`4::aW...`).
     * Meta needs one when it reviews the template; the file sent with each message is given at send time.
     */
    example: z.string().trim().min(1).max(2048).optional(),
  }),
]);
export type TemplateHeader = z.infer<typeof templateHeader>;

export const templateButton = z.discriminatedUnion("type", [
  z.object({ type: z.literal("quick_reply"), text: buttonText }),
  z.object({
    type: z.literal("url"),
    text: buttonText,
    /** The link; a variable may only end it (`https://shop.example/orders/{{1}}`), filled at send time. */
    url: z.string().trim().min(1).max(2000),
    /** A whole example URL with the variable filled, which Meta needs when the URL has one. */
    example: z.string().trim().min(1).max(2000).optional(),
  }),
  z.object({
    type: z.literal("phone_number"),
    text: buttonText,
    phoneNumber: z.string().regex(/^\+?[0-9]{6,20}$/, "A phone number button needs a number in international format (+15551234567)."),
  }),
  z.object({
    type: z.literal("flow"),
    text: buttonText,
    /** The Flow's id at Meta (register it with POST /v1/flows to read its answers by their fields). */
    flowId: z.string().regex(/^[0-9]{1,32}$/, "A Flow button needs the Flow's id at Meta (digits)."),
    /** `navigate` (the default) opens `navigateScreen`; `data_exchange` needs the Flow's data endpoint (not served here). */
    flowAction: z.enum(["navigate", "data_exchange"]).optional(),
    navigateScreen: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, "navigateScreen is a screen id of the Flow JSON.")
      .optional(),
  }),
  z.object({
    type: z.literal("copy_code"),
    /** An example code (at most 15 characters); the code itself is given with each message. */
    example: z.string().trim().min(1).max(15, "A copy code example is at most 15 characters."),
  }),
]);
export type TemplateButton = z.infer<typeof templateButton>;

const templateFields = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, "name must be lower-case letters, digits and underscores (1..512)."),
  language: z.string().regex(/^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, "language must be a BCP 47 code such as en or pt_BR."),
  category: z.enum(["utility", "marketing", "authentication"]),
  /** `positional`: {{1}}, {{2}}; `named`: {{order_id}} (Meta's parameter_format NAMED). */
  parameterFormat: z.enum(["positional", "named"]).default("positional"),
  header: templateHeader.nullable().optional(),
  body: z.string().min(1).max(1024),
  footer: z.string().trim().min(1).max(60, "A footer is at most 60 characters.").nullable().optional(),
  buttons: z.array(templateButton).max(10, "A template has at most 10 buttons.").default([]),
  /**
   * One example value per body variable, in the order they first appear. Meta requires them when it
   * reviews the template (a WhatsApp number saved with its business account id); elsewhere they are optional.
   */
  examples: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});

export const templateIn = templateFields.superRefine((t, ctx) => {
  for (const p of templateProblems(t)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
});
export type TemplateIn = z.output<typeof templateIn>;

export const templateOut = templateFields.extend({
  id: z.string(),
  parameterFormat: z.enum(["positional", "named"]),
  header: templateHeader.nullable(),
  footer: z.string().nullable(),
  buttons: z.array(templateButton),
  examples: z.array(z.string()),
  status: z.enum(["approved", "pending", "rejected", "paused", "disabled"]),
  /** Meta's reason for a rejection, pause or disabling (e.g. INVALID_FORMAT), else null. */
  statusReason: z.string().nullable(),
  /** Meta's quality rating of the template (GREEN, YELLOW, RED, UNKNOWN), when Meta gave one. */
  qualityRating: z.string().nullable(),
  /** True when the template is submitted to Meta and follows its review. */
  reviewedByMeta: z.boolean(),
  placeholders: z.number().int(),
  /** The body's variables in order: ["1", "2"], or the names of a named template (["order_id"]). */
  variables: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateOut = z.infer<typeof templateOut>;

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const NAMED_KEY = /^[a-z][a-z0-9_]*$/;

/**
 * The variables of a text in order: ["1", "2", ...] up to the highest number, or for a named template
 * the distinct names in the order they first appear (["first_name", "order_id"]).
 */
export function templateVariables(text: string): string[] {
  const keys = [...text.matchAll(VARIABLE)].map((m) => m[1]);
  if (keys.some((k) => !/^\d+$/.test(k))) return [...new Set(keys)];
  const numbers = keys.map(Number);
  return numbers.length ? Array.from({ length: Math.max(...numbers) }, (_, i) => String(i + 1)) : [];
}

/** Number of variables of a body: the highest {{n}}, or the distinct {{names}}. */
export function placeholderCount(body: string): number {
  return templateVariables(body).length;
}

/** Variables by position (in the order of `templateVariables`) or, for a named template, by name. */
export type TemplateValues = string[] | Record<string, string>;

export function renderTemplate(text: string, variables: TemplateValues): string {
  const keys = templateVariables(text);
  return text.replace(VARIABLE, (_, key: string) => {
    const at = keys.indexOf(key);
    if (Array.isArray(variables)) return at < 0 ? "" : (variables[at] ?? "");
    return variables[key] ?? "";
  });
}

/** The values of a text's variables in order, from an array (as is) or a record of names. */
export function orderedValues(text: string, variables: TemplateValues): string[] {
  if (Array.isArray(variables)) return variables;
  return templateVariables(text).map((k) => variables[k] ?? "");
}

/** The URL button's variable, which may only end its URL (Meta: `https://example.com/{{1}}`). */
export function urlVariable(url: string): boolean {
  return /\{\{\s*[A-Za-z0-9_]+\s*\}\}$/.test(url);
}

type Problem = { path: (string | number)[]; message: string };
type TemplateShape = Pick<z.output<typeof templateFields>, "parameterFormat" | "header" | "body" | "footer" | "buttons">;

/** Meta's rules for a template's components, as it applies them on submission. */
export function templateProblems(t: TemplateShape): Problem[] {
  const out: Problem[] = [];
  const named = t.parameterFormat === "named";
  const checkFormat = (text: string, path: string[]) => {
    const keys = [...text.matchAll(VARIABLE)].map((m) => m[1]);
    if (named) {
      const bad = keys.find((k) => !NAMED_KEY.test(k));
      if (bad) out.push({ path, message: `{{${bad}}}: a named template's variables are lower-case names such as {{order_id}}.` });
    } else {
      const bad = keys.find((k) => !/^\d+$/.test(k));
      if (bad) out.push({ path, message: `{{${bad}}}: numbered variables are {{1}}, {{2}}… (choose named parameters to use names).` });
      else if (keys.some((k) => Number(k) < 1)) out.push({ path, message: "Numbered variables start at {{1}}." });
      else {
        const used = new Set(keys.map(Number));
        const missing = templateVariables(text).find((k) => !used.has(Number(k)));
        if (missing) out.push({ path, message: `Variables must follow each other: {{${missing}}} is missing.` });
      }
    }
  };
  checkFormat(t.body, ["body"]);
  if (t.header?.format === "text") {
    const count = [...t.header.text.matchAll(VARIABLE)].length;
    if (count > 1) out.push({ path: ["header", "text"], message: "A text header has at most one variable." });
    checkFormat(t.header.text, ["header", "text"]);
  }
  if (t.footer && [...t.footer.matchAll(VARIABLE)].length) out.push({ path: ["footer"], message: "A footer has no variables." });
  const buttons = t.buttons ?? [];
  const count = (type: TemplateButton["type"]) => buttons.filter((b) => b.type === type).length;
  if (count("url") > 2) out.push({ path: ["buttons"], message: "A template has at most 2 URL buttons." });
  if (count("phone_number") > 1) out.push({ path: ["buttons"], message: "A template has at most 1 phone number button." });
  if (count("copy_code") > 1) out.push({ path: ["buttons"], message: "A template has at most 1 copy code button." });
  if (count("flow") > 1) out.push({ path: ["buttons"], message: "A template has at most 1 Flow button." });
  const quick = buttons.map((b, i) => (b.type === "quick_reply" ? i : -1)).filter((i) => i >= 0);
  if (quick.length && quick[quick.length - 1] - quick[0] !== quick.length - 1) {
    out.push({ path: ["buttons"], message: "Quick reply buttons must be grouped together (all before or all after the other buttons)." });
  }
  const texts = buttons.flatMap((b) => ("text" in b ? [b.text] : []));
  if (new Set(texts).size !== texts.length) out.push({ path: ["buttons"], message: "Two buttons have the same text." });
  buttons.forEach((b, i) => {
    if (b.type === "flow" && b.flowAction === "data_exchange")
      out.push({ path: ["buttons", i, "flowAction"], message: "A Flow with a data endpoint (data_exchange) is not supported: use navigate." });
    if (b.type === "flow" && b.flowAction !== "data_exchange" && !b.navigateScreen)
      out.push({ path: ["buttons", i, "navigateScreen"], message: "A navigate Flow button needs the screen it opens (navigateScreen)." });
    if (b.type !== "url") return;
    if (!/^https?:\/\/[^\s/]+/.test(b.url))
      out.push({ path: ["buttons", i, "url"], message: "A URL button's link starts with https:// or http://." });
    const vars = [...b.url.matchAll(VARIABLE)];
    if (vars.length > 1 || (vars.length === 1 && !urlVariable(b.url))) {
      out.push({ path: ["buttons", i, "url"], message: "A URL button may have one variable, only at the end of the URL." });
    } else if (vars.length === 1 && !/^\{\{\s*1\s*\}\}$/.test(vars[0][0])) {
      out.push({ path: ["buttons", i, "url"], message: "A URL button's variable is {{1}}." });
    }
  });
  return out;
}
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
export type TemplateSyncOut = z.infer<typeof templateSyncOut>;
