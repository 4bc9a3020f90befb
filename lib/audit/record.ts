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
 * A failed sign-in. Any business can make an account for any email (an invite it accepts itself), so
 * the attempt is recorded only where it resolves: in the businesses whose member with this email has
 * signed in from this address before (or joined from it through an invite), with the address. An
 * address none of them has used resolves to no one: every business of the email is told, without the
 * address (`ipWithheld`), so the address a person mistypes from never reaches a business they are not
 * a member of, and each business still learns its member's email was tried. One INSERT ... SELECT that
 * inserts nothing for an unknown email, the same statement whatever exists: where an entry lands
 * depends on the business's own member, never on whether another business has one.
 */
export async function recordFailedSignIn(db: Db, email: string, ip: string | null): Promise<void> {
  const ids = Array.from({ length: MAX_FAILED_SIGN_IN_ROWS }, () => newId("aud"));
  const from = address(ip);
  await db.execute(sql`
    with m as (
      select u.id, u.business_id, u.email, row_number() over (order by u.created_at, u.id) as n,
             exists (select 1 from audit_events a
                     where a.business_id = u.business_id and a.actor_id = u.id
                       and a.action in ('auth.signed_in', 'member.added') and a.ip = ${from}::inet) as proven
      from users u where u.email = ${email}),
    told as (select * from m where m.n <= ${MAX_FAILED_SIGN_IN_ROWS})
    insert into audit_events (id, business_id, actor_type, actor_id, actor_label, ip, action, target_type, target_id, details)
    select (${sql.raw(`array[${ids.map((i) => `'${i}'`).join(",")}]`)})[t.n], t.business_id, 'user', t.id, t.email,
           case when t.proven then ${from}::inet end, 'auth.sign_in_failed', 'user', t.id,
           case when t.proven or ${from}::inet is null then '{}'::jsonb else '{"ipWithheld": true}'::jsonb end
    from told t
    where t.proven or not exists (select 1 from told p where p.proven)`);
}
