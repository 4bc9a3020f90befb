import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { defaultAssistant } from "../assistants/assistants";
import type { Db } from "../db/client";
import { assistants, services, skills, skillVersions } from "../db/schema";
import { AppError, notFound } from "../errors";
import { findFlow } from "../flows/flows";
import type { SkillGraph } from "../shared/graph-schema";
import { listPage, type Page, type PageParams } from "../pagination";
import type { skillOut, skillSummaryOut, skillUpsertIn, skillUpsertOut } from "../shared/skill-schema";
import { readyMadeNamesFor } from "../shared/ready-made-skills";
import { validateGraph } from "../shared/validate-graph";

type SkillRow = typeof skills.$inferSelect;

const summary = (s: SkillRow): z.infer<typeof skillSummaryOut> => ({
  id: s.id,
  name: s.name,
  names: s.names ?? {},
  enabled: s.enabled,
  assistantId: s.assistantId,
  version: s.version,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export async function listSkills(db: Db, businessId: string, page: PageParams): Promise<Page<z.infer<typeof skillSummaryOut>>> {
  return listPage(
    db,
    skills,
    { idPrefix: "sk_", page: { limit: page.limit, cursor: page.cursor }, where: [eq(skills.businessId, businessId)] },
    summary,
  );
}

export async function getSkill(db: Db, businessId: string, id: string): Promise<z.infer<typeof skillOut>> {
  const [row] = await db
    .select()
    .from(skills)
    .where(and(eq(skills.businessId, businessId), eq(skills.id, id)));
  if (!row) throw notFound("skill");
  return { ...summary(row), graph: row.graph, examples: row.examples };
}

/**
 * A Flow node sends a registered WhatsApp Flow and reads its fields: the Flow must be this business's,
 * and each field it maps one the Flow returns; a service node's services must be this business's
 * (a detail per problem, at the node's path).
 */
async function checkFlows(db: Db, businessId: string, graph: SkillGraph): Promise<void> {
  const problems: { path: string; message: string }[] = [];
  for (const [i, node] of graph.nodes.entries()) {
    if (node.type !== "flow") continue;
    const flow = await findFlow(db, businessId, node.data.flow);
    if (!flow) {
      problems.push({
        path: `graph.nodes[${i}].data.flow`,
        message: `node "${node.id}": no registered WhatsApp Flow ${node.data.flow} (GET /v1/flows).`,
      });
      continue;
    }
    for (const field of Object.keys(node.data.fields)) {
      if (!flow.fields.some((f) => f.name === field)) {
        problems.push({
          path: `graph.nodes[${i}].data.fields.${field}`,
          message: `node "${node.id}": the Flow ${flow.name} returns no field ${field}.`,
        });
      }
    }
  }
  for (const [i, node] of graph.nodes.entries()) {
    if (node.type !== "service") continue;
    for (const [j, id] of (node.data.services ?? []).entries()) {
      // Another business's service reads like a missing one.
      const [known] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.businessId, businessId), eq(services.id, id)));
      if (!known)
        problems.push({ path: `graph.nodes[${i}].data.services[${j}]`, message: `node "${node.id}": no service ${id} (GET /v1/services).` });
    }
  }
  if (problems.length) throw new AppError("invalid_request", "The skill graph is invalid.", problems);
}

/**
 * Create or replace a skill. The graph is validated with the one validator the editor and runtime
 * share; every replace bumps the version and keeps the old graph for sessions in flight.
 */
export async function upsertSkill(
  db: Db,
  businessId: string,
  id: string,
  input: z.infer<typeof skillUpsertIn>,
): Promise<z.infer<typeof skillUpsertOut>> {
  const checked = validateGraph(input.graph);
  if (!checked.ok) {
    throw new AppError(
      "invalid_request",
      "The skill graph is invalid.",
      checked.problems.map((p) => ({ path: p.path, message: p.message })),
    );
  }
  await checkFlows(db, businessId, checked.graph);
  const assistantId = input.assistantId ?? (await defaultAssistant(db, businessId)).id;
  if (input.assistantId) {
    const [a] = await db
      .select({ id: assistants.id })
      .from(assistants)
      .where(and(eq(assistants.businessId, businessId), eq(assistants.id, assistantId)));
    if (!a) throw new AppError("invalid_request", "The request is invalid.", [{ path: "assistantId", message: "No such assistant." }]);
  }
  const graph = input.graph as SkillRow["graph"];
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(skills)
      .where(and(eq(skills.businessId, businessId), eq(skills.id, id)))
      .for("update");
    if (input.expectedVersion !== undefined && (current?.version ?? 0) !== input.expectedVersion) {
      throw new AppError("version_conflict", `The skill was saved by someone else (now version ${current?.version ?? 0}).`);
    }
    const [saved] = current
      ? await tx
          .update(skills)
          .set({
            name: input.name,
            names: input.names ?? keptNames(current, input.name),
            enabled: input.enabled,
            graph,
            assistantId,
            // Omitted, the phrases stay: a client that only edits the graph does not erase them.
            ...(input.examples ? { examples: input.examples } : {}),
            version: current.version + 1,
            updatedAt: sql`now()`,
          })
          .where(and(eq(skills.businessId, businessId), eq(skills.id, id)))
          .returning()
      : await tx
          .insert(skills)
          .values({
            businessId,
            id,
            name: input.name,
            // A ready-made skill under one of its own names is named in all three languages.
            names: input.names ?? readyMadeNamesFor(id, input.name),
            enabled: input.enabled,
            graph,
            assistantId,
            examples: input.examples ?? [],
            version: 1,
          })
          .returning();
    await tx.insert(skillVersions).values({ businessId, skillId: id, version: saved.version, graph });
    return saved;
  });
  return { ...summary(row), warnings: checked.warnings.map((w) => ({ path: w.path, message: w.message })) };
}

/** The names a save without `names` keeps: all of them, but those that were the name it had before a rename. */
function keptNames(current: SkillRow, name: string): SkillRow["names"] {
  const names = current.names ?? {};
  if (current.name === name) return names;
  return Object.fromEntries(Object.entries(names).filter(([, n]) => n !== current.name));
}

/**
 * Turn a skill on or off. This is a save like any other: it bumps the version (same graph), so an
 * editor holding the older version gets a conflict instead of silently restoring the old switch.
 */
export async function setSkillEnabled(db: Db, businessId: string, id: string, enabled: boolean) {
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(skills)
      .set({ enabled, version: sql`${skills.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(skills.businessId, businessId), eq(skills.id, id)))
      .returning();
    if (!saved) throw notFound("skill");
    await tx.insert(skillVersions).values({ businessId, skillId: id, version: saved.version, graph: saved.graph });
    return saved;
  });
  return summary(row);
}

export async function deleteSkill(db: Db, businessId: string, id: string) {
  const rows = await db
    .delete(skills)
    .where(and(eq(skills.businessId, businessId), eq(skills.id, id)))
    .returning({ id: skills.id });
  if (!rows.length) throw notFound("skill");
  return { id, deleted: true as const };
}

/** The graph of one saved version (a running session keeps using the version it started on). */
export async function skillGraphAt(db: Db, businessId: string, id: string, version: number) {
  const [row] = await db
    .select()
    .from(skillVersions)
    .where(and(eq(skillVersions.businessId, businessId), eq(skillVersions.skillId, id), eq(skillVersions.version, version)));
  return row?.graph ?? null;
}
