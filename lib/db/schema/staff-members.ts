import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import type { WeeklyHours } from "./business-hours";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

/** Days a staff member is away, both dates included, in the business's time zone. */
export type TimeOff = { from: string; to: string; reason?: string };

// A person who performs services. Their weekly hours and breaks are ranges per weekday in the business's
// time zone, written as business hours are ("09:00-13:00"); time off is whole days. See docs/appointments.md.
export const staffMembers = pgTable(
  "staff_members",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    weekly: jsonb("weekly").$type<WeeklyHours>().notNull().default(sql`'{}'::jsonb`),
    breaks: jsonb("breaks").$type<WeeklyHours>().notNull().default(sql`'{}'::jsonb`),
    timeOff: jsonb("time_off").$type<TimeOff[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("staff_members_business_id_uq").on(t.businessId, t.id), index("staff_members_business_idx").on(t.businessId, t.createdAt, t.id)],
);
