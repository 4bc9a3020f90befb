import { describe, expect, it } from "vitest";
import { awayNotice, businessHoursIn, openingLabel } from "@/lib/businesses/hours";
import { hoursRulesSchema, isOpenAt, nextOpening, openRangesOn } from "@/lib/businesses/hours-rules";

// Business hours as rules (issue 14.6): weekly ranges, holidays, ranges past midnight, in the
// business's own time zone. 2026-11-23 is a Monday.
const weekdays = {
  mon: ["09:00-13:00", "15:00-19:00"],
  tue: ["09:00-13:00", "15:00-19:00"],
  wed: ["09:00-19:00"],
  thu: ["09:00-19:00"],
  fri: ["09:00-19:00"],
};
const rules = { weekly: weekdays, holidays: [] };
const at = (iso: string) => new Date(iso);

describe("business hours rules", () => {
  it("reads the same instant in each business's own time zone (Sao Paulo vs Madrid)", () => {
    // 12:30 UTC on Monday: 09:30 in Sao Paulo (UTC-3, open), 13:30 in Madrid (UTC+1, lunch break).
    const instant = at("2026-11-23T12:30:00Z");
    expect(isOpenAt(rules, "America/Sao_Paulo", instant)).toBe(true);
    expect(isOpenAt(rules, "Europe/Madrid", instant)).toBe(false);
    // Madrid reopens at 15:00 local the same day: 14:00 UTC.
    expect(nextOpening(rules, "Europe/Madrid", instant)?.at.toISOString()).toBe("2026-11-23T14:00:00.000Z");
    // 21:30 UTC on Friday: 18:30 in Sao Paulo (open), 22:30 in Madrid (closed until Monday 09:00 = 08:00 UTC).
    const friday = at("2026-11-27T21:30:00Z");
    expect(isOpenAt(rules, "America/Sao_Paulo", friday)).toBe(true);
    expect(isOpenAt(rules, "Europe/Madrid", friday)).toBe(false);
    expect(nextOpening(rules, "Europe/Madrid", friday)?.at.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    // The opening's start is exclusive of its end: 19:00 is closed, 18:59 open.
    expect(isOpenAt(rules, "Europe/Madrid", at("2026-11-25T17:59:00Z"))).toBe(true);
    expect(isOpenAt(rules, "Europe/Madrid", at("2026-11-25T18:00:00Z"))).toBe(false);
  });

  it("closes on a holiday, or opens only at its special hours", () => {
    const withHolidays = {
      weekly: weekdays,
      holidays: [
        { date: "2026-12-08", name: "Immaculate Conception" },
        { date: "2026-12-24", name: "Christmas Eve", hours: ["10:00-14:00"] },
      ],
    };
    // Tuesday 8 Dec, 10:00 Madrid: a weekday, but a holiday.
    expect(isOpenAt(withHolidays, "Europe/Madrid", at("2026-12-08T09:00:00Z"))).toBe(false);
    expect(openRangesOn(withHolidays, { year: 2026, month: 12, day: 8 })).toEqual([]);
    expect(nextOpening(withHolidays, "Europe/Madrid", at("2026-12-08T09:00:00Z"))?.at.toISOString()).toBe("2026-12-09T08:00:00.000Z");
    // Christmas Eve (a Thursday): 10:00-14:00 only.
    expect(openRangesOn(withHolidays, { year: 2026, month: 12, day: 24 })).toEqual(["10:00-14:00"]);
    expect(isOpenAt(withHolidays, "Europe/Madrid", at("2026-12-24T08:30:00Z"))).toBe(false);
    expect(isOpenAt(withHolidays, "Europe/Madrid", at("2026-12-24T09:30:00Z"))).toBe(true);
    expect(isOpenAt(withHolidays, "Europe/Madrid", at("2026-12-24T14:00:00Z"))).toBe(false);
  });

  it("runs a range past midnight into the next day, holiday or not", () => {
    const bar = { weekly: { fri: ["20:00-02:00"], sat: ["20:00-03:00"] }, holidays: [{ date: "2026-11-29" }] };
    // Saturday 01:30 Madrid is Friday night's shift.
    expect(isOpenAt(bar, "Europe/Madrid", at("2026-11-28T00:30:00Z"))).toBe(true);
    expect(isOpenAt(bar, "Europe/Madrid", at("2026-11-28T01:00:00Z"))).toBe(false);
    expect(openRangesOn(bar, { year: 2026, month: 11, day: 28 })).toEqual(["00:00-02:00", "20:00-24:00"]);
    // Sunday 29 is a holiday, but Saturday night's shift still runs to 03:00 into it.
    expect(openRangesOn(bar, { year: 2026, month: 11, day: 29 })).toEqual(["00:00-03:00"]);
    expect(isOpenAt(bar, "Europe/Madrid", at("2026-11-29T01:30:00Z"))).toBe(true);
    // Saturday 04:00 local: next opening Saturday 20:00 local (19:00 UTC).
    expect(nextOpening(bar, "Europe/Madrid", at("2026-11-28T03:00:00Z"))?.at.toISOString()).toBe("2026-11-28T19:00:00.000Z");
  });

  it("counts a business without hours as open, and never-open hours as having no next opening", () => {
    expect(isOpenAt({ weekly: {}, holidays: [] }, "Europe/Madrid", at("2026-11-23T03:00:00Z"))).toBe(true);
    const shut = { weekly: { mon: [] }, holidays: [{ date: "2026-11-30", hours: ["10:00-11:00"] }] };
    expect(isOpenAt(shut, "Europe/Madrid", at("2026-11-23T10:00:00Z"))).toBe(false);
    expect(nextOpening(shut, "Europe/Madrid", at("2026-11-23T10:00:00Z"))?.at.toISOString()).toBe("2026-11-30T09:00:00.000Z");
    expect(nextOpening({ weekly: { mon: ["09:00-10:00"] }, holidays: [] }, "UTC", at("2026-11-23T10:00:00Z"))?.at.toISOString()).toBe(
      "2026-11-30T09:00:00.000Z",
    );
  });

  it("refuses malformed hours with a reason, and accepts overnight ranges", () => {
    expect(hoursRulesSchema.safeParse({ weekly: { mon: ["20:00-02:00", "00:00-24:00"] }, holidays: [] }).success).toBe(true);
    for (const bad of [
      { weekly: { mon: ["9-17"] }, holidays: [] },
      { weekly: { monday: ["09:00-17:00"] }, holidays: [] },
      { weekly: { mon: ["09:00-09:00"] }, holidays: [] },
      { weekly: { mon: ["25:00-26:00"] }, holidays: [] },
      { weekly: {}, holidays: [{ date: "2026-02-30" }] },
      { weekly: {}, holidays: [{ date: "2026-12-25" }, { date: "2026-12-25", hours: ["10:00-12:00"] }] },
    ]) {
      expect(hoursRulesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(businessHoursIn.safeParse({ weekly: {}, holidays: [], timeZone: "Mars/Olympus" }).success).toBe(false);
  });

  it("says when a person will reply, in the customer's language, or the business's own away message", () => {
    const h = { ...rules, timeZone: "Europe/Madrid", awayMessage: null, updatedAt: null };
    // Monday 21:00 Madrid: closed, a person replies from Tuesday 9:00.
    const night = at("2026-11-23T20:00:00Z");
    expect(awayNotice(h, "en", night)).toBe("We're closed now; a person will reply from Tuesday 9:00.");
    expect(awayNotice(h, "es", night)).toBe("Ahora estamos cerrados; una persona te responderá a partir del martes 9:00.");
    expect(awayNotice(h, "pt", night)).toBe("Estamos fechados neste momento; uma pessoa responde a partir de terça-feira 9:00.");
    expect(awayNotice(h, "en", at("2026-11-23T09:00:00Z"))).toBeNull();
    const own = { ...h, awayMessage: "Back {{opens}}! Leave your question here." };
    expect(awayNotice(own, "en", night)).toBe("Back Tuesday 9:00! Leave your question here.");
    // Far off (a long closure), the date is named too.
    expect(openingLabel(at("2026-12-29T08:00:00Z"), "Europe/Madrid", "en", night)).toBe("Tuesday 29 December 9:00");
  });
});
