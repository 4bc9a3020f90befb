import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { MemberAvailability } from "../db/schema";

/** A member is online while their dashboard made a request in the last two minutes. */
export const ONLINE_WINDOW_SECONDS = 120;
/** Without a dashboard request for this long a member counts as offline, whatever they set. */
export const OFFLINE_AFTER_SECONDS = 30 * 60;
// Presence is written at most this often per member, however often the dashboard polls.
const TOUCH_EVERY_SECONDS = 20;

/**
 * A member's availability as assignment sees it (issue 36): what they set themselves, lowered by
 * inactivity. Offline when they said so or their dashboard has not polled for thirty minutes; away
 * when they said so or it has not polled for two minutes; otherwise online.
 */
export const effectiveAvailabilitySql = (alias: string) =>
  sql.raw(`(case when ${alias}.availability = 'offline' or ${alias}.last_seen_at is null
      or ${alias}.last_seen_at < now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS}) then 'offline'
    when ${alias}.availability = 'away' or ${alias}.last_seen_at < now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS}) then 'away'
    else 'online' end)`);

/** Open (not closed) conversations assigned to the member: their load against their capacity. */
const loadSql = (alias: string) =>
  sql.raw(`(select count(*)::int from conversations c
    where c.business_id = ${alias}.business_id and c.assignee_id = ${alias}.user_id and c.status <> 'closed')`);

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

/** Ids of the business's members who are online (seen in the online window and not set away or offline). */
export async function onlineMemberIds(db: Db, businessId: string): Promise<Set<string>> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select p.user_id from member_presence p where p.business_id = ${businessId} and ${effectiveAvailabilitySql("p")} = 'online'`,
  );
  return new Set(rows.map((r) => r.user_id));
}

export type MemberLoad = {
  userId: string;
  availability: MemberAvailability;
  setAvailability: MemberAvailability;
  capacity: number | null;
  open: number;
};

/** Every member's availability (set and effective), capacity and open conversations. */
export async function memberLoads(db: Db, businessId: string): Promise<Map<string, MemberLoad>> {
  const rows = await queryRows<{
    user_id: string;
    availability: MemberAvailability;
    effective: MemberAvailability;
    capacity: number | null;
    open: number;
  }>(
    db,
    sql`select u.id as user_id, coalesce(p.availability, 'online') as availability, p.capacity,
          ${effectiveAvailabilitySql("p")} as effective,
          (select count(*)::int from conversations c where c.business_id = u.business_id and c.assignee_id = u.id and c.status <> 'closed') as open
        from users u left join member_presence p on p.user_id = u.id and p.business_id = u.business_id
        where u.business_id = ${businessId}`,
  );
  return new Map(
    rows.map((r) => [
      r.user_id,
      { userId: r.user_id, availability: r.effective, setAvailability: r.availability, capacity: r.capacity ?? null, open: Number(r.open) },
    ]),
  );
}

/** The member sets their own availability (a row is made for a member never seen). */
export async function setAvailability(db: Db, businessId: string, userId: string, availability: MemberAvailability): Promise<void> {
  await db.execute(
    sql`insert into member_presence (user_id, business_id, last_seen_at, availability)
        select ${userId}, ${businessId}, now(), ${availability} where exists (select 1 from users where id = ${userId} and business_id = ${businessId})
        on conflict (user_id) do update set availability = ${availability}, last_seen_at = now()`,
  );
}

/** An owner sets a member's capacity (null: no limit). The caller checked the member is of the business. */
export async function setCapacity(db: Db, businessId: string, userId: string, capacity: number | null): Promise<void> {
  await db.execute(
    sql`insert into member_presence (user_id, business_id, capacity) values (${userId}, ${businessId}, ${capacity})
        on conflict (user_id) do update set capacity = ${capacity}`,
  );
}

/**
 * Round-robin with capacity: when the business turned auto-assignment on, the online agent under their
 * capacity whose last automatic assignment is the oldest (never first) takes the next handoff. Null
 * when it is off or nobody is available (the conversation waits in the queue).
 *
 * Race-safe: the business's inbox_settings row is locked first (`for update`), so automatic
 * assignments of one business run one at a time until the caller's transaction commits, and the pick
 * is a new statement, which under read committed sees the assignments committed before the lock was
 * granted: two handoffs at once cannot both take an agent's last free place.
 */
export async function pickRoundRobinAgent(tx: Db, businessId: string): Promise<string | null> {
  const on = await queryRows<{ auto_assign: boolean }>(tx, sql`select auto_assign from inbox_settings where business_id = ${businessId} for update`);
  if (!on[0]?.auto_assign) return null;
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`update member_presence set last_assigned_at = clock_timestamp()
        where user_id = (
          select p.user_id from member_presence p
          join users u on u.id = p.user_id and u.business_id = p.business_id
          where p.business_id = ${businessId} and u.role = 'agent'
            and ${effectiveAvailabilitySql("p")} = 'online'
            and (p.capacity is null or ${loadSql("p")} < p.capacity)
          order by p.last_assigned_at asc nulls first, p.user_id
          limit 1)
        returning user_id`,
  );
  return rows[0]?.user_id ?? null;
}

// ---- Who has a conversation open, and who is typing in it (issue 36).

/** A viewer counts while their thread sent a heartbeat within this window (it sends one every few seconds). */
export const VIEWING_WINDOW_SECONDS = 15;

export type Viewer = { id: string; name: string; typing: boolean; seenAt: string };

/**
 * The member's thread is open (and whether they are typing): one upsert of their row, and in the same
 * statement the other members viewing the conversation within the window (and the member's own rows
 * of threads idle for an hour, which a closed tab left behind). A conversation of another business
 * writes nothing and has no viewers.
 */
export async function heartbeat(db: Db, businessId: string, conversationId: string, userId: string, typing: boolean): Promise<Viewer[]> {
  const rows = await queryRows<{ id: string; name: string | null; email: string; typing: boolean; seen_at: Date | string }>(
    db,
    sql`with me as (
          insert into conversation_viewers (conversation_id, user_id, business_id, typing, seen_at)
          select ${conversationId}, ${userId}, ${businessId}, ${typing}, now()
          where exists (select 1 from conversations where id = ${conversationId} and business_id = ${businessId})
            and exists (select 1 from users where id = ${userId} and business_id = ${businessId})
          on conflict (conversation_id, user_id) do update set typing = excluded.typing, seen_at = excluded.seen_at
          returning 1
        ), stale as (
          -- Rows a closed tab never took away (no leave): the member's other threads idle for an hour.
          delete from conversation_viewers
          where user_id = ${userId} and conversation_id <> ${conversationId} and seen_at < now() - interval '1 hour'
        )
        select u.id, u.name, u.email, v.typing, v.seen_at from conversation_viewers v
        join users u on u.id = v.user_id and u.business_id = v.business_id
        where v.conversation_id = ${conversationId} and v.business_id = ${businessId} and v.user_id <> ${userId}
          and v.seen_at > now() - make_interval(secs => ${VIEWING_WINDOW_SECONDS})
        order by v.seen_at desc, u.id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.email, typing: Boolean(r.typing), seenAt: new Date(r.seen_at).toISOString() }));
}

/** The member closed the thread: they stop counting as a viewer at once. */
export async function leaveConversation(db: Db, businessId: string, conversationId: string, userId: string): Promise<void> {
  await db.execute(
    sql`delete from conversation_viewers where conversation_id = ${conversationId} and user_id = ${userId} and business_id = ${businessId}`,
  );
}
