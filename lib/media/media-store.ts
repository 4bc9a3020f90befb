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
