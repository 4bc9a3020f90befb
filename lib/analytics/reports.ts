import "server-only";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { businesses, labels, users } from "../db/schema";
import { invalid, notFound } from "../errors";
import { isoDate, isoDatePattern, wallClock } from "../time/time-zone";
import { appointmentFigures, appointmentReport, noAppointments } from "./appointment-report";

// The team reports (issue 36): first-response time, resolution time, handoffs, conversations the
// assistant handled alone and satisfaction, per day (in the business's time zone) or per agent, over
// any range of days. Every figure is computed from the stored history (conversation_transitions,
// conversation_events, messages, the conversations' ratings) when asked, so a range is exact whatever
// it is; docs/reports.md says what each figure counts.
//
// How it is built, so a new dimension or figure is one entry:
// - FACT_SOURCES: each yields rows (kind, conversation_id, at, agent_id, value, flag): one fact per
//   thing that happened in the range, stamped with when (`at`) and whom it counts for (`agent_id`).
//   An SLA breach is one more source (kind 'sla_breach', at the breach, the assignee then).
// - DIMENSIONS: how facts are grouped: the key of a fact, plus an optional join. A label dimension
//   joins the conversation's labels on conversation_id and keys by the label.
// - FIGURES: the columns, each an aggregate over the facts of a group. `slaBreaches` is
//   count(*) filter (where kind = 'sla_breach').

const MAX_DAYS = 366;

export const reportGroupings = ["day", "agent", "label"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

const dateParam = z
  .string()
  .regex(isoDatePattern, "Use a date as YYYY-MM-DD.")
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, "No such date.");

