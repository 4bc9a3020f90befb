import { sql } from "drizzle-orm";
import type { ActivityFigures } from "@/lib/analytics/rollups";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { closeConversation, handoffConversation, resumeConversation } from "@/lib/conversations/transitions";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { sendMessage } from "@/lib/messages/send-message";
import { createRecord } from "@/lib/records/records";

// The analytics rollup tests' data and oracles: a business's history written through the real code
// paths, then spread over the past days; and the raw-table queries the rollups must agree with.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ZONES = ["UTC", "Europe/Lisbon", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe"];

/** A seeded random source (mulberry32), so a failure names the seed that reproduces it. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]) => list[int(list.length)] };
}
export type Random = ReturnType<typeof seeded>;

/**
 * A past instant within `days`: anywhere, on an exact UTC hour, or a few minutes either side of a
 * half-hour (Kolkata's, St John's midnight) or a quarter past (Kathmandu's), where a local day is cut inside an hour.
 */
export function pastInstant(r: Random, now: number, days: number): number {
  const t = now - 60_000 - r.int(days * DAY);
  const hour = Math.floor(t / HOUR) * HOUR;
  switch (r.int(4)) {
    case 0:
      return hour;
    case 1:
      return hour + r.pick([15, 30, 45]) * 60_000 + r.int(4 * 60_000) - 2 * 60_000;
    default:
      return t;
  }
}

/** A business's history through the real paths: customers write, the assistant, people and the API answer, handoffs, records. */
export async function writeThroughApp(r: Random, businessId: string, customers: number) {
  for (let i = 0; i < customers; i++) {
    const phone = newSandboxCustomer();
    let { conversationId } = await simulateInbound(db(), businessId, { phone, text: `hello ${i}` });
    for (let step = 0, steps = 4 + r.int(8); step < steps; step++) {
      const roll = r.int(10);
      if (roll <= 1) ({ conversationId } = await simulateInbound(db(), businessId, { phone, text: `more ${step}` }));
      else if (roll <= 4) await sendMessage(db(), businessId, { to: phone, type: "text", text: `answer ${step}` }, { source: "assistant" });
      else if (roll === 5)
        await sendMessage(db(), businessId, { to: phone, type: "text", text: `a person ${step}` }, { source: r.pick(["agent", "api"]) });
      else if (roll === 6) await handoffConversation(db(), businessId, conversationId, { actor: "assistant", reason: "asked for a person" });
      else if (roll === 7) await resumeConversation(db(), businessId, conversationId, "system").catch(() => null);
      else if (roll === 8)
        await createRecord(db(), businessId, { collection: r.pick(["leads", "orders", "bookings"]), fields: { step }, conversationId });
      else if (r.int(3) === 0) {
        // Closed: the customer's next message opens a new conversation.
        await closeConversation(db(), businessId, conversationId, "system");
        ({ conversationId } = await simulateInbound(db(), businessId, { phone, text: `again ${step}` }));
      }
    }
  }
}

const values = (rows: [string, number][]) =>
  sql.join(
    rows.map(([id, at]) => sql`(${id}, ${new Date(at).toISOString()}::timestamptz)`),
    sql`, `,
  );

/** Moves every message, transition and record of the business to a random past instant (one UPDATE per table: row triggers). */
export async function spreadOverPast(r: Random, businessId: string, now: number, days: number) {
  for (const table of ["messages", "conversation_transitions", "records"]) {
    const ids = await queryRows<{ id: string }>(db(), sql`select id from ${sql.raw(table)} where business_id = ${businessId} order by id`);
    if (!ids.length) continue;
    // A few stay where the app wrote them (now): the window's open end.
    const moved = ids.filter(() => r.int(8) > 0).map((x): [string, number] => [x.id, pastInstant(r, now, days)]);
    if (moved.length)
      await db().execute(
        sql`update ${sql.raw(table)} t set created_at = v.at from (values ${values(moved)}) v(id, at) where t.id = v.id and t.business_id = ${businessId}`,
      );
  }
}

