// How the unseen corpus grades a conversation beyond tests/conversations/outcome.ts: wall clocks in
// each business's own time zone (Lola is in Madrid, an hour ahead of Lisbon), the notes and remarks a
// record carries (under whatever field name), a lead's interest, and whether a person was offered.
// The trades corpus (issue 40) adds appointments, read through GET /v1/appointments.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { messages, records } from "@/lib/db/schema";
import { type ActualBooking, type ActualLead, type ActualOrder, bookingMatches, fold, leadMatches, orderMatches, readOutcome } from "../outcome";
import { api } from "@/tests/helpers/api";
import type { ExpectedAppointment, ExpectedBooking, ExpectedLead, ExpectedOrder, Fact } from "./case-schema";

function wallClockMs(zone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
}

/** The instant of a wall clock "2026-11-25T16:00" in `zone` (DST-safe). */
export function localToInstantIn(zone: string, local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new Error(`not a local time: ${local}`);
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  let t = asUtc;
  for (let i = 0; i < 2; i++) t = asUtc - (wallClockMs(zone, new Date(t)) - t);
  return new Date(t);
}

/** A stored time (ISO with an offset, or already a wall clock) as the wall clock "2026-11-26T20:00" in `zone`. */
export function storedToLocal(zone: string, v: unknown): string | null {
  if (v === undefined || v === null || v === "") return null;
  const s = String(v);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) return s.slice(0, 16);
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : new Date(wallClockMs(zone, d)).toISOString().slice(0, 16);
}

export function hasFact(text: string, fact: Fact): boolean {
  if (typeof fact === "string") return fold(text).includes(fold(fact));
  const re = new RegExp(fact.re, (fact.flags ?? "").replace("g", ""));
  return re.test(text) || re.test(fold(text));
}

export const showFact = (f: Fact) => (typeof f === "string" ? JSON.stringify(f) : `/${f.re}/${f.flags ?? ""}`);

// A record's structure (what was booked or ordered, by whom, for how much): never a note. Everything
// else a skill stores (notes, remarks, comments, interest, per-item notes) is searched for notes.
const STRUCTURE = new Set([
  ...["when", "date", "time", "party_size", "partySize", "name", "status", "email", "phone", "address", "fulfilment"],
  ...["items", "item", "itemId", "externalId", "id", "title", "qty", "quantity", "unitPrice", "price"],
  ...["subtotal", "deliveryFee", "total", "totalCents", "totalText", "currency"],
]);

function remarks(value: unknown, key?: string): string[] {
  if (key !== undefined && STRUCTURE.has(key) && key !== "items") return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((v) => remarks(v));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => remarks(v, k));
  return [];
}

export type Graded<T> = T & { remarks: string };
export type UnseenActual = {
  bookings: Graded<ActualBooking>[];
  orders: Graded<ActualOrder>[];
  leads: Graded<ActualLead>[];
  other: Array<{ collection: string; fields: unknown }>;
};

/** The business's records as the corpus states them, booking times in `zone`, each with its remarks. */
export async function readUnseenOutcome(businessId: string, zone: string): Promise<UnseenActual> {
  const base = await readOutcome(businessId);
  // readOutcome reads in this same order, so its rows of a collection line up with these.
  const rows = await db().select().from(records).where(eq(records.businessId, businessId)).orderBy(asc(records.createdAt), asc(records.id));
  const of = (collection: string) => rows.filter((r) => r.collection === collection);
  const text = (fields: Record<string, unknown>) => fold(remarks(fields).join(" | "));
  return {
    bookings: of("bookings").map((r, i) => ({ ...base.bookings[i], when: storedToLocal(zone, r.fields.when), remarks: text(r.fields) })),
    orders: of("orders").map((r, i) => ({ ...base.orders[i], remarks: text(r.fields) })),
    leads: of("leads").map((r, i) => ({ ...base.leads[i], remarks: text(r.fields) })),
    other: base.other,
  };
}

const noted = (notes: string[] | undefined, a: { remarks: string }) => (notes ?? []).every((n) => a.remarks.includes(fold(n)));

