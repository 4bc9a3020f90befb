import "server-only";
import bcrypt from "bcryptjs";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversations, users } from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";

export type Role = "owner" | "agent";
export type UserOut = { id: string; businessId: string; email: string; name: string | null; role: Role; createdAt: string };
export type SessionUser = UserOut & { sessionVersion: number };

// One cost for every password hash, and one real hash of that cost to compare with when an email has
// no account: an unknown email then takes as long as a wrong password (computed once, lazily).
const BCRYPT_COST = 10;
let placeholderHash: Promise<string> | null = null;
const placeholder = () => {
  placeholderHash ??= bcrypt.hash(`no-account-${Math.random()}`, BCRYPT_COST);
  return placeholderHash;
};

const view = (u: typeof users.$inferSelect): UserOut => ({
  id: u.id,
  businessId: u.businessId,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

export async function createUser(
  db: Db,
  input: { businessId: string; email: string; password: string; role?: Role; name?: string | null },
): Promise<UserOut> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid([{ path: "email", message: "A valid email address is required." }]);
  if (input.password.length < 8) throw invalid([{ path: "password", message: "The password needs at least 8 characters." }]);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  // Unique per business only: whether the email has an account in another business is never told.
  const rows = await db
    .insert(users)
    .values({ id: newId("usr"), businessId: input.businessId, email, passwordHash, role: input.role ?? "owner", name: input.name ?? null })
    .onConflictDoNothing({ target: [users.businessId, users.email] })
    .returning();
  if (!rows.length) throw new AppError("conflict", "This email is already on this business's team.");
  return view(rows[0]);
}

/**
 * Checks an email and password; null when either is wrong (same answer, same cost). An email may have
 * accounts in several businesses: each is compared, with no early exit, and the oldest match wins.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).orderBy(asc(users.createdAt), asc(users.id));
  if (!rows.length) {
    await bcrypt.compare(password, await placeholder());
    return null;
  }
  const matches = await Promise.all(rows.map((r) => bcrypt.compare(password, r.passwordHash)));
  const row = rows.find((_, i) => matches[i]);
  return row ? { ...view(row), sessionVersion: row.sessionVersion } : null;
}

/** The user behind a session cookie, with the session version the cookie must carry. */
export async function getSessionUser(db: Db, businessId: string, id: string): Promise<SessionUser | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, id)));
  return row ? { ...view(row), sessionVersion: row.sessionVersion } : null;
}

/** Ends every session of a user (sign-out everywhere); only when `from` is still their current version. */
export async function bumpSessionVersion(db: Db, userId: string, from?: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(from === undefined ? eq(users.id, userId) : and(eq(users.id, userId), eq(users.sessionVersion, from)));
}

/** A new password for a signed-in user, who proves the current one; every session of theirs ends. */
export async function changePassword(
  db: Db,
  businessId: string,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  alsoInTransaction?: (tx: Db) => Promise<void>,
) {
  if (input.newPassword.length < 8) throw invalid([{ path: "newPassword", message: "The new password needs at least 8 characters." }]);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)));
  if (!row) throw notFound("user");
  if (!(await bcrypt.compare(input.currentPassword, row.passwordHash))) {
    throw invalid([{ path: "currentPassword", message: "The current password is wrong." }], "The current password is wrong.");
  }
  const passwordHash = await bcrypt.hash(input.newPassword, BCRYPT_COST);
  // The hash is computed outside the transaction: the embedded database runs one at a time.
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId));
    await alsoInTransaction?.(tx);
  });
}

/**
 * Locks the business's owners for the rest of the transaction and refuses to leave it without one:
 * two owners demoting each other at once cannot both succeed.
 */
async function memberAndOwners(tx: Db, businessId: string, memberId: string) {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, "owner")))
    .for("update");
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, memberId)))
    .for("update");
  if (!member) throw notFound("team member");
  return { member, lastOwner: member.role === "owner" && owners.length <= 1 };
}

/** Owner or agent; the member's sessions end, so the new role applies from their next sign-in. */
export async function setMemberRole(db: Db, businessId: string, memberId: string, role: Role): Promise<UserOut> {
  return db.transaction(async (tx) => {
    const { member, lastOwner } = await memberAndOwners(tx, businessId, memberId);
    if (member.role === role) return view(member);
    if (lastOwner) throw new AppError("conflict", "The last owner cannot be made an agent: make someone else an owner first.");
    const [row] = await tx
      .update(users)
      .set({ role, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, memberId))
      .returning();
    return view(row);
  });
}

/** Removes a member: their sessions end at once and their conversations go back to the unassigned queue. */
export async function removeMember(db: Db, businessId: string, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { lastOwner } = await memberAndOwners(tx, businessId, memberId);
    if (lastOwner) throw new AppError("conflict", "The last owner cannot be removed: make someone else an owner first.");
    await tx
      .update(conversations)
      .set({ assigneeId: null })
      .where(and(eq(conversations.businessId, businessId), eq(conversations.assigneeId, memberId)));
    await tx.delete(users).where(eq(users.id, memberId));
  });
}

export async function listUsers(db: Db, businessId: string): Promise<UserOut[]> {
  const rows = await db.select().from(users).where(eq(users.businessId, businessId)).orderBy(asc(users.createdAt));
  return rows.map(view);
}

export async function getUser(db: Db, businessId: string, id: string): Promise<UserOut | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.id, id)));
  return row ? view(row) : null;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row.n);
}
