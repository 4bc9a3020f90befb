// Issue 40: what a salon's, a clinic's and a tea shop's customers ask as they would ask a receptionist,
// probed in their own words on 2026-12-01 (none of these is a corpus case):
// - which days a staff member works ("is marco in on saturdays?", "A Rita trabalha à segunda?") and who
//   performs a service ("¿la revisión la hace la doctora Gómez?"), answered from the staff's own hours
//   and the services' performers, with no booking started;
// - a need said of a service ("mi hijo tiene 7 años y necesita una revisión") is a booking, never the
//   allergy offer ("a colleague who knows the kitchen") that its words resembled;
// - a follow-up that names nothing is about the service asked before: "e quanto custa?" after a duration,
//   "and with beard?" after a cut's price (the combination's price), and the booking after them;
// - a weekday answering the times offered for next week's afternoons is that week's, in the afternoon;
// - a tea shop's teas by their own names ("what teas do you have?" lists the Earl Grey and the Rooibos);
// - a chipped tooth is the clinic's emergency line, not a booking;
// - nothing free on the day asked says why when the week does ("No sábado, Rita não trabalha."), and a
//   name said after an order is the name the order is under.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { appointments, records } from "@/lib/db/schema";
import { addedToService } from "@/lib/runtime/understanding/fact-questions";
import { saysPain } from "@/lib/runtime/understanding/pain";
import { mentionsAllergy } from "@/lib/runtime/understanding/staff-notes";
import { staffQuestion } from "@/lib/runtime/understanding/staff-questions";
import { isoInZone } from "@/lib/time/time-zone";
import { BELA } from "../conversations/trades/bela";
import { CHACASA } from "../conversations/trades/chacasa";
import { tradeShops, type TradeShop } from "../conversations/trades/setup";
import { SONRISA } from "../conversations/trades/sonrisa";
import { customer } from "./harness";

// Wednesday 25 November 2026, 16:00 in Porto and Lisbon, 17:00 in Madrid.
const NOW = new Date("2026-11-25T16:00:00Z");
const OFFERED = /nearest free times|vagas mais próximas|huecos más cercanos/;

describe("reading questions about the staff and follow-ups", () => {
  it("reads the days asked of a person, and who performs a service, but not a booking", () => {
    expect(staffQuestion("is marco in on saturdays?")).toEqual({ kind: "days", weekdays: [5], relative: null });
    expect(staffQuestion("A Rita trabalha à segunda?")).toEqual({ kind: "days", weekdays: [0], relative: null });
    expect(staffQuestion("¿qué días pasa consulta el Dr. Ruiz?")).toEqual({ kind: "days", weekdays: [], relative: null });
    expect(staffQuestion("is Ana working tomorrow?")).toEqual({ kind: "days", weekdays: [], relative: 1 });
    expect(staffQuestion("¿la revisión la hace la doctora Gómez?")).toEqual({ kind: "performs", who: false });
    expect(staffQuestion("Boa tarde, a Ana faz madeixas?")).toEqual({ kind: "performs", who: false });
    expect(staffQuestion("who does the colour?")).toEqual({ kind: "performs", who: true });
    expect(staffQuestion("What time does Rita finish on Friday?")).toEqual({ kind: "days", weekdays: [4], relative: null });
    for (const text of [
      "can I book with Marco on Saturday?",
      "is Ana free Friday at 3?",
      "a Rita tem vaga à terça?",
      "quero marcar com a Rita",
      "hi, can i get a cut and beard with marco friday around 5?",
      "¿la manicura la hace Rita? ¿Tiene algo el jueves por la tarde?",
      "¿cuánto sale el corte con Ana?",
    ])
      expect(staffQuestion(text), text).toBeNull();
  });

  it("reads a thing added to the service asked about, and an allergy only when one is named", () => {
    expect(addedToService("¿y con barba?")).toBe("barba");
    expect(addedToService("and with beard?")).toBe("beard");
    expect(addedToService("e com coloração?")).toBe("coloracao");
    expect(addedToService("and can I book for friday?")).toBeNull();
    expect(mentionsAllergy("mi hijo tiene 7 años y necesita una revisión")).toBe(false);
    expect(mentionsAllergy("mi hijo es alérgico a los frutos secos")).toBe(true);
    expect(mentionsAllergy("can you guarantee there are no traces?")).toBe(true);
  });
});

