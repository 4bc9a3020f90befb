import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { SLA_DUE_SOON_SHARE, type SlaState } from "../shared/label-schema";

// SLA targets (issue 36, item 8): a business sets first-response and resolution targets in minutes,
// for every conversation (inbox_settings) and per label (labels); a label's target wins over the
// business's, and of several labels with a target the strictest (smallest) wins.
//
// Both clocks start at the handoff (the latest move to `handoff`: the customer waits for a person from
// then on). First response: the first person's reply (`source: "agent"`) after it. Resolution: closing
// the conversation. A conversation returned to the assistant stops both clocks without a resolution.

const MINUTE = 60_000;

/** Where a running clock stands: breached past the target, due soon within its last 20%. */
export function slaState(startedAt: Date, targetMinutes: number, now: Date): SlaState {
  const left = startedAt.getTime() + targetMinutes * MINUTE - now.getTime();
  if (left < 0) return "breached";
  return left <= targetMinutes * MINUTE * SLA_DUE_SOON_SHARE ? "due_soon" : "ok";
}

/** A running clock: its state at `now`, and the two instants its state changes at (so a client can keep it current). */
export type SlaMark = { state: SlaState; kind: "first_response" | "resolution"; dueAt: string; dueSoonAt: string };

/** The clock's mark: due at `started + target`, due soon from the start of its last 20%. */
function mark(kind: SlaMark["kind"], started: Date, targetMinutes: number, now: Date): SlaMark {
  const due = started.getTime() + targetMinutes * MINUTE;
  return {
    kind,
    state: slaState(started, targetMinutes, now),
    dueAt: new Date(due).toISOString(),
    dueSoonAt: new Date(due - targetMinutes * MINUTE * SLA_DUE_SOON_SHARE).toISOString(),
  };
}

type Targets = { firstResponse: number | null; resolution: number | null };

const asDate = (v: Date | string | null): Date | null => (v ? new Date(v) : null);

