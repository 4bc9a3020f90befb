import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { newId } from "../ids";
import type { AuditAction } from "./actions";

/**
 * Who did it. A member is labelled with their email; a key with its name and last four characters
 * (looked up in the same statement when no label is given), never its secret.
 */
export type AuditActor =
  | { type: "user"; id: string; label: string }
  | { type: "key"; id: string; label?: string }
  | { type: "system"; label: string };

export type AuditEntry = {
  businessId: string;
  actor: AuditActor;
  /** The client address (lib/auth/client-address.ts); "unknown" or null is stored as null. */
  ip: string | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  details?: Record<string, unknown>;
};

const address = (ip: string | null): string | null => (ip && ip !== "unknown" ? ip : null);

/** Appends one entry. Call it with the transaction of the action it records, so both commit or neither does. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  const keyLabel = sql`coalesce((select case when k.name = '' then '…' || k.hint else k.name || ' (…' || k.hint || ')' end from api_keys k where k.id = ${actor.type === "key" ? actor.id : null}), '')`;
  await db.insert(auditEvents).values({
    id: newId("aud"),
    businessId: entry.businessId,
    actorType: actor.type,
    actorId: actor.type === "system" ? null : actor.id,
    actorLabel: actor.type === "key" && !actor.label ? keyLabel : (actor.label ?? ""),
    ip: address(entry.ip),
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    details: entry.details ?? {},
  });
}

// An email may belong to members of several businesses: at most this many are told of one failure.
const MAX_FAILED_SIGN_IN_ROWS = 8;

/**
 * A failed sign-in, recorded in every business where the email is a member, as one INSERT ... SELECT
 * that inserts zero rows for an unknown email: the same single statement runs whether the email has
 * an account or not, so recording adds no timing difference an attacker could read. The actor is the
 * account the attempt named (it did not prove to be them: the address says who tried).
 */
export async function recordFailedSignIn(db: Db, email: string, ip: string | null): Promise<void> {
  const ids = Array.from({ length: MAX_FAILED_SIGN_IN_ROWS }, () => newId("aud"));
  await db.execute(sql`
    insert into audit_events (id, business_id, actor_type, actor_id, actor_label, ip, action, target_type, target_id)
    select (${sql.raw(`array[${ids.map((i) => `'${i}'`).join(",")}]`)})[m.n], m.business_id, 'user', m.id, m.email, ${address(ip)}::inet,
           'auth.sign_in_failed', 'user', m.id
    from (select u.id, u.business_id, u.email, row_number() over (order by u.created_at, u.id) as n
          from users u where u.email = ${email}) m
    where m.n <= ${MAX_FAILED_SIGN_IN_ROWS}`);
}
