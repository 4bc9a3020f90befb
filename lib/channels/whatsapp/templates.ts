import "server-only";
import type { TemplateStatus } from "../../db/schema";
import { AppError } from "../../errors";
import type { ChannelTemplate, ChannelTemplates, TemplateSubmission } from "../channel";
import { type TemplateButton, type TemplateHeader, templateVariables } from "../../shared/template-schema";
import { normalizeTier } from "../../shared/messaging-limit";
import { graphUrl, type WhatsAppConnection } from "./connection";

// Message templates at Meta (WhatsApp Business Management API): a template exists for WhatsApp only
// once it is submitted to the business account (WABA) and Meta approved it. These calls are the whole
// of what we say to Meta about templates: the channel's template door (`whatsAppTemplates`);
// lib/channels/templates.ts decides when to make them.

/** The template door of a WhatsApp connection; `accountId` is the WABA id. */
export function whatsAppTemplates(connection: WhatsAppConnection): ChannelTemplates {
  return {
    verifyAccount: (wabaId) => verifyBusinessAccount(connection, wabaId),
    submit: (wabaId, t) => submitTemplate(connection, wabaId, t),
    edit: (metaTemplateId, t) => editTemplate(connection, metaTemplateId, t),
    remove: (wabaId, name, metaTemplateId) => deleteMetaTemplate(connection, wabaId, name, metaTemplateId),
    list: (wabaId) => listMetaTemplates(connection, wabaId),
    numberHealth: () => readNumberHealth(connection),
  };
}

type MetaTemplateStatus = TemplateStatus;

const timeoutMs = () => Number(process.env.WHATSAPP_TIMEOUT_MS ?? 15_000);

/**
 * Meta's template statuses and webhook events, on our five. A paused template comes back when Meta
 * reinstates it; FLAGGED is a warning on an approved template (its quality), not a new status.
 */
export function templateStatusOf(event: string, current?: MetaTemplateStatus): MetaTemplateStatus | null {
  switch (event.toUpperCase()) {
    case "APPROVED":
    case "REINSTATED":
    case "UNPAUSED":
      return "approved";
    case "PENDING":
    case "IN_APPEAL":
    case "PENDING_REVIEW":
      return "pending";
    case "REJECTED":
      return "rejected";
    case "PAUSED":
      return "paused";
    case "DISABLED":
    case "PENDING_DELETION":
    case "DELETED":
    case "ARCHIVED":
    case "LIMIT_EXCEEDED":
      return "disabled";
    case "FLAGGED":
      return current ?? null;
    default:
      return null;
  }
}

type ComponentsIn = Pick<TemplateSubmission, "body" | "examples" | "parameterFormat" | "header" | "footer" | "buttons">;

/**
 * The components Meta wants, in its order: HEADER (text with its example, or a media format with a
 * sample's handle), BODY with one example row (numbered) or named examples, FOOTER and BUTTONS.
 */
export function templateComponents(t: ComponentsIn) {
  const named = t.parameterFormat === "named";
  const out: Record<string, unknown>[] = [];
  const h = t.header;
  if (h?.format === "text") {
    const variable = templateVariables(h.text)[0];
    const example =
      variable && h.example
        ? named
          ? { header_text_named_params: [{ param_name: variable, example: h.example }] }
          : { header_text: [h.example] }
        : null;
    out.push({ type: "HEADER", format: "TEXT", text: h.text, ...(example ? { example } : {}) });
  } else if (h) {
    out.push({ type: "HEADER", format: h.format.toUpperCase(), ...(h.example ? { example: { header_handle: [h.example] } } : {}) });
  }
  const keys = templateVariables(t.body);
  const bodyExample = t.examples.length
    ? named
      ? { body_text_named_params: keys.map((param_name, i) => ({ param_name, example: t.examples[i] ?? "" })) }
      : { body_text: [t.examples] }
    : null;
  out.push({ type: "BODY", text: t.body, ...(bodyExample ? { example: bodyExample } : {}) });
  if (t.footer) out.push({ type: "FOOTER", text: t.footer });
  if (t.buttons.length) {
    out.push({
      type: "BUTTONS",
      buttons: t.buttons.map((b) => {
        switch (b.type) {
          case "quick_reply":
            return { type: "QUICK_REPLY", text: b.text };
          case "url":
            return { type: "URL", text: b.text, url: b.url, ...(b.example ? { example: [b.example] } : {}) };
          case "phone_number":
            return { type: "PHONE_NUMBER", text: b.text, phone_number: b.phoneNumber };
          case "flow":
            return {
              type: "FLOW",
              text: b.text,
              flow_id: b.flowId,
              flow_action: b.flowAction ?? "navigate",
              ...(b.navigateScreen ? { navigate_screen: b.navigateScreen } : {}),
            };
          default:
            return { type: "COPY_CODE", example: b.example };
        }
      }),
    });
  }
  return out;
}

