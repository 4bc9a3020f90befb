import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

// Reads the hourly rollups (lib/db/schema/analytics-rollups.ts, kept by triggers): the whole UTC hours
// inside a range come from the rollups, the rest from the raw rows, so every figure equals counting
// the raw rows. "The rest" is the range's partial hours at each end and, when figures are per local
// day, each hour a local midnight cuts (Asia/Kolkata's midnight is 18:30 UTC; a whole-hour zone has
// none). A change of the business's time zone needs nothing: the rollups are in UTC.

const HOUR = 3_600_000;

export type ActivityFigures = {
  /** Conversations with a message. */
  conversations: number;
  /** Of those, the ones with an assistant message and no handoff (in the same key's time). */
  resolved: number;
  messages: number;
  handoffs: number;
  records: number;
  leads: number;
};

type Row = { k: string | null; conversations: number; resolved: number; messages: number; handoffs: number; records: number; leads: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The whole hours of [first, last) in which `zone`'s date changes (a half- or quarter-hour zone's
 * midnight; none in a whole-hour zone): only the hours around each local midnight are tried.
 */
async function cutHours(db: Db, zone: string, first: number, last: number): Promise<number[]> {
  const day = (at: SQL) => sql`((${at}) at time zone ${zone}::text)::date`;
  const rows = await queryRows<{ h: string }>(
    db,
    sql`select distinct to_char(c.h at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as h from (
          select date_trunc('hour', d::timestamp at time zone ${zone}::text, 'UTC') + o * interval '1 hour' as h
          from generate_series(${day(sql`${iso(first)}::timestamptz`)}, ${day(sql`${iso(last)}::timestamptz`)} + 1, interval '1 day') d,
            generate_series(-1, 1) o) c
        where c.h >= ${iso(first)}::timestamptz and c.h < ${iso(last)}::timestamptz
          and ${day(sql`c.h`)} <> ${day(sql`c.h + interval '59 minutes 59.999 seconds'`)}`,
  );
  return rows.map((r) => Date.parse(r.h));
}

/**
 * How `activity` reads [from, to): the whole hours [first, last) from the rollups, the raw windows at
 * the edges, and the raw rows taken away again (`minus`). Exact whichever way an edge is read; the
 * choice is the cheaper one: an edge whose rest of the hour is the shorter stretch of time that can
 * hold rows is read as that hour's rollup less the raw rows of that rest. A range up to now ends in the
 * current hour, whose rows after now are none, so its end costs no raw reading however busy the hour,
 * whatever the minute (the bench's writes put tens of thousands of messages in it: the 30-day summary
 * read them all, 120 ms, and still 46 ms in the first half of an hour, when only the end's share of its
 * hour decided).
 */
export function rangePlan(from: number, to: number, now: number) {
  let first = Math.ceil(from / HOUR) * HOUR;
  let last = Math.floor(to / HOUR) * HOUR;
  const windows: [number, number][] = [];
  const minus: [number, number][] = [];
  if (first < last) {
    if (from < first) {
      if (first - from >= HOUR / 2) {
        first -= HOUR;
        minus.push([first, from]);
      } else windows.push([from, first]);
    }
    if (last < to) {
      const rest = Math.max(0, Math.min(last + HOUR, now) - to);
      if (rest < to - last) {
        minus.push([to, last + HOUR]);
        last += HOUR;
      } else windows.push([last, to]);
    }
  } else {
    windows.push([from, to]);
    first = last = from;
  }
  return { first, last, windows, minus };
}

/**
 * Figures for [from, to) (`to` excluded), by local day of `dayZone` (YYYY-MM-DD keys, days without
 * any activity absent) or, without one, for the whole range (one key, "").
 */
