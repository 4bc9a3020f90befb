import { busyFeedIn, staffCalendarOut } from "../../appointments/calendar-schema";
import { getStaffCalendar, regenerateFeed, revokeFeed, setBusyFeed } from "../../appointments/calendars";
import { appointmentSettingsOut, appointmentSettingsPatch } from "../../appointments/reminder-schema";
import { getAppointmentSettings, setAppointmentSettings } from "../../appointments/settings";
import { defineOperation } from "../operation";
import { idParam } from "./common";

// Reminders' settings and staff calendars (issue 40, items 4 and 5; docs/appointments.md). Owners only
// in the dashboard: a feed URL is a secret, and a busy feed is fetched from the server.

const tag = "Appointments";
const staffParam = idParam("staffId", "stf_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const appointmentSettingsGet = defineOperation({
  id: "appointment-settings-get",
  method: "GET",
  path: "/appointment-settings",
  scope: "appointments:read",
  tag,
  summary: "Read the appointment settings (reminders)",
  response: appointmentSettingsOut,
  handler: async (ctx) => getAppointmentSettings(ctx.db, ctx.businessId),
});

export const appointmentSettingsUpdate = defineOperation({
  id: "appointment-settings-update",
  method: "PATCH",
  path: "/appointment-settings",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Change the appointment settings (reminders)",
  description:
    "Only the fields given change. Turning reminders on needs `template`: an approved utility template whose first three buttons are quick replies (confirm, reschedule, cancel); else 400 with the problems.",
  body: appointmentSettingsPatch,
  response: appointmentSettingsOut,
  handler: async (ctx, { body }) => setAppointmentSettings(ctx.db, ctx.businessId, body),
});

export const staffCalendarGet = defineOperation({
  id: "staff-calendar-get",
  method: "GET",
  path: "/staff/{staffId}/calendar",
  scope: "appointments:read",
  role: "owner",
  tag,
  summary: "A staff member's calendar feed URL and busy-times feed",
  params: staffParam,
  response: staffCalendarOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getStaffCalendar(ctx.db, ctx.businessId, params.staffId),
});

export const staffCalendarFeedCreate = defineOperation({
  id: "staff-calendar-feed-create",
  method: "POST",
  path: "/staff/{staffId}/calendar/feed",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Create or regenerate a staff member's private calendar feed URL",
  description: "A new secret URL (`/calendars/<token>.ics`, text/calendar, no key needed); the previous one answers 404 from now on.",
  params: staffParam,
  response: staffCalendarOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => regenerateFeed(ctx.db, ctx.businessId, params.staffId),
});

export const staffCalendarFeedRevoke = defineOperation({
  id: "staff-calendar-feed-revoke",
  method: "DELETE",
  path: "/staff/{staffId}/calendar/feed",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Revoke a staff member's calendar feed URL (it answers 404 from now on)",
  params: staffParam,
  response: staffCalendarOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => revokeFeed(ctx.db, ctx.businessId, params.staffId),
});

export const staffCalendarBusyFeedSet = defineOperation({
  id: "staff-calendar-busy-feed-set",
  method: "PUT",
  path: "/staff/{staffId}/calendar/busy-feed",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Set or remove a staff member's busy-times feed (an ICS URL)",
  description:
    "Fetched at once and every 15 minutes through the webhooks' address guard (https only; loopback and private addresses refused), at most 2 MiB in 10 s. Its events over the next 60 days (recurring ones expanded) block the times offered. A failed fetch is shown in `busyFeed.error` and keeps the last good intervals.",
  params: staffParam,
  body: busyFeedIn,
  response: staffCalendarOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => setBusyFeed(ctx.db, ctx.businessId, params.staffId, body.url),
});
