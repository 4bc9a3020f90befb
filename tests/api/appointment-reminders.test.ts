import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyIntervals, refreshBusyFeed } from "@/lib/appointments/busy-feeds";
import { calendarFeedResponse } from "@/lib/appointments/calendar-feed-response";
import { reminderAnswerRunner } from "@/lib/appointments/reminder-replies";
import { sendDueReminders } from "@/lib/appointments/reminders";
import { setBusinessHours } from "@/lib/businesses/hours";
import { db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { receiveInboundMessage } from "@/lib/messages/receive-message";
import { pinClock } from "@/lib/time/clock";
import { guardedGet } from "@/lib/webhooks/guarded-get";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";

// Reminders, their buttons, no-shows in the reports, calendar feeds and busy-times feeds
// (docs/appointments.md), on the database the run uses. Clock pinned: Monday 30 Nov 2026 08:00 (Lisbon = UTC).
const NOW = new Date("2026-11-30T08:00:00Z");
const week = { mon: ["09:00-18:00"], tue: ["09:00-18:00"], wed: ["09:00-18:00"], thu: ["09:00-18:00"], fri: ["09:00-18:00"] };

type Salon = TestBusiness & { ana: string; cut: string };

async function salon(): Promise<Salon> {
  const b = await makeBusiness({ name: "Salon Lux" });
  await setBusinessHours(db(), b.businessId, { timeZone: "Europe/Lisbon", weekly: {}, holidays: [] });
  const ana = await api("POST", "/v1/staff", { key: b.key, body: { name: "Ana", weekly: week } });
  const cut = await api("POST", "/v1/services", { key: b.key, body: { name: { en: "Haircut" }, durationMinutes: 60, staffIds: [ana.body.id] } });
  const tpl = await api("POST", "/v1/templates", {
    key: b.key,
    body: {
      name: "appointment_reminder",
      language: "en",
      category: "utility",
      body: "Hi! Your {{1}} with {{2}} is on {{3}} at {{4}}.",
      examples: ["Haircut", "Ana", "Tue 1 Dec, 10:00", "Salon Lux"],
      buttons: [
        { type: "quick_reply", text: "Confirm" },
        { type: "quick_reply", text: "Reschedule" },
        { type: "quick_reply", text: "Cancel" },
      ],
    },
  });
  expect([ana.status, cut.status, tpl.status]).toEqual([200, 200, 200]);
  return { ...b, ana: ana.body.id, cut: cut.body.id };
}

async function book(s: Salon, start: string, phone = uniquePhone()) {
  const r = await api("POST", "/v1/appointments", { key: s.key, body: { serviceId: s.cut, start, phone } });
  expect(r.status).toBe(200);
  return { id: r.body.id as string, phone, contactId: r.body.contactId as string };
}

async function turnOn(s: Salon, leadMinutes = 1440) {
  const r = await api("PATCH", "/v1/appointment-settings", {
    key: s.key,
    body: { reminders: { enabled: true, leadMinutes, template: { name: "appointment_reminder", language: "en" } } },
  });
  expect(r.status).toBe(200);
}

const outbound = (s: Salon, contactId: string) =>
  db()
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.businessId, s.businessId), eq(schema.messages.contactId, contactId), eq(schema.messages.direction, "outbound")))
    // The id breaks a tie: two replies of one answer (taken, then the times) can share a millisecond.
    .orderBy(schema.messages.createdAt, schema.messages.id);

async function tap(s: Salon, phone: string, id: string, kind: "button" | "list" = "button") {
  const { message, conversation } = await receiveInboundMessage(db(), s.businessId, {
    channel: "sandbox",
    from: phone,
    profileName: null,
    channelMessageId: `sbx_${Math.random()}`,
    timestamp: new Date(),
    type: kind === "button" ? "button" : "interactive",
    text: "tap",
    content: { kind: kind === "button" ? "button_reply" : "list_reply", id, title: "tap" },
  });
  const [job] = await db()
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.queue, "appointments.reminder-answer"), eq(schema.jobs.businessId, s.businessId)))
    .orderBy(schema.jobs.id);
  expect(job).toBeDefined();
  await db().delete(schema.jobs).where(eq(schema.jobs.id, job.id));
  // No assistant turn for a reminder answer.
  const turns = await db()
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.queue, "assistant.turn"), eq(schema.jobs.businessId, s.businessId)));
  expect(turns).toHaveLength(0);
  await reminderAnswerRunner(
    { businessId: s.businessId, conversationId: conversation.id, messageId: message.id },
    {
      id: 0,
      queue: "appointments.reminder-answer",
      payload: {},
      attempts: 1,
      maxAttempts: 5,
    },
  );
}

