import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookAppointment } from "@/lib/appointments/appointments";
import { createService } from "@/lib/appointments/services";
import { createStaff } from "@/lib/appointments/staff";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { findContactByPhone } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { appointments, events, records, skillSessions } from "@/lib/db/schema";
import type { ChoiceInteractive } from "@/lib/db/schema/messages";
import { appointmentGraph } from "@/lib/skills/starter-skills";
import { upsertSkill } from "@/lib/skills/skills";
import { now, pinClock } from "@/lib/time/clock";
import { wallClock } from "@/lib/time/time-zone";
import { customer, fileWorker, makeShop, type Shop, settle } from "./harness";

// The appointment skill (issue 40 item 3) through the sandbox, as a customer writes: a service in their
// words in en, pt and es, with and without a person, with a day or a range; a list row picks the time;
// moving and cancelling by message; a time taken between the offer and the pick.

fileWorker();

const TZ = "Europe/Lisbon";
const everyDay = {
  mon: ["09:00-18:00"],
  tue: ["09:00-18:00"],
  wed: ["09:00-18:00"],
  thu: ["09:00-18:00"],
  fri: ["09:00-18:00"],
  sat: ["09:00-18:00"],
  sun: ["09:00-18:00"],
};

type Salon = Shop & { ana: string; rita: string; javier: string; haircut: string; cleaning: string; oil: string };

async function makeSalon(): Promise<Salon> {
  const shop = await makeShop({ skills: false, timeZone: TZ });
  const d = db();
  const ana = (await createStaff(d, shop.businessId, { name: "Ana Costa", active: true, weekly: everyDay, breaks: {}, timeOff: [] })).id;
  const rita = (await createStaff(d, shop.businessId, { name: "Rita", active: true, weekly: everyDay, breaks: {}, timeOff: [] })).id;
  const javier = (await createStaff(d, shop.businessId, { name: "Javier", active: true, weekly: everyDay, breaks: {}, timeOff: [] })).id;
  const service = (name: Record<string, string>, durationMinutes: number, staffIds: string[]) =>
    createService(d, shop.businessId, { name, durationMinutes, bufferAfterMinutes: 0, active: true, staffIds }).then((s) => s.id);
  const haircut = await service({ en: "Haircut and beard", pt: "Corte e barba", es: "Corte y barba" }, 45, [ana, rita]);
  const cleaning = await service({ en: "Dental cleaning", pt: "Limpeza dentária", es: "Limpieza dental" }, 30, [ana, javier]);
  const oil = await service({ en: "Oil change", pt: "Mudança de óleo", es: "Cambio de aceite" }, 60, [javier]);
  await upsertSkill(d, shop.businessId, "sk_appointment", {
    name: "Appointment booking",
    enabled: true,
    graph: appointmentGraph,
    assistantId: shop.assistantId,
  });
  return { ...shop, ana, rita, javier, haircut, cleaning, oil };
}

type Customer = ReturnType<typeof customer>;

/** Sends a message and returns the assistant's replies with their interactive parts. */
async function say(shop: Shop, c: Customer, text: string) {
  await c.send(text);
  await settle(shop.businessId);
  return c.replies();
}

const options = (m: { interactive: unknown }) => ((m.interactive as ChoiceInteractive | null)?.options ?? []) as string[];

async function pick(shop: Shop, c: Customer, row: number, title: string) {
  await simulateInbound(db(), shop.businessId, { phone: c.phone, name: "Test Customer", reply: { kind: "list", id: `opt_${row}`, title } });
  await settle(shop.businessId);
  return c.replies();
}

async function appointmentsOf(shop: Shop, c: Customer) {
  const contact = await findContactByPhone(db(), shop.businessId, c.phone);
  if (!contact) return [];
  return db()
    .select()
    .from(appointments)
    .where(and(eq(appointments.businessId, shop.businessId), eq(appointments.contactId, contact.id)))
    .orderBy(asc(appointments.createdAt));
}

