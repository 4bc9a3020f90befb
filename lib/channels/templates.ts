import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { businesses, type TemplateStatus, templates } from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import {
  placeholderCount,
  type TemplateAccountOut,
  type TemplateOut,
  type templateIn,
  templateVariables,
  urlVariable,
} from "../shared/template-schema";
import { type TemplateRow, templateView } from "../templates/templates";
import { businessAdapter, connectedChannel } from "./adapters";
import type { ChannelTemplate, TemplateSubmission } from "./channel";
import { templateStatusOf } from "./whatsapp/templates";

// A business's templates as its channel reviews them: through the channel's template door, on a
// WhatsApp number saved with its business account id (WABA), Meta reviews every template; elsewhere
// (the sandbox, or a business that manages its templates in Meta's own tools) nobody does, and a
// template is approved at once. The rows are lib/templates' (which reads them to send).

type BusinessRow = typeof businesses.$inferSelect;

/**
 * Where a business's templates are reviewed: by Meta when its WhatsApp number is saved with the
 * business account id (WABA), otherwise nowhere (the sandbox, or a business that manages its
 * templates in Meta's own tools): those are approved at once.
 */
function metaAccount(b: BusinessRow) {
  const review = businessAdapter("whatsapp", b).templates;
  return review && b.whatsappBusinessAccountId ? { review, wabaId: b.whatsappBusinessAccountId } : null;
}

async function businessRow(db: Db, businessId: string): Promise<BusinessRow> {
  const [b] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw notFound("business");
  return b;
}

/**
 * Upsert on (name, language). On a WhatsApp number with its business account, the template goes to
 * Meta first (a new one is submitted, a known one edited) and is stored with Meta's answer, usually
 * `pending` until the status webhook or the sync says otherwise; Meta's refusal stores nothing.
 */
export async function upsertTemplate(db: Db, businessId: string, input: z.input<typeof templateIn>): Promise<TemplateOut> {
  const examples = input.examples ?? [];
  const parts = {
    parameterFormat: input.parameterFormat ?? "positional",
    header: input.header ?? null,
    footer: input.footer ?? null,
    buttons: input.buttons ?? [],
  };
  const account = metaAccount(await businessRow(db, businessId));
  let meta: { metaTemplateId: string | null; status: TemplateStatus } = { metaTemplateId: null, status: "approved" };
  if (account) {
    const missing = examplesMissing({ ...input, ...parts, examples });
    if (missing.length) throw invalid(missing);
    const [existing] = await db
      .select({ metaTemplateId: templates.metaTemplateId })
      .from(templates)
      .where(and(eq(templates.businessId, businessId), eq(templates.name, input.name), eq(templates.language, input.language)));
    const submission = { ...input, ...parts, examples };
    meta = existing?.metaTemplateId
      ? { metaTemplateId: existing.metaTemplateId, status: await account.review.edit(existing.metaTemplateId, submission) }
      : await account.review.submit(account.wabaId, submission).then((r) => ({ metaTemplateId: r.id, status: r.status }));
  }
  const values = {
    category: input.category,
    body: input.body,
    ...parts,
    examples,
    status: meta.status,
    statusReason: null,
    metaTemplateId: meta.metaTemplateId,
  };
  const [row] = await db
    .insert(templates)
    .values({ id: newId("tpl"), businessId, name: input.name, language: input.language, ...values })
    .onConflictDoUpdate({ target: [templates.businessId, templates.name, templates.language], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return templateView(row);
}

/** Meta reviews a template only with a sample for each variable: the body's, a text header's, a media header's file, a URL's. */
function examplesMissing(t: Pick<TemplateSubmission, "body" | "examples" | "header" | "buttons">): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const needed = placeholderCount(t.body);
  if (t.examples.length !== needed) {
    out.push({ path: "examples", message: `Meta needs one example per variable: this body has ${needed}, ${t.examples.length} given.` });
  }
  if (t.header?.format === "text" && templateVariables(t.header.text).length && !t.header.example) {
    out.push({ path: "header.example", message: "Meta needs an example for the header's variable." });
  }
  if (t.header && t.header.format !== "text" && !t.header.example) {
    out.push({
      path: "header.example",
      message: `Meta needs a sample ${t.header.format} for review: the handle of a file uploaded with Meta's Resumable Upload API.`,
    });
  }
  t.buttons.forEach((b, i) => {
    if (b.type === "url" && urlVariable(b.url) && !b.example) {
      out.push({ path: `buttons.${i}.example`, message: "Meta needs an example URL for a URL button with a variable." });
    }
  });
  return out;
}

/** Deletes the template here and, when Meta reviewed it, in the WhatsApp account too. */
export async function deleteTemplate(db: Db, businessId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.id, id)));
  if (!row) return false;
  if (row.metaTemplateId) {
    const account = metaAccount(await businessRow(db, businessId));
    if (account) await account.review.remove(account.wabaId, row.name, row.metaTemplateId);
  }
  const rows = await db
    .delete(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length > 0;
}

export type TemplateAccount = TemplateAccountOut;

