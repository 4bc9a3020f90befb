// The dialogue manager's pure parts: dates with context, slot values said with their context, acts,
// and the cart's arithmetic with the business's delivery rules.
import { describe, expect, it } from "vitest";
import { bookingAction, isCancel, isCorrection, questionParts, saysNo, saysYes } from "@/lib/runtime/understanding/acts";
import { belowMinimum, cartField, emptyCart, fee, total } from "@/lib/runtime/engine/cart-math";
import { mergeWhen, readAddress, readFulfilment, readName, readNameInText, readPartySize } from "@/lib/runtime/understanding/slots";
import { readWhenParts, toIso } from "@/lib/runtime/understanding/when";
import { defers, pointsToPerson } from "@/lib/runtime/understanding/deferral";

// Wednesday 25 November 2026, 16:00 in Lisbon (UTC+0 in winter).
const ctx = { timeZone: "Europe/Lisbon", now: new Date("2026-11-25T16:00:00Z") };
const when = (text: string) => readWhenParts(text, ctx);

describe("dates and times with context", () => {
  it("reads relative days, weekdays and meals in three languages", () => {
    expect(when("tomorrow at 8pm")).toEqual({ date: "2026-11-26", time: "20:00" });
    expect(when("depois de amanhã às 20h")).toEqual({ date: "2026-11-27", time: "20:00" });
    expect(when("pasado mañana a las 9 y media")).toEqual({ date: "2026-11-27", time: "21:30" });
    expect(when("tonight")).toEqual({ date: "2026-11-25", meal: "dinner" });
    expect(when("tomorrow lunch")).toEqual({ date: "2026-11-26", meal: "lunch" });
    expect(when("next friday at 1pm")).toEqual({ date: "2026-11-27", time: "13:00" });
    expect(when("el sábado a las 8 de la tarde")).toEqual({ date: "2026-11-28", time: "20:00" });
    expect(when("sexta às 21h")).toEqual({ date: "2026-11-27", time: "21:00" });
    expect(when("28 de novembro")).toEqual({ date: "2026-11-28" });
    // A Wednesday said on a Wednesday is today; "next wednesday" is a week on.
    expect(when("next wednesday")?.date).toBe("2026-12-02");
    expect(when("nothing to do with time")).toBeNull();
  });

  it("keeps the day already given when only a time is said", () => {
    const first = when("tomorrow at 4pm");
    const then = when("ok 7pm then");
    expect(then).toEqual({ time: "19:00" });
    expect(mergeWhen(first ?? {}, then ?? {})).toEqual({ date: "2026-11-26", time: "19:00" });
    expect(toIso("2026-11-26", "19:00", "Europe/Lisbon")).toBe("2026-11-26T19:00:00+00:00");
  });
});

describe("slot values said with their context", () => {
  it("reads a party size only with its context", () => {
    expect(readPartySize("table for 2 tomorrow 8pm, name Ana")).toBe(2);
    expect(readPartySize("mesa para 4 amanhã às 20h")).toBe(4);
    expect(readPartySize("somos seis")).toBe(6);
    expect(readPartySize("reserva p 2 hj as 20")).toBe(2);
    expect(readPartySize("tomorrow at 8pm")).toBeNull();
    expect(readPartySize("for 8pm")).toBeNull();
  });

  it("never takes a question, a command or a sentence as a name, nor pickup as an address", () => {
    expect(readName("Ana Silva")).toBe("Ana Silva");
    expect(readName("it's Ana")).toBe("Ana");
    expect(readName("cancel")).toBeNull();
    expect(readName("do you have parking?")).toBeNull();
    expect(readName("yes")).toBeNull();
    expect(readName("I would like to know if you have a table")).toBeNull();
    expect(readNameInText("table for 2 tomorrow 8pm, name Ana")).toBe("Ana");
    expect(readNameInText("mesa a nombre de Pilar, ¿y tenéis parking?")).toBe("Pilar");
    expect(readAddress("i'll pick it up")).toBeNull();
    expect(readAddress("what is the delivery fee?")).toBeNull();
    expect(readAddress("Rua Augusta 10, 2º esq")).toBe("Rua Augusta 10, 2º esq");
    expect(readFulfilment("vou buscar")).toBe("pickup");
    expect(readFulfilment("a domicilio por favor")).toBe("delivery");
  });
});

