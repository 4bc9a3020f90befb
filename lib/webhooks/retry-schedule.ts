// Seconds to wait after each failed attempt: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. After the
// attempt that follows the last wait fails, the delivery is `failed` (9 attempts over about 45 hours).
export const DEFAULT_RETRY_SCHEDULE = [10, 60, 300, 1800, 7200, 21600, 43200, 86400];

/** The schedule, overridable with WEBHOOK_RETRY_SCHEDULE (comma-separated seconds) for tests and drills. */
export function retrySchedule(): number[] {
  const raw = process.env.WEBHOOK_RETRY_SCHEDULE?.trim();
  if (!raw) return DEFAULT_RETRY_SCHEDULE;
  const parsed = raw.split(",").map((s) => Number(s.trim()));
  if (parsed.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds, got "${raw}".`);
  }
  return parsed;
}

/**
 * Milliseconds to wait before the attempt after failed attempt number `attempt` (1-based), with ±10%
 * jitter so a receiver coming back is not hit by every queued retry at the same instant; null when
 * that was the last attempt.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number | null {
  const schedule = retrySchedule();
  if (attempt < 1 || attempt > schedule.length) return null;
  const base = schedule[attempt - 1] * 1000;
  return Math.round(base * (0.9 + 0.2 * random()));
}