/** Many rows in one statement each, as a bulk load or a campaign batch writes them: several land in one hour and conversation. */
export async function bulkInsert(r: Random, businessId: string, now: number, days: number, n: number) {
  const convs = await queryRows<{ id: string; contact_id: string }>(
    db(),
    sql`select id, contact_id from conversations where business_id = ${businessId} order by id`,
  );
  const hours = Array.from({ length: 6 }, () => pastInstant(r, now, days));
  const at = () => new Date(r.pick(hours) + r.int(HOUR)).toISOString();
  const tag = `${Date.now().toString(36)}${r.int(1e9).toString(36)}`;
  const msgs = Array.from({ length: n }, (_, i) => {
    const c = r.pick(convs);
    const source = r.pick(["customer", "assistant", "agent", "campaign"] as const);
    return sql`(${`msg_bulk_${tag}_${i}`}, ${businessId}, ${c.id}, ${c.contact_id}, ${source === "customer" ? "inbound" : "outbound"}, ${source},
      'bulk', ${source === "customer" ? "received" : "sent"}, 'sandbox', ${at()}::timestamptz)`;
  });
  await db().execute(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, text, status, channel, created_at)
    values ${sql.join(msgs, sql`, `)}`);
  const moves = Array.from({ length: Math.ceil(n / 10) }, (_, i) => {
    const c = r.pick(convs);
    const to = r.pick(["handoff", "handoff", "open", "closed"]);
    return sql`(${`trn_bulk_${tag}_${i}`}, ${businessId}, ${c.id}, 'open', ${to}, 'system', ${at()}::timestamptz)`;
  });
  await db().execute(sql`insert into conversation_transitions (id, business_id, conversation_id, from_status, to_status, actor, created_at)
    values ${sql.join(moves, sql`, `)}`);
  const recs = Array.from({ length: Math.ceil(n / 10) }, (_, i) => {
    const c = r.pick(convs);
    return sql`(${`rec_bulk_${tag}_${i}`}, ${businessId}, ${r.pick(["leads", "orders"])}, '{}'::jsonb, ${c.id}, 'new', ${at()}::timestamptz)`;
  });
  await db().execute(
    sql`insert into records (id, business_id, collection, fields, conversation_id, status, created_at) values ${sql.join(recs, sql`, `)}`,
  );
}

// ---- Oracles: the raw tables, counted the plain way.

/** analyticsSummary's query before the rollups, verbatim: [f, t] both included. */
export async function rawSummary(businessId: string, f: string, t: string) {
  const [row] = await queryRows<{ conversations: number; resolved: number; leads: number; handoffs: number }>(
    db(),
    sql`with active as (
        select conversation_id, bool_or(source = 'assistant') as assisted
        from messages where business_id = ${businessId} and created_at >= ${f}::timestamptz and created_at <= ${t}::timestamptz
        group by conversation_id),
      handed as (
        select distinct conversation_id from conversation_transitions
        where business_id = ${businessId} and to_status = 'handoff' and created_at >= ${f}::timestamptz and created_at <= ${t}::timestamptz)
      select
        (select count(*)::int from active) as conversations,
        (select count(*)::int from active a where a.assisted and not exists (select 1 from handed h where h.conversation_id = a.conversation_id)) as resolved,
        (select count(*)::int from records where business_id = ${businessId} and collection = 'leads' and created_at >= ${f}::timestamptz and created_at <= ${t}::timestamptz) as leads,
        (select count(*)::int from conversation_transitions where business_id = ${businessId} and to_status = 'handoff' and created_at >= ${f}::timestamptz and created_at <= ${t}::timestamptz) as handoffs`,
  );
  return { conversations: Number(row.conversations), resolved: Number(row.resolved), leads: Number(row.leads), handoffs: Number(row.handoffs) };
}

/** analyticsDaily's query before the rollups, verbatim (UTC days). */
export async function rawDaily(businessId: string, from: Date, now: Date) {
  const rows = await queryRows<{ day: string; conversations: number; messages: number; handoffs: number; records: number }>(
    db(),
    sql`with days as (select generate_series(date_trunc('day', ${from.toISOString()}::timestamptz at time zone 'UTC'), date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC'), interval '1 day') as day)
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(distinct conversation_id)::int from messages m where m.business_id = ${businessId} and m.created_at >= d.day at time zone 'UTC' and m.created_at < (d.day + interval '1 day') at time zone 'UTC') as conversations,
        (select count(*)::int from messages m where m.business_id = ${businessId} and m.created_at >= d.day at time zone 'UTC' and m.created_at < (d.day + interval '1 day') at time zone 'UTC') as messages,
        (select count(*)::int from conversation_transitions c where c.business_id = ${businessId} and c.to_status = 'handoff' and c.created_at >= d.day at time zone 'UTC' and c.created_at < (d.day + interval '1 day') at time zone 'UTC') as handoffs,
        (select count(*)::int from records r where r.business_id = ${businessId} and r.created_at >= d.day at time zone 'UTC' and r.created_at < (d.day + interval '1 day') at time zone 'UTC') as records
      from days d order by d.day`,
  );
  return rows.map((r) => ({
    day: r.day,
    conversations: Number(r.conversations),
    messages: Number(r.messages),
    handoffs: Number(r.handoffs),
    records: Number(r.records),
  }));
}

/** Per local day of `zone` (or one key "" without one) over [from, to), from the raw rows. */
export async function rawActivity(businessId: string, from: Date, to: Date, zone?: string): Promise<Record<string, ActivityFigures>> {
  const key = (col: string) => (zone ? sql`to_char(${sql.raw(col)} at time zone ${zone}, 'YYYY-MM-DD')` : sql`''`);
  const f = from.toISOString();
  const t = to.toISOString();
  const rows = await queryRows<{ k: string } & Record<keyof ActivityFigures, number>>(
    db(),
    sql`with m as (select ${key("created_at")} as k, conversation_id, source from messages
          where business_id = ${businessId} and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz),
        h as (select ${key("created_at")} as k, conversation_id from conversation_transitions
          where business_id = ${businessId} and to_status = 'handoff' and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz),
        r as (select ${key("created_at")} as k, collection from records
          where business_id = ${businessId} and created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz),
        keys as (select k from m union select k from h union select k from r)
      select keys.k,
        (select count(distinct conversation_id)::int from m where m.k = keys.k) as conversations,
        (select count(distinct conversation_id)::int from m where m.k = keys.k and m.source = 'assistant'
          and not exists (select 1 from h where h.k = keys.k and h.conversation_id = m.conversation_id)) as resolved,
        (select count(*)::int from m where m.k = keys.k) as messages,
        (select count(*)::int from h where h.k = keys.k) as handoffs,
        (select count(*)::int from r where r.k = keys.k) as records,
        (select count(*)::int from r where r.k = keys.k and r.collection = 'leads') as leads
      from keys`,
  );
  return Object.fromEntries(
    rows.map((x) => [
      x.k,
      {
        conversations: Number(x.conversations),
        resolved: Number(x.resolved),
        messages: Number(x.messages),
        handoffs: Number(x.handoffs),
        records: Number(x.records),
        leads: Number(x.leads),
      },
    ]),
  );
}

/** The rollup rows a rebuild from the raw rows would write, against the stored ones: both as sorted lines. */
export async function rollupsAgainstRebuild(businessId: string) {
  const line = (rows: Record<string, unknown>[]) => rows.map((x) => Object.values(x).join("|"));
  const stored = await queryRows<Record<string, unknown>>(
    db(),
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), conversation_id, messages, assistant_messages, handoffs
        from analytics_conversation_hours where business_id = ${businessId} order by 1, 2`,
  );
  const rebuilt = await queryRows<Record<string, unknown>>(
    db(),
    sql`select to_char(hour, 'YYYY-MM-DD HH24:MI:SS.MS'), conversation_id, sum(m)::int as m, sum(a)::int as a, sum(h)::int as h from (
          select date_trunc('hour', created_at at time zone 'UTC') as hour, conversation_id, 1 as m, (source = 'assistant')::int as a, 0 as h
          from messages where business_id = ${businessId}
          union all
          select date_trunc('hour', created_at at time zone 'UTC'), conversation_id, 0, 0, 1
          from conversation_transitions where business_id = ${businessId} and to_status = 'handoff') x
        group by 1, 2 order by 1, 2`,
  );
  const storedRecords = await queryRows<Record<string, unknown>>(
    db(),
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), collection, records
        from analytics_record_hours where business_id = ${businessId} order by 1, 2`,
  );
  const rebuiltRecords = await queryRows<Record<string, unknown>>(
    db(),
    sql`select to_char(date_trunc('hour', created_at at time zone 'UTC'), 'YYYY-MM-DD HH24:MI:SS.MS'), collection, count(*)::int
        from records where business_id = ${businessId} group by 1, 2 order by 1, 2`,
  );
  return { stored: [...line(stored), ...line(storedRecords)], rebuilt: [...line(rebuilt), ...line(rebuiltRecords)] };
}
