import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

/** A member is online while their dashboard made a request in the last two minutes. */
export const ONLINE_WINDOW_SECONDS = 120;
// Presence is written at most this often per member, however often the dashboard polls.
const TOUCH_EVERY_SECONDS = 20;

/** Records the member's dashboard activity (the inbox counters poll on every page). */
export async function touchPresence(db: Db, businessId: string, userId: string): Promise<void> {
  await db.execute(
    // Only for a member who still exists (member_presence.user_id references users: a removed member's
    // last poll writes nothing instead of failing).
    sql`insert into member_presence (user_id, business_id, last_seen_at)
        select ${userId}, ${businessId}, now() where exists (select 1 from users where id = ${userId} and business_id = ${businessId})
        on conflict (user_id) do update set last_seen_at = now()
        where member_presence.last_seen_at is null or member_presence.last_seen_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`,
  );
}

/** Ids of the business's members seen in the online window. */
export async function onlineMemberIds(db: Db, businessId: string): Promise<Set<string>> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from member_presence where business_id = ${businessId}
        and last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Round-robin: when the business turned auto-assignment on, the online agent whose last automatic
 * assignment is the oldest (never first) takes the next handoff. Null when it is off or nobody is online.
 */
export async function pickRoundRobinAgent(tx: Db, businessId: string): Promise<string | null> {
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`update member_presence set last_assigned_at = now()
        where user_id = (
          select p.user_id from member_presence p
          join users u on u.id = p.user_id and u.business_id = p.business_id
          join inbox_settings s on s.business_id = p.business_id and s.auto_assign
          where p.business_id = ${businessId} and u.role = 'agent'
            and p.last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})
          order by p.last_assigned_at asc nulls first, p.user_id
          limit 1
          for update of p)
        returning user_id`,
  );
  return rows[0]?.user_id ?? null;
}
