import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { db } from "../db/client";
import { getSessionUser, type Role } from "../users/users";
import { DASHBOARD_PATH_HEADER, signInPathFor } from "./dashboard-path";
import { authOptions } from "./options";
import { roleAllows } from "./roles";

export type DashboardSession = { userId: string; businessId: string; role: Role; email: string; name: string | null };
type TestSeam = { __convoTestSession?: () => Promise<DashboardSession | null> };

/**
 * The signed-in staff member, or null. The cookie says who they are; the role and the business are
 * read back from the users table on every call, and the cookie's session version must still be the
 * user's: sign-out, a password change, a role change or removal end every earlier cookie at once.
 * Under Vitest, tests call route modules directly, outside a Next request (no cookies to read): they
 * name the signed-in member through `globalThis.__convoTestSession` (tests/dashboard/harness.ts).
 * Nothing else sets it, and outside Vitest it is never read.
 */
export async function readSession(): Promise<DashboardSession | null> {
  const testSession = process.env.VITEST ? (globalThis as TestSeam).__convoTestSession : undefined;
  if (testSession) return testSession();
  const session = await getServerSession(authOptions());
  const claims = session?.user;
  if (!claims?.userId || !claims.businessId) return null;
  return sessionFor(claims);
}

/** The staff member a cookie's claims name, if it is still current (readSession without next-auth). */
export async function sessionFor(claims: { userId: string; businessId: string; sessionVersion?: number }): Promise<DashboardSession | null> {
  const user = await getSessionUser(db(), claims.businessId, claims.userId);
  if (!user || claims.sessionVersion !== user.sessionVersion) return null;
  return { userId: user.id, businessId: user.businessId, role: user.role, email: user.email, name: user.name };
}

/**
 * For dashboard pages (server components): no session -> the sign-in page, which returns to this page; a role that may not see the
 * page -> forbidden(), which renders app/(dashboard)/forbidden.tsx with HTTP 403. The operations the
 * dashboard calls resolve the same session into their caller (lib/api/caller.ts) and answer 401/403 instead.
 */
export async function requireSession(opts: { role?: Role } = {}): Promise<DashboardSession> {
  const session = await readSession();
  // After signing in, the visitor comes back to the page they opened (proxy.ts names it).
  if (!session) redirect(signInPathFor((await headers()).get(DASHBOARD_PATH_HEADER)));
  if (!roleAllows(session.role, opts.role)) forbidden();
  return session;
}
