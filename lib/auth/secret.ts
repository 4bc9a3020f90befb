import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "../db/client";

let cached: string | null = null;

/**
 * The key that signs and encrypts session cookies: NEXTAUTH_SECRET. The embedded default generates one
 * into DATA_DIR (like the encryption key) so sessions survive restarts; a production Postgres
 * deployment, which may run several instances, must set it.
 */
export function nextAuthSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (fromEnv) {
    cached = fromEnv;
    return cached;
  }
  if (process.env.DATABASE_URL && process.env.NODE_ENV === "production") {
    throw new Error("NEXTAUTH_SECRET is not set: production deployments on Postgres must set it (openssl rand -base64 32).");
  }
  const dir = dataDir();
  if (dir.startsWith("memory://")) {
    cached = randomBytes(32).toString("base64url");
    return cached;
  }
  const file = path.join(dir, "nextauth.secret");
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}
