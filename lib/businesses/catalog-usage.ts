import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { listCollections } from "../catalog/catalog";
import type { Db } from "../db/client";
import { skills } from "../db/schema";
import type { SkillNode } from "../shared/graph-schema";

// Skills and catalog agree: which collections exist (with item counts), which skills' catalog nodes
// search which collection, and the collection an upload should go to (the one the order skill
// uses). An enabled skill whose catalog node searches an empty collection is a warning on the
// overview and in the editor: every order it starts would end in "couldn't find that".

export const catalogUsageOut = z.object({
  collections: z.array(z.object({ collection: z.string(), items: z.number().int() })),
  nodes: z.array(
    z.object({
      skillId: z.string(),
      skillName: z.string(),
      enabled: z.boolean(),
      nodeId: z.string(),
      collection: z.string(),
      cart: z.boolean(),
      items: z.number().int(),
    }),
  ),
  suggestedCollection: z.string().nullable().describe("Where a catalog upload should go: the collection the order skill searches."),
  emptyCollections: z.array(z.object({ skillId: z.string(), skillName: z.string(), collection: z.string() })),
});
export type CatalogUsage = z.infer<typeof catalogUsageOut>;

export async function catalogUsage(db: Db, businessId: string): Promise<CatalogUsage> {
  const collections = await listCollections(db, businessId);
  const counts = new Map(collections.map((c) => [c.collection, c.items]));
  const rows = await db
    .select({ id: skills.id, name: skills.name, enabled: skills.enabled, graph: skills.graph })
    .from(skills)
    .where(eq(skills.businessId, businessId))
    .orderBy(skills.createdAt, skills.id);
  const nodes: CatalogUsage["nodes"] = [];
  for (const s of rows) {
    for (const node of ((s.graph as { nodes?: SkillNode[] })?.nodes ?? []) as SkillNode[]) {
      if (node.type !== "catalog" || typeof node.data?.collection !== "string") continue;
      nodes.push({
        skillId: s.id,
        skillName: s.name,
        enabled: s.enabled,
        nodeId: node.id,
        collection: node.data.collection,
        cart: node.data.cart === true,
        items: counts.get(node.data.collection) ?? 0,
      });
    }
  }
  const enabled = nodes.filter((n) => n.enabled);
  const order = enabled.find((n) => n.cart) ?? enabled[0] ?? nodes.find((n) => n.cart) ?? nodes[0];
  const empty = new Map<string, CatalogUsage["emptyCollections"][number]>();
  for (const n of enabled)
    if (n.items === 0) empty.set(`${n.skillId}\u0000${n.collection}`, { skillId: n.skillId, skillName: n.skillName, collection: n.collection });
  return { collections, nodes, suggestedCollection: order?.collection ?? null, emptyCollections: [...empty.values()] };
}
