import "server-only";
import { timingSafeEqual } from "node:crypto";
import bcrypt from "bcryptjs";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversations, users } from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";

export type Role = "owner" | "agent";
export type UserOut = { id: string; businessId: string; email: string; name: string | null; role: Role; createdAt: string };
export type SessionUser = UserOut & { sessionVersion: number };

// One cost for every password hash. Every account of one email shares one bcrypt salt (its oldest
// account's), so a sign-in computes exactly one bcrypt hash whatever exists: the email's salt, or for an
// email without an account a salt of the same cost made once per process. The computed hash is then
// compared (constant-time, no bcrypt) with each account's: an email's number of accounts in other
// businesses changes no work an attacker can time. The price: one guess tests all of a person's
// accounts at once, were the hashes ever stolen; each account still keeps its own password.
//
// The cost is bcrypt's work factor (2^cost rounds): 10 unless PASSWORD_HASH_COST says another from 4 to
// 15 (anything else: 10). A deployment on fast hardware may raise it; the test suites lower it to 4,
// as test environments of password-hashing apps commonly do: they create thousands of accounts, and at
// 10 the hashing was a quarter of a conversation corpus's CPU. A hash keeps the cost it was made with
// (it is written in the hash), so changing it never locks anyone out.
const DEFAULT_COST = 10;
function bcryptCost(): number {
  const n = Number(process.env.PASSWORD_HASH_COST ?? DEFAULT_COST);
  return Number.isInteger(n) && n >= 4 && n <= 15 ? n : DEFAULT_COST;
}
const SALT_LENGTH = 29; // "$2b$10$" and 22 characters: the head of every bcrypt hash
let placeholderSalt: Promise<string> | null = null;
const placeholder = () => {
  placeholderSalt ??= bcrypt.genSalt(bcryptCost());
  return placeholderSalt;
};
const saltOf = (hash: string) => hash.slice(0, SALT_LENGTH);

/** The salt the email's accounts share: its oldest account's, or a new one for a new email. */
async function emailSalt(db: Db, email: string): Promise<string> {
  const [oldest] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return oldest ? saltOf(oldest.passwordHash) : bcrypt.genSalt(bcryptCost());
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const view = (u: typeof users.$inferSelect): UserOut => ({
  id: u.id,
  businessId: u.businessId,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});

/** One "@" with text before it, and a domain with a dot inside it (no spaces): said without a regex that backtracks per dot. */
function isEmailAddress(email: string): boolean {
  const at = email.indexOf("@");
  const domain = email.slice(at + 1);
  return at > 0 && /^[^\s@]+$/.test(email.slice(0, at)) && /^[^\s@]+$/.test(domain) && domain.slice(1, -1).includes(".");
}

export async function createUser(
  db: Db,
  input: { businessId: string; email: string; password: string; role?: Role; name?: string | null },
): Promise<UserOut> {
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) throw invalid([{ path: "email", message: "A valid email address is required." }]);
  if (input.password.length < 8) throw invalid([{ path: "password", message: "The password needs at least 8 characters." }]);
  const passwordHash = await bcrypt.hash(input.password, await emailSalt(db, email));
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
 * accounts in several businesses: one bcrypt hash with their shared salt is compared with each, and
 * the oldest match wins. An account made before the salts were shared (or by two businesses adding one
 * new email at the same instant) may have a salt of its own: it costs one more hash until its member
 * signs in, which moves it onto the email's salt.
 */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).orderBy(asc(users.createdAt), asc(users.id));
  const salts = rows.length ? [...new Set(rows.map((r) => saltOf(r.passwordHash)))] : [await placeholder()];
  const computed = await Promise.all(salts.map((salt) => bcrypt.hash(password, salt)));
  const matches = rows.map((r) => computed.some((h) => sameHash(h, r.passwordHash)));
  const row = rows.find((_, i) => matches[i]);
  if (!row) return null;
  const shared = saltOf(rows[0].passwordHash);
  if (saltOf(row.passwordHash) !== shared) {
    await db
      .update(users)
      .set({ passwordHash: await bcrypt.hash(password, shared) })
      .where(eq(users.id, row.id));
  }
  return { ...view(row), sessionVersion: row.sessionVersion };
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
  const passwordHash = await bcrypt.hash(input.newPassword, await emailSalt(db, row.email));
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
