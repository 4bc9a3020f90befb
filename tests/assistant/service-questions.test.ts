// Issue 40: what a salon's and a clinic's customers ask beside a booking, as a receptionist answers it:
// pain said in a long message or as a figure of speech gets what the clinic says about emergencies
// (never the lost-property offer, never a booking); a service's price asked with "only" ("beard only")
// is the service that is that one thing, and a combination said whole ("a haircut and beard") is one
// service; how long a service takes, asked of it or of the one the message before named; a question
// about a service with no day and no wish to book starts no booking; another person asked for after
// booking moves the appointment to them at the same time when they are free; "a routine check" is
// the check-up. Probed in the customers' own words on 2026-12-01 (none of these is a corpus case).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { appointments } from "@/lib/db/schema";
import { spokenDuration } from "@/lib/runtime/retrieval/service-prices";
import { asksDuration } from "@/lib/runtime/understanding/fact-questions";
import { painQuery, saysPain } from "@/lib/runtime/understanding/pain";
import { readWhenParts } from "@/lib/runtime/understanding/when";
import { isoInZone } from "@/lib/time/time-zone";
import { BELA } from "../conversations/trades/bela";
import { tradeShops, type TradeShop } from "../conversations/trades/setup";
import { SONRISA } from "../conversations/trades/sonrisa";
import { customer } from "./harness";

// Wednesday 25 November 2026, 16:00 in Porto, 17:00 in Madrid.
const NOW = new Date("2026-11-25T16:00:00Z");

describe("reading pain and how long", () => {
  it("reads pain said as a figure of speech or by what it does, and asks the knowledge by its words", () => {
    for (const text of [
      "my tooth has been killing me since last night",
      "este dente está-me a matar",
      "la muela me está matando",
      "tenho a cara inchada",
      "my gum is swollen and throbbing",
    ])
      expect(saysPain(text), text).toBe(true);
    for (const text of ["this price is killing it", "can I book a cleaning?", "quanto custa uma limpeza?"]) expect(saysPain(text), text).toBe(false);
    expect(painQuery("tenho a cara inchada do lado do dente do siso, conseguem ver-me hoje?")).toBe("inchada pain");
    expect(painQuery("can I book a cleaning?")).toBeNull();
  });

  it("reads the days every calendar names ('Nochebuena', 'Christmas Eve', 'New Year's Eve', 'Ano Novo')", () => {
    const ctx = { timeZone: "Europe/Madrid", now: NOW };
    expect(readWhenParts("¿Estáis abiertos en Nochebuena?", ctx)?.date).toBe("2026-12-24");
    expect(readWhenParts("a men's cut with Marco on Christmas Eve", ctx)?.date).toBe("2026-12-24");
    expect(readWhenParts("Are you open on New Year's Eve?", ctx)?.date).toBe("2026-12-31");
    expect(readWhenParts("vocês abrem no Ano Novo?", ctx)?.date).toBe("2027-01-01");
    expect(readWhenParts("abrís el día de Navidad?", ctx)?.date).toBe("2026-12-25");
  });

  it("reads a question of how long, not a price, and says a duration in the customer's words", () => {
    expect(asksDuration("how long does a manicure take?")).toBe(true);
    expect(asksDuration("E demora quanto tempo?")).toBe(true);
    expect(asksDuration("¿Cuánto tarda un corte y barba?")).toBe(true);
    expect(asksDuration("how much is a manicure?")).toBe(false);
    expect(spokenDuration(40, "en")).toBe("40 minutes");
    expect(spokenDuration(90, "pt")).toBe("1 hora e 30 minutos");
    expect(spokenDuration(60, "es")).toBe("1 hora");
    expect(spokenDuration(120, "en")).toBe("2 hours");
  });
});