const status = async (s: Salon, id: string) => (await api("GET", `/v1/appointments/${id}`, { key: s.key })).body.status;

beforeAll(() => pinClock(NOW));
afterAll(() => pinClock(null));

describe("reminder settings", () => {
  it("defaults to off at 24 h, refuses bad input and an unfit template, and keeps what it is given", async () => {
    const s = await salon();
    expect((await api("GET", "/v1/appointment-settings", { key: s.key })).body).toEqual({
      reminders: { enabled: false, leadMinutes: 1440, template: null },
      updatedAt: null,
    });
    const noTemplate = await api("PATCH", "/v1/appointment-settings", { key: s.key, body: { reminders: { enabled: true } } });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.error.details[0].path).toBe("reminders.template");
    const tooSoon = await api("PATCH", "/v1/appointment-settings", { key: s.key, body: { reminders: { leadMinutes: 5 } } });
    expect(tooSoon.status).toBe(400);
    await api("POST", "/v1/templates", { key: s.key, body: { name: "plain", language: "en", category: "utility", body: "Hello" } });
    const unfit = await api("PATCH", "/v1/appointment-settings", {
      key: s.key,
      body: { reminders: { enabled: true, template: { name: "plain", language: "en" } } },
    });
    expect(unfit.status).toBe(400);
    expect(unfit.body.error.details.map((d: { message: string }) => d.message).join(" ")).toMatch(/quick replies/);
    expect((await api("GET", "/v1/appointment-settings", { key: s.key })).body.reminders.enabled).toBe(false);
    await turnOn(s, 120);
    expect((await api("GET", "/v1/appointment-settings", { key: s.key })).body.reminders).toEqual({
      enabled: true,
      leadMinutes: 120,
      template: { name: "appointment_reminder", language: "en" },
    });
    // The first request of the file loads the route modules: slow on a busy machine.
  }, 90_000);
});

