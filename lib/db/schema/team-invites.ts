import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { memberRoles, users } from "./users";

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
    role: text("role", { enum: memberRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedUserId: text("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_invites_token_hash_uq").on(t.tokenHash),
    index("team_invites_business_created_idx").on(t.businessId, t.createdAt, t.id),
    check("team_invites_role_check", oneOf(t.role, memberRoles)),
  ],
);
