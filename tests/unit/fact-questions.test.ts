import { describe, expect, it } from "vitest";
import { factQuestion } from "@/lib/runtime/understanding/fact-questions";

// Which stated facts a question asks about (issue 35 item 5), in the three languages, and what is left
// of it to search the knowledge for.

const topics = (text: string) => factQuestion(text)?.topics ?? [];

describe("fact questions", () => {
  it("reads the hours, the address, delivery and its cost, the minimum, payment and pickup in en, pt and es", () => {
    expect(topics("what are your opening hours?")).toEqual(["hours"]);
    expect(topics("whats ur opening hrs")).toEqual(["hours"]);
    expect(topics("Kindly share the address and nearest metro station.")).toEqual(["address"]);
    expect(topics("lol my flatmate says ur pizza is the best in lisbon, is delivery free or nah")).toEqual(["deliveryCost"]);
    expect(topics("No quiero reservar todavía, solo saber si el domingo por la noche abren ustedes.")).toEqual(["hours"]);
    expect(topics("a que horas abrem amanhã?")).toEqual(["hours"]);
    expect(topics("¿abrís el domingo por la noche?")).toEqual(["hours"]);
    expect(topics("where are you?")).toEqual(["address"]);
    expect(topics("Qual é a morada?")).toEqual(["address"]);
    expect(topics("¿cuál es la dirección?")).toEqual(["address"]);
    expect(topics("do you deliver to Alfama?")).toEqual(["delivery"]);
    expect(topics("Fazem entregas ao domicílio?")).toEqual(["delivery"]);
    expect(topics("delivery fee?")).toEqual(["deliveryCost"]);
    expect(topics("Quanto custa a entrega ao domicílio? E a partir de que valor é gratuita?")).toEqual(["deliveryCost"]);
    expect(topics("¿cuánto sale el envío? ¿Y desde cuánto es gratis?")).toEqual(["deliveryCost"]);
    expect(topics("e tem pedido mínimo?")).toEqual(["minimum"]);
    expect(topics("do you take card?")).toEqual(["payment"]);
    expect(topics("Aceitam MB Way?")).toEqual(["payment"]);
    expect(topics("can I pick up?")).toEqual(["pickup"]);
  });

  it("keeps the order the message asks in, and the payment method named, a brand before a bare card", () => {
    const q = factQuestion("Kindly tell me the timings on Sunday and whether you are accepting American Express card.");
    expect(q).toMatchObject({ topics: ["hours", "payment"], methods: ["amex"], onDelivery: false });
    expect(factQuestion("se puede pagar con tarjeta o solo efectivo??")?.methods).toEqual(["card", "cash"]);
    // A clause split off an indirect question still asks.
    expect(factQuestion("whether you are accepting American Express card.")).toMatchObject({ topics: ["payment"], methods: ["amex"] });
  });

  it("reads payment on delivery, and the place a delivery question names", () => {
    expect(factQuestion("I want 3 diavolas, and do you take card on delivery?")).toMatchObject({
      topics: ["payment"],
      methods: ["card"],
      onDelivery: true,
    });
    expect(factQuestion("¿puedo pagar con tarjeta cuando me traigan el pedido a la casa?")).toMatchObject({ onDelivery: true });
    expect(factQuestion("Is it possible to do a delivery to Sintra? It is around 25 km from Lisbon.")?.place).toBe("Sintra");
    expect(factQuestion("¿hacéis envíos a Lavapiés?")?.place).toBe("Lavapiés");
  });

  it("leaves what else the question asks, clause by clause, for the knowledge", () => {
    expect(factQuestion("what are your hours and can I park nearby")?.rests).toEqual(["can i park nearby"]);
    expect(factQuestion("address? also gluten free pizza y/n")?.rests).toEqual(["gluten free pizza y n"]);
    expect(factQuestion("Onde ficam exatamente? E há estacionamento perto?")?.rests).toEqual(["ha estacionamento perto"]);
    // Nothing left: the day, the meal and serving it are the hours question itself.
    expect(factQuestion("Olá! Até que horas servem almoço ao domingo?")).toMatchObject({ topics: ["hours"], rests: [] });
    // Asking the way is searched as the owner's directions (and the transport it names), not its other words.
    expect(factQuestion("How do I get to the restaurant from Rossio?")).toMatchObject({
      topics: ["address"],
      rests: ["directions"],
    });
  });

  it("asks nothing when the words only look like a cue", () => {
    for (const text of [
      "where can I park?",
      "do you accept dogs?",
      "¿vendéis tarjetas regalo?",
      "is there a gluten free pizza?",
      "is there a metro close by?",
      "I think I forgot my scarf at my table last night",
      // An order with a delivery word asks nothing about delivery.
      "Could we order the pulpo, the gambas and 2 portions of croquetas for delivery to Calle del Humilladero 5?",
      "bueno no, mejor pido a domicilio: 3 diavolas a la Rua Augusta 30",
      "delivery to Rua Garrett 50 please",
      // A statement that names a fact asks nothing.
      "The delivery from you guys yesterday was missing the gambas. I paid for them.",
      "Tá certo, pago com MB Way",
    ])
      expect(factQuestion(text), text).toBeNull();
    // Asked outright, a street is a place like any other.
    expect(topics("do you deliver to Rua Augusta 30?")).toEqual(["delivery"]);
    // "how late can I order delivery tonight": the hours, not the delivery area.
    expect(topics("how late can I order delivery tonight? like 11.30pm ok?")).toEqual(["hours"]);
  });
});
