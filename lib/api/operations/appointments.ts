import { z } from "zod";
import { bookAppointment, getAppointment, listAppointments, updateAppointment } from "../../appointments/appointments";
import { freeTimes } from "../../appointments/free-times";
import {
  appointmentIn,
  appointmentOut,
  appointmentPatch,
  appointmentStatus,
  availabilityOut,
  dayOrInstant,
  serviceIn,
  serviceOut,
  servicePatch,
  staffIn,
  staffOut,
  staffPatch,
} from "../../appointments/schema";
import { createService, deleteService, getService, listServices, updateService } from "../../appointments/services";
import { createStaff, deleteStaff, getStaff, listStaff, updateStaff } from "../../appointments/staff";
import { now } from "../../time/clock";
import { defineOperation } from "../operation";
import { idParam, isoDate, pageOf, pageQuery } from "./common";

// Services, staff members, appointments and availability (issue 40; docs/appointments.md). Keys need
// appointments:read / appointments:write; in the dashboard only owners define services and staff,
// agents may book, move and cancel appointments.

const tag = "Appointments";
const serviceParam = idParam("serviceId", "svc_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const staffParam = idParam("staffId", "stf_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const appointmentParam = idParam("appointmentId", "apt_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const activeFilter = z
  .enum(["true", "false"], { error: "active must be true or false." })
  .transform((v) => v === "true")
  .optional()
  .describe("Only active (`true`) or inactive (`false`) ones.");
const deleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const servicesList = defineOperation({
  id: "services-list",
  method: "GET",
  path: "/services",
  scope: "appointments:read",
  tag,
  summary: "List the business's services, newest first",
  query: pageQuery.extend({ active: activeFilter }),
  response: pageOf(serviceOut),
  handler: async (ctx, { query }) => listServices(ctx.db, ctx.businessId, query),
});

export const servicesCreate = defineOperation({
  id: "services-create",
  method: "POST",
  path: "/services",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Create a service",
  description: "`staffIds` must name this business's staff members (else 400 with the entry's path).",
  body: serviceIn,
  response: serviceOut,
  handler: async (ctx, { body }) => createService(ctx.db, ctx.businessId, body),
});

export const servicesGet = defineOperation({
  id: "services-get",
  method: "GET",
  path: "/services/{serviceId}",
  scope: "appointments:read",
  tag,
  summary: "Read one service",
  params: serviceParam,
  response: serviceOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getService(ctx.db, ctx.businessId, params.serviceId),
});

export const servicesUpdate = defineOperation({
  id: "services-update",
  method: "PATCH",
  path: "/services/{serviceId}",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Change a service",
  description: "Only the fields given change; `staffIds` replaces who performs it; `price: null` clears the price.",
  params: serviceParam,
  body: servicePatch,
  response: serviceOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => updateService(ctx.db, ctx.businessId, params.serviceId, body),
});

export const servicesDelete = defineOperation({
  id: "services-delete",
  method: "DELETE",
  path: "/services/{serviceId}",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Delete a service",
  description: "A service that appointments name is kept: 409 `conflict` (set it inactive instead).",
  params: serviceParam,
  response: deleted,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params }) => deleteService(ctx.db, ctx.businessId, params.serviceId),
});

export const staffList = defineOperation({
  id: "staff-list",
  method: "GET",
  path: "/staff",
  scope: "appointments:read",
  tag,
  summary: "List the business's staff members, newest first",
  query: pageQuery.extend({ active: activeFilter }),
  response: pageOf(staffOut),
  handler: async (ctx, { query }) => listStaff(ctx.db, ctx.businessId, query),
});

export const staffCreate = defineOperation({
  id: "staff-create",
  method: "POST",
  path: "/staff",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Add a staff member with their weekly hours, breaks and time off",
  body: staffIn,
  response: staffOut,
  handler: async (ctx, { body }) => createStaff(ctx.db, ctx.businessId, body),
});

export const staffGet = defineOperation({
  id: "staff-get",
  method: "GET",
  path: "/staff/{staffId}",
  scope: "appointments:read",
  tag,
  summary: "Read one staff member",
  params: staffParam,
  response: staffOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getStaff(ctx.db, ctx.businessId, params.staffId),
});

