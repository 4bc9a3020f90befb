import "server-only";
import bcrypt from "bcryptjs";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { AppError, invalid } from "../errors";
import { newId } from "../ids";

export type Role = "owner" | "agent";
export type UserOut = { id: string; businessId: string; email: string; name: string | null; role: Role; createdAt: string };

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
  const passwordHash = await bcrypt.hash(input.password, 10);
  const rows = await db
    .insert(users)
    .values({ id: newId("usr"), businessId: input.businessId, email, passwordHash, role: input.role ?? "owner", name: input.name ?? null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!rows.length) throw new AppError("conflict", "An account with this email already exists.");
  return view(rows[0]);
}

/** Checks an email and password; null when either is wrong (same answer for both, same cost). */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<UserOut | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  const ok = await bcrypt.compare(password, row?.passwordHash ?? "$2b$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinval");
  return row && ok ? view(row) : null;
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