describe("reminders", () => {
  it("goes once at the lead time with the appointment's values and buttons, never for a cancelled one", async () => {
    const s = await salon();
    await turnOn(s);
    const a = await book(s, "2026-12-01T10:00:00+00:00");
    const gone = await book(s, "2026-12-01T14:00:00+00:00");
    await api("PATCH", `/v1/appointments/${gone.id}`, { key: s.key, body: { status: "cancelled" } });

    // 10:00 tomorrow is due at 10:00 today: not yet at 09:59.
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-11-30T09:59:00Z"))).toEqual({ sent: [], failed: [] });
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-11-30T10:00:00Z"))).toEqual({ sent: [a.id], failed: [] });
    // Again (another worker, a restart): nothing more.
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-11-30T10:01:00Z"))).toEqual({ sent: [], failed: [] });
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-11-30T15:00:00Z"))).toEqual({ sent: [], failed: [] });
    const sent = await outbound(s, a.contactId);
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe("template");
    expect(sent[0].text).toBe("Hi! Your Haircut with Ana is on Tue 1 Dec, 10:00 at Salon Lux.");
    expect(sent[0].template?.buttons?.map((b) => b.value)).toEqual([`apt:confirm:${a.id}`, `apt:reschedule:${a.id}`, `apt:cancel:${a.id}`]);
    expect(await outbound(s, gone.contactId)).toHaveLength(0);
  });

  it("follows a move made before it went, and stops when reminders are turned off", async () => {
    const s = await salon();
    await turnOn(s);
    const a = await book(s, "2026-12-01T10:00:00+00:00");
    await api("PATCH", `/v1/appointments/${a.id}`, { key: s.key, body: { start: "2026-12-02T10:00:00+00:00" } });
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-11-30T10:00:00Z"))).toEqual({ sent: [], failed: [] });
    await api("PATCH", "/v1/appointment-settings", { key: s.key, body: { reminders: { enabled: false } } });
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-12-01T10:00:00Z"))).toBeNull();
    await turnOn(s);
    expect(await sendDueReminders(db(), s.businessId, new Date("2026-12-01T10:00:00Z"))).toEqual({ sent: [a.id], failed: [] });
  });

  it("each button acts: confirm, cancel, and reschedule offers times whose pick moves the appointment", async () => {
    const s = await salon();
    await turnOn(s);
    const a = await book(s, "2026-12-01T10:00:00+00:00");
    const b = await book(s, "2026-12-01T12:00:00+00:00");
    const c = await book(s, "2026-12-01T15:00:00+00:00");
    await sendDueReminders(db(), s.businessId, new Date("2026-11-30T16:00:00Z"));

    await tap(s, a.phone, `apt:confirm:${a.id}`);
    expect(await status(s, a.id)).toBe("confirmed");
    expect((await outbound(s, a.contactId)).at(-1)?.text).toBe("Thank you: your appointment on Tue 1 Dec, 10:00 is confirmed.");

    await tap(s, b.phone, `apt:cancel:${b.id}`);
    expect(await status(s, b.id)).toBe("cancelled");
    expect((await outbound(s, b.contactId)).at(-1)?.text).toBe("Your appointment on Tue 1 Dec, 12:00 is cancelled.");
    const events = await db()
      .select()
      .from(schema.events)
      .where(and(eq(schema.events.businessId, s.businessId), eq(schema.events.type, "appointment.updated")));
    expect(events.length).toBeGreaterThanOrEqual(2);

    // Another customer's tap on c's button is refused as unknown.
    await tap(s, a.phone, `apt:cancel:${c.id}`);
    expect(await status(s, c.id)).toBe("booked");

    await tap(s, c.phone, `apt:reschedule:${c.id}`);
    const offer = (await outbound(s, c.contactId)).at(-1);
    expect(offer?.type).toBe("interactive");
    const rows = ((offer?.interactive ?? { sections: [{ rows: [] }] }) as unknown as { sections: { rows: { id: string; title: string }[] }[] })
      .sections[0].rows;
    expect(rows.length).toBe(10);
    // The first free time with Ana: now is 08:00 Monday; 09:00 onwards, the cancelled 12:00 free again.
    expect(rows[0]).toEqual({ id: `apt:move:${c.id}:${Date.parse("2026-11-30T09:00:00Z") / 60_000}`, title: "Mon 30 Nov, 09:00" });
    await tap(s, c.phone, rows[0].id, "list");
    const moved = await api("GET", `/v1/appointments/${c.id}`, { key: s.key });
    expect(moved.body).toMatchObject({ start: "2026-11-30T09:00:00+00:00", status: "booked" });
    expect((await outbound(s, c.contactId)).at(-1)?.text).toBe("Done: your appointment is now on Mon 30 Nov, 09:00.");

    // A time taken meanwhile: said, and the times offered again.
    const taken = `apt:move:${c.id}:${Date.parse("2026-12-01T10:00:00Z") / 60_000}`;
    await tap(s, c.phone, taken, "list");
    expect(moved.body.start).toBe((await api("GET", `/v1/appointments/${c.id}`, { key: s.key })).body.start);
    const last = (await outbound(s, c.contactId)).slice(-2);
    expect(last[0].text).toBe("Sorry, that time was just taken.");
    expect(last[1].type).toBe("interactive");
  });
});

