import { describe, expect, it } from "vitest";
import { type AvailabilityInput, computeAvailability, isFreeAt } from "@/lib/appointments/availability";
import { isoInZone } from "@/lib/time/time-zone";

const tz = "Europe/Lisbon";
const ana = { id: "stf_ana", weekly: {}, breaks: {}, timeOff: [] };
const base: AvailabilityInput = {
  timeZone: tz,
  from: new Date("2026-12-07T00:00:00Z"), // a Monday (Lisbon is on UTC in winter)
  to: new Date("2026-12-08T00:00:00Z"),
  now: new Date("2026-12-01T00:00:00Z"),
  stepMinutes: 15,
  durationMinutes: 30,
  bufferAfterMinutes: 15,
  business: { weekly: {}, holidays: [] },
  staff: [],
  busy: [],
};
const local = (slots: { start: Date }[], zone = tz) => slots.map((s) => isoInZone(s.start, zone).slice(11, 16));

describe("computeAvailability", () => {
  it("treats a staff member's calendar busy times as held: the appointment and its buffer stay clear of them", () => {
    const member = { ...ana, weekly: { mon: ["09:00-12:00"] } };
    const bea = { ...ana, id: "stf_bea", weekly: { mon: ["09:00-12:00"] } };
    // Ana's private 10:00-10:30 (her calendar feed); Bea's calendar is clear.
    const calendarBusy = [{ staffId: "stf_ana", start: new Date("2026-12-07T10:00:00Z"), end: new Date("2026-12-07T10:30:00Z") }];
    const slots = computeAvailability({ ...base, stepMinutes: 30, staff: [member, bea], calendarBusy });
    // 09:30 would end at 10:00 but its 15-minute buffer runs into the private event; 10:00 overlaps it.
    expect(slots.map((s) => [isoInZone(s.start, tz).slice(11, 16), s.staffIds])).toEqual([
      ["09:00", ["stf_ana", "stf_bea"]],
      ["09:30", ["stf_bea"]],
      ["10:00", ["stf_bea"]],
      ["10:30", ["stf_ana", "stf_bea"]],
      ["11:00", ["stf_ana", "stf_bea"]],
      ["11:30", ["stf_ana", "stf_bea"]],
    ]);
    expect(isFreeAt({ ...base, calendarBusy }, member, new Date("2026-12-07T10:10:00Z"))).toBe(false);
    expect(isFreeAt({ ...base, calendarBusy }, member, new Date("2026-12-07T10:30:00Z"))).toBe(true);
    expect(isFreeAt(base, member, new Date("2026-12-07T10:10:00Z"))).toBe(true);
  });

  it("fits the appointment in working hours, outside breaks, with both buffers kept free", () => {
    const slots = computeAvailability({
      ...base,
      staff: [{ ...ana, weekly: { mon: ["09:00-13:00"] }, breaks: { mon: ["10:00-10:30"] } }],
      // 11:00-11:30 booked, its buffer holds Ana until 11:45.
      busy: [{ staffId: "stf_ana", start: new Date("2026-12-07T11:00:00Z"), end: new Date("2026-12-07T11:45:00Z") }],
    });
    // 09:30 ends as the break starts; 10:30 would end at 11:00 but its own buffer runs into 11:00;
    // 11:30 is inside the booked one's buffer; 12:30 ends at closing (its buffer may run past it).
    expect(local(slots)).toEqual(["09:00", "09:15", "09:30", "11:45", "12:00", "12:15", "12:30"]);
    expect(slots[0].staffIds).toEqual(["stf_ana"]);
    // A booking's recheck takes any whole minute the same rules allow, never a past one.
    const member = { ...ana, weekly: { mon: ["09:00-13:00"] }, breaks: { mon: ["10:00-10:30"] } };
    const rules = { ...base, busy: [{ staffId: "stf_ana", start: new Date("2026-12-07T11:00:00Z"), end: new Date("2026-12-07T11:45:00Z") }] };
    expect(isFreeAt(rules, member, new Date("2026-12-07T09:07:00Z"))).toBe(true);
    expect(isFreeAt(rules, member, new Date("2026-12-07T09:07:30Z"))).toBe(false);
    expect(isFreeAt(rules, member, new Date("2026-12-07T10:20:00Z"))).toBe(false);
    expect(isFreeAt(rules, member, new Date("2026-12-07T11:44:00Z"))).toBe(false);
    expect(isFreeAt(rules, member, new Date("2026-12-07T12:30:00Z"))).toBe(true);
    expect(isFreeAt({ ...rules, now: new Date("2026-12-07T12:31:00Z") }, member, new Date("2026-12-07T12:30:00Z"))).toBe(false);
  });

  it("keeps to the business's hours and holidays, each member's time off, and never offers the past", () => {
    const bea = { id: "stf_bea", weekly: { mon: ["09:00-17:00"], tue: ["09:00-17:00"], wed: ["09:00-17:00"] }, breaks: {}, timeOff: [] };
    const input: AvailabilityInput = {
      ...base,
      to: new Date("2026-12-10T00:00:00Z"),
      now: new Date("2026-12-07T10:20:00Z"),
      stepMinutes: 30,
      durationMinutes: 60,
      bufferAfterMinutes: 0,
      business: { weekly: { mon: ["10:00-12:00"], tue: ["10:00-12:00"], wed: ["10:00-12:00"] }, holidays: [{ date: "2026-12-08" }] },
      staff: [{ ...ana, weekly: bea.weekly, timeOff: [{ from: "2026-12-09", to: "2026-12-11" }] }, bea],
    };
    const slots = computeAvailability(input);
    // Monday: open 10-12, now is 10:20, so 10:30 and 11:00; Tuesday a holiday; Wednesday Ana is away.
    expect(slots.map((s) => [isoInZone(s.start, tz).slice(0, 16), s.staffIds])).toEqual([
      ["2026-12-07T10:30", ["stf_ana", "stf_bea"]],
      ["2026-12-07T11:00", ["stf_ana", "stf_bea"]],
      ["2026-12-09T10:00", ["stf_bea"]],
      ["2026-12-09T10:30", ["stf_bea"]],
      ["2026-12-09T11:00", ["stf_bea"]],
    ]);
    // A closed holiday closes a business that set no weekly hours too.
    const noHours = computeAvailability({ ...input, business: { weekly: {}, holidays: [{ date: "2026-12-09" }] }, staff: [bea] });
    expect(noHours.some((s) => isoInZone(s.start, tz).startsWith("2026-12-09"))).toBe(false);
    expect(noHours.some((s) => isoInZone(s.start, tz).startsWith("2026-12-08"))).toBe(true);
    // The window is [from, to): nothing at or after `to`, and an empty window or no staff offers nothing.
    expect(computeAvailability({ ...input, to: new Date("2026-12-07T11:00:00Z") }).map((s) => s.start.toISOString())).toEqual([
      "2026-12-07T10:30:00.000Z",
    ]);
    expect(computeAvailability({ ...input, staff: [] })).toEqual([]);
    expect(computeAvailability({ ...input, now: new Date("2026-12-20T00:00:00Z") })).toEqual([]);
  });

  it("reads hours in the business's time zone across DST changes", () => {
    // Lisbon moves from UTC+0 to UTC+1 on Sunday 29 March 2026: 09:00 is 09:00Z on Saturday, 08:00Z on Monday.
    const week = { sat: ["09:00-10:00"], mon: ["09:00-10:00"] };
    const across = computeAvailability({
      ...base,
      from: new Date("2026-03-28T00:00:00Z"),
      to: new Date("2026-03-31T00:00:00Z"),
      now: new Date("2026-03-01T00:00:00Z"),
      durationMinutes: 60,
      bufferAfterMinutes: 0,
      staff: [{ ...ana, weekly: week }],
    });
    expect(across.map((s) => s.start.toISOString())).toEqual(["2026-03-28T09:00:00.000Z", "2026-03-30T08:00:00.000Z"]);

    // The night of the change: 00:00-04:00 local is three real hours; 01:00 and 01:30 do not exist.
    const night = computeAvailability({
      ...base,
      from: new Date("2026-03-29T00:00:00Z"),
      to: new Date("2026-03-30T00:00:00Z"),
      now: new Date("2026-03-01T00:00:00Z"),
      stepMinutes: 30,
      durationMinutes: 60,
      bufferAfterMinutes: 0,
      staff: [{ ...ana, weekly: { sun: ["00:00-04:00"] } }],
    });
    expect(local(night)).toEqual(["00:00", "00:30", "02:00", "02:30", "03:00"]);
    expect(night.map((s) => s.start.toISOString())).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);

    // New York falls back on 1 November 2026: a 09:00-11:00 day still has its 09:00 and 10:00, at UTC-5.
    const ny = computeAvailability({
      ...base,
      timeZone: "America/New_York",
      from: new Date("2026-10-31T12:00:00Z"),
      to: new Date("2026-11-02T04:00:00Z"),
      now: new Date("2026-10-01T00:00:00Z"),
      stepMinutes: 60,
      durationMinutes: 60,
      bufferAfterMinutes: 0,
      staff: [{ ...ana, weekly: { sat: ["09:00-11:00"], sun: ["09:00-11:00"] } }],
    });
    expect(ny.map((s) => s.start.toISOString())).toEqual([
      "2026-10-31T13:00:00.000Z",
      "2026-10-31T14:00:00.000Z",
      "2026-11-01T14:00:00.000Z",
      "2026-11-01T15:00:00.000Z",
    ]);
  });

  it("runs a night shift past midnight and cuts an overnight break at midnight", () => {
    const slots = computeAvailability({
      ...base,
      from: new Date("2026-12-05T00:00:00Z"),
      to: new Date("2026-12-07T00:00:00Z"),
      stepMinutes: 60,
      durationMinutes: 60,
      bufferAfterMinutes: 0,
      staff: [{ ...ana, weekly: { sat: ["22:00-02:00"] }, breaks: { sat: ["23:00-00:00"] } }],
    });
    expect(slots.map((s) => s.start.toISOString())).toEqual(["2026-12-05T22:00:00.000Z", "2026-12-06T00:00:00.000Z", "2026-12-06T01:00:00.000Z"]);
  });
});
