import type { DashboardSession } from "@/lib/auth/session";
import { createBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";
import { createUser, type Role } from "@/lib/users/users";

// Calls dashboard route modules directly, as Next does, with a session chosen by the test: `signInAs(...)`
// names the signed-in member for lib/auth/session.ts's readSession (its Vitest seam), until the next
// call or the end of the test file (tests/helpers/setup.ts clears it).

export function signInAs(session: DashboardSession | null) {
  (globalThis as { __convoTestSession?: () => Promise<DashboardSession | null> }).__convoTestSession = async () => session;
}

let n = 0;
export async function makeStaff(opts: { role?: Role; businessId?: string } = {}): Promise<DashboardSession> {
  const businessId = opts.businessId ?? (await createBusiness(db(), { name: `Dash Co ${n}`, tokens: 1000 })).businessId;
  const user = await createUser(db(), {
    businessId,
    email: `staff-${Date.now()}-${n++}-${Math.random().toString(36).slice(2, 6)}@example.test`,
    password: "password-123",
    role: opts.role ?? "owner",
    name: "Staff Member",
  });
  return { userId: user.id, businessId, role: user.role, email: user.email, name: user.name };
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function call(
  handler: Handler,
  method: string,
  path: string,
  opts: { params?: Record<string, string>; body?: unknown; headers?: Record<string, string>; sameOrigin?: boolean } = {},
): Promise<{ status: number; body: any }> {
  // A browser sends the session cookie; the session itself is the one signInAs chose.
  const headers: Record<string, string> = { cookie: "next-auth.session-token=test", ...(opts.headers ?? {}) };
  if (method !== "GET" && opts.sameOrigin !== false) headers.origin ??= "http://localhost";
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const req = new Request(`http://localhost${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
