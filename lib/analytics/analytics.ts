import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

export const windowSchema = z
  .string()
  .regex(/^(\d{1,3})(h|d)$/, "window must be {n}h (1..720) or {n}d (1..365), e.g. 24h or 30d.")
  .refine((w) => {
    const n = Number(w.slice(0, -1));
    return w.endsWith("h") ? n >= 1 && n <= 720 : n >= 1 && n <= 365;
  }, "window must be {n}h (1..720) or {n}d (1..365), e.g. 24h or 30d.")
  .default("30d");

export const analyticsOut = z.object({
  window: z.string(),
  from: z.string(),
  to: z.string(),
  conversations: z.number().int(),
  resolvedByAssistant: z.number().int(),
  leads: z.number().int(),
  handoffs: z.number().int(),
});
export type AnalyticsOut = z.infer<typeof analyticsOut>;

export function windowMs(window: string): number {
  const n = Number(window.slice(0, -1));
  return n * (window.endsWith("h") ? 3_600_000 : 86_400_000);
}

/**
 * Summary over [now - window, now]: conversations with any message in the window; of those, the ones
 * with an assistant reply and no handoff in the window; leads captured; handoff transitions.
 */
export async function analyticsSummary(db: Db, businessId: string, window: string, now = new Date()): Promise<AnalyticsOut> {
  const from = new Date(now.getTime() - windowMs(window));
  const f = from.toISOString();
  const t = now.toISOString();
  const [row] = await queryRows<{ conversations: number; resolved: number; leads: number; handoffs: number }>(
    db,
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
  return {
    window,
    from: f,
    to: t,
    conversations: Number(row.conversations),
    resolvedByAssistant: Number(row.resolved),
    leads: Number(row.leads),
    handoffs: Number(row.handoffs),
  };
}

/** Per-day counts for the dashboard chart (UTC days). */
export async function analyticsDaily(db: Db, businessId: string, window: string, now = new Date()) {
  const from = new Date(now.getTime() - windowMs(window));
  const rows = await queryRows<{ day: string; conversations: number; messages: number; handoffs: number; records: number }>(
    db,
    sql`with days as (select generate_series(date_trunc('day', ${from.toISOString()}::timestamptz at time zone 'UTC'), date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC'), interval '1 day') as day)
      select to_char(d.day, 'YYYY-MM-DD') as day,
        (select count(distinct conversation_id)::int from messages m where m.business_id = ${businessId} and m.created_at >= d.day at time zone 'UTC' and m.created_at < (d.day + interval '1 day') at time zone 'UTC') as conversations,
        (select count(*)::int from messages m where m.business_id = ${businessId} and m.created_at >= d.day at time zone 'UTC' and m.created_at < (d.day + interval '1 day') at time zone 'UTC') as messages,
        (select count(*)::int from conversation_transitions c where c.business_id = ${businessId} and c.to_status = 'handoff' and c.created_at >= d.day at time zone 'UTC' and c.created_at < (d.day + interval '1 day') at time zone 'UTC') as handoffs,
        (select count(*)::int from records r where r.business_id = ${businessId} and r.created_at >= d.day at time zone 'UTC' and r.created_at < (d.day + interval '1 day') at time zone 'UTC') as records
      from days d order by d.day`,
  );
  return rows.map((r) => ({
    ...r,
    conversations: Number(r.conversations),
    messages: Number(r.messages),
    handoffs: Number(r.handoffs),
    records: Number(r.records),
  }));
}
