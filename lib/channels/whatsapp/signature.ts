import { createHmac, timingSafeEqual } from "node:crypto";

const HEADER_PATTERN = /^sha256=([0-9a-f]{64})$/i;

/** The `X-Hub-Signature-256` value Meta sends: HMAC-SHA256 of the raw bytes, keyed with the app secret. */
export function signWhatsAppBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/**
 * True only when the header matches the raw body as received. Hashing a re-serialised JSON body
 * would break on non-ASCII text, so callers must pass the bytes untouched.
 */
export function verifyWhatsAppSignature(rawBody: Buffer, header: string | null, appSecret: string): boolean {
  if (!header || !appSecret) return false;
  const match = HEADER_PATTERN.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1].toLowerCase(), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  // timingSafeEqual throws on unequal lengths; the regex already pins 32 bytes, this is belt and braces.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