describe("a salon's and a clinic's customers asking beside a booking", () => {
  const shops = tradeShops(NOW, { clinic: SONRISA, salon: BELA });

  const theirs = async (shop: TradeShop, c: ReturnType<typeof customer>) => {
    const { contactId } = await c.conversation();
    return db()
      .select({ start: appointments.startAt, staffId: appointments.staffId, serviceId: appointments.serviceId, status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.businessId, shop.businessId), eq(appointments.contactId, contactId as string)));
  };
  const local = (d: Date, tz: string) => isoInZone(d, tz).slice(0, 16);
  const OFFERED = /nearest free times|vagas mais próximas|huecos más cercanos/;

  it("answers pain in a long message with what the clinic says about emergencies, and books nothing", async () => {
    for (const [text, said] of [
      ["Hi, my tooth has been killing me since last night, can someone see me today?", /Emergencies.*same day/s],
      ["tenho a cara inchada do lado do dente do siso, conseguem ver-me hoje?", /Urgências.*mesmo dia/s],
      ["la muela me está matando, ¿me podéis ver hoy?", /Urgencias.*mismo día/s],
    ] as const) {
      const c = customer(shops.clinic);
      const replies = (await c.say(text)).join("\n");
      expect(replies, text).toMatch(said);
      expect(replies, text).not.toMatch(/lost items|objetos perdidos|restaurant/);
      expect(replies, text).not.toMatch(OFFERED);
      expect(await theirs(shops.clinic, c), text).toEqual([]);
    }
  });

  it("offers a person for a lost item without calling the business a restaurant", async () => {
    const replies = (await customer(shops.salon).say("Hi, I think I left my scarf at the salon yesterday, did anyone find it?")).join("\n");
    expect(replies).toMatch(/lost items/);
    expect(replies).not.toMatch(/restaurant/);
  });

  it("prices the one thing asked with 'only', and a combination said whole as one service, starting no booking", async () => {
    for (const [text, price] of [
      ["how much for beard only", "Beard trim: €12.00"],
      ["quanto custa só a barba?", "Barba: 12,00 €"],
      ["cuanto me cobrais solo por la barba", "Arreglo de barba: 12,00 €"],
      ["how much is just a haircut and beard?", "Haircut and beard: €27.00"],
      // The salon's colour and nails in the customer's words for them.
      ["Do you do highlights? How much roughly?", "Colour: €55.00"],
      ["Holaaa, sois un salón de belleza? hacéis uñas?", "Manicura: 20,00 €"],
      ["Buenos días, ¿me puedes recordar la dirección?", "Nuestra dirección: Rua de Cedofeita 120, 4050-174 Porto."],
    ] as const) {
      const replies = (await customer(shops.salon).say(text)).join("\n");
      expect(replies, text).toBe(price);
    }
  });

  it("says how long a service takes, asked of it or of the service the message before named", async () => {
    expect((await customer(shops.salon).say("how long does a manicure take?")).join("\n")).toBe("Manicure takes about 40 minutes.");
    expect((await customer(shops.salon).say("¿Cuánto tarda más o menos un corte y barba?")).join("\n")).toBe(
      "La cita de Corte y barba dura 45 minutos, más o menos.",
    );
    expect((await customer(shops.clinic).say("Hola, ¿cuánto cuesta una limpieza dental? ¿y tardáis mucho?")).join("\n")).toBe(
      "Limpieza dental: 60,00 €\nLa cita de Limpieza dental dura 45 minutos, más o menos.",
    );
    const c = customer(shops.salon);
    expect((await c.say("Quanto fica uma coloração? Tenho cabelo comprido")).join("\n")).toBe("Coloração: 55,00 €");
    expect((await c.say("E demora quanto tempo?")).join("\n")).toBe("Coloração demora à volta de 1 hora e 30 minutos.");
  });

  it("moves a booked appointment to another person asked for, at the same time when they are free", async () => {
    const c = customer(shops.clinic);
    await c.say("Can I book a filling on Monday 30th at 10am?");
    const moved = (await c.say("Could I see Dr Ruiz instead?")).join("\n");
    expect(moved).toMatch(/moved.*Monday 30 November at 10:00 with Dr\. Javier Ruiz/);
    const mine = await theirs(shops.clinic, c);
    expect(mine.map((a) => [local(a.start, SONRISA.timeZone), a.staffId, a.status])).toEqual([
      ["2026-11-30T10:00", shops.clinic.staffIds["Dr. Javier Ruiz"], "booked"],
    ]);

    const es = customer(shops.clinic);
    await es.say("necesito un empaste, ¿tenéis algo el lunes 30 a primera hora?");
    expect((await es.say("con el Dr. Ruiz mejor")).join("\n")).toMatch(/Dr\. Javier Ruiz/);
    expect((await theirs(shops.clinic, es)).map((a) => a.staffId)).toEqual([shops.clinic.staffIds["Dr. Javier Ruiz"]]);
  });

  it("offers the other person's free times when they are busy at the booked time", async () => {
    // Rita has the Friday at 15:00 already; then another customer's cut at 15:00 with Ana asks for Rita.
    const first = customer(shops.salon);
    await first.say("Queria marcar uma manicure para sexta às 15h");
    const c = customer(shops.salon);
    await c.say("Queria marcar um corte feminino para sexta às 15h com a Ana");
    const replies = (await c.say("prefiro com a Rita, pode ser?")).join("\n");
    expect(replies).toMatch(/vagas mais próximas/);
    expect(replies).not.toMatch(/15:00\n/);
    expect((await theirs(shops.salon, c)).map((a) => [local(a.start, BELA.timeZone), a.staffId])).toEqual([
      ["2026-11-27T15:00", shops.salon.staffIds.Ana],
    ]);
  });

  it("keeps the booking when the person named does the booked service and another is asked ('and a manicure with Rita')", async () => {
    const c = customer(shops.salon);
    await c.say("Queria marcar um corte feminino para quinta às 11h com a Ana");
    await c.say("e uma manicure com a Rita na sexta às 12h, em vez de esperar");
    const mine = await theirs(shops.salon, c);
    expect(mine.filter((a) => a.serviceId === shops.salon.serviceIds["Women's haircut"]).map((a) => a.staffId)).toEqual([shops.salon.staffIds.Ana]);
  });

  it("reads a routine check as the check-up", async () => {
    expect((await customer(shops.clinic).say("Olá, queria marcar uma consulta de rotina")).join("\n")).toMatch(
      /vagas mais próximas para Consulta de revisão/,
    );
    expect((await customer(shops.clinic).say("Hi, I'd like a routine check with Dr Gómez, Thursday morning")).join("\n")).toMatch(
      /nearest free times for Check-up/,
    );
  });
});
