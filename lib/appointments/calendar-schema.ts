import { z } from "zod";

// A staff member's calendars (GET/POST/DELETE /v1/staff/{staffId}/calendar...; docs/appointments.md,
// "Calendars"). The dashboard imports the types only.

export const staffCalendarOut = z
  .object({
    staffId: z.string(),
    feedUrl: z
      .string()
      .nullable()
      .describe("The private ICS feed of their appointments (subscribe from Google, Apple or Outlook); null when none or revoked."),
    busyFeed: z
      .object({
        url: z.string(),
        fetchedAt: z.string().nullable().describe("The last fetch (null: not yet)."),
        error: z.string().nullable().describe("Why the last fetch failed (null: it worked)."),
        intervals: z.number().int().describe("Busy intervals the last good fetch found (next 60 days)."),
      })
      .nullable()
      .describe("Their busy-times feed: an ICS URL whose events block the times offered."),
  })
  .meta({ id: "StaffCalendar" });
export type StaffCalendarOut = z.infer<typeof staffCalendarOut>;

export const busyFeedIn = z.strictObject({
  url: z
    .string()
    .max(2000)
    .nullable()
    .describe("An https ICS URL (the staff member's calendar's secret address); null removes it. Private addresses are refused."),
});