export async function activity(db: Db, businessId: string, range: { from: Date; to: Date; dayZone?: string }): Promise<Map<string, ActivityFigures>> {
  const from = range.from.getTime();
  const to = range.to.getTime();
  if (!(from < to)) return new Map();
  const { first, last, windows, minus } = rangePlan(from, to, Date.now());
  const zone = range.dayZone;
  // The local date (cheaper per row than formatting it: the few result rows are formatted at the end).
  const key = (at: SQL) => (zone ? sql`((${at}) at time zone ${zone}::text)::date` : sql`null::date`);
  const cut = zone && zone !== "UTC" && first < last ? await cutHours(db, zone, first, last) : [];
  const cutList = `{${cut.map(iso).join(",")}}`;
  // The range's ends are literal ranges, so the planner sees from the statistics that they hold a few
  // rows (an array of windows joined in looked like a third of the table, and the statement's price
  // turned JIT compilation on: 2 s of a 2.3 s overview chart on the benchmark's data set).
  const inWindows = (at: SQL, list: [number, number][]) =>
    list.length
      ? sql`(${sql.join(
          list.map(([s, e]) => sql`(${at} >= ${iso(s)}::timestamptz and ${at} < ${iso(e)}::timestamptz)`),
          sql` or `,
        )})`
      : sql`false`;
  const atEdges = (at: SQL) => inWindows(at, windows);
  // Raw rows of `table` (aliased x) at the edges and, joined from the list, in the cut hours; and the
  // rows taken away (`minus`, their columns given negated).
  const raw = (table: SQL, at: SQL, where: SQL, columns: SQL, negated: SQL) => sql`
    select ${columns} from ${table} where ${where} and ${atEdges(at)}
    ${cut.length ? sql`union all select ${columns} from unnest(${cutList}::timestamptz[]) cut(h) join ${table} on ${where} and ${at} >= cut.h and ${at} < cut.h + interval '1 hour'` : sql``}
    ${minus.length ? sql`union all select ${negated} from ${table} where ${where} and ${inWindows(at, minus)}` : sql``}`;
  // Records per collection that the rollup of each raw hour names (records has no index on the time
  // alone); `offset 0` keeps each a look-up in the collection's index. `sign` -1: records taken away.
  const rawRecords = (hourIsRaw: SQL, inside: SQL, sign = 1) => sql`
    select ${key(sql`x.created_at`)}, x.collection, ${sql.raw(String(sign))} from analytics_record_hours c
    cross join lateral (select x.created_at, x.collection from records x where x.business_id = ${businessId} and x.collection = c.collection
      and x.created_at >= c.hour and x.created_at < c.hour + interval '1 hour' and ${inside} offset 0) x
    where c.business_id = ${businessId} and ${hourIsRaw}`;
  const hoursOf = (list: [number, number][]) =>
    sql`(${sql.join(
      list.map(([s, e]) => sql`(c.hour > ${iso(s - HOUR)}::timestamptz and c.hour < ${iso(e)}::timestamptz)`),
      sql` or `,
    )})`;
  const hours = sql`r.business_id = ${businessId} and r.hour >= ${iso(first)}::timestamptz and r.hour < ${iso(last)}::timestamptz
    ${cut.length ? sql`and r.hour not in (select unnest(${cutList}::timestamptz[]))` : sql``}`;
  const statement = sql`with facts as (
        select ${key(sql`r.hour`)} as k, r.conversation_id, r.messages, r.assistant_messages, r.handoffs
        from analytics_conversation_hours r where ${hours}
        union all
        ${raw(
          sql`messages x`,
          sql`x.created_at`,
          sql`x.business_id = ${businessId}`,
          sql`${key(sql`x.created_at`)}, x.conversation_id, 1, (x.source = 'assistant')::int, 0`,
          sql`${key(sql`x.created_at`)}, x.conversation_id, -1, -(x.source = 'assistant')::int, 0`,
        )}
        union all
        ${raw(
          sql`conversation_transitions x`,
          sql`x.created_at`,
          sql`x.business_id = ${businessId} and x.to_status = 'handoff'`,
          sql`${key(sql`x.created_at`)}, x.conversation_id, 0, 0, 1`,
          sql`${key(sql`x.created_at`)}, x.conversation_id, 0, 0, -1`,
        )}),
      conversations as (
        select k, sum(messages) as m, sum(assistant_messages) as a, sum(handoffs) as h from facts group by k, conversation_id),
      conversation_figures as (
        select k, count(*) filter (where m > 0) as conversations, count(*) filter (where m > 0 and a > 0 and h = 0) as resolved,
          sum(m) as messages, sum(h) as handoffs
        from conversations group by k),
      record_facts as (
        select ${key(sql`r.hour`)} as k, r.collection, r.records as n from analytics_record_hours r where ${hours}
        union all
        ${rawRecords(windows.length ? hoursOf(windows) : sql`false`, atEdges(sql`x.created_at`))}
        ${cut.length ? sql`union all ${rawRecords(sql`c.hour = any(${cutList}::timestamptz[])`, sql`true`)}` : sql``}
        ${minus.length ? sql`union all ${rawRecords(hoursOf(minus), inWindows(sql`x.created_at`, minus), -1)}` : sql``}),
      record_figures as (
        select k, sum(n) as records, coalesce(sum(n) filter (where collection = 'leads'), 0) as leads from record_facts group by k)
      select to_char(k, 'YYYY-MM-DD') as k, sum(conversations)::int as conversations, sum(resolved)::int as resolved,
        sum(messages)::int as messages, sum(handoffs)::int as handoffs, sum(records)::int as records, sum(leads)::int as leads
      from (select k, conversations, resolved, messages, handoffs, 0 as records, 0 as leads from conversation_figures
        union all select k, 0, 0, 0, 0, records, leads from record_figures) f
      group by k`;
  // A zone with cut hours joins them from a list the planner prices as a third of the table: without
  // JIT, which it would turn on (a year by Kolkata's days spent most of its time compiling).
  const rows = cut.length
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return queryRows<Row>(tx, statement);
      })
    : await queryRows<Row>(db, statement);
  return new Map(
    rows.map((r) => [
      r.k ?? "",
      {
        conversations: Number(r.conversations),
        resolved: Number(r.resolved),
        messages: Number(r.messages),
        handoffs: Number(r.handoffs),
        records: Number(r.records),
        leads: Number(r.leads),
      },
    ]),
  );
}
