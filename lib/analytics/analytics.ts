import "server-only";
import { z } from "zod";
import type { Db } from "../db/client";
import { activity } from "./rollups";

const DAY = 86_400_000;

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
 * with an assistant reply and no handoff in the window; leads captured; handoff transitions. Read from
 * the hourly rollups and the raw rows of the window's two partial hours (lib/analytics/rollups.ts).
 */
export async function analyticsSummary(db: Db, businessId: string, window: string, now = new Date()): Promise<AnalyticsOut> {
  const from = new Date(now.getTime() - windowMs(window));
  // Both ends included: times are whole milliseconds, so [from, now] is [from, now + 1 ms).
  const figures = (await activity(db, businessId, { from, to: new Date(now.getTime() + 1) })).get("");
  return {
    window,
    from: from.toISOString(),
    to: now.toISOString(),
    conversations: figures?.conversations ?? 0,
    resolvedByAssistant: figures?.resolved ?? 0,
    leads: figures?.leads ?? 0,
    handoffs: figures?.handoffs ?? 0,
  };
}

/** Per-day counts for the dashboard chart (UTC days, every day from the window's first to today's). */
export async function analyticsDaily(db: Db, businessId: string, window: string, now = new Date()) {
  const first = Math.floor((now.getTime() - windowMs(window)) / DAY) * DAY;
  const end = Math.floor(now.getTime() / DAY) * DAY + DAY;
  const byDay = await activity(db, businessId, { from: new Date(first), to: new Date(end), dayZone: "UTC" });
  const out: { day: string; conversations: number; messages: number; handoffs: number; records: number }[] = [];
  for (let t = first; t < end; t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    const f = byDay.get(day);
    out.push({ day, conversations: f?.conversations ?? 0, messages: f?.messages ?? 0, handoffs: f?.handoffs ?? 0, records: f?.records ?? 0 });
  }
  return out;
}
