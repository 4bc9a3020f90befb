import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createBusiness } from "@/lib/businesses/businesses";
import { setBusinessFacts } from "@/lib/businesses/facts";
import { setBusinessHours } from "@/lib/businesses/hours";
import { db } from "@/lib/db/client";
import { auditEvents, records } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { pinClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { makeConversationShop } from "../conversations/shop";
import { customer, fileWorker, makeShop, type Shop } from "./harness";

// Issue 35 item 5: the facts a business states once (address, delivery and what it costs, pickup,
// payment) are settings, over /v1 and in the dashboard; the assistant answers them from the settings
// in the customer's language, a changed setting is answered at once, and the cart charges exactly the
// fee, threshold and minimum it quotes.

fileWorker();
afterEach(() => pinClock(null));

const eur = (amount: number) => ({ amount, currency: "EUR" });
const tascaFacts = {
  address: "Rua das Flores 12, Lisbon",
  delivery: {
    offered: true,
    radiusKm: 5,
    places: ["Alfama"],
    fee: eur(250),
    freeFrom: eur(3000),
    minimum: eur(1500),
    paymentMethods: ["cash", "mb_way"],
  },
  pickup: { offered: true },
  paymentMethods: ["cash", "visa", "mastercard", "mb_way", "apple_pay"],
} as const;

// Wednesday 25 November 2026, 16:00 in Lisbon.
const WEDNESDAY = new Date("2026-11-25T16:00:00Z");
const closedMondays = ["12:00-15:00", "19:00-23:00"];
const weekly = { tue: closedMondays, wed: closedMondays, thu: closedMondays, fri: closedMondays, sat: closedMondays, sun: ["12:00-16:00"] };

async function shopWithFacts(): Promise<Shop> {
  const shop = await makeShop();
  await setBusinessHours(db(), shop.businessId, {
    weekly,
    holidays: [
      { date: "2026-12-08", name: "Imaculada Conceição" },
      { date: "2026-12-25", name: "Christmas" },
    ],
  });
  await setBusinessFacts(db(), shop.businessId, structuredClone(tascaFacts) as never);
  return shop;
}

describe("GET/PUT /v1/business-facts", () => {
  it("stores the facts and reads them back; a left-out field is cleared; the change is audited", async () => {
    const shop = await makeShop();
    const empty = await api("GET", "/v1/business-facts", { key: shop.key });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ address: null, delivery: null, pickup: null, paymentMethods: [], updatedAt: null });

    const put = await api("PUT", "/v1/business-facts", { key: shop.key, body: tascaFacts });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...tascaFacts, updatedAt: expect.any(String) });
    expect((await api("GET", "/v1/business-facts", { key: shop.key })).body).toEqual(put.body);

    const fewer = await api("PUT", "/v1/business-facts", { key: shop.key, body: { address: "Rua Nova 1", delivery: { offered: false } } });
    expect(fewer.body).toMatchObject({
      address: "Rua Nova 1",
      delivery: { offered: false, radiusKm: null, places: [], fee: null, freeFrom: null, minimum: null, paymentMethods: null },
      pickup: null,
      paymentMethods: [],
    });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.businessId, shop.businessId), eq(auditEvents.action, "settings.business_facts_changed")));
    expect(audit).toHaveLength(2);
  });

  it("refuses bad facts with one detail per problem and changes nothing; scopes and tenancy hold", async () => {
    const shop = await shopWithFacts();
    const bad = await api("PUT", "/v1/business-facts", {
      key: shop.key,
      body: {
        delivery: { offered: true, fee: eur(250), freeFrom: { amount: 3000, currency: "GBP" }, minimum: { amount: -1, currency: "EUR" } },
        paymentMethods: ["cash", "cheque", "cash"],
        colour: "red",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    const paths = bad.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["delivery.minimum.amount", "paymentMethods[1]"]));
    expect((await api("GET", "/v1/business-facts", { key: shop.key })).body).toMatchObject(tascaFacts);

    const mixed = await api("PUT", "/v1/business-facts", {
      key: shop.key,
      body: { delivery: { offered: true, fee: eur(250), freeFrom: { amount: 3000, currency: "GBP" } } },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details).toEqual([expect.objectContaining({ path: "delivery.freeFrom.currency" })]);

    const { key: readOnly } = await createApiKey(db(), shop.businessId, { scopes: ["business:read"], name: "read" });
    expect((await api("GET", "/v1/business-facts", { key: readOnly })).status).toBe(200);
    expect((await api("PUT", "/v1/business-facts", { key: readOnly, body: {} })).status).toBe(403);

    // Another business's key reads and writes its own facts only.
    const other = await createBusiness(db(), { name: "Other", timeZone: "Europe/Madrid" });
    const { key: otherKey } = await createApiKey(db(), other.businessId, { scopes: "all", name: "other" });
    expect((await api("GET", "/v1/business-facts", { key: otherKey })).body).toMatchObject({ address: null, delivery: null });
    await api("PUT", "/v1/business-facts", { key: otherKey, body: { address: "Calle Mayor 1" } });
    expect((await api("GET", "/v1/business-facts", { key: shop.key })).body.address).toBe(tascaFacts.address);
  });
});

