import "server-only";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";
import { runs } from "../jobs/worker";
import { storeFor } from "./store";

// A file no message uses is removed 24 hours after it was stored (issue 34): an upload never sent, a
// fetched media.url whose send failed. One job chain per business, like message retention: saving a
// file queues the business's sweep for a day later unless one is waiting; each run removes what has
// aged out unused and queues the next run for the next file that will, or ends the chain.
//
// Safe with several instances: one worker claims a run; each file is removed in a transaction that
// locks its row first, and a send that names the file holds that row until its message commits
// (holdMediaFile), so a file is either seen in use or gone before the send can use it.

export const mediaSweep = defineJob({ name: "media.sweep", payload: z.object({ businessId: z.string() }), maxAttempts: 5 });
export const UNUSED_FILE_TTL_SECONDS = 24 * 60 * 60;
const BATCH = 100;

// A file is used by a message, or by a campaign that may still send it (its media header, issue 38).
const unused = sql`not exists (select 1 from messages m where m.media is not null and (m.media ->> 'fileId') = f.id)
  and not exists (select 1 from campaigns c where c.business_id = f.business_id and c.status in ('scheduled', 'running', 'paused')
    and (c.components -> 'header' ->> 'fileId') = f.id)`;

/**
 * Queues the business's sweep at `runAt` unless one is already waiting. Run inside the transaction
 * that records a file; the business's lock keeps two instances from queueing two chains.
 */
export async function scheduleMediaSweep(tx: Db, businessId: string, runAt: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-sweep:${businessId}`}, 0))`);
  const [waiting] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from jobs where queue = ${mediaSweep.name} and business_id = ${businessId} and status = 'pending' and locked_by is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return;
  await enqueue(tx, mediaSweep, { businessId }, { runAt });
}

/** When a file stored now is due for the sweep (a minute's slack past its day). */
export const sweepDueAt = (storedAt: Date) => new Date(storedAt.getTime() + (UNUSED_FILE_TTL_SECONDS + 60) * 1000);

/**
 * Removes the business's files that no message uses and that are older than a day, a batch at a time.
 * Returns how many went and when the next unused file comes of age (null: none is waiting).
 */
export async function sweepUnusedMedia(db: Db, businessId: string): Promise<{ removed: number; next: Date | null }> {
  const cutoff = sql`now() - make_interval(secs => ${UNUSED_FILE_TTL_SECONDS})`;
  let removed = 0;
  let after = sql`true`;
  for (;;) {
    const batch = await queryRows<{ id: string; created_at: string | Date }>(
      db,
      sql`select f.id, f.created_at from media_files f
          where f.business_id = ${businessId} and f.created_at < ${cutoff} and ${unused} and ${after}
          order by f.created_at, f.id limit ${BATCH}`,
    );
    for (const f of batch) if (await removeIfUnused(db, businessId, f.id)) removed++;
    if (batch.length < BATCH) break;
    const last = batch[batch.length - 1];
    after = sql`(f.created_at, f.id) > (${new Date(last.created_at).toISOString()}::timestamptz, ${last.id})`;
  }
  const [young] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(f.created_at) as at from media_files f where f.business_id = ${businessId} and f.created_at >= ${cutoff} and ${unused}`,
  );
  return { removed, next: young?.at ? sweepDueAt(new Date(young.at)) : null };
}

/** One file, if still unused: its row in a short transaction, then its bytes a few MiB at a time. */
async function removeIfUnused(db: Db, businessId: string, fileId: string): Promise<boolean> {
  const gone = await db.transaction(async (tx) => {
    const [file] = await queryRows<{ storage: "postgres" | "s3"; storage_key: string }>(
      tx,
      sql`select storage, storage_key from media_files where id = ${fileId} and business_id = ${businessId} for update`,
    );
    if (!file) return null;
    // A new statement, so it sees a message a send committed while this one waited for the row.
    const [used] = await queryRows(tx, sql`select 1 from media_files f where f.id = ${fileId} and not (${unused})`);
    if (used) return null;
    await tx.execute(sql`delete from media_files where id = ${fileId}`);
    return file;
  });
  if (!gone) return false;
  // After the commit, so the embedded database is not held for a large file's rows; a crash in
  // between leaves bytes nothing names, never a file without its bytes.
  await storeFor(db, gone.storage).delete(gone.storage_key);
  return true;
}

export const mediaSweepJob = runs(mediaSweep, async (payload) => {
  const db = defaultDb();
  const businessId = String(payload.businessId ?? "");
  const { next } = await sweepUnusedMedia(db, businessId);
  if (next) await db.transaction((tx) => scheduleMediaSweep(tx, businessId, next));
});
