import { z } from "zod";

export const skillIdSchema = z.string().regex(/^sk_[A-Za-z0-9_-]{1,64}$/, "skillId must look like sk_booking (sk_ then 1..64 of A-Z a-z 0-9 _ -).");

export const graphIn = z
  .object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) })
  .loose()
  .meta({ description: "A skill graph: nodes and edges as React Flow holds them (see docs/skill-graph.md)." });

/** Limits on a skill's example phrases: how many, and how long each. */
export const MAX_SKILL_EXAMPLES = 50;
export const MAX_SKILL_EXAMPLE_LENGTH = 200;

export const skillExample = z
  .object({
    lang: z.enum(["en", "pt", "es"]).meta({ description: "The language the phrase is written in." }),
    text: z
      .string()
      .trim()
      .min(2, "must be at least 2 characters")
      .max(MAX_SKILL_EXAMPLE_LENGTH, `must be at most ${MAX_SKILL_EXAMPLE_LENGTH} characters`),
  })
  .meta({ example: { lang: "en", text: "can we get a table for tonight?" } });

export const skillExamples = z.array(skillExample).max(MAX_SKILL_EXAMPLES, `at most ${MAX_SKILL_EXAMPLES} example phrases`).meta({
  description:
    "Phrases a customer might write to mean this skill, each tagged with its language (en, pt, es). The assistant's intent classifier learns from them (with the skill's name, description and trigger phrases) from the next message on. At most 50, each 2..200 characters.",
});

export const skillNames = z.partialRecord(z.enum(["en", "pt", "es"]), z.string().trim().min(1, "must not be empty").max(200)).meta({
  description:
    "The skill's name as customers read it in each language (en, pt, es), beside `name`: the assistant names the skill in the customer's language when it lists what it can do. Omitted on a save: the names stay (a new name drops the ones that were the old name).",
  example: { pt: "Reservas de mesa", es: "Reservas de mesa" },
});

export const skillUpsertIn = z.object({
  name: z.string().min(1).max(200),
  names: skillNames.optional(),
  enabled: z.boolean(),
  graph: graphIn,
  /** Omitted: the skill keeps the phrases it has (none for a new skill). */
  examples: skillExamples.optional(),
  assistantId: z.string().optional(),
  /** Optimistic concurrency for editors: refuse the save if someone else saved in between. */
  expectedVersion: z.number().int().min(0).optional(),
});

const problem = z.object({ path: z.string(), message: z.string() });

export const skillSummaryOut = z.object({
  id: z.string().meta({ example: "sk_booking" }),
  name: z.string(),
  names: skillNames,
  enabled: z.boolean(),
  assistantId: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const skillOut = skillSummaryOut.extend({ graph: graphIn, examples: skillExamples });
export const skillUpsertOut = skillSummaryOut.extend({ warnings: z.array(problem) });