/** The targets each conversation has: its labels' (the smallest) where set, else the business's. */
async function targetsOf(db: Db, businessId: string, conversationIds: string[]): Promise<Map<string, Targets>> {
  const out = new Map<string, Targets>();
  if (!conversationIds.length) return out;
  const rows = await queryRows<{ id: string; fr: number | null; res: number | null }>(
    db,
    sql`select c.id,
          coalesce((select min(l.first_response_minutes) from conversation_labels cl join labels l on l.id = cl.label_id
                     where cl.conversation_id = c.id and cl.business_id = ${businessId}), s.sla_first_response_minutes) as fr,
          coalesce((select min(l.resolution_minutes) from conversation_labels cl join labels l on l.id = cl.label_id
                     where cl.conversation_id = c.id and cl.business_id = ${businessId}), s.sla_resolution_minutes) as res
        from conversations c left join inbox_settings s on s.business_id = c.business_id
        where c.business_id = ${businessId} and c.id in (${sql.join(
          conversationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) out.set(r.id, { firstResponse: r.fr === null ? null : Number(r.fr), resolution: r.res === null ? null : Number(r.res) });
  return out;
}

const severity: Record<SlaState, number> = { ok: 0, due_soon: 1, breached: 2 };

/**
 * The inbox list's marks: for each handed-off conversation with a target, the running clock that is
 * furthest gone (first response until a person replies, resolution until it is closed). Conversations
 * that are not handed off, or have no target, get none.
 */
export async function slaMarks(db: Db, businessId: string, conversationIds: string[], now = new Date()): Promise<Map<string, SlaMark>> {
  const out = new Map<string, SlaMark>();
  if (!conversationIds.length) return out;
  const rows = await queryRows<{ id: string; started: Date | string | null; replied: boolean }>(
    db,
    sql`select h.id, h.started,
          exists (select 1 from messages m where m.conversation_id = h.id and m.business_id = ${businessId}
                    and m.direction = 'outbound' and m.source = 'agent' and m.created_at >= h.started) as replied
        from (select c.id, (select max(t.created_at) from conversation_transitions t
                              where t.conversation_id = c.id and t.to_status = 'handoff') as started
              from conversations c
              where c.business_id = ${businessId} and c.status = 'handoff' and c.id in (${sql.join(
                conversationIds.map((id) => sql`${id}`),
                sql`, `,
              )})) h`,
  );
  const targets = await targetsOf(
    db,
    businessId,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const started = asDate(r.started);
    const target = targets.get(r.id);
    if (!started || !target) continue;
    const clocks: SlaMark[] = [];
    if (target.firstResponse !== null && !r.replied) clocks.push(mark("first_response", started, target.firstResponse, now));
    if (target.resolution !== null) clocks.push(mark("resolution", started, target.resolution, now));
    // Both clocks start at the handoff, so the one due first is (from now on, too) always the one furthest
    // gone: the client can keep its state current from dueSoonAt and dueAt alone.
    clocks.sort((a, b) => severity[b.state] - severity[a.state] || a.dueAt.localeCompare(b.dueAt));
    if (clocks[0]) out.set(r.id, clocks[0]);
  }
  return out;
}

export type SlaBreach = {
  conversationId: string;
  kind: "first_response" | "resolution";
  /** The handoff that started the clock. */
  startedAt: string;
  dueAt: string;
  /** The first reply or the close; null while still missing at the report's `now`. */
  metAt: string | null;
};

export type SlaReport = {
  from: string;
  to: string;
  /** Handoffs in the range with a first-response target, and how many missed it. */
  firstResponse: { measured: number; breached: number };
  /** Handoffs in the range with a resolution target (and not returned to the assistant), and how many missed it. */
  resolution: { measured: number; breached: number };
  breaches: SlaBreach[];
};

/**
 * SLA breaches over a time range, from stored history, for the reports: every handoff that started in
 * [from, to) (conversation_transitions to `handoff`) is one measured episode, ending at the next move
 * out of `handoff`.
 *
 * - First response: the first person's reply (`messages.source = 'agent'`) at or after the handoff and
 *   before the episode ended. Breached when it came later than the target, or has not come and the
 *   target passed (by the episode's end, or by `now` while it runs).
 * - Resolution: the close that ended the episode. Breached when it came later than the target, or the
 *   conversation is still handed off past the target. An episode returned to the assistant is not
 *   measured for resolution.
 *
 * Targets are today's (the business's settings and the labels the conversation carries now): label
 * changes are not kept as history.
 */
export async function slaBreaches(db: Db, businessId: string, range: { from: Date; to: Date }, now = new Date()): Promise<SlaReport> {
  const rows = await queryRows<{
    conversation_id: string;
    started: Date | string;
    ended: Date | string | null;
    ended_to: string | null;
    first_reply: Date | string | null;
  }>(
    db,
    sql`select e.conversation_id, e.started, x.created_at as ended, x.to_status as ended_to,
          (select min(m.created_at) from messages m where m.conversation_id = e.conversation_id and m.business_id = ${businessId}
             and m.direction = 'outbound' and m.source = 'agent' and m.created_at >= e.started
             and (x.created_at is null or m.created_at <= x.created_at)) as first_reply
        from (select t.id, t.conversation_id, t.created_at as started from conversation_transitions t
              where t.business_id = ${businessId} and t.to_status = 'handoff'
                and t.created_at >= ${range.from.toISOString()}::timestamptz and t.created_at < ${range.to.toISOString()}::timestamptz) e
        left join lateral (select n.created_at, n.to_status from conversation_transitions n
              where n.conversation_id = e.conversation_id and n.from_status = 'handoff' and n.to_status <> 'handoff'
                and (n.created_at > e.started or (n.created_at = e.started and n.id > e.id))
              order by n.created_at, n.id limit 1) x on true
        order by e.started, e.conversation_id`,
  );
  const targets = await targetsOf(db, businessId, [...new Set(rows.map((r) => r.conversation_id))]);
  const report: SlaReport = {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    firstResponse: { measured: 0, breached: 0 },
    resolution: { measured: 0, breached: 0 },
    breaches: [],
  };
  for (const r of rows) {
    const started = new Date(r.started);
    const ended = asDate(r.ended);
    const target = targets.get(r.conversation_id);
    if (!target) continue;
    const check = (kind: SlaBreach["kind"], minutes: number, metAt: Date | null, stopAt: Date | null) => {
      const due = new Date(started.getTime() + minutes * MINUTE);
      const counter = kind === "first_response" ? report.firstResponse : report.resolution;
      counter.measured++;
      const late = metAt ? metAt > due : (stopAt ?? now) > due;
      if (!late) return;
      counter.breached++;
      report.breaches.push({
        conversationId: r.conversation_id,
        kind,
        startedAt: started.toISOString(),
        dueAt: due.toISOString(),
        metAt: metAt ? metAt.toISOString() : null,
      });
    };
    if (target.firstResponse !== null) check("first_response", target.firstResponse, asDate(r.first_reply), ended);
    if (target.resolution !== null && r.ended_to !== "open") {
      check("resolution", target.resolution, r.ended_to === "closed" ? ended : null, null);
    }
  }
  return report;
}
