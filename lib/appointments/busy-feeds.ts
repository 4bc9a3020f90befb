import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { z } from "zod";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { staffBusyTimes, staffCalendars } from "../db/schema";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";
import { runs } from "../jobs/worker";
import { now } from "../time/clock";
import { zonedInstant } from "../time/time-zone";
import { guardedGet } from "../webhooks/guarded-get";
import { loadBusinessHours } from "../businesses/hours";

// Busy-times feeds (issue 40, item 5; docs/appointments.md, "Calendars"): a staff member's private
// calendar (an ICS URL) blocks the times offered. One job chain per business with any feed: each run
// fetches every feed through the webhooks' address guard (guardedGet), reads its events (recurring ones
// expanded over the next 60 days, exceptions and cancelled occurrences applied, transparent "free"
// events skipped) and replaces the staff member's busy intervals; a failure is recorded on the
// calendar row and shown, and the intervals of the last good fetch stay.

export const busyFeedJob = defineJob({ name: "appointments.busy-feeds", payload: z.object({ businessId: z.string() }), maxAttempts: 3 });
const intervalMs = () => Number(process.env.BUSY_FEED_INTERVAL_MS ?? 15 * 60_000);
export const BUSY_FEED_MAX_BYTES = () => Number(process.env.BUSY_FEED_MAX_BYTES ?? 2 * 1024 * 1024);
export const BUSY_FEED_TIMEOUT_MS = () => Number(process.env.BUSY_FEED_TIMEOUT_MS ?? 10_000);
const HORIZON_DAYS = 60;
const MAX_INTERVALS = 5000;
const DAY = 86_400_000;

/**
 * One waiting fetch per business: at `runAt` (the next round), or now when left out (a feed just set),
 * in which case a round already waiting for later is brought forward rather than left 15 minutes out.
 */
export async function scheduleBusyFeeds(db: Db, businessId: string, runAt?: Date): Promise<void> {
  const [waiting] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where queue = ${busyFeedJob.name} and business_id = ${businessId} and status = 'pending' and locked_by is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) {
    if (!runAt)
      await db.execute(
        sql`update jobs set run_at = now() where queue = ${busyFeedJob.name} and business_id = ${businessId} and status = 'pending' and locked_by is null and run_at > now()`,
      );
    return;
  }
  await enqueue(db, busyFeedJob, { businessId }, { runAt });
}

export type Interval = { start: Date; end: Date };

function instantOf(t: ICAL.Time, timeZone: string): Date {
  // An all-day date names a day of the business's calendar, not of the server's.
  if (t.isDate) return zonedInstant(timeZone, { year: t.year, month: t.month, day: t.day, hour: 0, minute: 0 });
  return t.toJSDate();
}

/** The busy intervals of an ICS text between `from` and `from + 60 days`, in real instants. */
export function busyIntervals(ics: string, from: Date, timeZone: string): Interval[] {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const horizon = new Date(from.getTime() + HORIZON_DAYS * DAY);
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const c of root.getAllSubcomponents("vevent")) {
    const e = new ICAL.Event(c);
    if (e.isRecurrenceException()) exceptions.push(e);
    else masters.set(e.uid, e);
  }
  for (const ex of exceptions) masters.get(ex.uid)?.relateException(ex);
  const out: Interval[] = [];
  const busy = (c: ICAL.Component) =>
    String(c.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase() !== "TRANSPARENT" &&
    String(c.getFirstPropertyValue("status") ?? "").toUpperCase() !== "CANCELLED";
  const push = (start: Date, end: Date) => {
    if (end > from && start < horizon && end > start && out.length < MAX_INTERVALS) out.push({ start, end });
  };
  for (const e of masters.values()) {
    if (!e.startDate) continue;
    if (!e.isRecurring()) {
      if (busy(e.component)) push(instantOf(e.startDate, timeZone), instantOf(e.endDate ?? e.startDate, timeZone));
      continue;
    }
    const it = e.iterator();
    for (let next = it.next(), n = 0; next && n < 10_000; next = it.next(), n++) {
      const o = e.getOccurrenceDetails(next);
      const start = instantOf(o.startDate, timeZone);
      if (start >= horizon) break;
      if (busy(o.item.component)) push(start, instantOf(o.endDate, timeZone));
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Fetches one staff member's feed and replaces their busy intervals; returns the error shown, or null. */
export async function refreshBusyFeed(db: Db, businessId: string, staffId: string, at: Date): Promise<string | null> {
  const [cal] = await db
    .select()
    .from(staffCalendars)
    .where(and(eq(staffCalendars.businessId, businessId), eq(staffCalendars.staffId, staffId)));
  if (!cal?.busyUrl) return null;
  const url = cal.busyUrl;
  const got = await guardedGet(url, { maxBytes: BUSY_FEED_MAX_BYTES(), timeoutMs: BUSY_FEED_TIMEOUT_MS(), accept: "text/calendar" });
  let error: string | null = got.ok ? null : got.error;
  let intervals: Interval[] = [];
  if (got.ok) {
    try {
      intervals = busyIntervals(got.body, new Date(at.getTime() - DAY), (await loadBusinessHours(db, businessId)).timeZone);
    } catch {
      error = "Not a calendar (ICS) file.";
    }
  }
  await db.transaction(async (tx) => {
    // The URL may have changed while fetching: what was fetched belongs to the URL it came from.
    const [still] = await tx
      .select({ url: staffCalendars.busyUrl })
      .from(staffCalendars)
      .where(and(eq(staffCalendars.businessId, businessId), eq(staffCalendars.staffId, staffId)))
      .for("update");
    if (still?.url !== url) return;
    if (error === null) {
      await tx.delete(staffBusyTimes).where(and(eq(staffBusyTimes.businessId, businessId), eq(staffBusyTimes.staffId, staffId)));
      if (intervals.length) {
        await tx.insert(staffBusyTimes).values(intervals.map((i) => ({ businessId, staffId, startAt: i.start, endAt: i.end })));
      }
    }
    await tx
      .update(staffCalendars)
      .set({ busyFetchedAt: at, busyError: error, ...(error === null ? { busyIntervals: intervals.length } : {}), updatedAt: sql`now()` })
      .where(and(eq(staffCalendars.businessId, businessId), eq(staffCalendars.staffId, staffId)));
  });
  return error;
}

/** One run of a business's chain: every feed refreshed; false when none is left (the chain ends). */
export async function refreshBusyFeeds(db: Db, businessId: string, at: Date): Promise<boolean> {
  const feeds = await db
    .select({ staffId: staffCalendars.staffId })
    .from(staffCalendars)
    .where(and(eq(staffCalendars.businessId, businessId), isNotNull(staffCalendars.busyUrl)));
  for (const f of feeds) await refreshBusyFeed(db, businessId, f.staffId, at);
  return feeds.length > 0;
}

export const busyFeedsJob = runs(busyFeedJob, async (payload) => {
  const db = defaultDb();
  if (!(await refreshBusyFeeds(db, payload.businessId, now()))) return;
  await scheduleBusyFeeds(db, payload.businessId, new Date(now().getTime() + intervalMs()));
});
