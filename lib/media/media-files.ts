import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type MediaKind, mediaFiles } from "../db/schema";
import { AppError, notFound } from "../errors";
import { newId } from "../ids";
import { mimeProblem, normalMimeType, sizeProblem } from "../shared/media-limits";
import { assertRoomFor, storageFull, storageUsage } from "./storage-quota";
import type { MediaBytes } from "./media-store";
import { mediaStore, storeFor } from "./store";
import { scheduleMediaSweep, sweepDueAt } from "./sweep-unused";

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export type NewMediaFile = {
  kind: MediaKind;
  mimeType: string;
  filename?: string | null;
  /** Declared by the sender (Content-Length, Graph's file_size): refused before reading a byte when too big. */
  declaredSize?: number | null;
  direction: "inbound" | "outbound";
  body: MediaBytes;
};

export const tooLarge = (message: string) => new AppError("payload_too_large", message);
export const wrongType = (message: string) => new AppError("unsupported_media_type", message);

/**
 * Streams a file into the store, checking WhatsApp's type and size limits and the business's storage
 * quota as the bytes pass (the upload stops at the first byte over a limit), then records it and
 * queues the business's sweep of unused files. Throws payload_too_large, storage_quota_exceeded or
 * unsupported_media_type, having stored nothing.
 */
export async function saveMediaFile(db: Db, businessId: string, file: NewMediaFile): Promise<MediaFileRow> {
  const mimeType = normalMimeType(file.mimeType);
  const typeProblem = mimeProblem(file.kind, mimeType, file.direction);
  if (typeProblem) throw wrongType(typeProblem);
  const declared = file.declaredSize ? sizeProblem(file.kind, file.declaredSize) : null;
  if (declared) throw tooLarge(declared);
  const usage = await storageUsage(db, businessId);
  const room = usage.quotaBytes - usage.usedBytes;
  if ((file.declaredSize ?? 0) > room) throw storageFull(usage);

  const hash = createHash("sha256");
  let size = 0;
  async function* counted(): MediaBytes {
    for await (const piece of file.body) {
      size += piece.byteLength;
      const problem = sizeProblem(file.kind, size);
      if (problem) throw tooLarge(problem);
      if (size > room) throw storageFull(usage);
      hash.update(piece);
      yield piece;
    }
  }
  const store = mediaStore(db);
  // The key is not the file id: a half-written key from a failed attempt can never be mistaken for a file.
  const storageKey = `${businessId}/${randomBytes(16).toString("hex")}`;
  await store.put(storageKey, counted(), mimeType);
  // Counted again under the business's lock: files stored at the same time never pass the quota together.
  const recorded = db.transaction(async (tx) => {
    await assertRoomFor(tx, businessId, size);
    const [row] = await tx
      .insert(mediaFiles)
      .values({
        id: newId("med"),
        businessId,
        kind: file.kind,
        mimeType,
        size,
        filename: cleanFilename(file.filename),
        sha256: hash.digest("hex"),
        storage: store.kind,
        storageKey,
      })
      .returning();
    await scheduleMediaSweep(tx, businessId, sweepDueAt(row.createdAt));
    return row;
  });
  try {
    return await recorded;
  } catch (err) {
    // Bytes nobody can name would only take space.
    await store.delete(storageKey).catch(() => {});
    throw err;
  }
}

/** A file of this business, or not_found (a foreign id answers exactly like a missing one). */
export async function findMediaFile(db: Db, businessId: string, fileId: string): Promise<MediaFileRow> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.businessId, businessId)));
  if (!row) throw notFound("media file");
  return row;
}

/**
 * Inside a send's transaction: holds the file's row until the message that uses it commits, so the
 * unused-file sweep (./sweep-unused.ts) cannot remove it meanwhile; removed already, not_found.
 */
export async function holdMediaFile(tx: Db, businessId: string, fileId: string): Promise<void> {
  const [row] = await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.businessId, businessId)))
    .for("key share");
  if (!row) throw notFound("media file");
}

export async function mediaFileById(db: Db, fileId: string): Promise<MediaFileRow | null> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, fileId));
  return row ?? null;
}

export function readMediaBytes(db: Db, file: Pick<MediaFileRow, "storage" | "storageKey">): Promise<MediaBytes> {
  return storeFor(db, file.storage).open(file.storageKey);
}

// A name is shown and offered as the download's name: no paths, no control characters, not endless.
function cleanFilename(name: string | null | undefined): string | null {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 240);
  return clean || null;
}