describe("no-shows in the reports", () => {
  it("counts appointments by status per day with the no-show rate", async () => {
    pinClock(new Date("2026-12-02T20:00:00Z"));
    try {
      const s = await salon();
      pinClock(NOW);
      const a = await book(s, "2026-12-01T10:00:00+00:00");
      const b = await book(s, "2026-12-01T12:00:00+00:00");
      const c = await book(s, "2026-12-02T10:00:00+00:00");
      await book(s, "2026-12-02T12:00:00+00:00");
      pinClock(new Date("2026-12-02T20:00:00Z"));
      expect((await api("PATCH", `/v1/appointments/${a.id}`, { key: s.key, body: { status: "no_show" } })).status).toBe(200);
      await api("PATCH", `/v1/appointments/${b.id}`, { key: s.key, body: { status: "completed" } });
      await api("PATCH", `/v1/appointments/${c.id}`, { key: s.key, body: { status: "cancelled" } });
      const r = await api("GET", "/v1/reports?from=2026-12-01&to=2026-12-02", { key: s.key });
      expect(r.status).toBe(200);
      expect(r.body.totals.appointments).toEqual({ total: 4, booked: 1, confirmed: 0, cancelled: 1, noShow: 1, completed: 1, noShowRate: 0.3333 });
      expect(r.body.rows[0].appointments).toMatchObject({ total: 2, noShow: 1, completed: 1, noShowRate: 0.5 });
      expect(r.body.rows[1].appointments).toMatchObject({ total: 2, cancelled: 1, booked: 1, noShowRate: 0 });
    } finally {
      pinClock(NOW);
    }
  });
});

describe("calendar feeds", () => {
  it("serves the staff member's appointments as ICS at a secret URL, regenerable and revocable", async () => {
    const s = await salon();
    const a = await book(s, "2026-12-01T10:00:00+00:00");
    const b = await book(s, "2026-12-01T12:00:00+00:00");
    await api("PATCH", `/v1/appointments/${b.id}`, { key: s.key, body: { status: "cancelled" } });
    expect((await api("GET", `/v1/staff/${s.ana}/calendar`, { key: s.key })).body).toEqual({ staffId: s.ana, feedUrl: null, busyFeed: null });
    const created = await api("POST", `/v1/staff/${s.ana}/calendar/feed`, { key: s.key });
    expect(created.status).toBe(200);
    const url: string = created.body.feedUrl;
    expect(url).toMatch(/\/calendars\/[A-Za-z0-9_-]{32}\.ics$/);
    const file = url.split("/").at(-1) as string;
    const res = await calendarFeedResponse(db(), file);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = await res.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(`UID:${a.id}@appointments`);
    expect(ics).toContain(`UID:${b.id}@appointments`);
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("TZID=Europe/Lisbon:20261201T100000");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    // The same UIDs on every fetch.
    expect(await (await calendarFeedResponse(db(), file)).text()).toContain(`UID:${a.id}@appointments`);

    const again = await api("POST", `/v1/staff/${s.ana}/calendar/feed`, { key: s.key });
    expect(again.body.feedUrl).not.toBe(url);
    expect((await calendarFeedResponse(db(), file)).status).toBe(404);
    const file2 = (again.body.feedUrl as string).split("/").at(-1) as string;
    expect((await calendarFeedResponse(db(), file2)).status).toBe(200);
    const revoked = await api("DELETE", `/v1/staff/${s.ana}/calendar/feed`, { key: s.key });
    expect(revoked.body.feedUrl).toBeNull();
    expect((await calendarFeedResponse(db(), file2)).status).toBe(404);
    expect((await calendarFeedResponse(db(), "nonsense.ics")).status).toBe(404);

    // Another business's staff id is a 404.
    const other = await salon();
    expect((await api("POST", `/v1/staff/${s.ana}/calendar/feed`, { key: other.key })).status).toBe(404);
  });
});