describe("a salon's, a clinic's and a tea shop's customers", () => {
  const shops = tradeShops(NOW, { salon: BELA, clinic: SONRISA, shop: CHACASA });

  const booked = async (business: TradeShop, c: ReturnType<typeof customer>, timeZone: string) => {
    const { contactId } = await c.conversation();
    const rows = await db()
      .select({ start: appointments.startAt, serviceId: appointments.serviceId, staffId: appointments.staffId })
      .from(appointments)
      .where(and(eq(appointments.businessId, business.businessId), eq(appointments.contactId, contactId as string)));
    const service = (id: string) => Object.entries(business.serviceIds).find(([, v]) => v === id)?.[0];
    const staff = (id: string) => Object.entries(business.staffIds).find(([, v]) => v === id)?.[0];
    return rows.map((r) => [isoInZone(r.start, timeZone).slice(0, 16), service(r.serviceId), staff(r.staffId)]);
  };

  it("says which days a person works from their own hours, and starts no booking", async () => {
    const c = customer(shops.salon);
    const marco = (await c.say("is marco in on saturdays?")).join("\n");
    expect(marco).toBe("On Saturday Marco works 10:00–14:00.");
    const rita = (await customer(shops.salon).say("A Rita trabalha à segunda?")).join("\n");
    expect(rita).toContain("Na segunda-feira, Rita não trabalha.");
    expect(rita).toContain("• Terça-feira a Sexta-feira: 10:00–19:00");
    expect(rita).not.toMatch(OFFERED);
    // His hours, not the business's; a day counted from today.
    const hours = (await customer(shops.salon).say("Olá, qual é o horário do Marco?")).join("\n");
    expect(hours).toBe("Marco trabalha:\n• Quarta-feira a Sexta-feira: 10:00–19:00\n• Sábado: 10:00–14:00");
    expect((await customer(shops.salon).say("Boa tarde! A Ana está amanhã?")).join("\n")).toBe("Amanhã, Ana trabalha: 10:00–19:00.");
    // Then the booking with him, asked for in the next message.
    const next = (await c.say("ok can I get a beard trim with him this saturday at 10")).join("\n");
    expect(next).toMatch(/You're booked: Beard trim with Marco on Saturday 28 November at 10:00/);
    expect(await booked(shops.salon, c, BELA.timeZone)).toEqual([["2026-11-28T10:00", "Beard trim", "Marco"]]);
  });

  it("books a cut and a beard trim asked together as the one service that joins them", async () => {
    const c = customer(shops.salon);
    const replies = (await c.say("can I book a men's cut and beard trim with Marco tomorrow at 5?")).join("\n");
    expect(replies).toMatch(/^You're booked: Haircut and beard with Marco on Thursday 26 November at 17:00/);
    expect(replies).not.toMatch(/Also booked/);
    expect(await booked(shops.salon, c, BELA.timeZone)).toEqual([["2026-11-26T17:00", "Haircut and beard", "Marco"]]);
    // Two services no one service joins are still two appointments, one after the other.
    const two = customer(shops.salon);
    const both = (await two.say("un corte de mujer y una manicura el jueves a las 10, una detrás de otra")).join("\n");
    expect(both).toMatch(/Tienes cita: Corte de mujer/);
    expect(both).toMatch(/También tienes cita: Manicura/);
  });

  it("answers a person's hours of the day, a title said alone, and a service asked of a person", async () => {
    expect((await customer(shops.salon).say("What time does Rita finish on Friday?")).join("\n")).toBe("On Friday Rita works 10:00–19:00.");
    expect((await customer(shops.salon).say("Boa tarde, a Ana faz madeixas?")).join("\n")).toBe("Sim, Ana faz Coloração.");
    const c = customer(shops.clinic);
    await c.say("Hola! Me gustaría hacerme un blanqueamiento, ¿cuánto cuesta y cuánto dura?");
    const days = (await c.say("vale, ¿qué días lo hace la doctora?")).join("\n");
    expect(days).toMatch(/^Dra\. Laura Gómez trabaja:\n• Lunes a Viernes: 09:00–14:00 y 16:00–20:00/);
  });

  it("answers 'e se...?' after a delivery question with the delivery's terms again, starting no order", async () => {
    const c = customer(shops.shop);
    const fee = (await c.say("quanto custa o envio?")).join("\n");
    expect(fee).toMatch(/gratuita em encomendas a partir de 40,00 €/);
    expect((await c.say("e se a encomenda for de 50 euros?")).join("\n")).toBe(fee);
  });

  it("says who performs a service, yes or no, and starts no booking", async () => {
    const yes = (await customer(shops.clinic).say("Buenas, ¿la revisión la hace la doctora Gómez?")).join("\n");
    expect(yes).toBe("Sí, Dra. Laura Gómez hace Revisión.");
    const no = (await customer(shops.clinic).say("¿la limpieza la hace el Dr. Ruiz?")).join("\n");
    expect(no).toBe("Dr. Javier Ruiz no hace Limpieza dental. Limpieza dental es con Carmen.");
    const who = (await customer(shops.salon).say("who does the colour?")).join("\n");
    expect(who).toBe("Colour is with Ana or Rita.");
  });

  it("answers a chipped tooth with what the clinic says about emergencies, not a booking", async () => {
    expect(saysPain("I chipped my tooth")).toBe(true);
    expect(saysPain("se me ha roto una muela")).toBe(true);
    expect(saysPain("the card machine is broken, can I pay cash?")).toBe(false);
    const replies = (await customer(shops.clinic).say("Hi, I'm in Madrid for a week, I chipped my tooth, can I come tomorrow morning?")).join("\n");
    expect(replies).toMatch(/Emergencies.*same day/s);
    expect(replies).not.toMatch(OFFERED);
  });

  it("books the check-up a child needs, with no word of allergies or a kitchen", async () => {
    const c = customer(shops.clinic);
    const replies = (await c.say("mi hijo tiene 7 años y necesita una revisión")).join("\n");
    expect(replies).toMatch(/huecos más cercanos para Revisión/);
    expect(replies).not.toMatch(/alergia|cocina/);
  });

  it("prices the service asked about before, and books it after", async () => {
    const c = customer(shops.salon);
    expect((await c.say("quanto tempo demora a coloração?")).join("\n")).toBe("Coloração demora à volta de 1 hora e 30 minutos.");
    expect((await c.say("e quanto custa?")).join("\n")).toBe("Coloração: 55,00 €");
    const done = (await c.say("pode ser sexta às 15h com a Ana?")).join("\n");
    expect(done).toMatch(/Está marcado: Coloração com Ana na sexta-feira, 27 de novembro, às 15:00/);
    expect(await booked(shops.salon, c, BELA.timeZone)).toEqual([["2026-11-27T15:00", "Colour", "Ana"]]);
  });

  it("prices a cut with a beard as the combination, and books the combination once", async () => {
    for (const [first, added, price, book, said] of [
      [
        "how much for a men's cut?",
        "and with beard?",
        "Haircut and beard: €27.00",
        "ok book it for friday at 5pm",
        /You're booked: Haircut and beard with Marco/,
      ],
      [
        "Hola, ¿cuánto cuesta un corte de hombre?",
        "¿y con barba?",
        "Corte y barba: 27,00 €",
        "vale, resérvame uno el viernes a las 17h",
        /Tienes cita: Corte y barba con Marco/,
      ],
    ] as const) {
      const c = customer(shops.salon);
      await c.say(first);
      const replies = (await c.say(added)).join("\n");
      expect(replies, added).toBe(price);
      expect((await c.say(book)).join("\n"), book).toMatch(said);
      expect(await booked(shops.salon, c, BELA.timeZone), book).toEqual([["2026-11-27T17:00", "Haircut and beard", "Marco"]]);
      // Marco free again at 17:00 on Friday for the next customer.
      await db().delete(appointments).where(eq(appointments.businessId, shops.salon.businessId));
    }
  });

  it("takes a weekday answering next week's afternoon times as that week's, still in the afternoon", async () => {
    const c = customer(shops.salon);
    const first = (await c.say("Olá! Queria marcar um corte feminino para a próxima semana, de preferência à tarde")).join("\n");
    expect(first).toMatch(/1\. terça, 1\/12/);
    const thursday = (await c.say("quinta")).join("\n");
    const rows = thursday.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, thursday).toMatch(/quinta, 3\/12, (1[2-7]):\d\d/);
  });

  it("says why nothing is free on the day asked: the person asked for, or everyone who does it, is off", async () => {
    const rita = (await customer(shops.salon).say("Olá, queria marcar uma manicure com a Rita para sábado")).join("\n");
    expect(rita).toMatch(/^No sábado, Rita não trabalha\.\nEstas são as vagas mais próximas para Manicure/);
    const cleaning = (await customer(shops.clinic).say("Buenos días, quería pedir cita para una limpieza el viernes")).join("\n");
    expect(cleaning).toMatch(/^El viernes no hacemos Limpieza dental\.\nEstos son los huecos más cercanos para Limpieza dental/);
    // Marco and Ana work on Saturdays, in the morning: nothing free in the evening, said once.
    const evening = (await customer(shops.salon).say("a men's cut on saturday evening please")).join("\n");
    expect(evening).toMatch(/^Nothing is free then\.\nThese are the nearest free times for Men's haircut/);
  });

  it("takes a name said after an order as the name it is under", async () => {
    const c = customer(shops.shop);
    await c.say("Olá! Queria encomendar 2 Earl Grey e um Rooibos para entrega na Rua do Ouro 50");
    expect((await c.say("Sim")).join("\n")).toMatch(/encomenda \(25,00 €\) está registada/);
    expect((await c.say("Joana Reis")).join("\n")).toBe("Obrigado, Joana! A encomenda fica em seu nome.");
    const { id } = await c.conversation();
    const [order] = await db()
      .select({ fields: records.fields })
      .from(records)
      .where(and(eq(records.businessId, shops.shop.businessId), eq(records.conversationId, id), eq(records.collection, "orders")));
    expect(order.fields).toMatchObject({ name: "Joana Reis", total: 2500 });
  });

  it("offers the times between the two hours asked, never one at the end of the span", async () => {
    const replies = (await customer(shops.clinic).say("Can I book a filling for this Friday between 5 and 7pm?")).join("\n");
    const rows = replies.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, replies).toMatch(/Fri 27 Nov, 1[78]:\d\d/);
    expect(replies).not.toMatch(/You're booked/);
  });

  it("lists a tea shop's teas by their own names", async () => {
    const replies = (await customer(shops.shop).say("what teas do you have?")).join("\n");
    for (const tea of ["Earl Grey", "Rooibos", "Matcha", "Sencha"]) expect(replies).toContain(tea);
    expect(replies).not.toContain("teapot");
  });
});
