import { describe, expect, it } from "vitest";
import { rangePlan } from "../../lib/analytics/rollups";

const HOUR = 3_600_000;
const hour = Date.UTC(2026, 11, 3, 7); // 07:00 UTC
const now = hour + 20 * 60_000; // 07:20, the first half of the hour

describe("rangePlan: which rows a range's edges read raw", () => {
  it("a range up to now takes the current hour's rollup less nothing, even in the first half of the hour", () => {
    const plan = rangePlan(hour - 30 * 24 * HOUR, now, now);
    // No raw window over 07:00-07:20 (the hour's busy part); the rest of the hour, after now, is taken away.
    expect(plan.windows).toEqual([]);
    expect(plan.minus).toEqual([[now, hour + HOUR]]);
    expect(plan.last).toBe(hour + HOUR);
  });

  it("an end in the past, early in its hour, is still read raw (its rest of the hour holds more rows)", () => {
    const to = hour - 24 * HOUR + 10 * 60_000; // yesterday 07:10
    const plan = rangePlan(hour - 30 * 24 * HOUR, to, now);
    expect(plan.windows).toEqual([[hour - 24 * HOUR, to]]);
    expect(plan.minus).toEqual([]);
  });

  it("an end late in its past hour is its hour's rollup less the rest", () => {
    const to = hour - 24 * HOUR + 50 * 60_000; // yesterday 07:50
    const plan = rangePlan(hour - 30 * 24 * HOUR, to, now);
    expect(plan.minus).toEqual([[to, hour - 23 * HOUR]]);
    expect(plan.windows).toEqual([]);
  });

  it("a start early in its hour is that hour's rollup less the part before it; a range inside one hour is raw", () => {
    const from = hour - 2 * HOUR + 10 * 60_000;
    expect(rangePlan(from, hour, now)).toEqual({ first: hour - 2 * HOUR, last: hour, windows: [], minus: [[hour - 2 * HOUR, from]] });
    expect(rangePlan(hour + 60_000, now, now).windows).toEqual([[hour + 60_000, now]]);
  });
});