describe("busy-times feeds", () => {
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VEVENT",
    "UID:dentist@test",
    "DTSTAMP:20261101T000000Z",
    "DTSTART:20261201T100000Z",
    "DTEND:20261201T110000Z",
    "SUMMARY:Dentist",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:gym@test",
    "DTSTAMP:20261101T000000Z",
    "DTSTART:20261130T150000Z",
    "DTEND:20261130T160000Z",
    "RRULE:FREQ=WEEKLY;COUNT=20",
    "SUMMARY:Gym",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:free@test",
    "DTSTAMP:20261101T000000Z",
    "DTSTART:20261201T140000Z",
    "DTEND:20261201T150000Z",
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

  let server: http.Server;
  let base = "";
  const previous = process.env.WEBHOOK_ALLOW_PRIVATE;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/big.ics") {
        res.writeHead(200, { "content-type": "text/calendar" });
        res.end("X".repeat(3 * 1024 * 1024));
        return;
      }
      if (req.url === "/slow.ics") return; // never answers
      res.writeHead(200, { "content-type": "text/calendar" });
      res.end(ics);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = previous;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("expands recurring events over 60 days and skips free ones", () => {
    const out = busyIntervals(ics, NOW, "Europe/Lisbon");
    expect(out[0]).toEqual({ start: new Date("2026-11-30T15:00:00Z"), end: new Date("2026-11-30T16:00:00Z") });
    expect(out.some((i) => i.start.toISOString() === "2026-12-01T10:00:00.000Z")).toBe(true);
    expect(out.some((i) => i.start.toISOString() === "2026-12-01T14:00:00.000Z")).toBe(false);
    // Gym weekly: 9 Mondays inside 60 days (30 Nov .. 25 Jan), plus the dentist.
    expect(out).toHaveLength(10);
  });

  it("fetched from a server, blocks the times offered; a private address is refused without WEBHOOK_ALLOW_PRIVATE", async () => {
    const s = await salon();
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const refused = await api("PUT", `/v1/staff/${s.ana}/calendar/busy-feed`, { key: s.key, body: { url: `${base}/cal.ics` } });
    expect(refused.status).toBe(400);
    expect((await guardedGet("https://127.0.0.1/cal.ics", { maxBytes: 1000, timeoutMs: 1000 })).ok).toBe(false);
    expect(await guardedGet("https://localhost./x.ics", { maxBytes: 1000, timeoutMs: 1000 })).toMatchObject({
      ok: false,
      error: "Address not allowed.",
    });

    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const set = await api("PUT", `/v1/staff/${s.ana}/calendar/busy-feed`, { key: s.key, body: { url: `${base}/cal.ics` } });
    expect(set.status).toBe(200);
    expect(await refreshBusyFeed(db(), s.businessId, s.ana, NOW)).toBeNull();
    const cal = (await api("GET", `/v1/staff/${s.ana}/calendar`, { key: s.key })).body;
    expect(cal.busyFeed).toMatchObject({ url: `${base}/cal.ics`, error: null, intervals: 10 });
    const free = await api("GET", `/v1/availability?serviceId=${s.cut}&from=2026-12-01&to=2026-12-01&step=60`, { key: s.key });
    const starts = free.body.slots.map((x: { start: string }) => x.start.slice(11, 16));
    expect(starts).toEqual(["09:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
    const monday = await api("GET", `/v1/availability?serviceId=${s.cut}&from=2026-11-30&to=2026-11-30&step=60`, { key: s.key });
    expect(monday.body.slots.map((x: { start: string }) => x.start.slice(11, 16))).not.toContain("15:00");
    // Booking into a busy time is refused too.
    const busy = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, start: "2026-12-01T10:00:00+00:00", phone: uniquePhone() },
    });
    expect(busy.status).toBe(409);

    // Too big and too slow are cut off, recorded, and keep the last good intervals.
    await api("PUT", `/v1/staff/${s.ana}/calendar/busy-feed`, { key: s.key, body: { url: `${base}/big.ics` } });
    expect(await refreshBusyFeed(db(), s.businessId, s.ana, NOW)).toMatch(/Too big/);
    process.env.BUSY_FEED_TIMEOUT_MS = "300";
    await api("PUT", `/v1/staff/${s.ana}/calendar/busy-feed`, { key: s.key, body: { url: `${base}/slow.ics` } });
    expect(await refreshBusyFeed(db(), s.businessId, s.ana, NOW)).toMatch(/Timed out/);
    delete process.env.BUSY_FEED_TIMEOUT_MS;
    expect((await api("GET", `/v1/staff/${s.ana}/calendar`, { key: s.key })).body.busyFeed.error).toMatch(/Timed out/);
    const removed = await api("PUT", `/v1/staff/${s.ana}/calendar/busy-feed`, { key: s.key, body: { url: null } });
    expect(removed.body.busyFeed).toBeNull();
  });
});