const recordsOf = (shop: Shop) =>
  db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "appointments")));

const eventsOf = (shop: Shop, types: string[]) =>
  db()
    .select()
    .from(events)
    .where(and(eq(events.businessId, shop.businessId), inArray(events.type, types)));

const local = (d: Date) => wallClock(d, TZ);
const tomorrow = () => {
  const t = wallClock(new Date(now().getTime() + 24 * 3600_000), TZ);
  return `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;
};
const dayOf = (d: Date) => {
  const w = local(d);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

// The customers write in the daytime. Said between midnight and 4 am, "tomorrow" means the day just
// begun (lib/runtime/understanding/when.ts), so a run at night would rightly read another day than
// this file's tomorrow(): the clock is pinned to the next 08:00-20:00 local hour from the real time
// (the database keeps its real clock, so never into the past).
function daytime(): Date {
  const real = new Date();
  const hour = wallClock(real, TZ).hour;
  if (hour >= 8 && hour < 20) return real;
  return new Date(real.getTime() + ((hour < 8 ? 10 - hour : 34 - hour) % 24) * 3600_000);
}

beforeEach(() => pinClock(daytime()));
afterEach(() => pinClock(null));

describe("the appointment skill", () => {
  it("books an oil change in English: the nearest free times tomorrow afternoon as a list, a row picks one, the record is written", async () => {
    const shop = await makeSalon();
    const ada = customer(shop);
    const [offer] = await say(shop, ada, "Hi, I'd like to book an oil change tomorrow afternoon");
    expect(offer.text).toMatch(/^These are the nearest free times for Oil change\. Which one suits you\?/);
    const rows = options(offer);
    expect((offer.interactive as ChoiceInteractive).kind).toBe("list");
    expect(rows.length).toBe(10);
    expect(offer.text).toContain(`\n1. ${rows[0]}\n`);

    const [done] = await pick(shop, ada, 3, rows[2]);
    expect(done.text).toMatch(/^You're booked: Oil change with Javier on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ at \d\d:\d\d\./);
    const [apt] = await appointmentsOf(shop, ada);
    expect(apt).toMatchObject({ serviceId: shop.oil, staffId: shop.javier, status: "booked" });
    // Tomorrow, in the afternoon, the third time offered (times run in order from 12:00).
    expect(dayOf(apt.startAt)).toBe(tomorrow());
    expect(local(apt.startAt).hour).toBeGreaterThanOrEqual(12);
    expect(local(apt.startAt).hour).toBeLessThan(18);
    expect(done.text).toContain(rows[2].split(", ")[1]);

    const [record] = await recordsOf(shop);
    const conversation = await ada.conversation();
    expect(record).toMatchObject({ status: "booked", conversationId: conversation.id, contactId: conversation.contactId });
    expect(record.fields).toMatchObject({ appointmentId: apt.id, service: "Oil change", staff: "Javier" });
    const fired = await eventsOf(shop, ["record.created", "appointment.created"]);
    expect(fired.map((e) => e.type).sort()).toEqual(["appointment.created", "record.created"]);
    expect(fired.find((e) => e.type === "record.created")?.payload).toMatchObject({ collection: "appointments", record: { id: record.id } });
    expect(await db().select().from(skillSessions).where(eq(skillSessions.businessId, shop.businessId))).toHaveLength(0);
  });

  it("books 'corte e barba com a Rita' in Portuguese, tomorrow morning, then cancels it ('preciso desmarcar')", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    const [offer] = await say(shop, c, "Olá, queria marcar corte e barba com a Rita amanhã de manhã");
    expect(offer.text).toMatch(/^Estas são as vagas mais próximas para Corte e barba\./);
    const rows = options(offer);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10);
    const [done] = await say(shop, c, "1");
    expect(done.text).toMatch(/^Está marcado: Corte e barba com Rita (no|na) .*, às 09:00\./);
    const [apt] = await appointmentsOf(shop, c);
    expect(apt).toMatchObject({ serviceId: shop.haircut, staffId: shop.rita });
    expect(dayOf(apt.startAt)).toBe(tomorrow());
    expect(local(apt.startAt).hour).toBeLessThan(12);

    // Cancelled by message: the appointment frees Rita's time and its record follows (record.updated).
    const [cancelled] = await say(shop, c, "preciso desmarcar");
    expect(cancelled.text).toMatch(/^A sua marcação de Corte e barba de .* foi desmarcada\./);
    expect((await appointmentsOf(shop, c))[0].status).toBe("cancelled");
    const [record] = await recordsOf(shop);
    expect(record.status).toBe("cancelled");
    const [update] = await eventsOf(shop, ["record.updated"]);
    expect(update.payload).toMatchObject({
      collection: "appointments",
      record: { id: record.id, status: "cancelled" },
      previous: { status: "booked" },
    });
    // Nothing left to cancel.
    expect((await say(shop, c, "preciso desmarcar"))[0].text).toBe("Não encontrei nenhuma marcação futura com este número de telefone.");
  });

  it("books 'limpieza dental' in Spanish for next week in the afternoons, with no person named", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    const [offer] = await say(shop, c, "Quiero pedir cita para una limpieza dental la semana que viene por la tarde");
    expect(offer.text).toMatch(/^Estos son los huecos más cercanos para Limpieza dental\./);
    expect(options(offer).length).toBe(10);
    const [done] = await say(shop, c, "2");
    expect(done.text).toMatch(/^Tienes cita: Limpieza dental con (Ana Costa|Javier) el /);
    const [apt] = await appointmentsOf(shop, c);
    expect(apt.serviceId).toBe(shop.cleaning);
    // Next week: Monday to Sunday after this one, afternoons.
    const w = local(apt.startAt);
    expect(w.hour).toBeGreaterThanOrEqual(12);
    const days = (apt.startAt.getTime() - now().getTime()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThan(15);
    expect(w.weekday).toBe(0); // the first afternoon of next week is Monday's
  });

  it("asks which service when none is named, and takes the answer in the customer's words", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    const [ask] = await say(shop, c, "I want to book an appointment");
    expect(ask.text).toMatch(/^Happy to book you in! Which service would you like\?\n\n1\. Haircut and beard\n2\. Dental cleaning\n3\. Oil change$/);
    const [offer] = await say(shop, c, "the dental cleaning please");
    expect(offer.text).toMatch(/^These are the nearest free times for Dental cleaning\./);
  });

  it("moves the appointment by message (record.updated), then cancels it", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    await say(shop, c, "I'd like to book an oil change tomorrow morning");
    await say(shop, c, "1");
    const [booked] = await appointmentsOf(shop, c);
    const [moveOffer] = await say(shop, c, "Can I move my appointment to the day after tomorrow in the afternoon?");
    expect(moveOffer.text).toMatch(/^These are the nearest free times for Oil change\./);
    const rows = options(moveOffer);
    const [moved] = await say(shop, c, "1");
    expect(moved.text).toMatch(/^Done: your Oil change is moved to [A-Z][a-z]+day .* with Javier\.$/);
    expect(moved.text).toContain(rows[0].split(", ")[1]);
    const [after] = await appointmentsOf(shop, c);
    expect(after.id).toBe(booked.id);
    expect(local(after.startAt).hour).toBeGreaterThanOrEqual(12);
    expect(dayOf(after.startAt) > dayOf(booked.startAt)).toBe(true);
    const [record] = await recordsOf(shop);
    expect(new Date(String(record.fields.start)).getTime()).toBe(after.startAt.getTime());
    expect((await eventsOf(shop, ["record.updated"])).length).toBe(1);

    const [cancelled] = await say(shop, c, "I need to cancel my appointment");
    expect(cancelled.text).toMatch(/^Your Oil change on .* is cancelled\./);
    expect((await appointmentsOf(shop, c))[0].status).toBe("cancelled");
    expect((await recordsOf(shop))[0].status).toBe("cancelled");
    const updates = await eventsOf(shop, ["record.updated"]);
    expect(updates.length).toBe(2);
    expect(updates.some((e) => (e.payload as { record: { status: string } }).record.status === "cancelled")).toBe(true);
  });

  it("books the very time asked for when it is free, starting from a service named in a long message", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    const [done] = await say(
      shop,
      c,
      "Hello! The car has been making a strange noise for weeks (I know, I know). I'd like an oil change tomorrow at 10am if possible. Thanks a lot",
    );
    expect(options(done)).toEqual([]);
    expect(done.text).toMatch(/^You're booked: Oil change with Javier on .* at 10:00\./);
    const [apt] = await appointmentsOf(shop, c);
    expect(dayOf(apt.startAt)).toBe(tomorrow());
    expect(local(apt.startAt)).toMatchObject({ hour: 10, minute: 0 });
  });

  it("moves it to another time that day ('quiero cambiar la cita a las 5'): the time asked, free, is taken at once", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    await say(shop, c, "Quiero pedir cita para un cambio de aceite mañana por la mañana");
    await say(shop, c, "1");
    const [before] = await appointmentsOf(shop, c);
    const [moved] = await say(shop, c, "quiero cambiar la cita a las 5");
    // No list to pick the very time asked for from: it is free, so the appointment moves to it.
    expect(options(moved)).toEqual([]);
    expect(moved.text).toMatch(/17:00/);
    const [after] = await appointmentsOf(shop, c);
    expect(dayOf(after.startAt)).toBe(dayOf(before.startAt));
    expect(local(after.startAt)).toMatchObject({ hour: 17, minute: 0 });
    expect((await recordsOf(shop))[0].fields).toMatchObject({ staff: "Javier" });
  });

  it("a time taken between the offer and the pick is said, and the next free times are offered", async () => {
    const shop = await makeSalon();
    const c = customer(shop);
    const [offer] = await say(shop, c, "I'd like an oil change tomorrow morning");
    const rows = options(offer);
    // Another customer books the first time offered (Javier is the only one who changes oil).
    const contact = await findContactByPhone(db(), shop.businessId, c.phone);
    const [first] = await db().select().from(skillSessions).where(eq(skillSessions.businessId, shop.businessId));
    const offered = (first.variables as { $times: Array<{ start: string }> }).$times;
    await bookAppointment(db(), shop.businessId, { serviceId: shop.oil, start: new Date(offered[0].start), phone: "+351911111111" }, now());
    expect(contact).toBeTruthy();

    const [taken] = await pick(shop, c, 1, rows[0]);
    expect(taken.text).toMatch(/^Sorry, .* was just taken by someone else\.\nThese are the nearest free times for Oil change\./);
    expect(options(taken)).not.toContain(rows[0]);
    expect(await appointmentsOf(shop, c)).toHaveLength(0);
    const [done] = await say(shop, c, "1");
    expect(done.text).toMatch(/^You're booked: Oil change with Javier/);
    const [apt] = await appointmentsOf(shop, c);
    expect(apt.startAt.getTime()).toBeGreaterThan(new Date(offered[0].start).getTime());
  });

  it("refuses to save a service node naming another business's (or no) service", async () => {
    const shop = await makeSalon();
    const other = await makeSalon();
    const graph = structuredClone(appointmentGraph);
    const node = graph.nodes.find((n) => n.type === "service");
    if (node?.type !== "service") throw new Error("no service node");
    node.data.services = [shop.haircut, other.oil];
    await expect(
      upsertSkill(db(), shop.businessId, "sk_x", { name: "x", enabled: true, graph, assistantId: shop.assistantId }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "graph.nodes[1].data.services[1]" }],
    });
  });
});