export async function templateAccount(db: Db, businessId: string): Promise<TemplateAccount> {
  const b = await businessRow(db, businessId);
  return {
    channel: connectedChannel(b),
    reviewedByMeta: metaAccount(b) !== null,
    businessAccountId: b.whatsappBusinessAccountId,
    qualityRating: b.whatsappQualityRating,
    messagingLimit: b.whatsappMessagingLimit,
    syncedAt: b.whatsappTemplatesSyncedAt?.toISOString() ?? null,
  };
}

export type SyncResult = { imported: number; updated: number; removed: number; total: number; account: TemplateAccount };

/**
 * Brings the business's templates in line with its WhatsApp account: every template Meta has is
 * imported or updated (Meta is the source of truth for status, reason, quality and body), a template
 * Meta no longer has is disabled, and the number's quality rating and messaging limit are refreshed.
 */
export async function syncTemplates(db: Db, businessId: string): Promise<SyncResult> {
  const account = metaAccount(await businessRow(db, businessId));
  if (!account) {
    throw new AppError("invalid_request", "Templates are synced with Meta only for a WhatsApp number saved with its business account id.", [
      { path: "businessAccountId", message: "Save the WhatsApp Business Account id on the Channel page first." },
    ]);
  }
  const [remote, health] = await Promise.all([account.review.list(account.wabaId), account.review.numberHealth()]);
  const local = await db.select().from(templates).where(eq(templates.businessId, businessId));
  let imported = 0;
  let updated = 0;
  for (const t of remote) {
    const mine = local.find((l) => l.metaTemplateId === t.id) ?? local.find((l) => l.name === t.name && l.language === t.language);
    if (mine) {
      await db.update(templates).set(fromMeta(t, mine)).where(eq(templates.id, mine.id));
      updated++;
    } else if (t.body) {
      await db
        .insert(templates)
        .values({ id: newId("tpl"), businessId, name: t.name, language: t.language, ...fromMeta(t) })
        .onConflictDoNothing();
      imported++;
    }
  }
  const remoteIds = new Set(remote.map((t) => t.id));
  const gone = local.filter((l) => l.metaTemplateId && !remoteIds.has(l.metaTemplateId)).map((l) => l.id);
  if (gone.length) {
    await db
      .update(templates)
      .set({ status: "disabled", statusReason: "Deleted in the WhatsApp account", updatedAt: sql`now()` })
      .where(and(eq(templates.businessId, businessId), inArray(templates.id, gone)));
  }
  await db
    .update(businesses)
    .set({ whatsappQualityRating: health.qualityRating, whatsappMessagingLimit: health.messagingLimit, whatsappTemplatesSyncedAt: new Date() })
    .where(eq(businesses.id, businessId));
  return { imported, updated, removed: gone.length, total: remote.length, account: await templateAccount(db, businessId) };
}

function fromMeta(t: ChannelTemplate, mine?: TemplateRow) {
  return {
    metaTemplateId: t.id,
    category: t.category,
    status: t.status,
    statusReason: t.status === "approved" || t.status === "pending" ? null : t.reason,
    qualityRating: t.qualityRating ?? mine?.qualityRating ?? null,
    body: t.body ?? mine?.body ?? "",
    examples: t.body ? t.examples : (mine?.examples ?? []),
    // Meta's components are the source of truth too: the header, footer and buttons come with the body.
    ...(t.body ? { parameterFormat: t.parameterFormat, header: t.header, footer: t.footer, buttons: t.buttons } : {}),
    updatedAt: new Date(),
  };
}

export type TemplateWebhookUpdate = {
  wabaId: string;
  metaTemplateId: string;
  name: string | null;
  language: string | null;
  /** Meta's event (APPROVED, REJECTED, PAUSED, ...) for a status update; null for a quality update. */
  event: string | null;
  reason: string | null;
  qualityRating: string | null;
};

/** A `message_template_status_update` or `message_template_quality_update` from Meta's webhook. */
export async function applyTemplateUpdate(db: Db, u: TemplateWebhookUpdate): Promise<number> {
  const owners = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.whatsappBusinessAccountId, u.wabaId));
  let changed = 0;
  for (const { id: businessId } of owners) {
    const [row] =
      (await db
        .select()
        .from(templates)
        .where(and(eq(templates.businessId, businessId), eq(templates.metaTemplateId, u.metaTemplateId)))) ?? [];
    if (!row) continue;
    const status = u.event ? templateStatusOf(u.event, row.status) : row.status;
    const reason = u.reason && u.reason !== "NONE" ? u.reason : null;
    await db
      .update(templates)
      .set({
        ...(status ? { status, statusReason: status === "approved" || status === "pending" ? null : (reason ?? row.statusReason) } : {}),
        ...(u.qualityRating ? { qualityRating: u.qualityRating } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(templates.id, row.id));
    changed++;
  }
  return changed;
}

/** A `phone_number_quality_update`: the number's new messaging limit tier (and a flag on its quality). */
export async function applyNumberUpdate(db: Db, u: { wabaId: string; displayNumber: string | null; messagingLimit: string | null }): Promise<void> {
  if (!u.messagingLimit) return;
  await db.update(businesses).set({ whatsappMessagingLimit: u.messagingLimit }).where(eq(businesses.whatsappBusinessAccountId, u.wabaId));
}
