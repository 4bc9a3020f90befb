import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { businessId } from "./tenancy";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull().default(""),
    // SHA-256 hex of the full key; the key itself is never stored.
    hash: text("hash").notNull(),
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    rateLimitPerSecond: integer("rate_limit_per_second"),
    expiresAt: ts("expires_at"),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.hash), index("api_keys_business_idx").on(t.businessId, t.createdAt, t.id)],
);
