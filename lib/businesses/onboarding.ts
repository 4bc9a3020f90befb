import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { assistants, apiKeys, businesses, businessHours, catalogItems, knowledgeItems, messages, services, skills, staffMembers } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { weeklyHoursSchema } from "./hours-rules";

// A new business's first day: the sign-up answers (kind, languages, time zone, opening hours,
// address) give a working assistant at once: the kind's starter kit (lib/starter-kits) writes its
// hours, facts, knowledge, skills and samples in the business's first language. Then the overview's
// checklist says what the kit set up and what is left, each step ticked from real state, until done
// or dismissed.

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
  hours: weeklyHoursSchema.optional().describe("Left out: the starter kit's hours for the kind."),
  address: z.string().trim().max(500).optional(),
});
export type OnboardingAnswers = z.infer<typeof onboardingAnswers>;

/** Writes the answers (inside the sign-up's transaction); the starter kit writes the rest. */
export async function setUpBusiness(db: Db, businessId: string, assistantId: string, answers: OnboardingAnswers): Promise<void> {
  const primary = answers.languages[0];
  await db.update(businesses).set({ kind: answers.kind, languages: answers.languages }).where(eq(businesses.id, businessId));
  // One language: the assistant always speaks it; several: it answers in the customer's.
  await db
    .update(assistants)
    .set({ language: answers.languages.length === 1 ? primary : "auto" })
    .where(and(eq(assistants.businessId, businessId), eq(assistants.id, assistantId)));
}

export const checklistSteps = ["whatsapp", "hours", "staff", "services", "knowledge", "catalog", "simulator", "apiKey"] as const;
export type ChecklistStep = (typeof checklistSteps)[number];

export const onboardingOut = z.object({
  kind: z.enum(businessKinds),
  languages: z.array(z.string()),
  dismissed: z.boolean(),
  done: z.boolean().describe("Every step is done."),
  steps: z.array(z.object({ id: z.enum(checklistSteps), label: z.string(), href: z.string(), done: z.boolean() })),
  setUp: z
    .object({
      skills: z.number().int(),
      knowledgeItems: z.number().int(),
      staffMembers: z.number().int(),
      services: z.number().int(),
      catalogItems: z.number().int(),
      openDays: z.number().int().describe("Weekdays with opening hours."),
    })
    .describe("What the business has now: at first, what its starter kit set up."),
});
export type OnboardingOut = z.infer<typeof onboardingOut>;

const stepInfo: Record<ChecklistStep, { label: string; href: string }> = {
  whatsapp: { label: "Connect WhatsApp", href: "/channel" },
  hours: { label: "Check your opening hours", href: "/business-hours" },
  staff: { label: "Add your staff and their hours", href: "/services" },
  services: { label: "Set your services, durations and prices", href: "/services" },
  knowledge: { label: "Review the assistant's knowledge", href: "/assistant" },
  catalog: { label: "Replace the sample items with your catalog", href: "/catalog" },
  simulator: { label: "Try the simulator", href: "/simulator" },
  apiKey: { label: "Create an API key", href: "/api-keys" },
};

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/** Which steps a kind of business has: staff and services for appointments, the catalog for what sells from one. */
function stepsFor(kind: string, catalogSkill: boolean): ChecklistStep[] {
  return checklistSteps.filter((id) => {
    if (id === "staff" || id === "services") return kind === "salon_or_clinic";
    if (id === "catalog") return catalogSkill || kind === "restaurant" || kind === "shop";
    return true;
  });
}

/**
 * The checklist, each step ticked from what the business has really done. The starter kit's rows are
 * written with the business (one transaction, one now()): a row changed or added later (updated after
 * the business was created) means the owner has been through it.
 */
export async function onboardingState(db: Db, businessId: string): Promise<OnboardingOut> {
  const [b] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw notFound("business");
  const [whatsapp, hours, staff, servicesDone, knowledge, catalog, simulator, apiKey] = await Promise.all([
    Promise.resolve(b.whatsappPhoneNumberId !== null),
    exists(
      db
        .select({ id: businessHours.businessId })
        .from(businessHours)
        .where(and(eq(businessHours.businessId, businessId), gt(businessHours.updatedAt, b.createdAt))),
    ),
    exists(
      db
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.businessId, businessId), gt(staffMembers.updatedAt, b.createdAt)))
        .limit(1),
    ),
    exists(
      db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.businessId, businessId), gt(services.updatedAt, b.createdAt)))
        .limit(1),
    ),
    exists(
      db
        .select({ id: knowledgeItems.id })
        .from(knowledgeItems)
        .where(and(eq(knowledgeItems.businessId, businessId), gt(knowledgeItems.updatedAt, b.createdAt)))
        .limit(1),
    ),
    // The catalog is the owner's once it holds an item that is not one of the kit's samples.
    exists(
      db
        .select({ id: catalogItems.id })
        .from(catalogItems)
        .where(and(eq(catalogItems.businessId, businessId), sql`(${catalogItems.metadata}->>'sample') is distinct from 'true'`))
        .limit(1),
    ),
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
  const done: Record<ChecklistStep, boolean> = { whatsapp, hours, staff, services: servicesDone, knowledge, catalog, simulator, apiKey };
  // The catalog step only for a business whose skills read a catalog (or that sells from one).
  const catalogSkill = await exists(
    db
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.businessId, businessId), sql`(${skills.graph}::text like '%"type": "catalog"%')`))
      .limit(1),
  );
  const steps = stepsFor(b.kind, catalogSkill).map((id) => ({ id, ...stepInfo[id], done: done[id] }));
  const countOf = (table: typeof skills | typeof knowledgeItems | typeof staffMembers | typeof services | typeof catalogItems) =>
    sql<number>`(select count(*) from ${table} where ${table.businessId} = ${businessId})`.mapWith(Number);
  const [[setUp], weekly] = await Promise.all([
    db
      .select({
        skills: countOf(skills),
        knowledgeItems: countOf(knowledgeItems),
        staffMembers: countOf(staffMembers),
        services: countOf(services),
        catalogItems: countOf(catalogItems),
      })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    db.select({ weekly: businessHours.weekly }).from(businessHours).where(eq(businessHours.businessId, businessId)),
  ]);
  const openDays = Object.values(weekly[0]?.weekly ?? {}).filter((ranges) => Array.isArray(ranges) && ranges.length > 0).length;
  return {
    kind: b.kind as BusinessKind,
    languages: b.languages,
    dismissed: b.checklistDismissedAt !== null,
    done: steps.every((s) => s.done),
    steps,
    setUp: { ...setUp, openDays },
  };
}

export async function dismissChecklist(db: Db, businessId: string): Promise<OnboardingOut> {
  await db
    .update(businesses)
    .set({ checklistDismissedAt: sql`coalesce(${businesses.checklistDismissedAt}, now())` })
    .where(eq(businesses.id, businessId));
  return onboardingState(db, businessId);
}