/** The template's fields from Meta's components (what the sync imports). */
export function fromComponents(components: Record<string, unknown>[]): Omit<ComponentsIn, "body"> & { body: string | null } {
  const find = (type: string) => components.find((c) => String(c.type).toUpperCase() === type);
  const body = find("BODY");
  const example = (body?.example ?? {}) as { body_text?: unknown; body_text_named_params?: unknown };
  const namedRows = Array.isArray(example.body_text_named_params)
    ? (example.body_text_named_params as { param_name?: unknown; example?: unknown }[])
    : null;
  const bodyText = typeof body?.text === "string" ? body.text : null;
  const rows = example.body_text;
  const examples = namedRows
    ? (bodyText ? templateVariables(bodyText) : []).map((k) => String(namedRows.find((r) => r.param_name === k)?.example ?? ""))
    : Array.isArray(rows) && Array.isArray(rows[0])
      ? rows[0].map(String)
      : [];
  const keys = bodyText ? [...bodyText.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]) : [];
  const parameterFormat = namedRows || keys.some((k) => !/^\d+$/.test(k)) ? "named" : "positional";
  const h = find("HEADER");
  let header: TemplateHeader | null = null;
  if (h) {
    const format = String(h.format ?? "").toLowerCase();
    const hx = (h.example ?? {}) as { header_text?: unknown; header_text_named_params?: unknown; header_handle?: unknown };
    const first = (v: unknown) => (Array.isArray(v) && v.length ? v[0] : undefined);
    if (format === "text" && typeof h.text === "string") {
      const namedEx = first(hx.header_text_named_params) as { example?: unknown } | undefined;
      const ex = namedEx?.example ?? first(hx.header_text);
      header = { format: "text", text: h.text, ...(typeof ex === "string" ? { example: ex } : {}) };
    } else if (format === "image" || format === "video" || format === "document") {
      const handle = first(hx.header_handle);
      header = { format, ...(typeof handle === "string" ? { example: handle } : {}) };
    }
  }
  const f = find("FOOTER");
  const rawButtons = (find("BUTTONS")?.buttons ?? []) as Record<string, unknown>[];
  const buttons: TemplateButton[] = [];
  for (const b of Array.isArray(rawButtons) ? rawButtons : []) {
    const type = String(b.type ?? "").toUpperCase();
    const text = String(b.text ?? "");
    if (type === "QUICK_REPLY") buttons.push({ type: "quick_reply", text });
    else if (type === "URL") {
      const ex = Array.isArray(b.example) ? b.example[0] : undefined;
      buttons.push({ type: "url", text, url: String(b.url ?? ""), ...(typeof ex === "string" ? { example: ex } : {}) });
    } else if (type === "PHONE_NUMBER") buttons.push({ type: "phone_number", text, phoneNumber: String(b.phone_number ?? "") });
    else if (type === "FLOW") {
      const screen = typeof b.navigate_screen === "string" ? b.navigate_screen : undefined;
      buttons.push({
        type: "flow",
        text,
        flowId: String(b.flow_id ?? ""),
        flowAction: b.flow_action === "data_exchange" ? "data_exchange" : "navigate",
        ...(screen ? { navigateScreen: screen } : {}),
      });
    } else if (type === "COPY_CODE")
      buttons.push({ type: "copy_code", example: String(Array.isArray(b.example) ? b.example[0] : (b.example ?? "")) });
  }
  return {
    body: bodyText,
    examples,
    parameterFormat,
    header,
    footer: typeof f?.text === "string" ? f.text : null,
    buttons,
  };
}

type GraphAnswer = { status: number; body: Record<string, unknown> | null };

async function graph(connection: WhatsAppConnection, method: string, path: string, payload?: unknown): Promise<GraphAnswer> {
  let res: Response;
  try {
    res = await fetch(`${graphUrl()}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${connection.accessToken}`,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs()),
    });
  } catch (err) {
    throw new AppError("channel_unavailable", `WhatsApp could not be reached (${(err as Error).message}); nothing was changed. Try again.`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status >= 500) throw new AppError("channel_unavailable", `WhatsApp answered HTTP ${res.status}; nothing was changed. Try again.`);
  return { status: res.status, body };
}

function metaSaid(answer: GraphAnswer): string {
  const error = answer.body?.error as { message?: unknown; error_user_msg?: unknown } | undefined;
  const text = typeof error?.error_user_msg === "string" ? error.error_user_msg : typeof error?.message === "string" ? error.message : null;
  return text ?? `HTTP ${answer.status}`;
}

function refused(answer: GraphAnswer, what: string, path = "template"): AppError {
  return new AppError("invalid_request", `Meta refused ${what}; nothing was stored.`, [{ path, message: `Meta said: ${metaSaid(answer)}` }]);
}

/** Proves the token can manage the business account before it is saved (Meta answers with its id). */
async function verifyBusinessAccount(connection: WhatsAppConnection, wabaId: string): Promise<void> {
  const answer = await graph(connection, "GET", `${encodeURIComponent(wabaId)}?fields=id,name`);
  if (answer.status < 300 && answer.body?.id === wabaId) return;
  throw new AppError("invalid_request", "Meta did not confirm that this access token can manage that WhatsApp Business Account; nothing was saved.", [
    { path: "businessAccountId", message: `This token cannot manage account ${wabaId}. Meta said: ${metaSaid(answer)}` },
  ]);
}

