import "server-only";
import type { MessageMedia } from "../db/schema";
import { MEDIA_URL_TTL_SECONDS, publicBaseUrl, signedMediaPath } from "../media/signed-url";
import type { MediaOut } from "./message-schema";

/** Webhook receivers may work through a backlog: their links live a day rather than an hour. */
export const WEBHOOK_MEDIA_URL_TTL_SECONDS = 24 * 60 * 60;

/** A message's `media` as the API, the dashboard and webhooks show it: with a fresh signed link. */
export function mediaView(businessId: string, media: MessageMedia | null | undefined, ttlSeconds = MEDIA_URL_TTL_SECONDS): MediaOut | null {
  if (!media) return null;
  return {
    type: media.kind,
    status: media.status,
    mimeType: media.mimeType,
    size: media.size,
    filename: media.filename,
    caption: media.caption,
    url: media.fileId ? `${publicBaseUrl()}${signedMediaPath(media.fileId, businessId, Date.now(), ttlSeconds)}` : null,
    transcript: media.transcript ?? null,
    ...(media.voice ? { voice: true as const } : {}),
  };
}
