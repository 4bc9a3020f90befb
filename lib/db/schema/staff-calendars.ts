import { bigserial, foreignKey, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { staffMembers } from "./staff-members";
import { businessId } from "./tenancy";

// A staff member's calendars (issue 40, item 5; docs/appointments.md, "Calendars"):
// - the private feed of their appointments, /calendars/<token>.ics: the token's SHA-256 finds the row,
//   the token itself is sealed with ENCRYPTION_KEY so the dashboard can show the URL again; revoking
//   clears both (the old URL answers 404);
// - a busy-times feed they subscribe us to (an ICS URL), fetched on a schedule; the last fetch's
//   outcome is kept to be shown, and its events are the rows of staff_busy_times.
export const staffCalendars = pgTable(
  "staff_calendars",
  {
    staffId: text("staff_id").primaryKey(),
    businessId: businessId(),
    feedTokenHash: text("feed_token_hash"),
    feedTokenEnc: text("feed_token_enc"),
    busyUrl: text("busy_url"),
    busyFetchedAt: ts("busy_fetched_at"),
    busyError: text("busy_error"),
    busyIntervals: integer("busy_intervals").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "staff_calendars_staff_fk",
      columns: [t.businessId, t.staffId],
      foreignColumns: [staffMembers.businessId, staffMembers.id],
    }).onDelete("cascade"),
    unique("staff_calendars_feed_token_uq").on(t.feedTokenHash),
    index("staff_calendars_staff_idx").on(t.businessId, t.staffId),
  ],
);

/** The busy intervals the last fetch of a staff member's busy-times feed found (recurring ones expanded). */
export const staffBusyTimes = pgTable(
  "staff_busy_times",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: businessId(),
    staffId: text("staff_id").notNull(),
    startAt: ts("start_at").notNull(),
    endAt: ts("end_at").notNull(),
  },
  (t) => [
    foreignKey({
      name: "staff_busy_times_staff_fk",
      columns: [t.businessId, t.staffId],
      foreignColumns: [staffMembers.businessId, staffMembers.id],
    }).onDelete("cascade"),
    index("staff_busy_times_staff_idx").on(t.businessId, t.staffId, t.startAt),
  ],
);
