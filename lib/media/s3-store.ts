import "server-only";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { MediaBytes, MediaStore } from "./media-store";

// Any S3-compatible bucket (AWS, MinIO, R2, Ceph...) through the official SDK. lib-storage's Upload
// sends a stream as a multipart upload in 5 MiB parts, so its memory use is bounded by the part size.

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  prefix: string;
};

/** MEDIA_S3_BUCKET turns S3 storage on; the rest default to AWS's usual ways (region, credential chain). */
export function s3Settings(): S3Settings | null {
  const bucket = process.env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    region: process.env.MEDIA_S3_REGION?.trim() || "us-east-1",
    endpoint: process.env.MEDIA_S3_ENDPOINT?.trim() || null,
    accessKeyId: process.env.MEDIA_S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: process.env.MEDIA_S3_SECRET_ACCESS_KEY?.trim() || null,
    // MinIO and most self-hosted servers want path-style addressing (http://host/bucket/key).
    forcePathStyle: process.env.MEDIA_S3_FORCE_PATH_STYLE === "1" || Boolean(process.env.MEDIA_S3_ENDPOINT?.trim()),
    prefix: process.env.MEDIA_S3_PREFIX?.trim() ?? "media/",
  };
}

export function s3MediaStore(settings: S3Settings): MediaStore {
  // The SDK (about 25 MiB once loaded) is loaded by the first file stored or read, only where S3 is on.
  let client: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  const connect = () => {
    client ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: s3Client(sdk, settings) }));
    return client;
  };
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const [{ client: s3 }, { Upload }] = await Promise.all([connect(), import("@aws-sdk/lib-storage")]);
      const upload = new Upload({
        client: s3,
        params: { Bucket: settings.bucket, Key: objectKey(key), Body: Readable.from(body), ContentType: contentType },
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async open(key) {
      const { client: s3, sdk } = await connect();
      const out = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
      if (!out.Body) throw new Error(`S3 object ${key} has no body`);
      return out.Body as unknown as MediaBytes;
    },
    async delete(key) {
      const { client: s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}

function s3Client({ S3Client }: typeof import("@aws-sdk/client-s3"), settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // A bucket that is down fails the request within seconds, so the job retries rather than hangs.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}
