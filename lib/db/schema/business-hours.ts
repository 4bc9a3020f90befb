import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { businessKey } from "./tenancy";

// A business's opening hours in its time zone (businesses.time_zone): weekly ranges per weekday and
// holidays (a date closed all day, or open only at special hours). One row per business; no row means
// no hours were set (always open as far as handoffs are concerned). See lib/businesses/hours.ts.
export type WeeklyHours = Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", string[]>>;
export type Holiday = { date: string; name?: string; hours?: string[] };

export const businessHours = pgTable("business_hours", {
  businessId: businessKey(),
  weekly: jsonb("weekly").$type<WeeklyHours>().notNull().default({}),
  holidays: jsonb("holidays").$type<Holiday[]>().notNull().default([]),
  // Said after a handoff outside the hours; {{opens}} becomes when a person replies. Null: the default.
  awayMessage: text("away_message"),
  updatedAt: updatedAt(),
});
