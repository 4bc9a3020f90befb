import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { templates } from "../db/schema";
import { AppError } from "../errors";
import { listPage, type Page, type PageParams } from "../pagination";
import { placeholderCount, type TemplateOut } from "../shared/template-schema";

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
    body: t.body,
    examples: t.examples,
    status: t.status,
    statusReason: t.statusReason,
    qualityRating: t.qualityRating,
    reviewedByMeta: t.metaTemplateId !== null,
    placeholders: placeholderCount(t.body),
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
