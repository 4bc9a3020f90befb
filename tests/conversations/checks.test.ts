// The corpus runner's own checks, so a failing conversation means the assistant and not the ruler:
// record normalisation (today's record shapes), the Lisbon clock conversions, the language detector on
// replies a correct assistant would write, and the time/price facts.
import { describe, expect, it } from "vitest";
import { createBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";
import { records } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { at, eur } from "./cases/facts";
import { detectLang, englishCanned, stripOwnerWords } from "./lang";
import { bookingMatches, orderMatches, readOutcome } from "./outcome";
import { instantToLocal, KNOWLEDGE, localToInstant } from "./shop";

describe("the corpus runner's checks", () => {
  it("normalises today's booking, order and lead records", async () => {
    const { businessId } = await createBusiness(db(), { name: "Checks", tokens: 10, timeZone: "Europe/Lisbon" });
    const row = (collection: string, fields: Record<string, unknown>, status = "confirmed") => ({
      id: newId("rec"),
      businessId,
      collection,
      fields,
      status,
    });
    await db()
      .insert(records)
      .values([
        row("bookings", { when: "2026-11-28T20:00:00+00:00", party_size: 4, name: "Ada" }),
        // A booking's status lives in the records.status column (a cancel keeps the record).
        row("bookings", { when: "2026-07-10T21:30:00+01:00", party_size: 2, name: "Bo" }, "cancelled"),
        row("orders", {
          item: "Pizza Margherita",
          itemId: "pizza-margherita",
          quantity: 2,
          unitPrice: "11.00 EUR",
          total: "22.00 EUR",
          address: "Rua Augusta 1, Lisbon",
        }),
        row("orders", {
          items: [
            { itemId: "tiramisu", quantity: 1 },
            { externalId: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          totalCents: 1200,
        }),
        row("leads", { name: "Cy", email: "cy@example.com", interest: "catering" }),
      ]);
    const out = await readOutcome(businessId);
    expect(out.bookings).toEqual([
      { partySize: 4, when: "2026-11-28T20:00", name: "Ada", status: "confirmed" },
      { partySize: 2, when: "2026-07-10T21:30", name: "Bo", status: "cancelled" },
    ]);
    expect(out.orders).toEqual([
      { items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "delivery", address: "Rua Augusta 1, Lisbon", total: 2200 },
      {
        items: [
          { item: "tiramisu", qty: 1 },
          { item: "tiramisu", qty: 1 },
        ],
        fulfilment: "pickup",
        address: null,
        total: 1200,
      },
    ]);
    expect(out.leads).toEqual([{ name: "Cy", email: "cy@example.com" }]);
    expect(bookingMatches({ partySize: 4, when: "2026-11-28T20:00", name: "ada" }, out.bookings[0])).toBe(true);
    expect(bookingMatches({ partySize: 4, when: "2026-11-28T20:30" }, out.bookings[0])).toBe(false);
    expect(bookingMatches({ partySize: 2, when: "2026-07-10T21:30" }, out.bookings[1])).toBe(false);
    expect(orderMatches({ items: [{ item: "tiramisu", qty: 2 }], fulfilment: "pickup", total: 1200 }, out.orders[1])).toBe(true);
    expect(
      orderMatches({ items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "delivery", address: "rua augusta 1", total: 2450 }, out.orders[0]),
    ).toBe(false);
  });

  it("converts Lisbon wall clocks in winter and summer time", () => {
    expect(localToInstant("2026-11-25T16:00").toISOString()).toBe("2026-11-25T16:00:00.000Z");
    expect(localToInstant("2026-07-10T20:00").toISOString()).toBe("2026-07-10T19:00:00.000Z");
    expect(instantToLocal(new Date("2026-07-10T19:00:00Z"))).toBe("2026-07-10T20:00");
  });

  it("tells the three languages apart in replies a correct assistant would write", () => {
    const samples: Array<[string, "en" | "pt" | "es"]> = [
      ["Happy to book you a table! For how many people?", "en"],
      ["Sorry, we are closed on Mondays. How about Tuesday at 20:00?", "en"],
      ["Olá! Para quantas pessoas é a reserva?", "pt"],
      ["Reserva feita: mesa para 2 amanhã às 20:00. Até já!", "pt"],
      ["Encomenda feita: 2 x Pizza Margherita, total 22,00 EUR, para levantar.", "pt"],
      ["Confirma? 2 x Pizza Diavola, 1 x Tiramisu = 32,00 EUR, entrega na Rua Augusta 10", "pt"],
      ["É para levantar ou para entrega?", "pt"],
      ["Desculpe, à segunda estamos fechados. Pode ser terça às 20:00?", "pt"],
      ["Vou passar a um colega que o pode ajudar.", "pt"],
      ["¡Hola! ¿Para cuántas personas es la reserva?", "es"],
      ["Perfecto, mesa para 4 el sábado a las 21:00. ¡Hasta pronto!", "es"],
      ["Pedido hecho: 2 x Pizza Margherita, total 22,00 EUR, para recoger.", "es"],
      ["¿Es para recoger o para entrega a domicilio?", "es"],
      ["Lo siento, los lunes cerramos. ¿Te va bien el martes a las 20:00?", "es"],
      ["Te paso con un compañero que te puede ayudar.", "es"],
    ];
    for (const [text, lang] of samples) expect(detectLang(text).lang, text).toBe(lang);
    expect(detectLang("Obrigado!").lang).toBeNull();
  });

  it("does not count the owner's quoted English knowledge as the reply's language, but flags canned English", () => {
    const parking = KNOWLEDGE.find(([t]) => t === "Parking")?.[1] ?? "";
    const reply = `Sobre o estacionamento: ${parking} Continuamos com a reserva?`;
    expect(detectLang(stripOwnerWords(reply, [parking])).lang).toBe("pt");
    expect(detectLang(reply).lang).not.toBe("pt");
    // Whatever the case the reply writes the owner's words in.
    expect(stripOwnerWords("Lamento, a homemade lemonade está esgotada.", ["Homemade Lemonade"])).toBe("Lamento, a   está esgotada.");
    expect(englishCanned('Desculpe, não percebi. Table booking: write "book"')).toBe('write "book');
    expect(englishCanned("Perfeito, reserva feita para sábado às 20:00.")).toBeNull();
  });

  it("matches times and prices however a reply writes them", () => {
    for (const s of ["20:00", "20h", "20h00", "8pm", "8 pm", "8:00 PM"]) expect(at(20).test(s), s).toBe(true);
    for (const s of ["19:30", "19h30", "7:30pm"]) expect(at(19, 30).test(s), s).toBe(true);
    for (const s of ["120:00", "21:00", "18pm"]) expect(at(20).test(s), s).toBe(false);
    for (const s of ["28.50 EUR", "28,50 €", "€28.50", "total: 28,50€"]) expect(eur(2850).test(s), s).toBe(true);
    for (const s of ["22.00 EUR", "22 €", "22 euros", "€22"]) expect(eur(2200).test(s), s).toBe(true);
    for (const s of ["122.00 EUR", "sábado 22", "22.50 EUR"]) expect(eur(2200).test(s), s).toBe(false);
  });
});
