import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "../db/client";

// Keyed by the value it came from, so a process whose ENCRYPTION_KEY changes reads the new one.
let cached: { from: string | undefined; key: Buffer } | null = null;

const parseKey = (value: string, name: string): Buffer => {
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded (openssl rand -base64 32).`);
  return key;
};

/**
 * The key that encrypts secrets at rest (access tokens, webhook secrets): ENCRYPTION_KEY (32 bytes,
 * base64). The embedded default generates one into DATA_DIR; Postgres deployments must set it.
 */
function encryptionKey(): Buffer {
  const fromEnv = process.env.ENCRYPTION_KEY;
  if (cached && cached.from === fromEnv) return cached.key;
  if (fromEnv) {
    cached = { from: fromEnv, key: parseKey(fromEnv, "ENCRYPTION_KEY") };
    return cached.key;
  }
  if (process.env.DATABASE_URL) {
    throw new Error("ENCRYPTION_KEY is not set: Postgres deployments must set it (openssl rand -base64 32).");
  }
  const dir = dataDir();
  if (dir.startsWith("memory://")) {
    cached = { from: fromEnv, key: randomBytes(32) };
    return cached.key;
  }
  const file = path.join(dir, "encryption.key");
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  cached = { from: fromEnv, key: Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64") };
  return cached.key;
}

/** ENCRYPTION_KEY_PREVIOUS: the key being rotated away from (docs/operations.md, "Rotating `ENCRYPTION_KEY`"); null when none. */
function previousKey(): Buffer | null {
  const value = process.env.ENCRYPTION_KEY_PREVIOUS;
  return value ? parseKey(value, "ENCRYPTION_KEY_PREVIOUS") : null;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, all base64url. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

function decryptWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unreadable encrypted secret.");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Which key sealed a secret: the current one, the previous one (a rotation is pending), or neither. */
export function sealedWith(sealed: string): "current" | "previous" | null {
  try {
    decryptWith(encryptionKey(), sealed);
    return "current";
  } catch {}
  const previous = previousKey();
  if (!previous) return null;
  try {
    decryptWith(previous, sealed);
    return "previous";
  } catch {
    return null;
  }
}

/** Opens a secret with ENCRYPTION_KEY, or, while a rotation is pending, with ENCRYPTION_KEY_PREVIOUS. */
export function decryptSecret(sealed: string): string {
  try {
    return decryptWith(encryptionKey(), sealed);
  } catch (err) {
    const previous = previousKey();
    if (!previous) throw err;
    return decryptWith(previous, sealed);
  }
}
