import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { templates } from "../db/schema";
import { AppError, invalid } from "../errors";
import { listPage, type Page, type PageParams } from "../pagination";
import type { TemplateButtonSent, TemplatePayload } from "../db/schema";
import { orderedValues, placeholderCount, renderTemplate, type TemplateOut, templateVariables, urlVariable } from "../shared/template-schema";

// Templates as we store and send them. Their review at the channel (Meta's, for a WhatsApp number
// with its business account: submit, edit, delete, sync, the review's webhook updates) is
// lib/channels/templates.ts, which writes the rows this file reads.

export type TemplateRow = typeof templates.$inferSelect;

export function templateView(t: TemplateRow): TemplateOut {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    parameterFormat: t.parameterFormat,
    header: t.header ?? null,
    body: t.body,
    footer: t.footer ?? null,
    buttons: t.buttons ?? [],
    examples: t.examples,
    status: t.status,
    statusReason: t.statusReason,
    qualityRating: t.qualityRating,
    reviewedByMeta: t.metaTemplateId !== null,
    placeholders: placeholderCount(t.body),
    variables: templateVariables(t.body),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function listTemplates(db: Db, businessId: string, page: PageParams): Promise<Page<TemplateOut>> {
  return listPage(
    db,
    templates,
    { idPrefix: "tpl_", page: { limit: page.limit, cursor: page.cursor }, where: [eq(templates.businessId, businessId)] },
    templateView,
  );
}

/** The template a message names, whatever its status: the sender decides what a status allows. */
export async function findTemplate(db: Db, businessId: string, name: string, language: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.name, name), eq(templates.language, language)));
  return row;
}

/** Only an approved template may be sent: Meta refuses any other, so we refuse it first and store nothing. */
export function assertSendable(template: TemplateRow): void {
  if (template.status === "approved") return;
  const why = template.statusReason ? ` (${template.statusReason})` : "";
  throw new AppError(
    "template_not_approved",
    `Template ${template.name} (${template.language}) is ${template.status}${why}, not approved by Meta: it cannot be sent.`,
  );
}

/** What a send request says about its template (the `template` of POST /v1/messages). */
export type TemplateRefIn = {
  name: string;
  language: string;
  variables: string[] | Record<string, string>;
  header?: { text: string } | { media: { id: string } | { url: string }; filename?: string };
  buttons?: { index: number; text?: string; payload?: string }[];
};

/** What a template message becomes: its text (the body filled), what is stored and sent, and its header file. */
export type TemplateSend = {
  text: string;
  payload: TemplatePayload;
  /** A media header's file, to be found or fetched as a media message's is. */
  headerMedia: { kind: "image" | "video" | "document"; media: { id: string } | { url: string }; filename?: string } | null;
};

/**
 * Checks a send's values against the template's components, as Meta does at send time, and builds
 * what is sent: every body variable (by position or name), the header's variable or file, and the
 * value of each URL button with a variable and each copy code. A mismatch is a 400 that stores nothing.
 */
