import "server-only";
import type { DashboardSession } from "../auth/session";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { mediaSecurityHeaderObject } from "../security-headers.mjs";
import { normalMimeType, opensInline } from "../shared/media-limits";
import { type MediaFileRow, mediaFileById, readMediaBytes } from "./media-files";
import { verifyMediaSignature } from "./signed-url";

// GET /media/{fileId}: a stored file, to the holder of a signed link or to a dashboard session of the
// file's business. Anything else (no such file, another business's file, a bad or expired signature)
// is the same 404, so a link reveals nothing about files it was not signed for.

export async function mediaResponse(db: Db, request: Request, fileId: string, session: () => Promise<DashboardSession | null>): Promise<Response> {
  const file = await mediaFileById(db, fileId);
  const url = new URL(request.url);
  const signed = file && verifyMediaSignature(file.id, file.businessId, url.searchParams.get("expires"), url.searchParams.get("signature"));
  if (!file || !(signed || (await session())?.businessId === file.businessId)) throw notFound("media file");
  return fileResponse(db, file);
}

async function fileResponse(db: Db, file: MediaFileRow): Promise<Response> {
  const bytes = await readMediaBytes(db, file);
  const iterator = bytes[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value instanceof Uint8Array ? value : new Uint8Array(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  // Only a picture, sound or video of exactly a type its kind allows opens in the browser; anything
  // else (a customer's HTML "document") downloads. Rows stored before types were normalised are
  // normalised here too. The sandbox policy keeps even an opened file from running as our origin.
  const mimeType = normalMimeType(file.mimeType);
  const disposition = opensInline(file.kind, mimeType) ? "inline" : "attachment";
  const name = file.filename ?? `${file.id}${extensionOf(mimeType)}`;
  return new Response(stream, {
    status: 200,
    headers: {
      ...mediaSecurityHeaderObject(),
      "Content-Type": mimeType,
      "Content-Length": String(file.size),
      "Content-Disposition": `${disposition}; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, max-age=3600",
    },
  });
}

function extensionOf(mimeType: string): string {
  const sub = mimeType.split("/")[1] ?? "";
  const known: Record<string, string> = {
    jpeg: ".jpg",
    png: ".png",
    webp: ".webp",
    pdf: ".pdf",
    ogg: ".ogg",
    mpeg: ".mp3",
    mp4: ".mp4",
    plain: ".txt",
  };
  return known[sub] ?? "";
}
