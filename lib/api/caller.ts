import "server-only";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { authenticateKey } from "../keys/api-keys";
import { memberScopes, type Scope, scopes } from "../shared/scopes";
import type { Role } from "../users/users";

/**
 * Who is calling an operation: an API key (the business's own systems) or a signed-in member of the
 * business (the dashboard). Both resolve to the same three things, the business, the actor and the
 * scopes, so every operation checks, validates, writes and emits events the same way for both
 * (Dub's `withWorkspace` is the model). A session's scopes follow from the member's role.
 */
export type Caller =
  | { kind: "key"; businessId: string; keyId: string; scopes: readonly string[]; rateLimitPerSecond: number | null }
  | { kind: "user"; businessId: string; userId: string; role: Role; name: string | null; email: string; scopes: readonly string[] };

/** What an agent may do from the dashboard: the inbox, contacts, records and reading what replies need. */
const agentScopes: readonly Scope[] = [
  "messages:read",
  "messages:write",
  "conversations:read",
  "conversations:write",
  "contacts:read",
  "contacts:write",
  "records:read",
  "records:write",
  "templates:read",
  "assistants:read",
  "business:read",
  "saved-replies:read",
  "labels:read",
  "appointments:read",
  "appointments:write",
  // The inbox composer offers the business's registered WhatsApp Flows.
  "flows:read",
];

const ownerScopes: readonly Scope[] = [...scopes, ...memberScopes];

export function scopesForRole(role: Role): readonly string[] {
  return role === "owner" ? ownerScopes : agentScopes;
}

/** The actor as stored beside what a caller did (audit lines, message authors): `key:<id>` or `user:<id>`. */
export function actorOf(caller: Caller): string {
  return caller.kind === "key" ? `key:${caller.keyId}` : `user:${caller.userId}`;
}

export function requireCallerScope(caller: Caller, scope: Scope): void {
  if (caller.scopes.includes(scope)) return;
  if (caller.kind === "user") {
    throw new AppError("forbidden", "Your role is not allowed to do this. Ask an owner of the business.");
  }
  throw new AppError("insufficient_scope", `This key lacks the scope ${scope}.`, [{ path: "scope", message: `Requires ${scope}.` }]);
}

/** The signed-in member behind an internal operation (keys never reach one: they get 404). */
export function memberId(caller: Caller): string {
  if (caller.kind === "user") return caller.userId;
  throw new AppError("not_found", "No such endpoint.");
}

/** An owners-only operation refuses agents whatever their scopes; keys are judged by scope alone. */
export function requireCallerRole(caller: Caller, role: "owner" | undefined): void {
  if (role === "owner" && caller.kind === "user" && caller.role !== "owner") {
    throw new AppError("forbidden", "Your role is not allowed to do this. Ask an owner of the business.");
  }
}

type SessionReader = () => Promise<{ userId: string; businessId: string; role: Role; email: string; name: string | null } | null>;

/**
 * A bearer key when the request carries an Authorization header; otherwise, where the server has
 * sessions (the Next app, not `npm run api`), the dashboard session cookie. No credential at all
 * answers the key's 401, so API clients see exactly the documented error. A promise only when it has
 * to wait (a session, a key not yet cached); it may throw synchronously (a malformed header).
 */
export function resolveCaller(db: Db, request: { header(name: string): string | null }, readSession?: SessionReader): Caller | Promise<Caller> {
  const authorization = request.header("authorization");
  if (!authorization && readSession && request.header("cookie")) {
    return readSession().then(async (session) =>
      session ? { kind: "user" as const, ...session, scopes: scopesForRole(session.role) } : keyCaller(await authenticateKey(db, authorization)),
    );
  }
  // A key this process has seen is answered without a promise (lib/keys/api-keys.ts).
  const key = authenticateKey(db, authorization);
  return key instanceof Promise ? key.then(keyCaller) : keyCaller(key);
}

function keyCaller(key: Awaited<ReturnType<typeof authenticateKey>>): Caller {
  return { kind: "key", ...key };
}