export const reportQuery = z
  .object({
    from: dateParam.optional().meta({ description: "First day of the range (YYYY-MM-DD, the business's time zone); default: 29 days before `to`." }),
    to: dateParam.optional().meta({ description: "Last day of the range, included (YYYY-MM-DD); default: today in the business's time zone." }),
    groupBy: z.enum(reportGroupings).default("day").meta({
      description:
        "`day` (every day of the range), `agent` (every member, and `null` for no one) or `label` (every label, and `null` for conversations without one; a conversation with two labels counts in both rows, never twice in the totals).",
    }),
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuery>;

const figures = {
  conversations: z.number().int().meta({ description: "Conversations that started (the customer's first message) in the group." }),
  assistantOnly: z.number().int().meta({
    description: "Of those, the ones the assistant handled alone: it replied, and no handoff or person's reply happened (so far).",
  }),
  handoffs: z.number().int().meta({ description: "Moves to `handoff`; per agent, the member the conversation was assigned to right after." }),
  firstResponses: z.number().int().meta({
    description: "Handoffs (other than a person stepping in by replying) that a person answered before the conversation left `handoff`.",
  }),
  firstResponseAvgSeconds: z
    .number()
    .nullable()
    .meta({ description: "Average time from such a handoff to the first person's reply; per agent, the replier." }),
  firstResponseMedianSeconds: z.number().nullable(),
  resolved: z.number().int().meta({ description: "Conversations closed; per agent, the assignee at the close." }),
  resolutionAvgSeconds: z.number().nullable().meta({ description: "Average time from a conversation's start to its close." }),
  resolutionMedianSeconds: z.number().nullable(),
  ratings: z.number().int().meta({ description: "Satisfaction ratings given; per agent, the assignee when the conversation was resolved." }),
  ratingAverage: z.number().nullable().meta({ description: "Average rating, 1..5." }),
  ratingCounts: z.array(z.number().int()).length(5).meta({ description: "How many ratings of 1, 2, 3, 4 and 5." }),
  slaFirstResponseBreaches: z.number().int().meta({
    description:
      "Handoffs whose first person's reply came after the first-response target (the label's, else the business's), or has not come and the target passed; counted on the handoff's day, for the assignee at the target.",
  }),
  slaResolutionBreaches: z.number().int().meta({
    description:
      "Handoffs closed after the resolution target, or still handed off past it (a conversation returned to the assistant is not measured).",
  }),
};

const reportRow = z.object({
  appointments: appointmentFigures
    .nullable()
    .meta({ description: "Appointments starting that day, by status, with the no-show rate; null when grouped by agent or label." }),
  key: z
    .string()
    .nullable()
    .meta({ description: "The day (YYYY-MM-DD), the member's id (null: no one, the assistant's share) or the label's id (null: no label)." }),
  label: z.string(),
  ...figures,
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportOut = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    groupBy: z.enum(reportGroupings),
    totals: z.object({ ...figures, appointments: appointmentFigures }),
    rows: z.array(reportRow),
  })
  .meta({ id: "Report" });
export type ReportOut = z.infer<typeof reportOut>;

/** The member a conversation was assigned to at `at` (its latest assignment line up to then). */
const assigneeAt = (businessId: string, conversationId: SQL, at: SQL) =>
  sql`(select e.assignee_id from conversation_events e
        where e.business_id = ${businessId} and e.conversation_id = ${conversationId} and e.kind in ('assigned', 'unassigned') and e.created_at <= ${at}
        order by e.created_at desc, e.id desc limit 1)`;

type Range = { businessId: string; start: SQL; end: SQL; now: SQL };

/** The SLA targets of a conversation: its labels' smallest, else the business's (lib/conversations/sla.ts). */
const slaTarget = (businessId: string, conversationId: SQL, column: "first_response_minutes" | "resolution_minutes") =>
  sql`coalesce((select min(l.${sql.raw(column)}) from conversation_labels cl join labels l on l.id = cl.label_id
                 where cl.conversation_id = ${conversationId} and cl.business_id = ${businessId}),
               (select s.${sql.raw(`sla_${column}`)} from inbox_settings s where s.business_id = ${businessId}))`;

/** Each handoff of the range with its targets, the move that ended it and its first person's reply (as slaBreaches reads them). */
const slaEpisodes = ({ businessId, start, end }: Range) => sql`
  select t.conversation_id, t.created_at as started, x.created_at as ended, x.to_status as ended_to, r.first_reply,
    ${slaTarget(businessId, sql`t.conversation_id`, "first_response_minutes")} as fr,
    ${slaTarget(businessId, sql`t.conversation_id`, "resolution_minutes")} as res
  from conversation_transitions t
  left join lateral (select n.created_at, n.to_status from conversation_transitions n
      where n.conversation_id = t.conversation_id and n.from_status = 'handoff' and n.to_status <> 'handoff'
        and (n.created_at > t.created_at or (n.created_at = t.created_at and n.id > t.id))
      order by n.created_at, n.id limit 1) x on true
  left join lateral (select min(m.created_at) as first_reply from messages m
      where m.conversation_id = t.conversation_id and m.source = 'agent' and m.direction = 'outbound' and m.created_at >= t.created_at
        and (x.created_at is null or m.created_at <= x.created_at)) r on true
  where t.business_id = ${businessId} and t.to_status = 'handoff' and t.created_at >= ${start} and t.created_at < ${end}`;

const FACT_SOURCES: ((r: Range) => SQL)[] = [
  // A conversation's start, flagged when the assistant handled it alone.
  ({ businessId, start, end }) => sql`
    select 'conversation' as kind, c.id as conversation_id, c.created_at as at, null::text as agent_id, null::float8 as value,
      -- Cheapest first (a partial index), so a conversation a person answered costs one look-up.
      (not exists (select 1 from messages m where m.conversation_id = c.id and m.source = 'agent')
        and not exists (select 1 from conversation_transitions t where t.conversation_id = c.id and t.to_status = 'handoff')
        and exists (select 1 from messages m where m.conversation_id = c.id and m.source = 'assistant')) as flag
    from conversations c
    where c.business_id = ${businessId} and c.created_at >= ${start} and c.created_at < ${end}`,
  // A handoff, counted for the member assigned right after it (round-robin and agent_replied assign in its transaction).
  ({ businessId, start, end }) => sql`
    select 'handoff', t.conversation_id, t.created_at, ${assigneeAt(businessId, sql`t.conversation_id`, sql`t.created_at`)}, null::float8, null::boolean
    from conversation_transitions t
    where t.business_id = ${businessId} and t.to_status = 'handoff' and t.created_at >= ${start} and t.created_at < ${end}`,
  // A handoff's first person reply before the conversation left handoff: counted for the replier, on the handoff's day.
  ({ businessId, start, end }) => sql`
    select 'first_response', t.conversation_id, t.created_at, r.user_id, extract(epoch from r.created_at - t.created_at)::float8, null::boolean
    from conversation_transitions t
    cross join lateral (
      select m.user_id, m.created_at from messages m
      where m.conversation_id = t.conversation_id and m.source = 'agent' and m.created_at >= t.created_at
        and m.created_at < coalesce((select min(n.created_at) from conversation_transitions n
          where n.conversation_id = t.conversation_id and n.created_at > t.created_at), 'infinity'::timestamptz)
      order by m.created_at limit 1) r
    where t.business_id = ${businessId} and t.to_status = 'handoff' and coalesce(t.reason, '') <> 'agent_replied'
      and t.created_at >= ${start} and t.created_at < ${end}`,
  // A close: the time since the conversation started, counted for the assignee at the close.
  ({ businessId, start, end }) => sql`
    select 'resolved', t.conversation_id, t.created_at, ${assigneeAt(businessId, sql`t.conversation_id`, sql`t.created_at`)},
      extract(epoch from t.created_at - c.created_at)::float8, null::boolean
    from conversation_transitions t join conversations c on c.id = t.conversation_id
    where t.business_id = ${businessId} and t.to_status = 'closed' and t.created_at >= ${start} and t.created_at < ${end}`,
  // A rating, counted on the day it was given, for the assignee when the conversation was resolved.
  ({ businessId, start, end }) => sql`
    select 'rating', c.id, c.rated_at, ${assigneeAt(businessId, sql`c.id`, sql`c.rating_asked_at`)}, c.rating::float8, null::boolean
    from conversations c
    where c.business_id = ${businessId} and c.rated_at is not null and c.rated_at >= ${start} and c.rated_at < ${end}`,
  // SLA breaches (issue 36 item 8): a first reply later than its target (or none by the episode's end, or by now).
  (r) => sql`
    select 'sla_first_response', ep.conversation_id, ep.started,
      ${assigneeAt(r.businessId, sql`ep.conversation_id`, sql`least(ep.started + ep.fr * interval '1 minute', ${r.now})`)}, null::float8, null::boolean
    from (${slaEpisodes(r)}) ep
    where ep.fr is not null and coalesce(ep.first_reply, ep.ended, ${r.now}) > ep.started + ep.fr * interval '1 minute'`,
  // A close later than its target, or still handed off past it; an episode returned to the assistant is not measured.
  (r) => sql`
    select 'sla_resolution', ep.conversation_id, ep.started,
      ${assigneeAt(r.businessId, sql`ep.conversation_id`, sql`least(ep.started + ep.res * interval '1 minute', ${r.now})`)}, null::float8, null::boolean
    from (${slaEpisodes(r)}) ep
    where ep.res is not null and ep.ended_to is distinct from 'open'
      and coalesce(case when ep.ended_to = 'closed' then ep.ended end, ${r.now}) > ep.started + ep.res * interval '1 minute'`,
];

const DIMENSIONS: Record<ReportGrouping, (timeZone: string) => { key: SQL; join?: SQL }> = {
  day: (timeZone) => ({ key: sql`to_char(f.at at time zone ${timeZone}, 'YYYY-MM-DD')` }),
  agent: () => ({ key: sql`f.agent_id` }),
  // Every label the conversation carries now (label changes are not kept as history), null for none.
  label: () => ({ key: sql`cl.label_id`, join: sql`left join conversation_labels cl on cl.conversation_id = f.conversation_id` }),
};

const median = (kind: string) => sql`percentile_cont(0.5) within group (order by f.value) filter (where f.kind = ${sql.raw(`'${kind}'`)})`;
const FIGURES: [string, SQL][] = [
  ["conversations", sql`count(*) filter (where f.kind = 'conversation')`],
  ["assistant_only", sql`count(*) filter (where f.kind = 'conversation' and f.flag)`],
  ["handoffs", sql`count(*) filter (where f.kind = 'handoff')`],
  ["first_responses", sql`count(*) filter (where f.kind = 'first_response')`],
  ["first_response_avg", sql`avg(f.value) filter (where f.kind = 'first_response')`],
  ["first_response_median", median("first_response")],
  ["resolved", sql`count(*) filter (where f.kind = 'resolved')`],
  ["resolution_avg", sql`avg(f.value) filter (where f.kind = 'resolved')`],
  ["resolution_median", median("resolved")],
  ["ratings", sql`count(*) filter (where f.kind = 'rating')`],
  ["rating_avg", sql`avg(f.value) filter (where f.kind = 'rating')`],
  ...[1, 2, 3, 4, 5].map((n): [string, SQL] => [`rating_${n}`, sql`count(*) filter (where f.kind = 'rating' and f.value = ${sql.raw(String(n))})`]),
  ["sla_first_response", sql`count(*) filter (where f.kind = 'sla_first_response')`],
  ["sla_resolution", sql`count(*) filter (where f.kind = 'sla_resolution')`],
];

type FigureRow = Record<string, string | number | null> & { key: string | null; total: number };

const num = (v: unknown) => Number(v ?? 0);
const seconds = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

function toFigures(r: FigureRow | undefined): z.infer<z.ZodObject<typeof figures>> {
  return {
    conversations: num(r?.conversations),
    assistantOnly: num(r?.assistant_only),
    handoffs: num(r?.handoffs),
    firstResponses: num(r?.first_responses),
    firstResponseAvgSeconds: seconds(r?.first_response_avg),
    firstResponseMedianSeconds: seconds(r?.first_response_median),
    resolved: num(r?.resolved),
    resolutionAvgSeconds: seconds(r?.resolution_avg),
    resolutionMedianSeconds: seconds(r?.resolution_median),
    ratings: num(r?.ratings),
    ratingAverage: r?.rating_avg === null || r?.rating_avg === undefined ? null : Math.round(Number(r.rating_avg) * 100) / 100,
    ratingCounts: [1, 2, 3, 4, 5].map((n) => num(r?.[`rating_${n}`])),
    slaFirstResponseBreaches: num(r?.sla_first_response),
    slaResolutionBreaches: num(r?.sla_resolution),
  };
}

/** The one statement of a report: the facts of the range, keyed by the dimension, rows and totals in one pass. */
export function reportSql(businessId: string, q: { from: string; to: string; timeZone: string; groupBy: ReportGrouping; now?: Date }): SQL {
  // Midnight at the start of `from` and after `to`, in the business's zone (DST included).
  const range: Range = {
    businessId,
    start: sql`(${q.from}::date::timestamp at time zone ${q.timeZone})`,
    end: sql`((${q.to}::date + 1)::timestamp at time zone ${q.timeZone})`,
    now: sql`${(q.now ?? new Date()).toISOString()}::timestamptz`,
  };
  const dimension = DIMENSIONS[q.groupBy](q.timeZone);
  const facts = sql.join(
    FACT_SOURCES.map((source) => source(range)),
    sql` union all `,
  );
  const columns = sql.join(
    FIGURES.map(([name, expr]) => sql`${expr} as ${sql.raw(name)}`),
    sql`, `,
  );
  return sql`with facts as (${facts}),
      keyed as (select ${dimension.key} as key, f.* from facts f ${dimension.join ?? sql``})
      select f.key, grouping(f.key)::int as total, ${columns}
      from keyed f
      group by grouping sets ((f.key), ())`;
}

/** Today and 29 days before, in the business's time zone. */
export function defaultRange(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = wallClock(now, timeZone);
  const to = isoDate(today);
  const from = new Date(Date.UTC(today.year, today.month - 1, today.day - 29)).toISOString().slice(0, 10);
  return { from, to };
}

/** The report for [from, to] (whole days in the business's time zone), grouped by day or by agent. */
export async function teamReport(db: Db, businessId: string, query: ReportQuery, now = new Date()): Promise<ReportOut> {
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) throw notFound("business");
  const timeZone = business.timeZone;
  const fallback = defaultRange(timeZone, now);
  const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) throw invalid([{ path: "from", message: "from must be on or before to." }]);
  if (days > MAX_DAYS) throw invalid([{ path: "to", message: `A report covers at most ${MAX_DAYS} days.` }]);

  // Without JIT: the planner prices the per-conversation look-ups high, and compiling the statement
  // took 1.6 s of a year-long report's 2.5 s on the benchmark's data set (docs/reports.md, "Speed").
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<FigureRow>(tx, reportSql(businessId, { from, to, timeZone, groupBy: query.groupBy, now }));
  });
  // By label a conversation with two labels is in two rows: the totals come from a grouping that counts it once.
  const totalRows =
    query.groupBy === "label"
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local jit = off`);
          return queryRows<FigureRow>(tx, reportSql(businessId, { from, to, timeZone, groupBy: "agent", now }));
        })
      : rows;
  const totals = totalRows.find((r) => num(r.total) === 1);
  const booked = await appointmentReport(db, businessId, { from, to, timeZone, now });
  const byKey = new Map(rows.filter((r) => num(r.total) === 0).map((r) => [r.key, r]));

  let out: ReportRow[];
  if (query.groupBy === "day") {
    out = [];
    for (let i = 0; i < days; i++) {
      const day = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
      out.push({ key: day, label: day, ...toFigures(byKey.get(day)), appointments: booked.byDay.get(day) ?? noAppointments() });
    }
  } else if (query.groupBy === "label") {
    const all = await db
      .select({ id: labels.id, name: labels.name })
      .from(labels)
      .where(eq(labels.businessId, businessId))
      .orderBy(labels.name, labels.id);
    out = all.map((l) => ({ key: l.id, label: l.name, ...toFigures(byKey.get(l.id)), appointments: null }));
    if (byKey.has(null)) out.push({ key: null, label: "No label", ...toFigures(byKey.get(null)), appointments: null });
  } else {
    const members = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.businessId, businessId))
      .orderBy(users.createdAt, users.id);
    const known = new Set(members.map((m) => m.id));
    out = members.map((m) => ({ key: m.id, label: m.name || m.email, ...toFigures(byKey.get(m.id)), appointments: null }));
    // Facts of removed members (their id is kept in the history) and of no one.
    for (const [key, r] of byKey) {
      if (key !== null && !known.has(key)) out.push({ key, label: "Former member", ...toFigures(r), appointments: null });
    }
    if (byKey.has(null)) out.push({ key: null, label: "No one (the assistant, unassigned)", ...toFigures(byKey.get(null)), appointments: null });
  }
  return { from, to, timeZone, groupBy: query.groupBy, totals: { ...toFigures(totals), appointments: booked.totals }, rows: out };
}
