// The trades corpus's appointment grading (unseen/grade.ts: readAppointments, compareAppointments) on a
// real Studio Bela set up through /v1 (trades/setup.ts), with appointments booked, moved and cancelled
// through /v1/appointments as the appointment skill will: what the runner passes and fails on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinClock } from "@/lib/time/clock";
import { api, uniquePhone } from "@/tests/helpers/api";
import { BELA } from "./trades/bela";
import { makeTradeBusiness, type TradeShop } from "./trades/setup";
import { DEFAULT_NOW } from "./unseen/case-schema";
import { compareAppointments, localToInstantIn, readAppointments } from "./unseen/grade";

let shop: TradeShop;
const names = () => ({
  services: Object.fromEntries(Object.entries(shop.serviceIds).map(([n, id]) => [id, n])),
  staff: Object.fromEntries(Object.entries(shop.staffIds).map(([n, id]) => [id, n])),
});
const read = async () => {
  const { services, staff } = names();
  return readAppointments(shop.key, BELA.timeZone, services, staff);
};
async function book(service: string, staff: string, when: string): Promise<string> {
  const res = await api("POST", "/v1/appointments", {
    key: shop.key,
    body: {
      serviceId: shop.serviceIds[service],
      staffId: shop.staffIds[staff],
      start: localToInstantIn(BELA.timeZone, when).toISOString(),
      phone: uniquePhone(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}
const patch = async (id: string, body: unknown) => expect((await api("PATCH", `/v1/appointments/${id}`, { key: shop.key, body })).status).toBe(200);

describe("the trades corpus's appointment grading", () => {
  // The corpus's clock: Wednesday 25 November 2026, 16:00 in Porto.
  beforeAll(async () => {
    pinClock(localToInstantIn(BELA.timeZone, DEFAULT_NOW));
    shop = await makeTradeBusiness(BELA);
  });
  afterAll(() => pinClock(null));

  it("sets Studio Bela up through /v1: its staff, services and hours make the corpus's times bookable", async () => {
    expect(Object.keys(shop.staffIds).sort()).toEqual(["Ana", "Marco", "Rita"]);
    expect(Object.keys(shop.serviceIds)).toHaveLength(6);
    // Marco works Saturday mornings only and has lunch at 13:00: his Saturday 12:15 haircut-and-beard fits, 13:00 does not.
    const free = await api("GET", `/v1/availability?serviceId=${shop.serviceIds["Haircut and beard"]}&from=2026-11-28&to=2026-11-28`, {
      key: shop.key,
    });
    expect(free.status).toBe(200);
    const starts = (free.body.slots as Array<{ start: string }>).map((s) => s.start.slice(11, 16));
    expect(starts).toContain("12:15");
    expect(starts).not.toContain("12:30");
    expect(starts).not.toContain("13:00");
  });

  it("passes the appointments a case expects and fails on another service, staff member, time or status", async () => {
    const id = await book("Haircut and beard", "Marco", "2026-11-27T17:00");
    const actual = await read();
    expect(actual.find((a) => a.id === id)).toMatchObject({
      service: "Haircut and beard",
      staff: "Marco",
      when: "2026-11-27T17:00",
      status: "booked",
    });

    expect(compareAppointments([{ service: "Haircut and beard", staff: "Marco", when: "2026-11-27T17:00" }], actual)).toEqual([]);
    expect(compareAppointments([{ service: "Haircut and beard", when: "2026-11-27T17:00", status: "booked" }], actual)).toEqual([]);
    expect(compareAppointments([{ service: "Beard trim", staff: "Marco", when: "2026-11-27T17:00" }], actual)).toHaveLength(2);
    expect(compareAppointments([{ service: "Haircut and beard", staff: "Ana", when: "2026-11-27T17:00" }], actual)).toHaveLength(2);
    expect(compareAppointments([{ service: "Haircut and beard", staff: "Marco", when: "2026-11-27T16:00" }], actual)).toHaveLength(2);
    expect(compareAppointments([{ service: "Haircut and beard", when: "2026-11-27T17:00", status: "cancelled" }], actual)).toHaveLength(2);
    // An active appointment the case does not expect fails it.
    expect(compareAppointments(undefined, actual)).toEqual([expect.stringContaining("unexpected")]);

    // Moved: graded at its new time. Cancelled: passes as cancelled, and is ignored when the case does not name it.
    await patch(id, { start: localToInstantIn(BELA.timeZone, "2026-11-27T18:00").toISOString() });
    expect(compareAppointments([{ service: "Haircut and beard", staff: "Marco", when: "2026-11-27T18:00" }], await read())).toEqual([]);
    await patch(id, { status: "cancelled" });
    const after = await read();
    expect(compareAppointments([{ service: "Haircut and beard", staff: "Marco", when: "2026-11-27T18:00", status: "cancelled" }], after)).toEqual([]);
    expect(compareAppointments(undefined, after)).toEqual([]);
    expect(compareAppointments([{ service: "Haircut and beard", staff: "Marco", when: "2026-11-27T18:00" }], after)).toHaveLength(1);
  });

  it("names a staff member by a word of their name, as the clinic's are written (Dra. Laura Gómez)", async () => {
    const actual = [{ id: "apt_x", service: "Check-up", staff: "Dra. Laura Gómez", when: "2026-11-26T17:00", status: "confirmed" }];
    expect(compareAppointments([{ service: "Check-up", staff: "Laura", when: "2026-11-26T17:00" }], actual)).toEqual([]);
    expect(compareAppointments([{ service: "Check-up", staff: "Javier", when: "2026-11-26T17:00" }], actual)).toHaveLength(2);
  });
});