describe("the assistant answers the facts from the settings", () => {
  it("in the customer's language: hours of a day and of the week, address, delivery, payment", async () => {
    pinClock(WEDNESDAY);
    const shop = await shopWithFacts();
    const [week] = await customer(shop).say("what are your opening hours?");
    expect(week).toContain("Our opening hours:");
    expect(week).toContain("Tuesday to Saturday: 12:00–15:00 and 19:00–23:00");
    expect(week).toContain("Sunday: 12:00–16:00");
    expect(week).toContain("Monday: closed");
    // The holidays of the next four weeks.
    expect(week).toContain("8 December (Imaculada Conceição): closed");
    expect(week).not.toContain("Christmas");
    // The owner's old knowledge text about the hours is not what answers.
    expect(week).not.toContain("18:00");

    expect(await customer(shop).say("estão abertos no domingo?")).toEqual(["No domingo estamos abertos: 12:00–16:00."]);
    expect(await customer(shop).say("¿abrís el lunes?")).toEqual(["El lunes estamos cerrados."]);
    expect(await customer(shop).say("are you open now?")).toEqual(["We're closed right now; we open again Wednesday 19:00."]);

    expect(await customer(shop).say("Onde ficam exatamente?")).toEqual(["A nossa morada: Rua das Flores 12, Lisbon."]);
    const [fee] = await customer(shop).say("¿cuánto cuesta el envío?");
    expect(fee).toBe(
      "Repartimos a domicilio en un radio de 5 km desde Rua das Flores 12, Lisbon. Repartimos en Alfama. El envío cuesta 2,50 €. Es gratis en pedidos a partir de 30,00 €. El pedido mínimo a domicilio es de 15,00 €.",
    );
    expect((await customer(shop).say("do you deliver to alfama?"))[0]).toMatch(/^Yes, we deliver to Alfama\. Delivery costs €2\.50\./);

    expect(await customer(shop).say("can i pay with amex?")).toEqual([
      "Sorry, we don't accept American Express. You can pay with cash, Visa, Mastercard, MB Way or Apple Pay. On delivery you can pay with cash or MB Way.",
    ]);
    expect(await customer(shop).say("Aceitam cartão na entrega?")).toEqual([
      "Lamentamos, na entrega não aceitamos cartão. Na entrega pode pagar com dinheiro ou MB Way.",
    ]);
    // A yes needs no list, but a delivery paid otherwise is worth saying.
    expect(await customer(shop).say("¿Aceptáis Apple Pay?")).toEqual([
      "Sí, puedes pagar con Apple Pay. En los pedidos a domicilio puedes pagar con efectivo o MB Way.",
    ]);
  });

  it("answers a question that asks only facts, whatever skill its words recall", async () => {
    pinClock(WEDNESDAY);
    const shop = await shopWithFacts();
    // "pedido" is the order skill's word, "morada" nothing the menu has: both are facts.
    expect((await customer(shop).say("e tem pedido mínimo?"))[0]).toContain("A encomenda mínima para entrega é de 15,00 €.");
    expect(await customer(shop).say("Qual é a morada?")).toEqual(["A nossa morada: Rua das Flores 12, Lisbon."]);
    expect((await customer(shop).say("how late are you open tonight?"))[0]).toBe("Today we're open 12:00–15:00 and 19:00–23:00.");
    expect(await customer(shop).say("Olá! Até que horas servem almoço ao domingo?")).toEqual(["No domingo estamos abertos: 12:00–16:00."]);
    // A price is the menu's, before a text that only names the item.
    expect((await customer(shop).say("how much is the margherita?"))[0]).toMatch(/Pizza Margherita — €11\.00/);
  });

  it("answers a fact and the knowledge in one message: the rest of the question is searched", async () => {
    pinClock(WEDNESDAY);
    const shop = await shopWithFacts();
    // One reply or one per question (dialogue/questions.ts), the hours first.
    const both = (await customer(shop).say("what are your hours on sunday and is there parking nearby?")).join("\n\n");
    expect(both).toMatch(/^On Sunday we're open 12:00–16:00\.\n\n/);
    expect(both).toContain("Camões car park");
    // Within one sentence too: the address, and the knowledge for what else it names.
    const address = (await customer(shop).say("Kindly share the address and the parking nearby.")).join("\n\n");
    expect(address).toMatch(/^Our address: Rua das Flores 12, Lisbon\.\n\n/);
    expect(address).toContain("Camões car park");
  });

  it("answers the new hours and fee as soon as the owner changes them", async () => {
    pinClock(WEDNESDAY);
    const shop = await shopWithFacts();
    const ana = customer(shop);
    expect(await ana.say("are you open on sunday?")).toEqual(["On Sunday we're open 12:00–16:00."]);
    const put = await api("PUT", "/v1/business-hours", { key: shop.key, body: { weekly: { ...weekly, sun: ["10:00-14:00"] }, holidays: [] } });
    expect(put.status).toBe(200);
    expect(await ana.say("and on sunday, what time do you open?")).toEqual(["On Sunday we're open 10:00–14:00."]);

    await api("PUT", "/v1/business-facts", { key: shop.key, body: { ...tascaFacts, delivery: { ...tascaFacts.delivery, fee: eur(300) } } });
    expect((await ana.say("delivery fee?"))[0]).toContain("Delivery costs €3.00.");
  });

  it("leaves a fact the business has not set to its knowledge", async () => {
    const shop = await makeShop();
    // makeShop's owner wrote delivery in the knowledge and set no facts.
    expect((await customer(shop).say("Do you deliver?"))[0]).toMatch(/Delivery costs (€2\.50|2\.50 EUR)/);
  });
});

describe("the issue's examples", () => {
  it("hours and parking, card on delivery with an order, the address and parking in Portuguese", async () => {
    pinClock(WEDNESDAY);
    // Tasca da Ana, as the corpus sets it up: hours and facts as settings, parking in the knowledge.
    const tasca = await makeConversationShop();
    const hours = (await customer(tasca).say("what are your hours and can I park nearby")).join("\n\n");
    expect(hours).toContain("Tuesday to Sunday: 12:00–15:00 and 19:00–23:00");
    expect(hours).toContain("Parque Camões");
    const order = (await customer(tasca).say("I want 3 diavolas, and do you take card on delivery?")).join("\n\n");
    expect(order).toMatch(/Yes, you can pay with Visa or Mastercard on delivery\./);
    expect(order).toMatch(/delivery address/i);
    const where = (await customer(tasca).say("Onde ficam exatamente? E há estacionamento perto?")).join("\n\n");
    expect(where).toContain("A nossa morada: Rua das Flores 12, 1200-195 Lisbon.");
    expect(where).toContain("Parque Camões");
  });
});

describe("the order skill's cart charges the facts", () => {
  const orders = (shop: Shop) =>
    db()
      .select()
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "orders")));

  it("charges the fee under the free-delivery threshold, none from it, and refuses below the minimum", async () => {
    pinClock(WEDNESDAY);
    const shop = await shopWithFacts();
    const ana = customer(shop);
    expect((await ana.say("2 margheritas delivered to Rua Augusta 1 please"))[0]).toMatch(/Total: (€24\.50|24[.,]50)/);
    await ana.say("yes");
    const bo = customer(shop);
    expect((await bo.say("3 margheritas delivered to Rua Augusta 2 please"))[0]).toMatch(/Total: (€33\.00|33[.,]00)/);
    await bo.say("yes");
    expect((await orders(shop)).map((o) => [o.fields.deliveryFee, o.fields.total]).sort()).toEqual([
      [0, 3300],
      [250, 2450],
    ]);

    // The owner raises the fee: the next cart charges it.
    await setBusinessFacts(db(), shop.businessId, { ...structuredClone(tascaFacts), delivery: { ...tascaFacts.delivery, fee: eur(400) } } as never);
    expect((await customer(shop).say("2 margheritas delivered to Rua Augusta 3 please"))[0]).toMatch(/Total: (€26\.00|26[.,]00)/);

    const [below] = await customer(shop).say("1 tiramisu delivered to Rua Augusta 4 please");
    expect(below).toMatch(/15[.,]00/);
  });
});
