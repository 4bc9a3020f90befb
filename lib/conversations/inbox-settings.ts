import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { inboxSettings } from "../db/schema";
import { slaMinutes } from "../shared/label-schema";

export const inboxSettingsOut = z.object({
  resumeAfterMinutes: z.number().int().nullable().meta({
    description:
      "Minutes without a person acting on a handed-off conversation after which the customer's next message goes to the assistant again; null: never (the default).",
  }),
  autoAssign: z.boolean().meta({
    description: "Round-robin assignment of new handoffs to agents who are online and under their capacity (default off).",
  }),
  slaFirstResponseMinutes: z.number().int().nullable().meta({
    description: "Target for a person's first reply after a handoff, in minutes, for every conversation (a label's own target wins); null: none.",
  }),
  slaResolutionMinutes: z.number().int().nullable().meta({
    description: "Target from the handoff to closing the conversation, in minutes (a label's own target wins); null: none.",
  }),
  satisfactionSurvey: z.boolean().meta({
    description: "Ask the customer to rate (1 to 5) a conversation a person handled when it is resolved (default on).",
  }),
});
export type InboxSettings = z.infer<typeof inboxSettingsOut>;

export const inboxSettingsIn = z
  .object({
    resumeAfterMinutes: z.number().int().min(1).max(10_080).nullable().optional(),
    autoAssign: z.boolean().optional(),
    slaFirstResponseMinutes: slaMinutes.optional(),
    slaResolutionMinutes: slaMinutes.optional(),
    satisfactionSurvey: z.boolean().optional(),
  })
  .strict();

export async function getInboxSettings(db: Db, businessId: string): Promise<InboxSettings> {
  const [row] = await db.select().from(inboxSettings).where(eq(inboxSettings.businessId, businessId));
  return {
    resumeAfterMinutes: row?.resumeAfterMinutes ?? null,
    autoAssign: row?.autoAssign ?? false,
    slaFirstResponseMinutes: row?.slaFirstResponseMinutes ?? null,
    slaResolutionMinutes: row?.slaResolutionMinutes ?? null,
    satisfactionSurvey: row?.satisfactionSurvey ?? true,
  };
}

export async function updateInboxSettings(db: Db, businessId: string, patch: z.infer<typeof inboxSettingsIn>): Promise<InboxSettings> {
  const current = await getInboxSettings(db, businessId);
  const pick = <K extends keyof InboxSettings>(k: K): InboxSettings[K] => (patch[k] === undefined ? current[k] : (patch[k] as InboxSettings[K]));
  const next: InboxSettings = {
    resumeAfterMinutes: pick("resumeAfterMinutes"),
    autoAssign: pick("autoAssign"),
    slaFirstResponseMinutes: pick("slaFirstResponseMinutes"),
    slaResolutionMinutes: pick("slaResolutionMinutes"),
    satisfactionSurvey: pick("satisfactionSurvey"),
  };
  await db
    .insert(inboxSettings)
    .values({ businessId, ...next })
    .onConflictDoUpdate({ target: inboxSettings.businessId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}
