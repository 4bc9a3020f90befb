import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { nextAuthSecret } from "../auth/secret";

// Links to a business's files that work without a session for a while (for API clients, webhook
// receivers and <img> tags): HMAC over (file, business, expiry), keyed with a key derived from the
// session secret, so no new secret has to be configured and rotating NEXTAUTH_SECRET revokes them all.

export const MEDIA_URL_TTL_SECONDS = 60 * 60;

const key = () => createHmac("sha256", nextAuthSecret()).update("convo media links v1").digest();

const signature = (fileId: string, businessId: string, expires: number) =>
  createHmac("sha256", key()).update(`${fileId}\n${businessId}\n${expires}`).digest("base64url");

/** The app's public origin for links handed outside a request (API bodies, webhooks). */
export function publicBaseUrl(): string {
  const configured = process.env.NEXTAUTH_URL?.trim();
  return (configured || `http://localhost:${process.env.PORT ?? 3000}`).replace(/(?<!\/)\/+$/, "");
}

export function signedMediaPath(fileId: string, businessId: string, now = Date.now(), ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `/media/${encodeURIComponent(fileId)}?expires=${expires}&signature=${signature(fileId, businessId, expires)}`;
}

export function signedMediaUrl(fileId: string, businessId: string, now = Date.now()): string {
  return `${publicBaseUrl()}${signedMediaPath(fileId, businessId, now)}`;
}

/** True when the link was signed for this file of this business and has not expired. */
export function verifyMediaSignature(fileId: string, businessId: string, expiresRaw: string | null, given: string | null, now = Date.now()): boolean {
  const expires = Number(expiresRaw);
  if (!given || !Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(fileId, businessId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