/** Submits a new template for review; Meta answers with its id and a first status (usually PENDING). */
async function submitTemplate(
  connection: WhatsAppConnection,
  wabaId: string,
  t: TemplateSubmission,
): Promise<{ id: string; status: MetaTemplateStatus }> {
  const answer = await graph(connection, "POST", `${encodeURIComponent(wabaId)}/message_templates`, {
    name: t.name,
    language: t.language,
    category: t.category.toUpperCase(),
    parameter_format: t.parameterFormat === "named" ? "NAMED" : "POSITIONAL",
    components: templateComponents(t),
  });
  const id = answer.body?.id;
  if (answer.status >= 300 || typeof id !== "string") throw refused(answer, `the template ${t.name} (${t.language})`);
  return { id, status: templateStatusOf(String(answer.body?.status ?? "PENDING")) ?? "pending" };
}

/** Edits a template Meta already has (a new body goes back to review). */
async function editTemplate(connection: WhatsAppConnection, metaTemplateId: string, t: TemplateSubmission): Promise<MetaTemplateStatus> {
  const answer = await graph(connection, "POST", encodeURIComponent(metaTemplateId), {
    category: t.category.toUpperCase(),
    parameter_format: t.parameterFormat === "named" ? "NAMED" : "POSITIONAL",
    components: templateComponents(t),
  });
  if (answer.status >= 300 || answer.body?.success !== true) throw refused(answer, `the change to ${t.name} (${t.language})`);
  return "pending";
}

async function deleteMetaTemplate(connection: WhatsAppConnection, wabaId: string, name: string, metaTemplateId: string): Promise<void> {
  const query = new URLSearchParams({ name, hsm_id: metaTemplateId });
  const answer = await graph(connection, "DELETE", `${encodeURIComponent(wabaId)}/message_templates?${query}`);
  // Already gone at Meta is as good as deleted.
  if (answer.status < 300 || answer.status === 404) return;
  throw refused(answer, `to delete the template ${name}`);
}

const listFields = "id,name,language,status,category,parameter_format,components,rejected_reason,quality_score";

/** Every template of the account, following Meta's cursor pages to the end. */
async function listMetaTemplates(connection: WhatsAppConnection, wabaId: string): Promise<ChannelTemplate[]> {
  const out: ChannelTemplate[] = [];
  let after: string | null = null;
  for (let page = 0; page < 200; page++) {
    const query = new URLSearchParams({ fields: listFields, limit: "100", ...(after ? { after } : {}) });
    const answer = await graph(connection, "GET", `${encodeURIComponent(wabaId)}/message_templates?${query}`);
    if (answer.status >= 300) throw refused(answer, "to list the account's templates", "businessAccountId");
    for (const raw of Array.isArray(answer.body?.data) ? answer.body.data : []) {
      const t = readTemplate(raw as Record<string, unknown>);
      if (t) out.push(t);
    }
    const paging = answer.body?.paging as { cursors?: { after?: unknown }; next?: unknown } | undefined;
    after = typeof paging?.next === "string" && typeof paging.cursors?.after === "string" ? paging.cursors.after : null;
    if (!after) break;
  }
  return out;
}

function readTemplate(raw: Record<string, unknown>): ChannelTemplate | null {
  const { id, name, language } = raw;
  if (typeof id !== "string" || typeof name !== "string" || typeof language !== "string") return null;
  const category = String(raw.category ?? "").toLowerCase();
  const components = Array.isArray(raw.components) ? (raw.components as Record<string, unknown>[]) : [];
  const parts = fromComponents(components);
  if (String(raw.parameter_format ?? "").toUpperCase() === "NAMED") parts.parameterFormat = "named";
  const quality = raw.quality_score as { score?: unknown } | undefined;
  const reason = typeof raw.rejected_reason === "string" && raw.rejected_reason !== "NONE" ? raw.rejected_reason : null;
  return {
    id,
    name,
    language,
    category: category === "marketing" || category === "authentication" ? category : "utility",
    status: templateStatusOf(String(raw.status ?? "")) ?? "pending",
    reason,
    ...parts,
    qualityRating: typeof quality?.score === "string" ? quality.score : null,
  };
}

/**
 * The number's quality rating and its business portfolio's messaging limit tier, when the Graph API
 * gives them. The limit is the portfolio's since October 2025 (`whatsapp_business_manager_messaging_limit`);
 * the per-number `messaging_limit_tier` is deprecated and no longer asked for.
 */
async function readNumberHealth(connection: WhatsAppConnection): Promise<{ qualityRating: string | null; messagingLimit: string | null }> {
  const answer = await graph(
    connection,
    "GET",
    `${encodeURIComponent(connection.phoneNumberId)}?fields=quality_rating,whatsapp_business_manager_messaging_limit`,
  );
  if (answer.status >= 300) return { qualityRating: null, messagingLimit: null };
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    qualityRating: str(answer.body?.quality_rating),
    messagingLimit: normalizeTier(str(answer.body?.whatsapp_business_manager_messaging_limit)),
  };
}
