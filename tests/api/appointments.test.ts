import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "@/lib/appointments/appointments";
import { setBusinessHours } from "@/lib/businesses/hours";
import { type Db, db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { createApiKey } from "@/lib/keys/api-keys";
import { pinClock } from "@/lib/time/clock";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";

// Services, staff, availability and booking over /v1 (docs/appointments.md), on the database the run
// uses. The clock is pinned to Monday 30 Nov 2026 08:00 in Lisbon (UTC in winter).
const NOW = new Date("2026-11-30T08:00:00Z");
const week = { mon: ["09:00-13:00", "14:00-18:00"], tue: ["09:00-13:00", "14:00-18:00"], wed: ["09:00-13:00"] };

type Salon = TestBusiness & { ana: string; bea: string; cut: string; phone: string };

async function salon(): Promise<Salon> {
  const b = await makeBusiness();
  await setBusinessHours(db(), b.businessId, {
    timeZone: "Europe/Lisbon",
    weekly: { mon: ["09:00-19:00"], tue: ["09:00-19:00"], wed: ["09:00-19:00"] },
    holidays: [{ date: "2026-12-08", name: "Imaculada Conceição" }],
  });
  const ana = await api("POST", "/v1/staff", { key: b.key, body: { name: "Ana", weekly: week, breaks: { mon: ["11:00-11:30"] } } });
  const bea = await api("POST", "/v1/staff", {
    key: b.key,
    body: { name: "Bea", weekly: week, timeOff: [{ from: "2026-12-01", to: "2026-12-01" }] },
  });
  const cut = await api("POST", "/v1/services", {
    key: b.key,
    body: {
      name: { en: "Haircut", pt: "Corte" },
      durationMinutes: 45,
      bufferAfterMinutes: 15,
      price: { amount: 2500, currency: "EUR" },
      staffIds: [ana.body.id, bea.body.id],
    },
  });
  expect([ana.status, bea.status, cut.status]).toEqual([200, 200, 200]);
  return { ...b, ana: ana.body.id, bea: bea.body.id, cut: cut.body.id, phone: uniquePhone() };
}

beforeAll(() => pinClock(NOW));
afterAll(() => pinClock(null));

describe("services and staff over /v1", () => {
  it("creates, lists, reads, edits and deletes them, with paging, validation and the delete guard", async () => {
    const s = await salon();
    const staff = await api("GET", "/v1/staff?limit=1", { key: s.key });
    expect(staff.body.data.map((m: { id: string }) => m.id)).toEqual([s.bea]);
    const rest = await api("GET", `/v1/staff?limit=1&cursor=${staff.body.nextCursor}`, { key: s.key });
    expect(rest.body).toMatchObject({
      data: [{ id: s.ana, name: "Ana", weekly: week, breaks: { mon: ["11:00-11:30"] }, serviceIds: [s.cut] }],
      nextCursor: null,
    });
    expect(s.ana).toMatch(/^stf_[0-9A-HJKMNP-TV-Z]{26}$/);

    const cut = await api("GET", `/v1/services/${s.cut}`, { key: s.key });
    expect(cut.body).toMatchObject({
      id: s.cut,
      name: { en: "Haircut", pt: "Corte" },
      description: {},
      durationMinutes: 45,
      bufferAfterMinutes: 15,
      price: { amount: 2500, currency: "EUR" },
      active: true,
      staffIds: [s.ana, s.bea].sort(),
    });
    const edited = await api("PATCH", `/v1/services/${s.cut}`, {
      key: s.key,
      body: { staffIds: [s.ana], price: null, description: { es: "Corte de pelo" } },
    });
    expect(edited.body).toMatchObject({ staffIds: [s.ana], price: null, description: { es: "Corte de pelo" }, durationMinutes: 45 });
    const off = await api("PATCH", `/v1/staff/${s.bea}`, { key: s.key, body: { active: false } });
    expect(off.body).toMatchObject({ active: false, serviceIds: [] });
    expect((await api("GET", "/v1/staff?active=false", { key: s.key })).body.data.map((m: { id: string }) => m.id)).toEqual([s.bea]);

    // Bad input: 400 with a path per problem, nothing written.
    const bad = await api("POST", "/v1/services", {
      key: s.key,
      body: { name: {}, durationMinutes: 2, price: { amount: -1, currency: "eur" }, staffIds: ["stf_nope"], colour: "red" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ["body", "durationMinutes", "name", "price.amount", "price.currency", "staffIds[0]"].sort(),
    );
    const unknownStaff = await api("POST", "/v1/services", {
      key: s.key,
      body: { name: { en: "Beard" }, durationMinutes: 20, staffIds: [s.ana, "stf_01JD7X4S9C8A3K2M5N6P7Q8R9T"] },
    });
    expect(unknownStaff.status).toBe(400);
    expect(unknownStaff.body.error.details).toEqual([{ path: "staffIds[1]", message: "No such staff member: stf_01JD7X4S9C8A3K2M5N6P7Q8R9T." }]);
    const badHours = await api("POST", "/v1/staff", {
      key: s.key,
      body: { name: " ", weekly: { mon: ["9-5"], funday: ["09:00-10:00"] }, timeOff: [{ from: "2026-12-05", to: "2026-12-01" }] },
    });
    expect(badHours.status).toBe(400);
    expect(badHours.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ["name", "timeOff[0].to", "weekly", "weekly.mon[0]"].sort(),
    );
    expect((await api("GET", "/v1/services", { key: s.key })).body.data).toHaveLength(1);
    expect((await api("PATCH", `/v1/staff/${s.ana}`, { key: s.key, body: {} })).status).toBe(400);

    // A service with appointments is kept (409); one without is deleted.
    const booked = await api("POST", "/v1/appointments", { key: s.key, body: { serviceId: s.cut, start: "2026-11-30T09:00:00Z", phone: s.phone } });
    expect(booked.status).toBe(200);
    const kept = await api("DELETE", `/v1/services/${s.cut}`, { key: s.key });
    expect(kept.status).toBe(409);
    expect(kept.body.error.code).toBe("conflict");
    expect((await api("DELETE", `/v1/staff/${s.ana}`, { key: s.key })).status).toBe(409);
    expect((await api("DELETE", `/v1/staff/${s.bea}`, { key: s.key })).body).toEqual({ id: s.bea, deleted: true });
    expect((await api("DELETE", `/v1/staff/${s.bea}`, { key: s.key })).status).toBe(404);
  });

  it("keeps each business's services, staff and appointments to itself, and needs the appointments scopes", async () => {
    const s = await salon();
    const other = await makeBusiness();
    const apt = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, staffId: s.ana, start: "2026-11-30T09:00:00Z", phone: s.phone },
    });
    for (const [method, path, body] of [
      ["GET", `/v1/services/${s.cut}`, undefined],
      ["PATCH", `/v1/services/${s.cut}`, { active: false }],
      ["DELETE", `/v1/services/${s.cut}`, undefined],
      ["GET", `/v1/staff/${s.ana}`, undefined],
      ["PATCH", `/v1/staff/${s.ana}`, { name: "Mine" }],
      ["DELETE", `/v1/staff/${s.ana}`, undefined],
      ["GET", `/v1/appointments/${apt.body.id}`, undefined],
      ["PATCH", `/v1/appointments/${apt.body.id}`, { status: "cancelled" }],
    ] as const) {
      const foreign = await api(method, path, { key: other.key, body });
      const missing = await api(method, path.replace(/_[0-9A-Z]{26}$/, "_01JD7X4S9C8A3K2M5N6P7Q8R9T"), { key: other.key, body });
      expect([foreign.status, foreign.body.error.code, foreign.body.error.message]).toEqual([404, "not_found", missing.body.error.message]);
    }
    // Referenced in a body or a query, another business's id reads like a missing one too.
    const theirs = await api("POST", "/v1/appointments", {
      key: other.key,
      body: { serviceId: s.cut, start: "2026-11-30T10:00:00Z", phone: s.phone },
    });
    expect([theirs.status, theirs.body.error.details]).toEqual([400, [{ path: "serviceId", message: "No such service." }]]);
    const avail = await api("GET", `/v1/availability?serviceId=${s.cut}`, { key: other.key });
    expect([avail.status, avail.body.error.details[0].path]).toEqual([400, "serviceId"]);
    const svc = await api("POST", "/v1/services", { key: other.key, body: { name: { en: "X" }, durationMinutes: 30, staffIds: [s.ana] } });
    expect([svc.status, svc.body.error.details[0].path]).toEqual([400, "staffIds[0]"]);
    for (const list of ["/v1/services", "/v1/staff", "/v1/appointments"]) {
      expect((await api("GET", list, { key: other.key })).body.data).toEqual([]);
    }
    expect((await api("GET", `/v1/staff/${s.ana}`, { key: s.key })).body.name).toBe("Ana");

    const readOnly = await createApiKey(db(), s.businessId, { scopes: ["appointments:read"] });
    expect((await api("GET", "/v1/services", { key: readOnly.key })).status).toBe(200);
    const denied = await api("POST", "/v1/appointments", {
      key: readOnly.key,
      body: { serviceId: s.cut, start: "2026-11-30T10:00:00Z", phone: s.phone },
    });
    expect([denied.status, denied.body.error.code]).toEqual([403, "insufficient_scope"]);
    expect(denied.body.error.message).toContain("appointments:write");

    // In the dashboard, agents book and move appointments; only owners define services and staff.
    const owner = await makeStaff();
    const agent = await makeStaff({ role: "agent", businessId: owner.businessId });
    const headers = { cookie: "x", origin: "http://localhost" };
    signInAs(owner);
    const made = await api("POST", "/v1/staff", { headers, body: { name: "Carla" } });
    expect(made.status).toBe(200);
    signInAs(agent);
    expect((await api("GET", "/v1/staff", { headers })).status).toBe(200);
    expect((await api("PATCH", `/v1/staff/${made.body.id}`, { headers, body: { name: "Carlota" } })).status).toBe(403);
  });
});

