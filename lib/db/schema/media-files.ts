import { check, customType, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { type MediaKind, mediaKinds } from "../../shared/media-limits";
import { businessId, oneOf } from "./tenancy";

// The kinds live with the browser-safe media limits (lib/shared); the schema takes them from there.
export { type MediaKind, mediaKinds };

// Bytes as Buffer on both drivers (postgres-js and PGlite both hand bytea back as a Uint8Array).
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
});

export const mediaStorages = ["postgres", "s3"] as const;

/** One stored file (a customer's photo, an uploaded PDF): what it is and where its bytes live. */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    filename: text("filename"),
    sha256: text("sha256").notNull(),
    // "postgres": the bytes are media_chunks rows; "s3": an object named storage_key in MEDIA_S3_BUCKET.
    storage: text("storage", { enum: mediaStorages }).notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_files_business_idx").on(t.businessId, t.createdAt, t.id),
    check("media_files_kind_check", oneOf(t.kind, mediaKinds)),
    check("media_files_storage_check", oneOf(t.storage, mediaStorages)),
  ],
);

/** A file's bytes in 64 KiB rows (lib/media/postgres-store.ts; older files 256 KiB), written and served a piece at a time, never whole. */
export const mediaChunks = pgTable(
  "media_chunks",
  {
    storageKey: text("storage_key").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.seq] })],
);
