import { z } from "zod";
import { hoursRangeSchema, weekdayKeys } from "../businesses/hours-rules";
import { appointmentStatuses } from "../db/schema/appointments";
import { instantInRange } from "../pagination";
import { isoDateTimePattern } from "../time/time-zone";

// Services, staff members, appointments and availability: the zod schemas that validate the /v1
// operations and document them in OpenAPI (docs/appointments.md). The dashboard imports the types only.

const languages = ["en", "pt", "es"] as const;
const texts = (max: number, what: string) =>
  z.strictObject(
    Object.fromEntries(languages.map((l) => [l, z.string().trim().min(1, `${what} must not be empty.`).max(max).optional()])) as Record<
      (typeof languages)[number],
      z.ZodOptional<z.ZodString>
    >,
  );
const serviceName = texts(200, "name")
  .refine((n) => Object.values(n).some(Boolean), "Give the name in at least one language (en, pt or es).")
  .describe('The name in each of the business\'s languages: `{"en": "Haircut", "pt": "Corte"}`; at least one.')
  .meta({ example: { en: "Haircut and beard", pt: "Corte e barba", es: "Corte y barba" } });
const serviceDescription = texts(2000, "description").describe("Optional, per language like the name.");

const price = z.object({
  amount: z.number().int().min(0).max(100_000_000).describe("In the currency's minor unit (1500 is 15.00 EUR), as catalog prices."),
  currency: z.string().regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as EUR."),
});
const stfId = z.string().regex(/^stf_[0-9A-HJKMNP-TV-Z]{26}$/, "must be a staff member id (stf_...).");
const staffIds = z
  .array(stfId)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, "must not name a staff member twice.")
  .describe("The staff members who perform it.");

export const serviceIn = z.strictObject({
  name: serviceName,
  description: serviceDescription.optional(),
  durationMinutes: z.number().int().min(5).max(1440).describe("How long it takes, 5..1440 minutes."),
  bufferAfterMinutes: z.number().int().min(0).max(1440).default(0).describe("Kept free after it (cleaning up), 0..1440 minutes."),
  price: price.nullable().optional(),
  active: z.boolean().default(true).describe("Inactive services are not offered."),
  staffIds: staffIds.default([]),
});
export const servicePatch = z
  .strictObject({
    name: serviceName.optional(),
    description: serviceDescription.optional(),
    durationMinutes: serviceIn.shape.durationMinutes.optional(),
    bufferAfterMinutes: z.number().int().min(0).max(1440).optional(),
    price: price.nullable().optional(),
    active: z.boolean().optional(),
    staffIds: staffIds.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Give at least one field to change.");

export const serviceOut = z.object({
  id: z.string().meta({ example: "svc_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  durationMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  price: price.nullable(),
  active: z.boolean(),
  staffIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceOut = z.infer<typeof serviceOut>;

const dayRanges = z.array(hoursRangeSchema).max(12, "at most 12 ranges a day");
const weekly = z
  .partialRecord(z.enum(weekdayKeys), dayRanges)
  .describe('Ranges per weekday in the business\'s time zone: `{"mon": ["09:00-13:00", "14:00-18:00"]}`.');
const timeOff = z
  .array(
    z
      .strictObject({
        from: z.iso.date("must be a date like 2026-12-24"),
        to: z.iso.date("must be a date like 2026-12-26"),
        reason: z.string().trim().max(200).optional(),
      })
      .refine((t) => t.from <= t.to, { message: "must not end before it starts", path: ["to"] }),
  )
  .max(200)
  .describe("Days away (holidays, leave), both dates included.");

export const staffIn = z.strictObject({
  name: z.string().trim().min(1, "name must not be empty.").max(200),
  active: z.boolean().default(true).describe("Inactive staff members are offered for nothing."),
  weekly: weekly.default({}),
  breaks: weekly.default({}).describe('Breaks per weekday, the same way: `{"mon": ["13:00-14:00"]}`.'),
  timeOff: timeOff.default([]),
});
export const staffPatch = z
  .strictObject({
    name: staffIn.shape.name.optional(),
    active: z.boolean().optional(),
    weekly: weekly.optional(),
    breaks: weekly.optional(),
    timeOff: timeOff.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Give at least one field to change.");

export const staffOut = z.object({
  id: z.string().meta({ example: "stf_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  name: z.string(),
  active: z.boolean(),
  weekly: z.record(z.string(), z.array(z.string())),
  breaks: z.record(z.string(), z.array(z.string())),
  timeOff: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string().optional() })),
  serviceIds: z.array(z.string()).describe("The services they perform."),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffOut = z.infer<typeof staffOut>;

/** An instant with its offset or Z (`2026-12-07T10:00:00+00:00`), as a Date. */
const instant = z
  .string()
  .regex(isoDateTimePattern, "must be an ISO 8601 date-time with an offset, like 2026-12-07T10:00:00+01:00")
  .transform((s) => new Date(s))
  .refine(instantInRange, "must be a real date-time between 1970 and 9999");

export const appointmentStatus = z.enum(appointmentStatuses);

export const appointmentIn = z
  .strictObject({
    serviceId: z.string().min(1).max(100),
    staffId: z.string().min(1).max(100).optional().describe("Left out: any free staff member who performs the service."),
    start: instant.describe("When it starts, an ISO 8601 date-time with an offset."),
    contactId: z.string().min(1).max(100).optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "phone must be E.164, like +351912345678")
      .optional()
      .describe("The customer's E.164 phone (the contact is found or created); or give contactId."),
    notes: z.string().trim().max(2000).optional(),
  })
  .refine((b) => Boolean(b.contactId) !== Boolean(b.phone), { message: "Give exactly one of contactId or phone.", path: ["contactId"] });

export const appointmentPatch = z
  .strictObject({
    start: instant.optional().describe("A new start (reschedule): checked against availability like a booking."),
    staffId: z.string().min(1).max(100).optional().describe("Another staff member who performs the service."),
    status: appointmentStatus.optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Give at least one field to change.");

export const appointmentOut = z.object({
  id: z.string().meta({ example: "apt_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  serviceId: z.string(),
  staffId: z.string(),
  contactId: z.string(),
  start: z.string().describe("ISO 8601 with the business's offset."),
  end: z.string().describe("start plus the service's duration."),
  bufferEnd: z.string().describe("end plus the service's buffer: the staff member is held until then."),
  status: appointmentStatus,
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentOut = z.infer<typeof appointmentOut>;

/** A query's date (a whole local day in the business's time zone) or date-time. */
export const dayOrInstant = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    "must be a date (2026-12-07) or an ISO 8601 date-time with an offset",
  )
  .refine((s) => instantInRange(new Date(s.length === 10 ? `${s}T00:00:00Z` : s)), "must be a real date between 1970 and 9999");

export const availabilityOut = z.object({
  serviceId: z.string(),
  timeZone: z.string(),
  stepMinutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  slots: z.array(
    z.object({
      start: z.string().describe("ISO 8601 with the business's offset."),
      end: z.string(),
      staffIds: z.array(z.string()).describe("The staff members free then."),
    }),
  ),
});
export type AvailabilityOut = z.infer<typeof availabilityOut>;
