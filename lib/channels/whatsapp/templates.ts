import "server-only";
import type { TemplateStatus } from "../../db/schema";
import { AppError } from "../../errors";
import type { ChannelTemplate, ChannelTemplates, TemplateSubmission } from "../channel";
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

/** The components Meta wants: one BODY with its text and, when it has {{n}} variables, one example row. */
export function templateComponents(body: string, examples: string[]) {
  return [{ type: "BODY", text: body, ...(examples.length ? { example: { body_text: [examples] } } : {}) }];
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
    components: templateComponents(t.body, t.examples),
  });
  const id = answer.body?.id;
  if (answer.status >= 300 || typeof id !== "string") throw refused(answer, `the template ${t.name} (${t.language})`);
  return { id, status: templateStatusOf(String(answer.body?.status ?? "PENDING")) ?? "pending" };
}

/** Edits a template Meta already has (a new body goes back to review). */
async function editTemplate(connection: WhatsAppConnection, metaTemplateId: string, t: TemplateSubmission): Promise<MetaTemplateStatus> {
  const answer = await graph(connection, "POST", encodeURIComponent(metaTemplateId), {
    category: t.category.toUpperCase(),
    components: templateComponents(t.body, t.examples),
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

const listFields = "id,name,language,status,category,components,rejected_reason,quality_score";

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
  const body = components.find((c) => String(c.type).toUpperCase() === "BODY");
  const exampleRows = (body?.example as { body_text?: unknown } | undefined)?.body_text;
  const examples = Array.isArray(exampleRows) && Array.isArray(exampleRows[0]) ? exampleRows[0].map(String) : [];
  const quality = raw.quality_score as { score?: unknown } | undefined;
  const reason = typeof raw.rejected_reason === "string" && raw.rejected_reason !== "NONE" ? raw.rejected_reason : null;
  return {
    id,
    name,
    language,
    category: category === "marketing" || category === "authentication" ? category : "utility",
    status: templateStatusOf(String(raw.status ?? "")) ?? "pending",
    reason,
    body: typeof body?.text === "string" ? body.text : null,
    examples,
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
