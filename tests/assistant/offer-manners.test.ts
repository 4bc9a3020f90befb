// Issue 40: what a customer says while times or items are on the table, as a receptionist or a shop
// assistant hears it: "Cancel that" at the end of a long message cancels; "any of them, the earliest"
// takes the first time offered; "after 6" and "before 11" are bounds, "before my wedding on the 20th"
// a deadline; a question asked while times are offered is answered and the same times offered again;
// "tem horário pra unha amanhã?" (Brazil) asks for a free time, not the opening hours; "do you ship to
// Porto?" asks about delivery; "I'll take two" after a price is of the item priced. Probed in the
// customers' own words on 2026-12-01 (none of these is a corpus case).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { appointments } from "@/lib/db/schema";
import { isCancel } from "@/lib/runtime/understanding/acts";
import { asksForSlot, factQuestion } from "@/lib/runtime/understanding/fact-questions";
import { readTimeRange } from "@/lib/runtime/understanding/time-range";
import { isoInZone } from "@/lib/time/time-zone";
import { BELA } from "../conversations/trades/bela";
import { CHACASA } from "../conversations/trades/chacasa";
import { tradeShops, type TradeShop } from "../conversations/trades/setup";
import { SONRISA } from "../conversations/trades/sonrisa";
import { customer } from "./harness";

// Wednesday 25 November 2026, 16:00 in Porto and Lisbon, 17:00 in Madrid.
const NOW = new Date("2026-11-25T16:00:00Z");
const porto = { timeZone: "Europe/Lisbon", now: NOW };
const day = (d: Date) => isoInZone(d, porto.timeZone).slice(0, 10);

describe("reading a cancel, a bound and a slot asked for", () => {
  it("cancels by a short command at the end of a long message, never by 'I don't want to book yet'", () => {
    expect(isCancel("Actually I can't do Friday. Cancel that, I'll message another time")).toBe(true);
    expect(isCancel("Buenas tardes. No quiero reservar todavía, solo saber si el domingo por la noche abren ustedes. Un saludo.")).toBe(false);
  });

  it("reads 'after 6' and 'before 11' as bounds, 'half past 5' as a time, and 'before the 20th' as a deadline", () => {
    expect(readTimeRange("a haircut and beard sometime after 6 this week", porto)).toMatchObject({ time: "18:00", bound: "after" });
    expect(readTimeRange("a women's cut tomorrow before 11 please", porto)).toMatchObject({ time: "11:00", bound: "before" });
    expect(readTimeRange("manicure amanhã depois das 5", porto)).toMatchObject({ time: "17:00", bound: "after" });
    expect(readTimeRange("a beard trim friday at half past 5", porto).bound).toBeUndefined();
    const deadline = readTimeRange("I'd like to whiten my teeth before my wedding on the 20th", porto);
    expect([day(deadline.from), day(new Date(deadline.to.getTime() - 1))]).toEqual(["2026-11-25", "2026-12-19"]);
    // A "before" far from the day is no deadline.
    expect(day(readTimeRange("before I forget, can I book a cut on Friday?", porto).from)).toBe("2026-11-27");
  });

  it("reads 'el miércoles que viene' said on a Wednesday as next week's", () => {
    expect(day(readTimeRange("vale, el miércoles que viene por la mañana", porto).from)).toBe("2026-12-02");
    expect(day(readTimeRange("na quarta que vem de manhã", porto).from)).toBe("2026-12-02");
    expect(day(readTimeRange("next Wednesday morning", porto).from)).toBe("2026-12-02");
    expect(day(readTimeRange("el miércoles por la tarde", porto).from)).toBe("2026-11-25");
  });

  it("reads 'tem horário pra...' as a free time asked for, and 'qual o vosso horário ao sábado?' as the hours alone", () => {
    expect(asksForSlot("oi, tem horário pra unha amanhã depois das 5?")).toBe(true);
    expect(factQuestion("oi, tem horário pra unha amanhã depois das 5?")?.topics ?? []).not.toContain("hours");
    expect(asksForSlot("qual o vosso horário ao sábado?")).toBe(false);
    // "anything free", asked in the customer's words.
    expect(asksForSlot("¿tenéis algo la primera semana de diciembre para una limpieza?")).toBe(true);
    expect(asksForSlot("do you have anything for a colour this side of christmas?")).toBe(true);
    expect(asksForSlot("do you have anything gluten free?")).toBe(false);
    expect(factQuestion("qual o vosso horário ao sábado?")).toMatchObject({ topics: ["hours"], rests: [] });
  });
});