describe("availability and booking", () => {
  it("offers free times, books, rechecks, reschedules, cancels and fires events", async () => {
    const s = await salon();
    const day = await api("GET", `/v1/availability?serviceId=${s.cut}&from=2026-11-30&to=2026-11-30&step=30`, { key: s.key });
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({
      serviceId: s.cut,
      timeZone: "Europe/Lisbon",
      stepMinutes: 30,
      from: "2026-11-30T00:00:00+00:00",
      to: "2026-12-01T00:00:00+00:00",
    });
    const starts = day.body.slots.map((x: { start: string }) => x.start.slice(11, 16));
    // Ana's break 11:00-11:30 takes 10:30 and 11:00 from her; Bea covers them. 12:30 ends at 13:15 > 13:00.
    expect(starts).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
    ]);
    expect(day.body.slots[3]).toEqual({ start: "2026-11-30T10:30:00+00:00", end: "2026-11-30T11:15:00+00:00", staffIds: [s.bea] });
    expect(day.body.slots[0].staffIds).toEqual([s.ana, s.bea].sort());

    // Bea is away on Tuesday; the holiday on 8 December closes everything.
    const tue = await api("GET", `/v1/availability?serviceId=${s.cut}&staffId=${s.bea}&from=2026-12-01&to=2026-12-01`, { key: s.key });
    expect(tue.body.slots).toEqual([]);
    const holiday = await api("GET", `/v1/availability?serviceId=${s.cut}&from=2026-12-08&to=2026-12-08`, { key: s.key });
    expect(holiday.body.slots).toEqual([]);
    // Query problems are 400s naming the parameter.
    for (const [q, path] of [
      [`serviceId=${s.cut}&from=2026-12-01&to=2026-11-01`, "to"],
      [`serviceId=${s.cut}&from=2026-12-01&to=2027-02-01`, "to"],
      [`serviceId=${s.cut}&step=2`, "step"],
      [`serviceId=${s.cut}&from=tomorrow`, "from"],
      [`serviceId=${s.cut}&from=0000-01-01&to=0000-01-02`, "from"],
      [`serviceId=${s.cut}&staffId=stf_01JD7X4S9C8A3K2M5N6P7Q8R9T`, "staffId"],
      ["", "serviceId"],
    ]) {
      const res = await api("GET", `/v1/availability?${q}`, { key: s.key });
      expect([res.status, res.body.error.details?.[0]?.path]).toEqual([400, path]);
    }

    // Booking with any staff member takes the first free one, creating the contact by phone.
    const first = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, start: "2026-11-30T09:00:00+00:00", phone: s.phone, notes: "First visit" },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      staffId: [s.ana, s.bea].sort()[0],
      start: "2026-11-30T09:00:00+00:00",
      end: "2026-11-30T09:45:00+00:00",
      bufferEnd: "2026-11-30T10:00:00+00:00",
      status: "booked",
      notes: "First visit",
    });
    expect(first.body.id).toMatch(/^apt_/);
    const second = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, start: "2026-11-30T09:00:00Z", contactId: first.body.contactId },
    });
    expect(second.body.staffId).not.toBe(first.body.staffId);
    // Both are now busy at 09:00, and 09:30 overlaps the first appointments' 45 minutes plus buffer.
    const full = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, start: "2026-11-30T09:30:00Z", phone: uniquePhone() },
    });
    expect([full.status, full.body.error.code]).toEqual([409, "conflict"]);
    const after = await api("GET", `/v1/availability?serviceId=${s.cut}&from=2026-11-30T09:00:00Z&to=2026-11-30T11:00:00Z&step=30`, { key: s.key });
    expect(after.body.slots.map((x: { start: string }) => x.start.slice(11, 16))).toEqual(["10:00", "10:30"]);

    // Refused bookings write nothing: past, on a break, unqualified staff, bad body.
    const refused = [
      [{ serviceId: s.cut, start: "2026-11-30T07:00:00Z", phone: s.phone }, 409],
      [{ serviceId: s.cut, staffId: s.ana, start: "2026-11-30T11:00:00Z", phone: s.phone }, 409],
      [{ serviceId: s.cut, start: "2026-11-30T09:00:00Z" }, 400],
      [{ serviceId: s.cut, start: "30/11/2026 10:00", phone: "912345678" }, 400],
    ] as const;
    for (const [body, status] of refused) expect((await api("POST", "/v1/appointments", { key: s.key, body })).status).toBe(status);
    const shape = await api("POST", "/v1/appointments", { key: s.key, body: refused[3][0] });
    expect(shape.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["phone", "start"]);
    expect((await api("GET", "/v1/appointments", { key: s.key })).body.data).toHaveLength(2);

    // Reschedule onto a taken time is 409; onto a free one moves it; cancel frees the time.
    const clash = await api("PATCH", `/v1/appointments/${first.body.id}`, { key: s.key, body: { staffId: second.body.staffId } });
    expect([clash.status, clash.body.error.code]).toEqual([409, "conflict"]);
    const moved = await api("PATCH", `/v1/appointments/${first.body.id}`, {
      key: s.key,
      body: { start: "2026-11-30T14:00:00Z", status: "confirmed" },
    });
    expect(moved.body).toMatchObject({ start: "2026-11-30T14:00:00+00:00", end: "2026-11-30T14:45:00+00:00", status: "confirmed" });
    const cancelled = await api("PATCH", `/v1/appointments/${second.body.id}`, { key: s.key, body: { status: "cancelled" } });
    expect(cancelled.body.status).toBe("cancelled");
    expect((await api("PATCH", `/v1/appointments/${second.body.id}`, { key: s.key, body: { start: "2026-11-30T15:00:00Z" } })).status).toBe(400);
    const again = await api("POST", "/v1/appointments", {
      key: s.key,
      body: { serviceId: s.cut, staffId: second.body.staffId, start: "2026-11-30T09:00:00Z", phone: s.phone },
    });
    expect(again.status).toBe(200);
    // The cancelled one cannot come back over the new booking.
    expect((await api("PATCH", `/v1/appointments/${second.body.id}`, { key: s.key, body: { status: "booked" } })).status).toBe(409);
    const noShow = await api("PATCH", `/v1/appointments/${again.body.id}`, { key: s.key, body: { status: "no_show" } });
    expect(noShow.body.status).toBe("no_show");

    const listed = await api("GET", `/v1/appointments?status=confirmed&from=2026-11-30T12:00:00Z&to=2026-12-01T00:00:00Z`, { key: s.key });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([first.body.id]);
    expect((await api("GET", `/v1/appointments?staffId=${second.body.staffId}&limit=1`, { key: s.key })).body.nextCursor).not.toBeNull();
    expect((await api("GET", "/v1/appointments?status=lost", { key: s.key })).status).toBe(400);

    const evts = await db()
      .select({ type: schema.events.type, payload: schema.events.payload })
      .from(schema.events)
      .where(and(eq(schema.events.businessId, s.businessId)))
      .orderBy(schema.events.createdAt, schema.events.id);
    const mine = evts.filter((e) => e.type.startsWith("appointment."));
    expect(mine.map((e) => e.type)).toEqual([
      "appointment.created",
      "appointment.created",
      "appointment.updated",
      "appointment.updated",
      "appointment.created",
      "appointment.updated",
    ]);
    expect(mine[2].payload).toMatchObject({
      appointment: { id: first.body.id, status: "confirmed", start: "2026-11-30T14:00:00+00:00" },
      previous: { status: "booked", start: "2026-11-30T09:00:00+00:00", staffId: first.body.staffId },
    });

    // Erasing the customer (privacy) takes their appointments with them, and frees the times.
    expect((await api("DELETE", `/v1/contacts/${first.body.contactId}`, { key: s.key })).status).toBe(200);
    expect((await api("GET", "/v1/appointments", { key: s.key })).body.data).toEqual([]);
  });

  it("races N bookings of one staff member's time: exactly one wins, the rest get 409 conflict", async () => {
    const s = await salon();
    const N = 6;
    const body = (i: number) => ({ serviceId: s.cut, staffId: s.ana, start: "2026-11-30T15:00:00Z", phone: uniquePhone().replace(/\d$/, String(i)) });
    const viaApi = await Promise.all(Array.from({ length: N }, (_, i) => api("POST", "/v1/appointments", { key: s.key, body: body(i) })));
    expect(viaApi.map((r) => r.status).sort()).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const r of viaApi.filter((x) => x.status === 409)) expect(r.body.error.code).toBe("conflict");

    // Overlapping (not equal) times lose too: 14:30 would hold Ana until 15:30 with its buffer.
    const overlapping = await Promise.all(
      ["14:30", "15:15", "15:30", "15:45"].map((t) =>
        api("POST", "/v1/appointments", {
          key: s.key,
          body: { serviceId: s.cut, staffId: s.ana, start: `2026-11-30T${t}:00Z`, phone: uniquePhone() },
        }),
      ),
    );
    expect(overlapping.filter((r) => r.status === 200)).toHaveLength(0);

    if (process.env.DATABASE_URL) {
      // Separate pools, as separate instances of the service would have: the recheck cannot see the
      // other transactions, the exclusion constraint decides.
      const pools = Array.from({ length: N }, () => postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} }));
      try {
        const dbs = pools.map((p) => drizzle(p, { schema }) as unknown as Db);
        await Promise.all(pools.map((p) => p`select 1`));
        const results = await Promise.allSettled(
          dbs.map((d, i) => bookAppointment(d, s.businessId, { ...body(i), staffId: s.bea, start: new Date("2026-11-30T16:00:00Z") }, NOW)),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const r of results.filter((x) => x.status === "rejected")) {
          expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
          expect(((r as PromiseRejectedResult).reason as AppError).code).toBe("conflict");
        }
      } finally {
        await Promise.all(pools.map((p) => p.end({ timeout: 5 })));
      }
    }
    const held = await db()
      .select({ staffId: schema.appointments.staffId, start: schema.appointments.startAt })
      .from(schema.appointments)
      .where(eq(schema.appointments.businessId, s.businessId));
    expect(held.filter((a) => a.staffId === s.ana)).toHaveLength(1);
    expect(held).toHaveLength(process.env.DATABASE_URL ? 2 : 1);
    // The guarantee is the database's own, on either database: an overlapping insert that skips the
    // booking code is refused with SQLSTATE 23P01; a cancelled appointment holds nothing.
    const winner = viaApi.find((r) => r.status === 200)?.body;
    const raw = (id: string, status: string) =>
      db()
        .insert(schema.appointments)
        .values({
          id,
          businessId: s.businessId,
          serviceId: s.cut,
          staffId: s.ana,
          contactId: winner.contactId,
          startAt: new Date("2026-11-30T15:30:00Z"),
          endAt: new Date("2026-11-30T16:15:00Z"),
          bufferEndAt: new Date("2026-11-30T16:30:00Z"),
          status,
        })
        .then(
          () => null,
          (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
        );
    expect(await raw("apt_01JD7X4S9C8A3K2M5N6P7Q8R9A", "confirmed")).toBe("23P01");
    expect(await raw("apt_01JD7X4S9C8A3K2M5N6P7Q8R9B", "cancelled")).toBeNull();
    await db().delete(schema.appointments).where(eq(schema.appointments.id, "apt_01JD7X4S9C8A3K2M5N6P7Q8R9B"));

    // The losers' contacts were never created: a refused booking writes nothing.
    expect(await db().select({ id: schema.contacts.id }).from(schema.contacts).where(eq(schema.contacts.businessId, s.businessId))).toHaveLength(
      held.length,
    );
  });
});
