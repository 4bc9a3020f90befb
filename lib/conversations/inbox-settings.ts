import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { inboxSettings } from "../db/schema";

export const inboxSettingsOut = z.object({
  resumeAfterMinutes: z.number().int().nullable().meta({
    description:
      "Minutes without a person acting on a handed-off conversation after which the customer's next message goes to the assistant again; null: never (the default).",
  }),
  autoAssign: z.boolean().meta({ description: "Round-robin assignment of new handoffs to agents who are online (default off)." }),
  satisfactionSurvey: z.boolean().meta({
    description: "Ask the customer to rate (1 to 5) a conversation a person handled when it is resolved (default on).",
  }),
});
export type InboxSettings = z.infer<typeof inboxSettingsOut>;

export const inboxSettingsIn = z
  .object({
    resumeAfterMinutes: z.number().int().min(1).max(10_080).nullable().optional(),
    autoAssign: z.boolean().optional(),
    satisfactionSurvey: z.boolean().optional(),
  })
  .strict();

export async function getInboxSettings(db: Db, businessId: string): Promise<InboxSettings> {
  const [row] = await db.select().from(inboxSettings).where(eq(inboxSettings.businessId, businessId));
  return {
    resumeAfterMinutes: row?.resumeAfterMinutes ?? null,
    autoAssign: row?.autoAssign ?? false,
    satisfactionSurvey: row?.satisfactionSurvey ?? true,
  };
}

export async function updateInboxSettings(db: Db, businessId: string, patch: z.infer<typeof inboxSettingsIn>): Promise<InboxSettings> {
  const current = await getInboxSettings(db, businessId);
  const next = {
    resumeAfterMinutes: patch.resumeAfterMinutes === undefined ? current.resumeAfterMinutes : patch.resumeAfterMinutes,
    autoAssign: patch.autoAssign ?? current.autoAssign,
    satisfactionSurvey: patch.satisfactionSurvey ?? current.satisfactionSurvey,
  };
  await db
    .insert(inboxSettings)
    .values({ businessId, ...next })
    .onConflictDoUpdate({ target: inboxSettings.businessId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}