describe("acts", () => {
  it("tells cancels, corrections, yes/no, questions and booking changes apart", () => {
    expect(isCancel("never mind")).toBe(true);
    expect(isCancel("esquece")).toBe(true);
    expect(isCancel("olvídalo")).toBe(true);
    expect(isCancel("Ana")).toBe(false);
    expect(isCorrection("actually make it 6 people")).toBe(true);
    expect(isCorrection("afinal às 21h")).toBe(true);
    expect(saysYes("sim, confirmo")).toBe(true);
    expect(saysNo("não")).toBe(true);
    expect(saysYes("no")).toBe(false);
    expect(questionParts("table for 3 on saturday at 8pm, name Maria - do you have vegan options?")).toEqual(["do you have vegan options?"]);
    expect(bookingAction("change my booking to 9pm")).toBe("change");
    expect(bookingAction("quero cancelar a minha reserva")).toBe("cancel");
    expect(bookingAction("what time do you open?")).toBeNull();
  });
});

describe("cart totals with the business's delivery rules", () => {
  const rules = { deliveryFee: 250, freeDeliveryFrom: 3000, minimumDelivery: 1500 };
  const line = (qty: number, price: number) => ({ externalId: `i${price}`, title: `Item ${price}`, qty, priceAmount: price, currency: "EUR" });
  it("adds the fee below the free-delivery threshold, none for pickup, and knows the minimum", () => {
    const cart = { ...emptyCart(rules), items: [line(2, 1100)] };
    expect(fee(cart, "Delivery")).toBe(250);
    expect(total(cart, "Delivery")).toBe(2450);
    expect(total(cart, "Pickup")).toBe(2200);
    expect(cartField(cart, "total", { fulfilment: "Delivery" })).toBe("€24.50");
    expect(cartField(cart, "total", { fulfilment: "Delivery" }, "pt")).toBe("24,50 €");
    cart.items.push(line(1, 1000));
    expect(fee(cart, "Delivery")).toBe(0);
    const small = { ...emptyCart(rules), items: [line(1, 600)] };
    expect(belowMinimum(small, "Delivery")).toBe(true);
    expect(belowMinimum(small, "Pickup")).toBe(false);
  });
});

describe("a decision put off, and an answer that needs a person", () => {
  it("hears a customer put the decision off in three languages, never a value or a plain answer", () => {
    for (const text of [
      "Vale, lo hablo con mis compañeros y os digo. ¡Gracias!",
      "ok let me check with my wife and I'll let you know",
      "I'll think about it, thanks",
      "vou ver com o meu marido e depois digo",
      "Ya te confirmo luego",
      "agora não, obrigada",
    ]) {
      expect(defers(text), text).toBe(true);
    }
    for (const text of ["Ana García", "yes please", "for 4 people, I'll let you know the name at 8", "sábado a las 9", "te digo que somos cuatro"]) {
      expect(defers(text), text).toBe(false);
    }
  });

  it("sees when an answer says the thing is arranged with a person", () => {
    expect(pointsToPerson("Hay que encargarlo con 48 horas de antelación hablando con una persona de nuestro equipo.")).toBe(true);
    expect(pointsToPerson("Group menus are arranged by speaking to our team two days ahead.")).toBe(true);
    expect(pointsToPerson("Para eventos é preciso falar com a nossa equipa.")).toBe(true);
    expect(pointsToPerson("We are open from 12:00 to 23:00, every day but Monday.")).toBe(false);
    expect(pointsToPerson("Tenemos mesas para una persona en la barra.")).toBe(false);
  });
});
