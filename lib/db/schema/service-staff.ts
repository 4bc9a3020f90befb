import { foreignKey, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { businessId } from "./tenancy";
import { services } from "./services";
import { staffMembers } from "./staff-members";

// Who performs which service. Both references carry the business, so a service can only name staff of
// its own business.
export const serviceStaff = pgTable(
  "service_staff",
  {
    businessId: businessId(),
    serviceId: text("service_id").notNull(),
    staffId: text("staff_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.serviceId, t.staffId] }),
    foreignKey({
      name: "service_staff_service_fk",
      columns: [t.businessId, t.serviceId],
      foreignColumns: [services.businessId, services.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "service_staff_staff_fk",
      columns: [t.businessId, t.staffId],
      foreignColumns: [staffMembers.businessId, staffMembers.id],
    }).onDelete("cascade"),
    index("service_staff_staff_idx").on(t.businessId, t.staffId),
  ],
);
