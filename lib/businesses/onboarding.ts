import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { assistants, apiKeys, businesses, businessHours, catalogItems, knowledgeItems, messages, skills } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { readyMadeFor } from "../skills/starter-skills";
import { upsertSkill } from "../skills/skills";
import { weeklyHoursSchema } from "./hours-rules";

// A new business's first day: the sign-up answers (kind, languages, time zone, opening hours,
// address) give a working assistant at once, the ready-made skills for its kind in its language, the
// hours stored as its business hours and the address as its business facts (the assistant answers
// both from there: no knowledge text repeats them); then the overview's checklist, each step ticked
// from real state, until done or dismissed.

import { businessKinds } from "../db/schema/businesses";

export { businessKinds };
export type BusinessKind = (typeof businessKinds)[number];
export const businessLanguages = ["en", "es", "pt"] as const;
export type BusinessLanguage = (typeof businessLanguages)[number];

export const onboardingAnswers = z.object({
  kind: z.enum(businessKinds, "Choose the kind of business."),
  languages: z
    .array(z.enum(businessLanguages, "The assistant speaks English (en), Spanish (es) and Portuguese (pt)."))
    .min(1, "Choose at least one language.")
    .max(3)
    .refine((l) => new Set(l).size === l.length, "Choose each language once."),
  timeZone: z.string().trim().min(1, "Choose the time zone.").max(64),
  hours: weeklyHoursSchema,
  address: z.string().trim().max(500).optional(),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;

/** Writes the answers and the ready-made skills (inside the sign-up's transaction). */
export async function setUpBusiness(db: Db, businessId: string, assistantId: string, answers: OnboardingAnswers): Promise<void> {
  const primary = answers.languages[0];
  await db
    .update(businesses)
    .set({ kind: answers.kind, languages: answers.languages, address: answers.address || null })
    .where(eq(businesses.id, businessId));
  // One language: the assistant always speaks it; several: it answers in the customer's.
  await db
    .update(assistants)
    .set({ language: answers.languages.length === 1 ? primary : "auto" })
    .where(and(eq(assistants.businessId, businessId), eq(assistants.id, assistantId)));
  await db.insert(businessHours).values({ businessId, weekly: answers.hours, holidays: [] });
  for (const skill of readyMadeFor(answers.kind, primary)) {
    await upsertSkill(db, businessId, skill.id, { name: skill.name, enabled: true, graph: skill.graph, assistantId });
  }
}

export const checklistSteps = ["whatsapp", "knowledge", "catalog", "simulator", "apiKey"] as const;
export type ChecklistStep = (typeof checklistSteps)[number];

export const onboardingOut = z.object({
  kind: z.enum(businessKinds),
  languages: z.array(z.string()),
  dismissed: z.boolean(),
  done: z.boolean().describe("Every step is done."),
  steps: z.array(z.object({ id: z.enum(checklistSteps), label: z.string(), href: z.string(), done: z.boolean() })),
});
export type OnboardingOut = z.infer<typeof onboardingOut>;

const stepInfo: Record<ChecklistStep, { label: string; href: string }> = {
  whatsapp: { label: "Connect WhatsApp", href: "/channel" },
  knowledge: { label: "Review the assistant's knowledge", href: "/assistant" },
  catalog: { label: "Upload your catalog", href: "/catalog" },
  simulator: { label: "Try the simulator", href: "/simulator" },
  apiKey: { label: "Create an API key", href: "/api-keys" },
};

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/** The checklist, each step ticked from what the business has really done. */
export async function onboardingState(db: Db, businessId: string): Promise<OnboardingOut> {
  const [b] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw notFound("business");
  const [whatsapp, knowledge, catalog, simulator, apiKey] = await Promise.all([
    Promise.resolve(b.whatsappPhoneNumberId !== null),
    // Starter items are written with the business (same transaction, same now()); one changed or
    // added later means the owner has been through the knowledge.
    exists(
      db
        .select({ id: knowledgeItems.id })
        .from(knowledgeItems)
        .where(and(eq(knowledgeItems.businessId, businessId), gt(knowledgeItems.updatedAt, b.createdAt)))
        .limit(1),
    ),
    exists(db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.businessId, businessId)).limit(1)),
    exists(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.businessId, businessId), eq(messages.channel, "sandbox"), eq(messages.direction, "inbound")))
        .limit(1),
    ),
    exists(
      db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
        .limit(1),
    ),
  ]);
  const done: Record<ChecklistStep, boolean> = { whatsapp, knowledge, catalog, simulator, apiKey };
  // The catalog step only for a business whose skills read a catalog (or that sells from one).
  const catalogSkill = await exists(
    db
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.businessId, businessId), sql`(${skills.graph}::text like '%"type": "catalog"%')`))
      .limit(1),
  );
  const steps = checklistSteps
    .filter((id) => id !== "catalog" || catalogSkill || catalog || b.kind === "restaurant" || b.kind === "shop")
    .map((id) => ({ id, ...stepInfo[id], done: done[id] }));
  return {
    kind: b.kind as BusinessKind,
    languages: b.languages,
    dismissed: b.checklistDismissedAt !== null,
    done: steps.every((s) => s.done),
    steps,
  };
}

export async function dismissChecklist(db: Db, businessId: string): Promise<OnboardingOut> {
  await db
    .update(businesses)
    .set({ checklistDismissedAt: sql`coalesce(${businesses.checklistDismissedAt}, now())` })
    .where(eq(businesses.id, businessId));
  return onboardingState(db, businessId);
}