export function templateSend(template: TemplateRow, ref: TemplateRefIn): TemplateSend {
  const where = `Template ${template.name}`;
  const keys = templateVariables(template.body);
  const named = template.parameterFormat === "named";
  const given = ref.variables;
  if (Array.isArray(given)) {
    if (given.length !== keys.length) {
      throw invalid([{ path: "template.variables", message: `${where} needs exactly ${keys.length} variables, got ${given.length}.` }]);
    }
  } else {
    if (!named) throw invalid([{ path: "template.variables", message: `${where} has numbered variables: give them as an array.` }]);
    const missing = keys.filter((k) => given[k] === undefined);
    const unknown = Object.keys(given).filter((k) => !keys.includes(k));
    if (missing.length || unknown.length) {
      const parts = [missing.length ? `missing ${missing.join(", ")}` : "", unknown.length ? `unknown ${unknown.join(", ")}` : ""].filter(Boolean);
      throw invalid([{ path: "template.variables", message: `${where} needs the variables ${keys.join(", ") || "(none)"}: ${parts.join("; ")}.` }]);
    }
  }
  const values = orderedValues(template.body, given);
  const variables = named ? Object.fromEntries(keys.map((k, i) => [k, values[i] ?? ""])) : values;

  const header = template.header ?? null;
  let headerOut: TemplatePayload["header"] = null;
  let headerMedia: TemplateSend["headerMedia"] = null;
  if (header?.format === "text") {
    const needs = templateVariables(header.text).length > 0;
    const text = ref.header && "text" in ref.header ? ref.header.text : undefined;
    if (needs && text === undefined) throw invalid([{ path: "template.header.text", message: `${where}'s header has a variable: give its value.` }]);
    if (!needs && ref.header) throw invalid([{ path: "template.header", message: `${where}'s header has no variable.` }]);
    const variable = templateVariables(header.text)[0];
    headerOut = needs
      ? { format: "text", text: renderTemplate(header.text, [text ?? ""]), variable, value: text ?? "" }
      : { format: "text", text: header.text };
  } else if (header) {
    if (!ref.header || !("media" in ref.header)) {
      throw invalid([{ path: "template.header.media", message: `${where} has a ${header.format} header: give the file (media: {id} or {url}).` }]);
    }
    headerOut = { format: header.format, text: null };
    headerMedia = { kind: header.format, media: ref.header.media, ...(ref.header.filename ? { filename: ref.header.filename } : {}) };
  } else if (ref.header) {
    throw invalid([{ path: "template.header", message: `${where} has no header.` }]);
  }

  const given_buttons = ref.buttons ?? [];
  const seen = new Set<number>();
  for (const b of given_buttons) {
    const def = template.buttons[b.index];
    const path = `template.buttons.${b.index}`;
    if (!def) throw invalid([{ path, message: `${where} has no button ${b.index} (it has ${template.buttons.length}).` }]);
    if (seen.has(b.index)) throw invalid([{ path, message: `Button ${b.index} is given twice.` }]);
    seen.add(b.index);
    if (def.type === "url" && (!urlVariable(def.url) || b.text === undefined || b.payload !== undefined)) {
      throw invalid([
        { path, message: urlVariable(def.url) ? "A URL button takes `text`: its URL's variable part." : "This URL button has no variable." },
      ]);
    }
    if (def.type === "copy_code" && (b.text === undefined || b.text.length > 15 || b.payload !== undefined)) {
      throw invalid([{ path, message: "A copy code button takes `text`: the code (at most 15 characters)." }]);
    }
    if (def.type === "quick_reply" && (b.payload === undefined || b.text !== undefined)) {
      throw invalid([{ path, message: "A quick reply button takes `payload`." }]);
    }
    if (def.type === "phone_number") throw invalid([{ path, message: "A phone number button takes no value." }]);
    if (def.type === "flow" && b.text !== undefined) throw invalid([{ path, message: "A Flow button takes only `payload`: its flow_token." }]);
  }
  const buttons: TemplateButtonSent[] = template.buttons.map((def, index) => {
    const value = given_buttons.find((b) => b.index === index);
    if (def.type === "url") {
      if (urlVariable(def.url) && !value) {
        throw invalid([
          { path: `template.buttons.${index}`, message: `${where}'s button ${index} (${def.text}) has a variable in its URL: give its value.` },
        ]);
      }
      return { index, type: "url", text: def.text, value: value?.text ?? null };
    }
    if (def.type === "copy_code") {
      if (!value) throw invalid([{ path: `template.buttons.${index}`, message: `${where}'s copy code button needs the code (text).` }]);
      return { index, type: "copy_code", text: "Copy code", value: value.text ?? null };
    }
    if (def.type === "quick_reply") return { index, type: "quick_reply", text: def.text, value: value?.payload ?? null };
    if (def.type === "flow") return { index, type: "flow", text: def.text, value: value?.payload ?? null };
    return { index, type: "phone_number", text: def.text, value: null };
  });

  return {
    text: renderTemplate(template.body, variables),
    payload: {
      name: template.name,
      language: template.language,
      variables,
      ...(named ? { parameterFormat: "named" as const } : {}),
      ...(headerOut ? { header: headerOut } : {}),
      ...(template.footer ? { footer: template.footer } : {}),
      ...(buttons.length ? { buttons } : {}),
    },
    headerMedia,
  };
}

/**
 * What a send of this template must give besides the body's variables: a text header's value, a media
 * header's file, a URL button's variable part, a copy code. Campaigns fill only body variables.
 */
export function templateSendNeeds(template: Pick<TemplateRow, "header" | "buttons">): string[] {
  const out: string[] = [];
  const h = template.header;
  if (h?.format === "text" && templateVariables(h.text).length) out.push("the header's variable");
  if (h && h.format !== "text") out.push(`the header ${h.format}`);
  template.buttons.forEach((b, i) => {
    if (b.type === "url" && urlVariable(b.url)) out.push(`the variable of URL button ${i}`);
    if (b.type === "copy_code") out.push(`the code of copy code button ${i}`);
  });
  return out;
}
