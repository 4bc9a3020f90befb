import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businessId, createdAt, ts } from "./columns";

/**
 * A one-time link to join a business's team. Only the SHA-256 of the link's token is stored; the link is
 * shown once to the owner (and mailed when SMTP is configured). Pending: not accepted, not revoked, not expired.
 */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "agent"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by"),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedUserId: text("accepted_user_id"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("team_invites_token_hash_uq").on(t.tokenHash), index("team_invites_business_created_idx").on(t.businessId, t.createdAt, t.id)],
);