export const bookingFits = (e: ExpectedBooking, a: Graded<ActualBooking>) => bookingMatches(e, a) && noted(e.notes, a);
export const orderFits = (e: ExpectedOrder, a: Graded<ActualOrder>) => orderMatches(e, a) && noted(e.notes, a);
export const leadFits = (e: ExpectedLead, a: Graded<ActualLead>) =>
  leadMatches(e, a) && (e.interest === undefined || a.remarks.includes(fold(e.interest)));

/**
 * A person was offered: a reply button or list row whose id starts with "handoff" in the assistant's
 * stored messages to this contact, or the conversation is in handoff. (Options stored as plain titles
 * carry no id and so never count: the title's wording is not graded.)
 */
export async function personOffered(businessId: string, contactId: string, status: string | null): Promise<boolean> {
  if (status === "handoff") return true;
  const rows = await db()
    .select({ interactive: messages.interactive })
    .from(messages)
    .where(
      and(
        eq(messages.businessId, businessId),
        eq(messages.contactId, contactId),
        eq(messages.direction, "outbound"),
        isNotNull(messages.interactive),
      ),
    );
  return rows.some((r) =>
    ((r.interactive?.options ?? []) as unknown[]).some(
      (o) => !!o && typeof o === "object" && typeof (o as { id?: unknown }).id === "string" && (o as { id: string }).id.startsWith("handoff"),
    ),
  );
}

/** An appointment as the corpus states it: the service's English name, the staff member's name, a wall clock. */
export type ActualAppointment = { id: string; service: string; staff: string; when: string; status: string };

/**
 * The business's appointments through GET /v1/appointments (every page), with the service's and the
 * staff member's names looked up from their ids (`services`: id -> English name, `staff`: id -> name)
 * and the start as the wall clock in `zone`.
 */
export async function readAppointments(
  key: string,
  zone: string,
  services: Record<string, string>,
  staff: Record<string, string>,
): Promise<ActualAppointment[]> {
  const out: ActualAppointment[] = [];
  let cursor: string | null = null;
  do {
    const res = await api("GET", `/v1/appointments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
    if (res.status !== 200) throw new Error(`GET /v1/appointments: ${res.status} ${JSON.stringify(res.body)}`);
    for (const a of res.body.data as Array<{ id: string; serviceId: string; staffId: string; start: string; status: string }>)
      out.push({
        id: a.id,
        service: services[a.serviceId] ?? a.serviceId,
        staff: staff[a.staffId] ?? a.staffId,
        when: storedToLocal(zone, a.start) ?? a.start,
        status: a.status,
      });
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

const ACTIVE = new Set(["booked", "confirmed"]);

/** Service, start, status (active when the case names none) and, when the case names one, the staff member by a word of their name. */
export function appointmentFits(e: ExpectedAppointment, a: ActualAppointment): boolean {
  const words = fold(a.staff).split(/[\s.]+/);
  return (
    fold(a.service) === fold(e.service) &&
    a.when === e.when &&
    (e.status ? a.status === e.status : ACTIVE.has(a.status)) &&
    (e.staff === undefined || words.includes(fold(e.staff)))
  );
}

/**
 * The appointments a case expects against those there are: the active ones exactly (each expected one
 * matched by a distinct appointment, no other active one), and each expected cancelled one among the
 * cancelled. Cancelled appointments the case does not name are not graded: a reschedule may move an
 * appointment or cancel it and book anew, and both leave the same times held.
 */
export function compareAppointments(expected: ExpectedAppointment[] | undefined, actual: ActualAppointment[]): string[] {
  const want = expected ?? [];
  const problems: string[] = [];
  const left = [...actual];
  for (const e of want) {
    const i = left.findIndex((a) => appointmentFits(e, a));
    if (i >= 0) left.splice(i, 1);
    else problems.push(`appointments: expected ${JSON.stringify(e)}, not found`);
  }
  for (const a of left.filter((x) => ACTIVE.has(x.status)))
    problems.push(`appointments: unexpected ${JSON.stringify({ service: a.service, staff: a.staff, when: a.when, status: a.status })}`);
  return problems;
}
