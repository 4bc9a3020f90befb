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

// The languages a knowledge item (and a skill's texts) can have versions in: the three the assistant
// answers customers in end to end.
export const contentLanguages = ["en", "pt", "es"] as const;
export type ContentLanguage = (typeof contentLanguages)[number];
export const contentLanguage = z.enum(contentLanguages, "must be en, pt or es");

const title = z.string().min(1).max(200);
const content = z.string().min(1).max(20_000);

export const knowledgeTranslationIn = z.object({ title, content });

export const knowledgeIn = z.object({
  title,
  content,
  language: contentLanguage.optional().describe("The language title and content are written in. Left out: read from the text (and kept as read)."),
  translations: z
    .partialRecord(contentLanguage, knowledgeTranslationIn.nullable())
    .optional()
    .describe(
      "Versions in the other languages, written (or approved) by the owner: the assistant answers a customer in their language with its version. A version equal to the stored machine translation approves it; null removes a version. Versions not named are kept.",
    ),
});
export const knowledgePatch = knowledgeIn.partial();

export const knowledgeTranslationOut = z.object({
  title: z.string(),
  content: z.string(),
  origin: z.enum(["owner", "machine"]).describe("owner: written by the business; machine: translated by the configured language model."),
  reviewed: z.boolean().describe("The owner wrote or approved this version (a machine translation starts unreviewed)."),
  outdated: z.boolean().describe("The item's own title or content changed after this version was written."),
  updatedAt: z.string(),
});
export type KnowledgeTranslationOut = z.infer<typeof knowledgeTranslationOut>;

export const knowledgeOut = z.object({
  id: z.string().meta({ example: "ki_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  assistantId: z.string(),
  title: z.string(),
  content: z.string(),
  language: contentLanguage.describe("The language of title and content."),
  translations: z.partialRecord(contentLanguage, knowledgeTranslationOut),
  missing: z.array(contentLanguage).describe("Languages the business serves (GET /v1/business-languages) that this item has no version in."),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeOut = z.infer<typeof knowledgeOut>;

export const businessLanguagesIn = z.object({
  languages: z
    .array(contentLanguage)
    .min(1, "Choose at least one language.")
    .max(3)
    .refine((l) => new Set(l).size === l.length, "Choose each language once.")
    .describe("The languages the business serves customers in, its main one first."),
});
export const businessLanguagesOut = businessLanguagesIn;
export type BusinessLanguages = z.infer<typeof businessLanguagesOut>;
