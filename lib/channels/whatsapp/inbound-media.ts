import "server-only";
import type { Db } from "../../db/client";
import type { MediaKind, MessageMedia } from "../../db/schema";
import { AppError } from "../../errors";
import { RetryLater } from "../../jobs/worker";
import { normalMimeType } from "../../shared/media-limits";
import { saveMediaFile } from "../../media/media-files";
import { type ChannelMedia, ChannelError } from "../channel";
import type { InboundWhatsAppMessage } from "./parse-webhook";
import { componentLogger } from "../../observability/log";

// The file of an inbound photo, voice note, video, document or sticker, fetched in the inbound job
// before the message is stored (so the assistant's turn and the inbox see it). A failure the job can
// outwait (network, Graph 5xx, a bucket that is down) retries the job; after the last try, or at once
// for a failure that waiting cannot fix (a too-large file, a wrong type, an unknown media id), the
// message is stored with its media `unavailable`.

export const MEDIA_KINDS: ReadonlySet<string> = new Set(["image", "audio", "video", "document", "sticker"]);
/** Attempts of the inbound job before a file is given up on (backoff 1, 2, 4, 8 s between them). */
export const MEDIA_DOWNLOAD_ATTEMPTS = 5;

export async function fetchInboundMedia(
  db: Db,
  businessId: string,
  /** The connection's file door; absent without a connection. */
  files: ChannelMedia | undefined,
  m: InboundWhatsAppMessage,
  attempt: number,
): Promise<MessageMedia> {
  const content = m.content ?? {};
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  // Kept as files are stored (normalMimeType): what the sender's client declared may be any string.
  const declaredType = str(content.mimeType);
  const base: MessageMedia = {
    fileId: null,
    kind: m.type,
    mimeType: declaredType && normalMimeType(declaredType),
    size: null,
    filename: str(content.filename),
    caption: str(content.caption),
    status: "unavailable",
  };
  const mediaId = str(content.id);
  if (!mediaId) return { ...base, problem: "The webhook named no media id." };
  if (!files) return { ...base, problem: "WhatsApp is not connected for this business (no access token)." };
  try {
    const download = await files.download(mediaId);
    const file = await saveMediaFile(db, businessId, {
      kind: m.type as MediaKind,
      mimeType: download.mimeType ?? base.mimeType ?? "application/octet-stream",
      filename: base.filename,
      declaredSize: download.size,
      direction: "inbound",
      body: download.body,
    });
    return { ...base, fileId: file.id, mimeType: file.mimeType, size: file.size, status: "ready" };
  } catch (err) {
    const permanent = err instanceof AppError || (err instanceof ChannelError && (err.kind === "permanent" || err.kind === "window"));
    const reason = err instanceof Error ? err.message : String(err);
    if (permanent || attempt >= MEDIA_DOWNLOAD_ATTEMPTS) {
      componentLogger("whatsapp").warn({ mediaId, wamid: m.wamid, reason }, "inbound media unavailable");
      return { ...base, problem: reason };
    }
    throw new RetryLater(1000 * 2 ** (attempt - 1), `media ${mediaId} not downloaded (attempt ${attempt}): ${reason}`);
  }
}
