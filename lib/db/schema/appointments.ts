import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, text } from "drizzle-orm/pg-core";
import { contacts } from "./contacts";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { services } from "./services";
import { staffMembers } from "./staff-members";

export const appointmentStatuses = ["booked", "confirmed", "cancelled", "no_show", "completed"] as const;
/** The statuses that hold the staff member's time (the exclusion constraint's WHERE). */
export const activeAppointmentStatuses = ["booked", "confirmed"] as const;

// One appointment: a service with a staff member for a contact, from start_at to end_at (start plus the
// service's duration), and the staff member's time held until buffer_end_at (end plus the buffer).
// The guarantee against double booking is in the migration (drizzle cannot declare it): an exclusion
// constraint, appointments_no_overlap, over (staff_id, tstzrange(start_at, buffer_end_at)) for active
// statuses (btree_gist), on Postgres and on the embedded database alike. See docs/appointments.md.
export const appointments = pgTable(
  "appointments",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    serviceId: text("service_id").notNull(),
    staffId: text("staff_id").notNull(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    startAt: ts("start_at").notNull(),
    endAt: ts("end_at").notNull(),
    bufferEndAt: ts("buffer_end_at").notNull(),
    status: text("status").notNull().default("booked"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No action: a service or staff member with appointments is deactivated, not deleted (history stays
    // whole). Not RESTRICT, which is checked before the cascade from a deleted business reaches the
    // appointments: NO ACTION is checked at the end of the statement, when they are gone too.
    foreignKey({
      name: "appointments_service_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("no action"),
    foreignKey({
      name: "appointments_staff_fk",
      columns: [t.businessId, t.staffId],
      foreignColumns: [staffMembers.businessId, staffMembers.id],
    }).onDelete("no action"),
    index("appointments_business_idx").on(t.businessId, t.createdAt, t.id),
    index("appointments_staff_start_idx").on(t.businessId, t.staffId, t.startAt),
    index("appointments_contact_idx").on(t.contactId),
    index("appointments_service_idx").on(t.businessId, t.serviceId),
    check("appointments_status_check", oneOf(t.status, appointmentStatuses)),
    check("appointments_times_check", sql`${t.startAt} < ${t.endAt} and ${t.endAt} <= ${t.bufferEndAt}`),
  ],
);
