import "server-only";
import type { Db } from "../db/client";
import type { MediaStore } from "./media-store";
import { postgresMediaStore } from "./postgres-store";
import { type S3Settings, s3MediaStore, s3Settings } from "./s3-store";

// Which store a file's bytes go to and come from (what a store is: media-store.ts).

export type { MediaBytes, MediaStore } from "./media-store";

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