export const staffUpdate = defineOperation({
  id: "staff-update",
  method: "PATCH",
  path: "/staff/{staffId}",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Change a staff member",
  description: "Only the fields given change; `weekly`, `breaks` and `timeOff` are replaced whole. Existing appointments are kept.",
  params: staffParam,
  body: staffPatch,
  response: staffOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) => updateStaff(ctx.db, ctx.businessId, params.staffId, body),
});

export const staffDelete = defineOperation({
  id: "staff-delete",
  method: "DELETE",
  path: "/staff/{staffId}",
  scope: "appointments:write",
  role: "owner",
  tag,
  summary: "Delete a staff member",
  description: "A staff member that appointments name is kept: 409 `conflict` (set them inactive instead).",
  params: staffParam,
  response: deleted,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params }) => deleteStaff(ctx.db, ctx.businessId, params.staffId),
});

export const availabilityGet = defineOperation({
  id: "availability-get",
  method: "GET",
  path: "/availability",
  scope: "appointments:read",
  tag,
  summary: "Free start times of a service",
  description:
    "From each qualified staff member's hours, breaks and time off, the appointments they have (buffers included) and the business's hours and holidays, in the business's time zone, never in the past. `from`/`to` take a date (a whole local day; `to` is included) or a date-time; default: the next 7 days; at most 31 days.",
  query: z.object({
    serviceId: z.string().min(1).max(100),
    staffId: z.string().min(1).max(100).optional().describe("Only this staff member's times."),
    from: dayOrInstant.optional(),
    to: dayOrInstant.optional(),
    step: z
      .string()
      .regex(/^\d{1,3}$/, "step must be a whole number of minutes")
      .transform(Number)
      .pipe(z.number().int().min(5, "step must be at least 5").max(240, "step must be at most 240"))
      .optional()
      .default(15)
      .describe("Minutes between offered starts, from local midnight, 5..240 (default 15)."),
  }),
  response: availabilityOut,
  handler: async (ctx, { query }) => freeTimes(ctx.db, ctx.businessId, query, now()),
});

export const appointmentsBook = defineOperation({
  id: "appointments-book",
  method: "POST",
  path: "/appointments",
  scope: "appointments:write",
  tag,
  summary: "Book an appointment",
  description:
    "Rechecked against availability inside the booking's transaction; the database refuses an overlap with the staff member's other active appointments, so two clients racing for one time get one booking and one 409 `conflict`. Without `staffId`, any free staff member who performs the service. Fires `appointment.created`.",
  body: appointmentIn,
  response: appointmentOut,
  idempotent: true,
  errors: ["conflict"],
  handler: async (ctx, { body }) => bookAppointment(ctx.db, ctx.businessId, body, now()),
});

export const appointmentsList = defineOperation({
  id: "appointments-list",
  method: "GET",
  path: "/appointments",
  scope: "appointments:read",
  tag,
  summary: "List appointments, newest booked first",
  description: "`from`/`to` bound their start (`from` included, `to` not).",
  query: pageQuery.extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    staffId: z.string().min(1).max(100).optional(),
    status: appointmentStatus.optional(),
  }),
  response: pageOf(appointmentOut),
  handler: async (ctx, { query }) => listAppointments(ctx.db, ctx.businessId, query),
});

export const appointmentsGet = defineOperation({
  id: "appointments-get",
  method: "GET",
  path: "/appointments/{appointmentId}",
  scope: "appointments:read",
  tag,
  summary: "Read one appointment",
  params: appointmentParam,
  response: appointmentOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getAppointment(ctx.db, ctx.businessId, params.appointmentId),
});

export const appointmentsUpdate = defineOperation({
  id: "appointments-update",
  method: "PATCH",
  path: "/appointments/{appointmentId}",
  scope: "appointments:write",
  tag,
  summary: "Reschedule, cancel, confirm, mark a no-show or complete an appointment",
  description:
    "A new `start` or `staffId` is checked like a booking (409 `conflict` when not free); so is bringing a cancelled or no-show appointment back to `booked`/`confirmed`. Fires `appointment.updated` with the previous status, start and staff member.",
  params: appointmentParam,
  body: appointmentPatch,
  response: appointmentOut,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params, body }) => updateAppointment(ctx.db, ctx.businessId, params.appointmentId, body, now()),
});
