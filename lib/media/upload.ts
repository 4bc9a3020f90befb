import "server-only";
import { Readable } from "node:stream";
import busboy from "busboy";
import type { Db } from "../db/client";
import { mediaKinds, type MediaKind } from "../db/schema";
import { AppError, invalid } from "../errors";
import { kindForMimeType, MAX_MEDIA_BYTES } from "../shared/media-limits";
import { type MediaFileRow, saveMediaFile } from "./media-files";
import { admitUpload } from "./upload-rate-limit";
import { isWebmAudio, oggFilename, oggFromWebm } from "./voice-note";

// POST /v1/media (and the inbox's attach button): one file in a multipart/form-data body, streamed
// straight into the store. Optional fields before the file: `type` (image, audio, video, document or
// sticker; else guessed from the file's Content-Type) and `filename`. Each counts against the
// business's upload rate (./upload-rate-limit.ts) and storage quota (./storage-quota.ts).

export async function receiveUpload(db: Db, businessId: string, request: Request): Promise<MediaFileRow> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the file as multipart/form-data with a `file` part.");
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_MEDIA_BYTES + 64 * 1024)
    throw new AppError("payload_too_large", "Files may be at most 100 MB (documents; less for other types).");
  if (!request.body) throw invalid([{ path: "file", message: "A file is required." }]);

  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 10, fileSize: MAX_MEDIA_BYTES + 1 } });
  } catch {
    throw new AppError("invalid_request", "The multipart body has no boundary.");
  }
  const fields: Record<string, string> = {};
  return new Promise<MediaFileRow>((resolve, reject) => {
    let saving: Promise<MediaFileRow> | null = null;
    const fail = (err: unknown) => {
      source.unpipe(parser);
      discardRest(source);
      reject(err);
    };
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || saving) {
        stream.resume();
        return;
      }
      const kind = (fields.type ?? kindForMimeType(info.mimeType)) as MediaKind;
      if (!mediaKinds.includes(kind)) {
        stream.resume();
        fail(invalid([{ path: "type", message: `type must be one of ${mediaKinds.join(", ")}.` }]));
        return;
      }
      // Counted once the file part begins: a request refused before it (not multipart, no file) is not an upload.
      // A browser's WebM/Opus voice recording is stored as OGG/Opus, the one voice format WhatsApp takes (./voice-note.ts).
      const rewrap = kind === "audio" && isWebmAudio(info.mimeType);
      const filename = fields.filename ?? info.filename ?? null;
      saving = admitUpload(db, businessId).then(() =>
        saveMediaFile(db, businessId, {
          kind,
          mimeType: rewrap ? "audio/ogg" : info.mimeType,
          filename: rewrap ? oggFilename(filename) : filename,
          direction: "outbound",
          body: rewrap ? oggFromWebm(stream) : stream,
        }),
      );
      saving.catch((err) => {
        stream.resume();
        fail(err);
      });
    });
    parser.on("close", () => {
      if (!saving) return fail(invalid([{ path: "file", message: "A `file` part is required." }]));
      saving.then(resolve, () => {});
    });
    parser.on("error", () => fail(new AppError("invalid_request", "The multipart body could not be read.")));
    source.on("error", (err) => fail(err instanceof AppError ? err : new AppError("invalid_request", "The request body was cut off.")));
    source.pipe(parser);
  });
}

/** How much of a refused upload's remaining body is still read (and dropped) before the connection is cut. */
const DISCARD_LIMIT = 1024 * 1024;

// A file refused mid-body (over the quota, past its kind's size) is answered at once. Cutting the
// connection while the client still sends would make `next start` reset it, and the client would lose
// the 413 with it: the rest is read and dropped, up to a MiB, so a refusal near the end arrives whole.
function discardRest(source: Readable) {
  let dropped = 0;
  source.on("error", () => {});
  source.on("data", (piece: Buffer) => {
    dropped += piece.byteLength;
    if (dropped > DISCARD_LIMIT) source.destroy();
  });
  source.resume();
}
