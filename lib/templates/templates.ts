import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { templates } from "../db/schema";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import { placeholderCount, type TemplateOut, type templateIn } from "./template-schema";

type TemplateRow = typeof templates.$inferSelect;

export function templateView(t: TemplateRow): TemplateOut {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    body: t.body,
    status: t.status,
    placeholders: placeholderCount(t.body),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Upsert on (name, language): a template registered here is approved at once. */
export async function upsertTemplate(db: Db, businessId: string, input: z.infer<typeof templateIn>): Promise<TemplateOut> {
  const [row] = await db
    .insert(templates)
    .values({ id: newId("tpl"), businessId, ...input })
    .onConflictDoUpdate({
      target: [templates.businessId, templates.name, templates.language],
      set: { category: input.category, body: input.body, updatedAt: sql`now()` },
    })
    .returning();
  return templateView(row);
}

export async function listTemplates(db: Db, businessId: string, page: PageParams): Promise<Page<TemplateOut>> {
  const cursor = page.cursor ? decodeCursor(page.cursor, "tpl_") : null;
  const rows = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), afterCursor(templates.createdAt, templates.id, cursor)))
    .orderBy(desc(templates.createdAt), desc(templates.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, templateView);
}

export async function findTemplate(db: Db, businessId: string, name: string, language: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.name, name), eq(templates.language, language), eq(templates.status, "approved")));
  return row;
}

export async function deleteTemplate(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.id, id)))
    .returning({ id: templates.id });
  return rows.length > 0;
}
