import { describe, expect, it } from "vitest";
import { searchCatalog } from "@/lib/runtime/retrieval/catalog-search";
import { answerFromKnowledge } from "@/lib/runtime/retrieval/retrieval";
import { buildIndex, searchIndex } from "@/lib/runtime/retrieval/search-index";
import { stems } from "@/lib/runtime/understanding/stemming";
import { conceptsOf } from "@/lib/runtime/understanding/synonyms";
import { createKnowledge } from "@/lib/assistants/knowledge";
import { db } from "@/lib/db/client";
import { customer, fileWorker, makeShop } from "./harness";

// Knowledge written in English by the owner, asked for in English, Portuguese and Spanish, in
// customers' own words: stems, stop words and cross-language synonyms find the item; the reply's frame
// is in the customer's language and the fact stays as the owner wrote it.

fileWorker();

const extra: Array<[string, string]> = [
  ["Payment methods", "We accept cash, Visa, Mastercard and MB Way. No American Express."],
  ["Pets", "Dogs are welcome on the terrace."],
  ["Wifi", "The network is Bistro-Guests and the password is on the menu."],
];

const questions: Array<[string, string]> = [
  ["where r u guys located", "Address"],
  ["where are you?", "Address"],
  ["onde ficam?", "Address"],
  ["Hi! How do I get to the restaurant from Rossio?", "Address"],
  ["how do i get there from the airport", "Address"],
  ["qual é a morada?", "Address"],
  ["onde é que vocês estão?", "Address"],
  ["¿dónde están ubicados?", "Address"],
  ["¿cuál es la dirección?", "Address"],
  ["¿dónde estáis exactamente?", "Address"],
  ["q metro me queda mas cerca?", "Address"],
  ["estão abertos ao domingo?", "Opening hours"],
  ["a que horas abrem?", "Opening hours"],
  ["qual é o horário?", "Opening hours"],
  ["¿abren los domingos?", "Opening hours"],
  ["¿cuál es el horario?", "Opening hours"],
  ["nada, solo queria saber si abrís los domingos", "Opening hours"],
  ["há estacionamento perto?", "Parking"],
  ["tem onde estacionar?", "Parking"],
  ["¿hay aparcamiento?", "Parking"],
  ["¿dónde puedo aparcar?", "Parking"],
  ["têm opções vegetarianas?", "Vegetarian options"],
  ["há pratos veganos?", "Vegetarian options"],
  ["¿tenéis platos veganos?", "Vegetarian options"],
  ["fazem entregas?", "Delivery"],
  ["entregam ao domicílio?", "Delivery"],
  ["¿hacéis entrega a domicilio?", "Delivery"],
  ["aceitam cartão?", "Payment methods"],
  ["posso pagar com mb way?", "Payment methods"],
  ["¿aceptan tarjeta?", "Payment methods"],
  ["¿se puede pagar en efectivo?", "Payment methods"],
  ["do you take amex?", "Payment methods"],
  ["posso levar o cão?", "Pets"],
  ["¿se admiten perros?", "Pets"],
  ["qual é a password do wifi?", "Wifi"],
  ["¿cuál es la contraseña del wifi?", "Wifi"],
];

const unrelated = ["Do you sell cars?", "vendem carros usados?", "¿vendéis coches?", "What is the meaning of life?", "qual é o sentido da vida?"];

describe("knowledge in three languages", () => {
  it("finds the owner's English item for questions in English, Portuguese and Spanish, and nothing for unrelated ones", async () => {
    const shop = await makeShop({ skills: false });
    for (const [title, content] of extra) await createKnowledge(db(), shop.businessId, shop.assistantId, { title, content });
    for (const [question, title] of questions) {
      const hit = await answerFromKnowledge(db(), shop.businessId, shop.assistantId, question);
      expect(hit?.item.title, question).toBe(title);
    }
    for (const question of unrelated) expect(await answerFromKnowledge(db(), shop.businessId, shop.assistantId, question), question).toBeNull();
  });

  it("frames the answer in the customer's language and keeps the owner's words", async () => {
    const shop = await makeShop();
    const ana = customer(shop);
    expect(await ana.say("Olá! Estão abertos ao domingo?")).toEqual([
      "Sobre *Opening hours*:\nWe are open every day from 12:00 to 15:00 and from 18:00 to 23:00.",
    ]);
    expect(await ana.say("e têm estacionamento?")).toEqual([
      "Sobre *Parking*:\nThere is no private parking; the Camões car park is a 3-minute walk away.",
    ]);
    expect(await ana.say("têm pizzas?")).toEqual(["Eis o que temos:\n• Pizza Diavola — 13.00 EUR\n• Pizza Margherita — 11.00 EUR"]);
    const leo = customer(shop);
    expect(await leo.say("¿Tenéis tiramisú?")).toEqual(["Esto es lo que tenemos:\n• Tiramisu — 6.00 EUR"]);
    expect(await leo.say("¿y limonada?")).toEqual(["Esto es lo que tenemos:\n• Homemade Lemonade — 3.50 EUR (agotado)"]);
    expect((await leo.conversation()).language).toBe("es");
  });
});

describe("the pieces of multilingual search", () => {
  it("stems in the three languages, leaving short words and numbers alone", () => {
    expect(stems("horarios")).toContain("horari");
    expect(stems("horário".normalize("NFD").replace(/\p{M}/gu, ""))).toContain("horari");
    expect(stems("vegetariano")).toContain("vegetarian");
    expect(stems("parking")).toContain("park");
    expect(stems("bar")).toEqual([]);
    expect(stems("2026")).toEqual([]);
  });

  it("maps words of one meaning across languages to one concept, by the word or its stem", () => {
    for (const word of ["address", "located", "morada", "ficam", "direccion", "ubicados"]) expect(conceptsOf(word), word).toContain("~address");
    for (const word of ["open", "horario", "abertos", "abiertos"]) expect(conceptsOf(word), word).toContain("~hours");
    for (const word of ["sunday", "domingo", "domingos"]) expect(conceptsOf(word), word).toContain("~sunday");
    expect(conceptsOf("estacionamentos")).toContain("~parking");
    expect(conceptsOf("cars")).toEqual([]);
  });

  it("counts a word found only by its stem as half a match", () => {
    const index = buildIndex(["title", "content"], { title: 2 }, [{ id: "p", title: "Parking", content: "The car park is near." }]);
    // "cars" meets "car" by stem only: half of one of two words.
    expect(searchIndex(index, "sell cars", "title")[0]?.coverage).toBe(0.25);
    expect(searchIndex(index, "estacionamento barato", "title")[0]).toMatchObject({ coverage: 0.5, primaryHit: true, exactPrimaryHit: false });
    expect(searchIndex(index, "parking", "title")[0]).toMatchObject({ coverage: 1, exactPrimaryHit: true });
  });
});

describe("the menu in three languages", () => {
  it("finds English menu items for Portuguese and Spanish words", async () => {
    const shop = await makeShop({ skills: false });
    const titles = async (q: string) => (await searchCatalog(db(), shop.businessId, null, q, { minCoverage: 0.5 })).map((m) => m.item.title).sort();
    expect(await titles("têm limonada?")).toEqual(["Homemade Lemonade"]);
    expect(await titles("¿tenéis limonada?")).toEqual(["Homemade Lemonade"]);
    expect(await titles("pizzas")).toEqual(["Pizza Diavola", "Pizza Margherita"]);
    expect(await titles("lasanha vegetariana")).toEqual(["Vegetarian Lasagna"]);
    expect(await titles("¿lasaña?")).toEqual(["Vegetarian Lasagna"]);
  });
});
