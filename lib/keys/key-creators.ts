import "server-only";
import { sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { forgetKey } from "./key-cache";

// Who created each API key, read from the audit trail's `api_key.created` entries (a member's, not an
// operator's or another key's): keys outlive their creator's removal or demotion, and the owners who
// stay are shown the ones still working so they can revoke them at once. Keys made before the audit
// trail began (migration 0016) have no known creator.

/** Where the key's creator stands now: still an owner, made an agent, or no longer on the team. */
export type KeyCreator = { id: string; label: string; standing: "owner" | "agent" | "removed" };
export type LiveKey = { id: string; name: string; hint: string };

/** The creator of each of the business's keys, by key id (keys without a known creator are absent). */
export async function keyCreators(db: Db, businessId: string): Promise<Map<string, KeyCreator>> {
  const rows = await queryRows<{ key_id: string; id: string; label: string; role: "owner" | "agent" | null }>(
    db,
    sql`select a.target_id as key_id, a.actor_id as id, a.actor_label as label, u.role
        from audit_events a left join users u on u.id = a.actor_id and u.business_id = a.business_id
        where a.business_id = ${businessId} and a.action = 'api_key.created' and a.actor_type = 'user' and a.target_type = 'api_key'`,
  );
  return new Map(rows.map((r) => [r.key_id, { id: r.id, label: r.label, standing: r.role ?? "removed" }]));
}

const createdBy = (businessId: string, memberId: string) => sql`
  k.business_id = ${businessId} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
  and exists (select 1 from audit_events a where a.business_id = ${businessId} and a.action = 'api_key.created'
              and a.actor_type = 'user' and a.actor_id = ${memberId} and a.target_type = 'api_key' and a.target_id = k.id)`;

/** The keys a member created that still work (not revoked, not expired). */
export function liveKeysCreatedBy(db: Db, businessId: string, memberId: string): Promise<LiveKey[]> {
  return queryRows<LiveKey>(
    db,
    sql`select k.id, k.name, k.hint from api_keys k where ${createdBy(businessId, memberId)} order by k.created_at, k.id`,
  );
}

/**
 * Revokes every key a member created that still works, each recorded as `api_key.revoked` with
 * `createdBy`: the one click that follows a member's removal or demotion. Returns the keys revoked.
 */
export async function revokeKeysCreatedBy(
  db: Db,
  businessId: string,
  memberId: string,
  by: { actor: AuditActor; ip: string | null },
): Promise<LiveKey[]> {
  const revoked = await db.transaction(async (tx) => {
    const rows = await queryRows<LiveKey>(
      tx,
      sql`update api_keys k set revoked_at = now() where ${createdBy(businessId, memberId)} returning k.id, k.name, k.hint`,
    );
    for (const k of rows) {
      await recordAudit(tx, {
        businessId,
        actor: by.actor,
        ip: by.ip,
        action: "api_key.revoked",
        target: { type: "api_key", id: k.id },
        details: { createdBy: memberId },
      });
    }
    return rows;
  });
  // The database tells every instance (drizzle/0017); this one refuses the keys from their next request.
  for (const k of revoked) forgetKey(k.id);
  return revoked;
}
