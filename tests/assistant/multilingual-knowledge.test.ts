import { describe, expect, it } from "vitest";
import { searchCatalog } from "@/lib/runtime/retrieval/catalog-search";
import { answerFromKnowledge, searchKnowledge } from "@/lib/runtime/retrieval/retrieval";
import { buildIndex, searchIndex } from "@/lib/runtime/retrieval/search-index";
import { stems } from "@/lib/runtime/understanding/stemming";
import { conceptsOf } from "@/lib/runtime/understanding/synonyms";
import { createKnowledge, updateKnowledge } from "@/lib/assistants/knowledge";
import { db } from "@/lib/db/client";
import { customer, fileWorker, makeShop } from "./harness";

// Knowledge written in English by the owner, asked for in English, Portuguese and Spanish, in
// customers' own words: stems, stop words, cross-language synonyms and the item's versions in other
// languages find the item; the reply is the item's version in the customer's language, or the owner's
// own words quoted under a line in the customer's language.

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

  it("answers with the item's version in the customer's language, and quotes the owner's words, framed in theirs, when there is none", async () => {
    const shop = await makeShop();
    const pets = await createKnowledge(db(), shop.businessId, shop.assistantId, {
      title: "Pets",
      content: "Dogs are welcome on the terrace. A bowl of water costs 1 EUR.",
    });
    const ana = customer(shop);
    // No Portuguese version: said in Portuguese that it is the business's own text, quoted as written.
    expect(await ana.say("posso levar o meu cão?")).toEqual([
      "Eis o que Test Bistro escreveu sobre isso, em inglês:\n> Dogs are welcome on the terrace. A bowl of water costs 1 EUR.",
    ]);
    // The owner adds the Portuguese version: from the next message on it is the answer.
    await updateKnowledge(db(), shop.businessId, shop.assistantId, pets.id, {
      translations: { pt: { title: "Animais", content: "Os cães são bem-vindos na esplanada. Uma taça de água custa 1 EUR." } },
    });
    expect(await ana.say("e os cães podem ficar na esplanada?")).toEqual([
      "*Animais*\nOs cães são bem-vindos na esplanada. Uma taça de água custa 1 €.",
    ]);
    expect(await ana.say("têm pizzas?")).toEqual(["Eis o que temos:\n• Pizza Diavola — 13,00 €\n• Pizza Margherita — 11,00 €"]);
    const leo = customer(shop);
    expect(await leo.say("¿Tenéis tiramisú?")).toEqual(["Esto es lo que tenemos:\n• Tiramisu — 6,00 €"]);
    expect(await leo.say("¿y limonada?")).toEqual(["Esto es lo que tenemos:\n• Homemade Lemonade — 3,50 € (agotado)"]);
    expect((await leo.conversation()).language).toBe("es");
  });

  it("answers an English customer from a Spanish owner's item in English once it has an English version, found by either", async () => {
    const shop = await makeShop({ skills: false });
    const terrace = await createKnowledge(db(), shop.businessId, shop.assistantId, {
      title: "Terraza",
      content: "Tenemos una terraza con 6 mesas. Los perros son bienvenidos en la terraza.",
    });
    expect(terrace.language).toBe("es");
    const liam = customer(shop);
    expect(await liam.say("Do you have a terrace?")).toEqual([
      "Here is what Test Bistro wrote about it, in Spanish:\n> Tenemos una terraza con 6 mesas. Los perros son bienvenidos en la terraza.",
    ]);
    await updateKnowledge(db(), shop.businessId, shop.assistantId, terrace.id, {
      translations: { en: { title: "Terrace", content: "We have a terrace with 6 tables. Dogs are welcome on the terrace." } },
    });
    // Words only the English version has ("dog-friendly seating outside") find the item too.
    expect(await liam.say("can my dog sit outside on the terrace?")).toEqual([
      "*Terrace*\nWe have a terrace with 6 tables. Dogs are welcome on the terrace.",
    ]);
    const hit = await answerFromKnowledge(db(), shop.businessId, shop.assistantId, "any outdoor tables?");
    expect(hit?.item.id).toBe(terrace.id);
  });

  it("lists what it can do by the skills' names in the customer's language", async () => {
    const shop = await makeShop();
    const [pt] = await customer(shop).say("vendem carros usados?");
    expect(pt).toContain("• Reservas de mesa\n• Encomendas\n• Pedidos de contacto");
    const [es] = await customer(shop).say("¿vendéis coches usados?");
    expect(es).toContain("• Reservas de mesa\n• Pedidos\n• Solicitudes de contacto");
    expect(es).not.toMatch(/escrib|Table booking/);
  });

  it("finds the address and the parking items for a Portuguese question about both", async () => {
    const shop = await makeShop({ skills: false });
    const [where, park] = await Promise.all([
      answerFromKnowledge(db(), shop.businessId, shop.assistantId, "Onde ficam exatamente?"),
      answerFromKnowledge(db(), shop.businessId, shop.assistantId, "E há estacionamento perto?"),
    ]);
    expect(where?.item.title).toBe("Address");
    expect(park?.item.title).toBe("Parking");
    const both = await searchKnowledge(db(), shop.businessId, shop.assistantId, "Onde ficam exatamente? E há estacionamento perto?", 3);
    expect(both.map((a) => a.item.title)).toEqual(expect.arrayContaining(["Address", "Parking"]));
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
