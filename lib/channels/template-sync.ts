import "server-only";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";
import { runs } from "../jobs/worker";
import { syncTemplates } from "./templates";

// Meta's status webhook is the fast path for a template's review; this job is the backstop (a webhook
// lost, or subscribed late) and the import of templates made in Meta's own tools. One chain per
// business: each run schedules the next while the business still has a business account id.

export const templateSync = defineJob({ name: "whatsapp.templates.sync", payload: z.object({ businessId: z.string() }), maxAttempts: 5 });
const intervalMs = () => Number(process.env.TEMPLATE_SYNC_INTERVAL_MS ?? 60 * 60 * 1000);

/** Queues a sync (now, or at `runAt`) unless one is already waiting for this business. */
export async function scheduleTemplateSync(db: Db, businessId: string, runAt?: Date): Promise<void> {
  const [waiting] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where queue = ${templateSync.name} and business_id = ${businessId} and status = 'pending' and locked_by is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return;
  await enqueue(db, templateSync, { businessId }, { runAt });
}

export const templateSyncJob = runs(templateSync, async (payload) => {
  const db = defaultDb();
  const businessId = String(payload.businessId ?? "");
  const [b] = await queryRows<{ waba: string | null }>(
    db,
    sql`select whatsapp_business_account_id as waba from businesses where id = ${businessId} and whatsapp_access_token_enc is not null`,
  );
  if (!b?.waba) return; // disconnected, or the account id was removed: the chain ends
  await syncTemplates(db, businessId);
  await scheduleTemplateSync(db, businessId, new Date(Date.now() + intervalMs()));
});
