import { z } from "zod";

export const assistantOut = z.object({
  id: z.string().meta({ example: "as_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  name: z.string(),
  language: z.string(),
  instructions: z.string(),
  knowledgeItems: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssistantOut = z.infer<typeof assistantOut>;

export const assistantPatch = z.object({
  name: z.string().min(1).max(200).optional(),
  language: z
    .string()
    .regex(/^(auto|[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*)$/, "language must be auto or a BCP 47 code.")
    .optional(),
  instructions: z.string().max(20_000).optional(),
});

export const knowledgeIn = z.object({ title: z.string().min(1).max(200), content: z.string().min(1).max(20_000) });
export const knowledgePatch = knowledgeIn.partial();
export const knowledgeOut = knowledgeIn.extend({
  id: z.string().meta({ example: "ki_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  assistantId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeOut = z.infer<typeof knowledgeOut>;
