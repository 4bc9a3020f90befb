import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { businesses } from "../db/schema";
import { AppError, notFound } from "../errors";
import { formatBytes } from "../shared/media-limits";

// Each business may store so many bytes of files (issue 34): customers' photos and documents, uploads,
// fetched media.url files. The operator sets it per business (`npm run admin -- set-storage-quota`);
// otherwise it is the deployment's MEDIA_STORAGE_QUOTA_BYTES (default 1 GiB). A file that would pass it
// is refused with 413 storage_quota_exceeded, before its first byte when its size is declared, else at
// the byte that passes it; files no message uses are removed after 24 hours (./sweep-unused.ts).

export const DEFAULT_STORAGE_QUOTA_BYTES = 1024 ** 3;

export function deploymentStorageQuotaBytes(): number {
  const raw = process.env.MEDIA_STORAGE_QUOTA_BYTES?.trim();
  const n = raw ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : DEFAULT_STORAGE_QUOTA_BYTES;
}

export const storageUsageOut = z.object({
  usedBytes: z.number().int().describe("Bytes of every file the business stores."),
  files: z.number().int(),
  quotaBytes: z.number().int().describe("How many bytes it may store."),
  quotaSource: z.enum(["deployment", "business"]).describe("`deployment`: MEDIA_STORAGE_QUOTA_BYTES; `business`: set for this business."),
});
export type StorageUsage = z.infer<typeof storageUsageOut>;

export async function storageUsage(db: Db, businessId: string): Promise<StorageUsage> {
  const [row] = await queryRows<{ used: string | number; files: number; quota: string | number | null; found: boolean }>(
    db,
    sql`select coalesce((select sum(size) from media_files where business_id = ${businessId}), 0)::bigint as used,
          (select count(*) from media_files where business_id = ${businessId})::int as files,
          (select storage_quota_bytes from businesses where id = ${businessId}) as quota,
          exists (select 1 from businesses where id = ${businessId}) as found`,
  );
  if (!row?.found) throw notFound("business");
  const own = row.quota === null ? null : Number(row.quota);
  return {
    usedBytes: Number(row.used),
    files: Number(row.files),
    quotaBytes: own ?? deploymentStorageQuotaBytes(),
    quotaSource: own === null ? "deployment" : "business",
  };
}

export function storageFull(usage: StorageUsage): AppError {
  return new AppError(
    "storage_quota_exceeded",
    `This file does not fit in the business's file storage (${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)} used). Files no message uses are removed 24 hours after they were stored.`,
  );
}

/**
 * Takes the business's storage lock for the rest of `tx` and checks that `bytes` more fit: two files
 * finishing at once are counted one after the other, so together they never pass the quota.
 */
export async function assertRoomFor(tx: Db, businessId: string, bytes: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota:${businessId}`}, 0))`);
  const usage = await storageUsage(tx, businessId);
  if (usage.usedBytes + bytes > usage.quotaBytes) throw storageFull(usage);
}

/** The operator's setting: a byte count for this business, or null for the deployment's default. */
export async function setStorageQuota(db: Db, businessId: string, bytes: number | null): Promise<StorageUsage> {
  const [row] = await db.update(businesses).set({ storageQuotaBytes: bytes }).where(eq(businesses.id, businessId)).returning({ id: businesses.id });
  if (!row) throw notFound("business");
  return storageUsage(db, businessId);
}

/** `1073741824`, `500MiB`, `2 GiB`, `1.5GB` (GB and MB are read as GiB and MiB), or `default` (null). */
export function parseByteSize(raw: string): number | null {
  const text = raw.trim();
  if (text.toLowerCase() === "default") return null;
  const m = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)?$/i.exec(text);
  const unit = { b: 0, k: 1, m: 2, g: 3, t: 4 }[(m?.[2] ?? "b")[0].toLowerCase() as "b"];
  const bytes = m ? Math.floor(Number(m[1]) * 1024 ** unit) : Number.NaN;
  if (!Number.isSafeInteger(bytes)) throw new AppError("invalid_request", "The size must be a number of bytes (or 500MiB, 2GiB), or `default`.");
  return bytes;
}
