import "server-only";
import type { Db } from "../db/client";
import { postgresMediaStore } from "./postgres-store";
import { type S3Settings, s3MediaStore, s3Settings } from "./s3-store";

// Where a file's bytes live. Two back ends behind one small interface: Postgres (the default, so
// several instances share files and database backups include them) and an S3-compatible bucket when
// MEDIA_S3_* is set. Both take and give streams: a file is never held whole in memory.

export type MediaBytes = AsyncIterable<Uint8Array>;

export interface MediaStore {
  readonly kind: "postgres" | "s3";
  /** Stores the bytes under `key`; a failure leaves nothing readable under it. */
  put(key: string, body: MediaBytes, contentType: string): Promise<void>;
  /** The bytes under `key`, a piece at a time. */
  open(key: string): Promise<MediaBytes>;
  delete(key: string): Promise<void>;
}

let cachedS3: { settings: string; store: MediaStore } | null = null;

/** The store new files go to: S3 when configured, else Postgres. */
export function mediaStore(db: Db): MediaStore {
  const s3 = s3Settings();
  return s3 ? s3Store(s3) : postgresMediaStore(db);
}

/** The store a file was written to (files keep living where they were put when the settings change). */
export function storeFor(db: Db, storage: "postgres" | "s3"): MediaStore {
  if (storage === "postgres") return postgresMediaStore(db);
  const s3 = s3Settings();
  if (!s3) throw new Error("This file is stored in S3, but MEDIA_S3_BUCKET is not set.");
  return s3Store(s3);
}

function s3Store(settings: S3Settings): MediaStore {
  const key = JSON.stringify(settings);
  if (cachedS3?.settings !== key) cachedS3 = { settings: key, store: s3MediaStore(settings) };
  return cachedS3.store;
}