describe("customers while times or items are offered", () => {
  const shops = tradeShops(NOW, { salon: BELA, clinic: SONRISA, tea: CHACASA });

  const theirs = async (shop: TradeShop, c: ReturnType<typeof customer>) => {
    const { contactId } = await c.conversation();
    return db()
      .select({ start: appointments.startAt })
      .from(appointments)
      .where(and(eq(appointments.businessId, shop.businessId), eq(appointments.contactId, contactId as string)));
  };
  /** The times of a list of offered times, "Fri 27 Nov, 10:00" each. */
  const offered = (reply: string) => [...reply.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]);

  it("ends the booking on 'Cancel that' at the end of a long message, booking nothing", async () => {
    const c = customer(shops.salon);
    await c.say("Hi, I'd like a manicure Friday");
    const replies = (await c.say("Actually I can't do Friday. Cancel that, I'll message another time")).join("\n");
    expect(replies).toMatch(/cancelled that/);
    expect(offered(replies)).toEqual([]);
    expect(await theirs(shops.salon, c)).toEqual([]);
  });

  it("books the first time offered on 'any of them, the earliest', and offers only days before a deadline", async () => {
    const c = customer(shops.clinic);
    const first = (await c.say("I'd like to whiten my teeth before my wedding on the 20th. When could I come in?")).join("\n");
    const times = offered(first);
    expect(times.length).toBeGreaterThan(0);
    // The nearest from now, and none on or after the 20th of December (it offered the 21st once).
    expect(times[0]).toBe("Wed 25 Nov, 17:00");
    expect(times.filter((t) => Number(t.match(/ (\d+) Dec/)?.[1] ?? 0) >= 20)).toEqual([]);
    await c.say("any of them, the earliest");
    const booked = await theirs(shops.clinic, c);
    expect(booked).toHaveLength(1);
    expect(isoInZone(booked[0].start, SONRISA.timeZone).slice(0, 16)).toBe("2026-11-25T17:00");
  });

  it("offers only times at or after the hour said with 'after', before it with 'before'", async () => {
    const after = offered((await customer(shops.salon).say("hey can i get a haircut and beard sometime after 6 this week")).join("\n"));
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((t) => t.endsWith("18:00"))).toBe(true);
    const before = offered((await customer(shops.salon).say("a women's cut tomorrow before 11 please")).join("\n"));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((t) => /Thu 26 Nov, 10:(00|30)$/.test(t))).toBe(true);
  });

  it("answers a question asked while times are offered, then offers the same day's times again", async () => {
    const c = customer(shops.salon);
    const asked = offered((await c.say("hola! una manicura para el viernes a las doce y media?")).join("\n"));
    expect(asked[0]).toMatch(/^vie, 27 nov/);
    const replies = await c.say("una pregunta, ¿aceptáis bizum?");
    expect(replies[0]).toMatch(/Bizum/);
    expect(offered(replies.join("\n"))).toEqual(asked);
  });

  it("offers free times for 'tem horário pra unha amanhã depois das 5?', with no opening hours", async () => {
    const replies = (await customer(shops.salon).say("oi, tem horário pra unha amanhã depois das 5?")).join("\n");
    expect(replies).not.toMatch(/estamos abertos/);
    expect(replies).toMatch(/vagas mais próximas para Manicure/);
    expect(offered(replies).every((t) => /^quinta, 26\/11, 1[78]:/.test(t))).toBe(true);
  });

  it("takes 'a las 4' and '4 works' as the time of day offered, and a bare '4' as the fourth row", async () => {
    const at = async (first: string, pick: string) => {
      const c = customer(shops.salon);
      const list = offered((await c.say(first)).join("\n"));
      await c.say(pick);
      const [booked] = await theirs(shops.salon, c);
      return { list, booked: booked ? isoInZone(booked.start, BELA.timeZone).slice(11, 16) : null };
    };
    expect((await at("Hola! Quería un corte de mujer el viernes por la tarde", "a las 4")).booked).toBe("16:00");
    expect((await at("a manicure friday please", "4 works")).booked).toBe("16:00");
    const fourth = await at("a manicure friday please", "4");
    expect(fourth.booked).toBe(fourth.list[3].slice(-5));
    expect((await at("Hi, can I book a colour with Ana next Thursday morning?", "10 is good")).booked).toBe("10:00");
  });

  it("says the appointment a customer says they have, books nothing new, and offers a colleague", async () => {
    const c = customer(shops.salon);
    await c.say("Quiero una manicura mañana a las 11");
    const late = (await c.say("Oye, tengo hora mañana a las 11 pero llegaré 15 minutos tarde, ¿pasa algo?")).join("\n");
    expect(late).toMatch(/Tu cita: Manicura con Rita, jueves, 26 de noviembre, a las 11:00/);
    expect(await theirs(shops.salon, c)).toHaveLength(1);
    const none = customer(shops.salon);
    const unknown = (await none.say("Booked a colour with Rita for Thursday, want to double check what time it is")).join("\n");
    expect(unknown).toMatch(/couldn't find an upcoming appointment.*colleague/s);
    expect(await theirs(shops.salon, none)).toEqual([]);
  });

  it("cancels 'my manicure on Friday' by its service, and says when there is none", async () => {
    expect((await customer(shops.clinic).say("Buenas, ¿me cambiáis la cita del martes al miércoles?")).join("\n")).toMatch(
      /No he encontrado ninguna cita/,
    );
    const none = (await customer(shops.salon).say("I need to cancel my manicure on Friday please, sorry!")).join("\n");
    expect(none).toMatch(/couldn't find an upcoming appointment/);
    expect(offered(none)).toEqual([]);
    const c = customer(shops.salon);
    await c.say("a manicure on Friday at 2pm please");
    expect(await theirs(shops.salon, c)).toHaveLength(1);
    expect((await c.say("I need to cancel my manicure on Friday please, sorry!")).join("\n")).toMatch(/cancelled/i);
    const [after] = await db()
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.businessId, shops.salon.businessId), eq(appointments.contactId, (await c.conversation()).contactId as string)));
    expect(after.status).toBe("cancelled");
  });

  it("answers 'do you ship to Porto?' with where the shop delivers", async () => {
    expect((await customer(shops.tea).say("Do you ship to Porto?")).join("\n")).toMatch(/deliver in Lisbon/);
  });

  it("orders the item just priced on 'I'll take two' and 'ponme dos'", async () => {
    const en = customer(shops.tea);
    await en.say("how much is the rooibos");
    await en.say("I'll take two");
    expect((await en.say("pickup")).join("\n")).toMatch(/2 x Rooibos 100 g/);
    const es = customer(shops.tea);
    await es.say("Buenas, ¿tenéis té rooibos? ¿cuánto cuesta?");
    expect((await es.say("ponme dos, lo recojo el sábado")).join("\n")).toMatch(/2 x Rooibos 100 g \(13,00 €\)/);
    // Two items named before: the count names neither, and no order is guessed.
    const two = customer(shops.tea);
    await two.say("what do the sencha and the rooibos cost?");
    expect((await two.say("I'll take two")).join("\n")).not.toMatch(/2 x (Rooibos|Chá verde)/);
  });
});
