import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, db as defaultDb } from "../db/client";
import { privacySettings } from "../db/schema";
import { queryRows } from "../db/rows";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";
import { runs } from "../jobs/worker";
import { storeFor } from "../media/store";

// Message retention (issue 17): a business may keep messages for N days only. One job chain per
// business with the setting, like the template sync: each run deletes what has aged out and queues the
// next run; turning the setting off ends the chain at its next run.

export const privacyRetention = defineJob({ name: "privacy.retention", payload: z.object({ businessId: z.string() }), maxAttempts: 5 });
const intervalMs = () => Number(process.env.PRIVACY_RETENTION_INTERVAL_MS ?? 60 * 60 * 1000);
const BATCH = 1000;

export const privacySettingsIn = z.object({
  messageRetentionDays: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .nullable()
    .describe("Messages older than this many days are deleted (hourly); null keeps them for as long as the business exists (the default)."),
});
export const privacySettingsOut = privacySettingsIn.extend({ updatedAt: z.string().nullable() });
export type PrivacySettingsOut = z.infer<typeof privacySettingsOut>;

export async function getPrivacySettings(db: Db, businessId: string): Promise<PrivacySettingsOut> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.businessId, businessId));
  return { messageRetentionDays: row?.messageRetentionDays ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function setPrivacySettings(db: Db, businessId: string, input: z.output<typeof privacySettingsIn>): Promise<PrivacySettingsOut> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacySettings)
      .values({ businessId, messageRetentionDays: input.messageRetentionDays })
      .onConflictDoUpdate({ target: privacySettings.businessId, set: { messageRetentionDays: input.messageRetentionDays, updatedAt: sql`now()` } })
      .returning();
    if (row.messageRetentionDays !== null) await scheduleRetention(tx, businessId);
    return { messageRetentionDays: row.messageRetentionDays, updatedAt: row.updatedAt.toISOString() };
  });
}

/** Queues a retention run (now, or at `runAt`) unless one is already waiting for this business. */
export async function scheduleRetention(db: Db, businessId: string, runAt?: Date): Promise<void> {
  const [waiting] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where queue = ${privacyRetention.name} and business_id = ${businessId} and status = 'pending' and locked_by is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return;
  await enqueue(db, privacyRetention, { businessId }, { runAt });
}

/**
 * Deletes the business's messages older than its retention, a batch at a time, with the media files
 * only those messages used (bytes in storage too). Conversations, records and contacts stay.
 * Returns how many messages went.
 */
export async function applyRetention(db: Db, businessId: string): Promise<{ messages: number; mediaFiles: number } | null> {
  const { messageRetentionDays: days } = await getPrivacySettings(db, businessId);
  if (days === null) return null;
  let total = 0;
  let files = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const rows = await queryRows<{ file_id: string | null }>(
        tx,
        sql`delete from messages where id in (
              select id from messages where business_id = ${businessId} and created_at < now() - make_interval(days => ${days})
              order by created_at limit ${BATCH})
            returning media->>'fileId' as file_id`,
      );
      const fileIds = [...new Set(rows.map((r) => r.file_id).filter((id): id is string => Boolean(id)))];
      if (fileIds.length) {
        const ids = sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        );
        const dropped = await queryRows<{ storage: "postgres" | "s3"; storage_key: string }>(
          tx,
          sql`delete from media_files f where f.business_id = ${businessId} and f.id in (${ids})
                and not exists (select 1 from messages m where m.business_id = ${businessId} and m.media->>'fileId' = f.id)
              returning f.storage, f.storage_key`,
        );
        for (const f of dropped) await storeFor(tx, f.storage).delete(f.storage_key);
        files += dropped.length;
      }
      return rows.length;
    });
    total += gone;
    if (gone < BATCH) break;
  }
  return { messages: total, mediaFiles: files };
}

export const privacyRetentionJob = runs(privacyRetention, async (payload) => {
  const db = defaultDb();
  const businessId = String(payload.businessId ?? "");
  const done = await applyRetention(db, businessId);
  if (done === null) return; // the setting was turned off (or the business is gone): the chain ends
  await scheduleRetention(db, businessId, new Date(Date.now() + intervalMs()));
});
