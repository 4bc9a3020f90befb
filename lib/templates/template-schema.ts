import { z } from "zod";

export const templateIn = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, "name must be lower-case letters, digits and underscores (1..512)."),
  language: z.string().regex(/^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, "language must be a BCP 47 code such as en or pt_BR."),
  category: z.enum(["utility", "marketing", "authentication"]),
  body: z.string().min(1).max(1024),
});

export const templateOut = templateIn.extend({
  id: z.string(),
  status: z.string(),
  placeholders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateOut = z.infer<typeof templateOut>;

/** Number of distinct numbered placeholders {{1}}, {{2}}, ... in a body. */
export function placeholderCount(body: string): number {
  const numbers = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  return numbers.size ? Math.max(...numbers) : 0;
}

export function renderTemplate(body: string, variables: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n) => variables[Number(n) - 1] ?? "");
}
