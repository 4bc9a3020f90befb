import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { businesses, teamInvites, users } from "../db/schema";
import { AppError, notFound } from "../errors";
import { newId } from "../ids";
import { createUser, type SessionUser } from "../users/users";
import { type acceptInviteIn, INVITE_TTL_DAYS, type InviteOut, type inviteIn } from "./invite-schema";

type InviteRow = typeof teamInvites.$inferSelect;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const view = (r: InviteRow): InviteOut => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invitedBy: r.invitedBy,
  expiresAt: r.expiresAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

/** Not accepted, not revoked, not expired. */
const pending = () => and(isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, sql`now()`));

/**
 * A one-time invite: the token (32 random bytes) goes into the link and is never stored, only its
 * SHA-256. A newer invite to the same email replaces the pending one, so one link per person is alive.
 */
export async function createInvite(
  db: Db,
  businessId: string,
  input: z.output<typeof inviteIn> & { invitedBy: string | null },
): Promise<{ invite: InviteOut; token: string }> {
  const token = `inv_${randomBytes(32).toString("base64url")}`;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.email, input.email)));
    if (member) throw new AppError("conflict", "This email is already on this business's team.", [{ path: "email", message: "Already a member." }]);
    await tx
      .update(teamInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(teamInvites.businessId, businessId), eq(teamInvites.email, input.email), pending()));
    const [row] = await tx
      .insert(teamInvites)
      .values({
        id: newId("inv"),
        businessId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy,
        expiresAt: sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`,
      })
      .returning();
    return { invite: view(row), token };
  });
}

/** The business's pending invites, newest first (accepted, revoked and expired ones are not shown). */
export async function listPendingInvites(db: Db, businessId: string): Promise<{ data: InviteOut[] }> {
  const rows = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.businessId, businessId), pending()))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
  return { data: rows.map(view) };
}

/** The link stops working at once; an accepted, expired or foreign invite answers like a missing one. */
export async function revokeInvite(db: Db, businessId: string, id: string): Promise<{ id: string; revoked: true }> {
  const rows = await db
    .update(teamInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(teamInvites.businessId, businessId), eq(teamInvites.id, id), pending()))
    .returning({ id: teamInvites.id });
  if (!rows.length) throw notFound("invite");
  return { id, revoked: true };
}

/**
 * Revokes every pending invite a member sent, in the caller's transaction, when they are removed or
 * stop being an owner: an invite carries its sender's authority (a removed owner's owner invite would
 * still make a new owner), so it ends with it. Each is recorded as `member.invite_revoked` with the
 * reason; returns the invites revoked. Call it before the member's row goes (the reference is cleared
 * then).
 */
export async function revokeInvitesSentBy(
  tx: Db,
  businessId: string,
  memberId: string,
  by: { actor: AuditActor; ip: string | null; reason: "inviter_removed" | "inviter_demoted" },
): Promise<InviteOut[]> {
  const rows = await tx
    .update(teamInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(teamInvites.businessId, businessId), eq(teamInvites.invitedBy, memberId), pending()))
    .returning();
  for (const r of rows) {
    await recordAudit(tx, {
      businessId,
      actor: by.actor,
      ip: by.ip,
      action: "member.invite_revoked",
      target: { type: "invite", id: r.id },
      details: { email: r.email, role: r.role, invitedBy: memberId, reason: by.reason },
    });
  }
  return rows.map(view);
}

/** What the invite page shows before the new member sets their password; null for a used, revoked, expired or unknown link. */
export async function describeInvite(db: Db, token: string): Promise<{ email: string; role: InviteOut["role"]; businessName: string } | null> {
  const [row] = await db
    .select({ email: teamInvites.email, role: teamInvites.role, businessName: businesses.name })
    .from(teamInvites)
    .innerJoin(businesses, eq(businesses.id, teamInvites.businessId))
    .where(and(eq(teamInvites.tokenHash, hashToken(token)), pending()));
  return row ?? null;
}

const unusable = () => new AppError("not_found", "This invite link is no longer valid: it was used, revoked or has expired. Ask for a new one.");

/**
 * Joins the team through a pending invite: the member chooses their name and password, the invite is
 * used up in the same transaction (the row is locked, so two tabs racing with one link make one account).
 */
export async function acceptInvite(db: Db, input: z.output<typeof acceptInviteIn>, address: string | null = null): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.tokenHash, hashToken(input.token)), pending()))
      .for("update");
    if (!invite) throw unusable();
    const user = await createUser(tx, {
      businessId: invite.businessId,
      email: invite.email,
      password: input.password,
      name: input.name,
      role: invite.role,
    });
    const used = await tx
      .update(teamInvites)
      .set({ acceptedAt: sql`now()`, acceptedUserId: user.id })
      .where(and(eq(teamInvites.id, invite.id), pending()))
      .returning({ id: teamInvites.id });
    if (!used.length) throw unusable();
    await recordAudit(tx, {
      businessId: invite.businessId,
      actor: { type: "user", id: user.id, label: user.email },
      ip: address,
      action: "member.added",
      target: { type: "user", id: user.id },
      details: { email: user.email, role: user.role, inviteId: invite.id },
    });
    return { ...user, sessionVersion: 0 };
  });
}
