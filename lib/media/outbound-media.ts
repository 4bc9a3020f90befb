import "server-only";
import type { Db } from "../db/client";
import type { MediaKind, MessageMedia } from "../db/schema";
import { fetchMediaUrl } from "./fetch-url";
import { mimeProblem, sizeProblem } from "../shared/media-limits";
import { findMediaFile, saveMediaFile, tooLarge, wrongType } from "./media-files";
import { admitUpload } from "./upload-rate-limit";

/** What an outbound media message says about its file (the fields of a send request read here). */
export type OutboundMediaIn = { type: string; media?: { id: string } | { url: string }; filename?: string; text?: string };

/**
 * The file an outbound media message names, checked against WhatsApp's limits for the message's type:
 * an uploaded file of this business (`media: {id}`), or one we fetch now from `media: {url}`.
 */
export async function resolveOutboundMedia(db: Db, businessId: string, input: OutboundMediaIn): Promise<MessageMedia> {
  const kind = input.type as MediaKind;
  const ref = input.media as NonNullable<OutboundMediaIn["media"]>;
  let file: Awaited<ReturnType<typeof findMediaFile>>;
  if ("id" in ref) {
    file = await findMediaFile(db, businessId, ref.id);
    const typeProblem = mimeProblem(kind, file.mimeType, "outbound");
    if (typeProblem) throw wrongType(typeProblem);
    const size = sizeProblem(kind, file.size);
    if (size) throw tooLarge(size);
  } else {
    // A fetched file is stored like an upload: it counts against the same rate and quota.
    await admitUpload(db, businessId);
    const fetched = await fetchMediaUrl(ref.url);
    file = await saveMediaFile(db, businessId, {
      kind,
      mimeType: fetched.mimeType,
      filename: fetched.filename,
      declaredSize: fetched.size,
      direction: "outbound",
      body: fetched.body,
    });
  }
  return {
    fileId: file.id,
    kind,
    mimeType: file.mimeType,
    size: file.size,
    filename: input.filename ?? file.filename,
    caption: input.type === "audio" ? null : (input.text ?? null),
    status: "ready",
  };
}

/** The readable text of a media message, as inbound ones have: `[image] caption`, `[document] invoice.pdf`. */
export function mediaText(media: MessageMedia): string {
  const label = media.caption ?? (media.kind === "document" ? media.filename : null);
  return label ? `[${media.kind}] ${label}` : `[${media.kind}]`;
}
