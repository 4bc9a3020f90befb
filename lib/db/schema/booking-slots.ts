import { sql } from "drizzle-orm";
import { check, foreignKey, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { businessId } from "./tenancy";
import { skills } from "./skills";

// Places taken per slot of a skill's `availability` node. The CHECK is the guarantee: a reservation is
// one INSERT ... ON CONFLICT DO UPDATE ... WHERE booked < capacity, so two conversations racing for
// the last place serialize on the row and the loser gets no row back.
export const bookingSlots = pgTable(
  "booking_slots",
  {
    businessId: businessId(),
    skillId: text("skill_id").notNull(),
    slotStart: ts("slot_start").notNull(),
    booked: integer("booked").notNull().default(0),
    capacity: integer("capacity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.skillId, t.slotStart] }),
    check("booking_slots_capacity_check", sql`${t.booked} <= ${t.capacity}`),
    foreignKey({ columns: [t.businessId, t.skillId], foreignColumns: [skills.businessId, skills.id] }).onDelete("cascade"),
  ],
);
