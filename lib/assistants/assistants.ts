import "server-only";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { assistants, knowledgeItems } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import type { AssistantOut, assistantPatch } from "../shared/assistant-schema";

type AssistantRow = typeof assistants.$inferSelect;

function view(a: AssistantRow, knowledge: number): AssistantOut {
  return {
    id: a.id,
    name: a.name,
    language: a.language,
    instructions: a.instructions,
    knowledgeItems: knowledge,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export async function getAssistant(db: Db, businessId: string, id: string): Promise<AssistantOut> {
  const [row] = await db
    .select({
      assistant: assistants,
      // Qualified by hand: drizzle leaves single-table columns unqualified, which the subquery would capture.
      knowledge: sql<number>`(select count(*)::int from knowledge_items k where k.business_id = assistants.business_id and k.assistant_id = assistants.id)`,
    })
    .from(assistants)
    .where(and(eq(assistants.businessId, businessId), eq(assistants.id, id)));
  if (!row) throw notFound("assistant");
  return view(row.assistant, Number(row.knowledge));
}

/** The business's first assistant (the default for skills and for the runtime). */
/** The id of the business's default assistant (its first), as SQL to use inside another statement. */
export function defaultAssistantId(businessId: string): SQL {
  return sql`(select a.id from assistants a where a.business_id = ${businessId} order by a.created_at, a.id limit 1)`;
}

export async function defaultAssistant(db: Db, businessId: string): Promise<AssistantRow> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(eq(assistants.id, defaultAssistantId(businessId)));
  if (!row) throw notFound("assistant");
  return row;
}

export async function listAssistants(db: Db, businessId: string): Promise<AssistantOut[]> {
  const rows = await db.select().from(assistants).where(eq(assistants.businessId, businessId)).orderBy(asc(assistants.createdAt));
  const counts = await db
    .select({ assistantId: knowledgeItems.assistantId, n: count() })
    .from(knowledgeItems)
    .where(eq(knowledgeItems.businessId, businessId))
    .groupBy(knowledgeItems.assistantId);
  return rows.map((a) => view(a, Number(counts.find((c) => c.assistantId === a.id)?.n ?? 0)));
}

export async function createAssistant(db: Db, businessId: string, input: { name: string; language?: string; instructions?: string }) {
  const [row] = await db
    .insert(assistants)
    .values({ id: newId("as"), businessId, ...input })
    .returning();
  return row;
}

export async function updateAssistant(db: Db, businessId: string, id: string, patch: z.infer<typeof assistantPatch>): Promise<AssistantOut> {
  const [row] = await db
    .update(assistants)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(assistants.businessId, businessId), eq(assistants.id, id)))
    .returning();
  if (!row) throw notFound("assistant");
  return getAssistant(db, businessId, id);
}
