import { createHmac, randomBytes } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` + 32 URL-safe characters (192 random bits). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64url");
}

/**
 * The X-Service-Signature value: `sha256=` + lower-case hex HMAC-SHA256 of the exact body bytes, keyed
 * with the whole secret string (`whsec_` included) as UTF-8, the form GitHub-style verifiers check.
 */
export function signatureHeader(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest("hex")}`;
}
