import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { records, services, staffMembers } from "../db/schema";
import { createRecord, type RecordOut, updateRecord } from "../records/records";
import type { AppointmentOut } from "./schema";

// An appointment the assistant books is also a record in the `appointments` collection, so the inbox's
// side panel, Records, its export and `record.created`/`record.updated` show it as they show bookings and
// orders. The appointment stays the truth (the database guards it, docs/appointments.md); the record
// points at it (`fields.appointmentId`) and follows every change made to it, whoever makes it.

export const APPOINTMENTS = "appointments";
type Lang = "en" | "pt" | "es";

const nameIn = (name: Partial<Record<Lang, string>>, lang: Lang) => name[lang] ?? name.en ?? name.pt ?? name.es ?? "";

async function staffName(db: Db, businessId: string, staffId: string): Promise<string> {
  const [s] = await db
    .select({ name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, staffId)));
  return s?.name ?? "";
}

/** The service's name in `lang` (else another of its names) and the staff member's. */
export async function appointmentNames(db: Db, businessId: string, a: Pick<AppointmentOut, "serviceId" | "staffId">, lang: Lang) {
  const [s] = await db
    .select({ name: services.name })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.id, a.serviceId)));
  return { service: s ? nameIn(s.name, lang) : "", staff: await staffName(db, businessId, a.staffId) };
}

/** Writes the record of an appointment just booked (`record.created`, status `booked`). */
export async function writeAppointmentRecord(
  db: Db,
  businessId: string,
  a: AppointmentOut,
  place: { conversationId: string | null; contactId: string; lang: Lang },
): Promise<RecordOut> {
  const names = await appointmentNames(db, businessId, a, place.lang);
  return createRecord(db, businessId, {
    collection: APPOINTMENTS,
    fields: { appointmentId: a.id, service: names.service, staff: names.staff, start: a.start, end: a.end, ...(a.notes ? { notes: a.notes } : {}) },
    conversationId: place.conversationId,
    contactId: place.contactId,
  });
}

/** The record of an appointment, if the assistant wrote one. */
export async function appointmentRecordId(db: Db, businessId: string, appointmentId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.businessId, businessId), eq(records.collection, APPOINTMENTS), sql`${records.fields}->>'appointmentId' = ${appointmentId}`))
    .limit(1);
  return row?.id ?? null;
}

/**
 * After a change to an appointment (moved, another person, a new status): its record follows, with
 * `record.updated`, in the caller's transaction. Nothing when it has no record or nothing it shows changed.
 */
export async function followAppointment(db: Db, businessId: string, a: AppointmentOut): Promise<void> {
  const id = await appointmentRecordId(db, businessId, a.id);
  if (!id) return;
  const [current] = await db.select({ fields: records.fields, status: records.status }).from(records).where(eq(records.id, id));
  const fields = { start: a.start, end: a.end, staff: await staffName(db, businessId, a.staffId), ...(a.notes ? { notes: a.notes } : {}) };
  const same = current.status === a.status && Object.entries(fields).every(([k, v]) => current.fields[k] === v);
  if (!same) await updateRecord(db, businessId, id, { fields, status: a.status });
}
