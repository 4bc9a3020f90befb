import { z } from "zod";

export const skillIdSchema = z.string().regex(/^sk_[A-Za-z0-9_-]{1,64}$/, "skillId must look like sk_booking (sk_ then 1..64 of A-Z a-z 0-9 _ -).");

export const graphIn = z
  .object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) })
  .loose()
  .meta({ description: "A skill graph: nodes and edges as React Flow holds them (see docs/skill-graph.md)." });

export const skillUpsertIn = z.object({
  name: z.string().min(1).max(200),
  enabled: z.boolean(),
  graph: graphIn,
  assistantId: z.string().optional(),
  /** Optimistic concurrency for editors: refuse the save if someone else saved in between. */
  expectedVersion: z.number().int().min(0).optional(),
});

const problem = z.object({ path: z.string(), message: z.string() });

export const skillSummaryOut = z.object({
  id: z.string().meta({ example: "sk_booking" }),
  name: z.string(),
  enabled: z.boolean(),
  assistantId: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const skillOut = skillSummaryOut.extend({ graph: graphIn });
export const skillUpsertOut = skillSummaryOut.extend({ warnings: z.array(problem) });
