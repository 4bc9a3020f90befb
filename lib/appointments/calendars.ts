import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { and, eq, gte, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { loadBusinessHours } from "../businesses/hours";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { appointments, businesses, contacts, services, staffCalendars, staffMembers } from "../db/schema";
import { notFound } from "../errors";
import { publicBaseUrl } from "../media/signed-url";
import { assertWebhookUrl } from "../webhooks/address-rules";
import { scheduleBusyFeeds } from "./busy-feeds";
import type { StaffCalendarOut } from "./calendar-schema";
import { serviceName } from "./wording";

// A staff member's calendars (issue 40, item 5; docs/appointments.md, "Calendars"): the private feed of
// their appointments at /calendars/<token>.ics (a secret URL, the only key: calendar apps subscribe
// without signing in), revocable and regenerable, and the busy-times feed they give us (./busy-feeds.ts).

const PAST_DAYS = 30;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
export const feedPath = (token: string) => `/calendars/${token}.ics`;

async function staffRow(db: Db, businessId: string, staffId: string) {
  const [s] = await db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, staffId)));
  if (!s) throw notFound("staff member");
  return s;
}

export async function getStaffCalendar(db: Db, businessId: string, staffId: string): Promise<StaffCalendarOut> {
  await staffRow(db, businessId, staffId);
  const [c] = await db
    .select()
    .from(staffCalendars)
    .where(and(eq(staffCalendars.businessId, businessId), eq(staffCalendars.staffId, staffId)));
  const token = c?.feedTokenEnc ? decryptSecret(c.feedTokenEnc) : null;
  return {
    staffId,
    feedUrl: token ? `${publicBaseUrl()}${feedPath(token)}` : null,
    busyFeed: c?.busyUrl
      ? { url: c.busyUrl, fetchedAt: c.busyFetchedAt?.toISOString() ?? null, error: c.busyError, intervals: c.busyIntervals }
      : null,
  };
}

async function upsert(db: Db, businessId: string, staffId: string, set: Partial<typeof staffCalendars.$inferInsert>) {
  await db
    .insert(staffCalendars)
    .values({ businessId, staffId, ...set })
    .onConflictDoUpdate({ target: staffCalendars.staffId, set: { ...set, updatedAt: sql`now()` } });
}

/** A new secret feed URL; the previous one (if any) stops working at once. */
export async function regenerateFeed(db: Db, businessId: string, staffId: string): Promise<StaffCalendarOut> {
  await staffRow(db, businessId, staffId);
  const token = randomBytes(24).toString("base64url");
  await upsert(db, businessId, staffId, { feedTokenHash: hashOf(token), feedTokenEnc: encryptSecret(token) });
  return getStaffCalendar(db, businessId, staffId);
}

/** Revokes the feed URL: it answers 404 from now on. */
export async function revokeFeed(db: Db, businessId: string, staffId: string): Promise<StaffCalendarOut> {
  await staffRow(db, businessId, staffId);
  await upsert(db, businessId, staffId, { feedTokenHash: null, feedTokenEnc: null });
  return getStaffCalendar(db, businessId, staffId);
}

/** Sets (and fetches at once, through the job) or removes the busy-times feed. */
export async function setBusyFeed(db: Db, businessId: string, staffId: string, url: string | null): Promise<StaffCalendarOut> {
  await staffRow(db, businessId, staffId);
  const checked = url === null ? null : assertWebhookUrl(url, "url");
  await db.transaction(async (tx) => {
    await upsert(tx, businessId, staffId, { busyUrl: checked, busyFetchedAt: null, busyError: null, busyIntervals: 0 });
    // The intervals belong to the feed they came from: a new URL starts empty until its first fetch.
    await tx.execute(sql`delete from staff_busy_times where business_id = ${businessId} and staff_id = ${staffId}`);
    if (checked !== null) await scheduleBusyFeeds(tx, businessId);
  });
  return getStaffCalendar(db, businessId, staffId);
}

/** The ICS of a feed token (null: no such token, or revoked): the staff member's appointments of the last 30 days and ahead. */
export async function feedIcs(db: Db, token: string, at: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [c] = await db
    .select({ businessId: staffCalendars.businessId, staffId: staffCalendars.staffId, staff: staffMembers.name, business: businesses.name })
    .from(staffCalendars)
    .innerJoin(staffMembers, and(eq(staffMembers.businessId, staffCalendars.businessId), eq(staffMembers.id, staffCalendars.staffId)))
    .innerJoin(businesses, eq(businesses.id, staffCalendars.businessId))
    .where(eq(staffCalendars.feedTokenHash, hashOf(token)));
  if (!c) return null;
  const timeZone = (await loadBusinessHours(db, c.businessId)).timeZone;
  const rows = await db
    .select({ a: appointments, service: services.name, contactName: contacts.name, phone: contacts.phone })
    .from(appointments)
    .innerJoin(services, and(eq(services.businessId, appointments.businessId), eq(services.id, appointments.serviceId)))
    .innerJoin(contacts, eq(contacts.id, appointments.contactId))
    .where(
      and(
        eq(appointments.businessId, c.businessId),
        eq(appointments.staffId, c.staffId),
        gte(appointments.endAt, new Date(at.getTime() - PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(appointments.startAt);
  const cal = ical({
    name: `${c.staff} · ${c.business}`,
    prodId: { company: "convo", product: "appointments", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: timeZone, generator: getVtimezoneComponent },
    ttl: 15 * 60,
  });
  for (const { a, service, contactName, phone } of rows) {
    const who = contactName ?? phone ?? "";
    cal.createEvent({
      // Stable across fetches and moves: a calendar app updates the event in place.
      id: `${a.id}@appointments`,
      start: a.startAt,
      end: a.endAt,
      stamp: a.updatedAt,
      timezone: timeZone,
      summary: who ? `${serviceName(service, "en")} · ${who}` : serviceName(service, "en"),
      description: [a.notes, `Status: ${a.status}`].filter(Boolean).join("\n"),
      status: a.status === "cancelled" ? ICalEventStatus.CANCELLED : a.status === "booked" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
