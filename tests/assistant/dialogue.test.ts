// The dialogue manager end to end on the sandbox: slots from one message, corrections that re-confirm,
// a cancel that stores nothing, a question answered mid-flow, business rules, and a booking changed
// and cancelled by the customer's phone (records.status + record.updated).
import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { pinClock } from "@/lib/time/clock";
import { db } from "@/lib/db/client";
import { bookingSlots, events, records } from "@/lib/db/schema";
import { bookingGraph, ordersGraph } from "@/lib/shared/ready-made-skills";
import { upsertSkill } from "@/lib/skills/skills";
import { customer, fileWorker, makeShop, type Shop, withHours } from "./harness";
import { setBusinessFacts } from "@/lib/businesses/facts";
import { makeConversationShop } from "../conversations/shop";
import { catalogLine } from "@/lib/runtime/retrieval/catalog-line";

fileWorker();
// Wednesday 25 November 2026, 16:00 in Lisbon.
pinClock(new Date("2026-11-25T16:00:00Z"));
afterAll(() => pinClock(null));

const rows = (shop: Shop, collection: string) =>
  db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, collection)));

/** The shop with the rules a Lisbon restaurant sets: covers per slot, largest party, delivery fee and minimum. */
async function withRules(shop: Shop) {
  const booking = withHours(bookingGraph);
  for (const n of booking.nodes) {
    if (n.type === "availability") Object.assign(n.data, { capacity: 10, covers: "party_size", slotMinutes: 30 });
    if (n.type === "question" && n.data.variable === "party_size") n.data.max = 12;
  }
  const orders = structuredClone(ordersGraph);
  const eur = (amount: number) => ({ amount, currency: "EUR" });
  await setBusinessFacts(db(), shop.businessId, { delivery: { offered: true, fee: eur(250), freeFrom: eur(3000), minimum: eur(1500) } });
  await upsertSkill(db(), shop.businessId, "sk_booking", { name: "Table booking", enabled: true, graph: booking, assistantId: shop.assistantId });
  await upsertSkill(db(), shop.businessId, "sk_orders", { name: "Order taking", enabled: true, graph: orders, assistantId: shop.assistantId });
}

/** Card and cash at the restaurant (on delivery too, unless `onDelivery` says otherwise), with withRules' delivery charges. */
async function takesCardAndCash(shop: Shop, { onDelivery }: { onDelivery?: Array<"card" | "cash"> } = {}) {
  const eur = (amount: number) => ({ amount, currency: "EUR" });
  await setBusinessFacts(db(), shop.businessId, {
    paymentMethods: ["card", "cash"],
    delivery: { offered: true, fee: eur(250), freeFrom: eur(3000), minimum: eur(1500), ...(onDelivery ? { paymentMethods: onDelivery } : {}) },
  });
}

describe("the dialogue manager", () => {
  it("fills four slots from one message, answers a question in it, and re-confirms a correction", async () => {
    const shop = await makeShop();
    const ana = customer(shop);
    const first = await ana.say("table for 2 tomorrow 8pm, name Ana - do you have parking?");
    expect(first[0]).toMatch(/Camões car park/);
    expect(first[1]).toMatch(/^A table for 2 on Thursday 26 November at 20:00, under the name Ana\. Shall I confirm it\?/);
    const [again] = await ana.say("actually make it 6 people");
    expect(again).toMatch(/^A table for 6 on Thursday 26 November at 20:00/);
    expect(await rows(shop, "bookings")).toHaveLength(0);
    const [done] = await ana.say("yes");
    expect(done).toMatch(/^You're booked, Ana: a table for 6/);
    const [booking] = await rows(shop, "bookings");
    expect(booking).toMatchObject({ status: "confirmed", fields: { party_size: 6, name: "Ana", when: "2026-11-26T20:00:00+00:00" } });
  });

  it("books at once when the customer agrees while giving the last detail, and asks when they only give it", async () => {
    const shop = await makeShop();
    const ben = customer(shop);
    expect((await ben.say("table for 2 tomorrow at 8pm please"))[0]).toMatch(/name/i);
    // "Perfect, Ben Carter": agreement with what they asked for; no "Shall I confirm it?" after it.
    const [done] = await ben.say("Perfect, Ben Carter");
    expect(done).toMatch(/^You're booked, Ben Carter: a table for 2 on Thursday 26 November at 20:00/);
    expect(await rows(shop, "bookings")).toHaveLength(1);
    // A name alone, or "ok" before a new detail, still gets the confirmation.
    const cy = customer(shop);
    await cy.say("table for 2 tomorrow please, name Cy");
    expect((await cy.say("ok 7pm then"))[0]).toMatch(/^A table for 2 on Thursday 26 November at 19:00, under the name Cy\. Shall I confirm it\?/);
    const di = customer(shop);
    await di.say("table for 3 tomorrow at 8pm");
    expect((await di.say("Di Reyes"))[0]).toMatch(/Shall I confirm it\?/);
    expect(await rows(shop, "bookings")).toHaveLength(1);
  });

  it("answers a question about the business's facts said beside an order, though it names the order's word", async () => {
    const shop = await makeShop();
    await withRules(shop);
    await takesCardAndCash(shop);
    const ivo = customer(shop);
    const replies = await ivo.say("2 tiramisus and a margherita delivered to Rua Augusta 10. Can I pay the order by card?");
    expect(replies.some((r) => /card/i.test(r) && !/Your order/.test(r))).toBe(true);
    expect(replies.at(-1)).toMatch(/^Your order:\n2 x Tiramisu \(€12\.00\)\n1 x Pizza Margherita/);
  });

  it("keeps the day when only a time follows a closed hour, and a cancel stores nothing", async () => {
    const shop = await makeShop();
    const bo = customer(shop);
    await bo.say("book a table for 3, name Bo");
    const [closed, ask] = await bo.say("tomorrow at 4pm");
    expect(closed).toMatch(/not open at that time.*12:00-15:00 and 18:00-23:00.*nearest times I can offer: 14:00, 18:00 or 19:00\./s);
    // Said at once, and only the time is asked again: the day stands (issue 35 item 7).
    expect(ask).toMatch(/^What time on Thursday 26 November\?/);
    expect((await bo.say("ok 7pm then"))[0]).toMatch(/Thursday 26 November at 19:00/);
    expect(await bo.say("cancel")).toEqual(["No problem, I've cancelled that. Nothing was saved."]);
    expect(await rows(shop, "bookings")).toHaveLength(0);
    // The place held while confirming is given back.
    const slots = await db().select().from(bookingSlots).where(eq(bookingSlots.businessId, shop.businessId));
    expect(slots.every((s) => s.booked === 0)).toBe(true);
  });

  it("leaves a booking for later when the customer puts the decision off, asking nothing again (issue 35)", async () => {
    const shop = await makeShop();
    const cy = customer(shop);
    await cy.say("a table for 7 on friday at 8pm please");
    // At the name prompt the customer will talk it over first: no "I need a name", nothing kept.
    expect(await cy.say("ok, I'll check with my colleagues and let you know. thanks!")).toEqual([
      "No problem, take your time! Write to us here whenever you've decided and we'll sort it out.",
    ]);
    expect(await rows(shop, "bookings")).toHaveLength(0);
    const slots = await db().select().from(bookingSlots).where(eq(bookingSlots.businessId, shop.businessId));
    expect(slots.every((s) => s.booked === 0)).toBe(true);
    // The next message starts afresh.
    expect((await cy.say("what's your address?"))[0]).toMatch(/Rua das Flores 12/);
  });

  it("refuses a past time with the reason and never stores a command as the name", async () => {
    const shop = await makeShop();
    const cy = customer(shop);
    const [past] = await cy.say("book for 2 today at 1pm");
    // Refused with the nearest open times (issue 35 item 7).
    expect(past).toMatch(/^That time has already passed\. Could you choose a later one\? The nearest times I can offer: /);
    const [askName] = await cy.say("tomorrow at 1pm");
    expect(askName).toBe("What name should the booking be under?");
    expect(await cy.say("what?")).toEqual(["Sorry, I need a name for the booking, like Ana Silva."]);
    expect(await cy.say("nevermind")).toEqual(["No problem, I've cancelled that. Nothing was saved."]);
    expect(await rows(shop, "bookings")).toHaveLength(0);
  });

  it("hands a party above the maximum to a person and counts covers, not bookings", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const big = customer(shop);
    const [msg] = await big.say("table for 15 on saturday at 8pm");
    expect(msg).toMatch(/more than 12 people/);
    expect((await big.conversation()).status).toBe("handoff");
    const eight = customer(shop);
    await eight.say("table for 8 tomorrow at 8pm, name Eve");
    expect((await eight.say("yes"))[0]).toMatch(/^You're booked/);
    // 8 of 10 covers taken: a party of 3 does not fit, a party of 2 does.
    const three = customer(shop);
    expect((await three.say("table for 3 tomorrow at 8pm, name Tom"))[0]).toMatch(/fully booked/);
    const two = customer(shop);
    expect((await two.say("table for 2 tomorrow at 8pm, name Al"))[0]).toMatch(/^A table for 2/);
  });

  it("changes and cancels the customer's booking found by phone, with record.updated", async () => {
    const shop = await makeShop();
    const di = customer(shop);
    await di.say("mesa para 4 amanhã às 20h, em nome da Di");
    expect((await di.say("sim"))[0]).toMatch(/^Reserva confirmada, Di/);
    const [confirm] = await di.say("pode mudar a minha reserva para as 21h?");
    expect(confirm).toMatch(/^Mesa para 4 na quinta-feira, 26 de novembro, às 21:00, em nome de Di\. Confirmo a reserva\?/);
    await di.say("sim");
    const [moved] = await rows(shop, "bookings");
    expect(moved).toMatchObject({ status: "confirmed", fields: { when: "2026-11-26T21:00:00+00:00", party_size: 4 } });
    expect(await rows(shop, "bookings")).toHaveLength(1);
    expect((await di.say("quero cancelar a minha reserva"))[0]).toMatch(/foi cancelada/);
    const [cancelled] = await rows(shop, "bookings");
    expect(cancelled.status).toBe("cancelled");
    const updates = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "record.updated")))
      .orderBy(asc(events.createdAt), asc(events.id));
    expect(updates.map((e) => (e.payload.record as { status: string }).status)).toEqual(["confirmed", "cancelled"]);
  });

  it("takes a cart of several items, applies the delivery fee and minimum, and removes an item", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const ed = customer(shop);
    const [confirm] = await ed.say("a margherita and 2 tiramisus delivered to Rua Augusta 10");
    expect(confirm).toMatch(/1 x Pizza Margherita \(€11\.00\)\n2 x Tiramisu \(€12\.00\)\nDelivery to Rua Augusta 10: €2\.50\nTotal: €25\.50/);
    const [removed, minimum] = await ed.say("remove the margherita");
    expect(removed).toBe("Removed Pizza Margherita.");
    expect(minimum).toMatch(/minimum for delivery is €15\.00 \(your order is €12\.00\)/);
    expect(await rows(shop, "orders")).toHaveLength(0);
    const [pickup] = await ed.say("ok i'll pick it up then");
    expect(pickup).toMatch(/Total: €12\.00, to pick up/);
    await ed.say("yes");
    const [order] = await rows(shop, "orders");
    expect(order.fields).toMatchObject({ fulfilment: "Pickup", total: 1200, items: [{ itemId: "tiramisu", qty: 2 }] });
  });

  it("adds an item said after words that name nothing at the delivery minimum, reads 'x2' over an article, and orders nothing more on agreement", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const jo = customer(shop);
    expect((await jo.say("a tiramisu delivered to Rua Augusta 10"))[0]).toMatch(/minimum for delivery is €15\.00 \(your order is €6\.00\)/);
    const [confirm] = await jo.say("ugh fine add a margherita");
    expect(confirm).toMatch(/1 x Tiramisu \(€6\.00\)\n1 x Pizza Margherita \(€11\.00\)/);
    // "Awesome, that's everything": agreement, no item searched for in it.
    expect((await jo.say("Awesome, that's everything"))[0]).toMatch(/^Thank you! Your order/);
    const [order] = await rows(shop, "orders");
    expect(order.fields).toMatchObject({
      items: [
        { itemId: "tiramisu", qty: 1 },
        { itemId: "pizza-margherita", qty: 1 },
      ],
    });
    const kim = customer(shop);
    expect((await kim.say("hiya can a get tiramisu x2 for pickup"))[0]).toMatch(/2 x Tiramisu \(€12\.00\)/);
    // A bare hour after an article is no count: "a tiramisu for pickup at 9" is one.
    const lea = customer(shop);
    expect((await lea.say("can i get a tiramisu for pickup at 9"))[0]).toMatch(/1 x Tiramisu \(€6\.00\)/);
  });

  it("swaps 'one of them', swaps an item named before its verb, orders named items for pickup uncounted, and names the cheapest", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const josh = customer(shop);
    expect((await josh.say("can i get 3 margheritas delivered to Rua do Norte 22. name's josh")).at(-1)).toMatch(/3 x Pizza Margherita/);
    // "make one of them a diavola": two margheritas and a diavola, not four pizzas.
    const [swapped] = await josh.say("actually make one of them a diavola lol");
    expect(swapped).toMatch(/2 x Pizza Margherita \(€22\.00\)\n1 x Pizza Diavola \(€13\.00\)/);
    const tiago = customer(shop);
    await tiago.say("queria 2 margheritas e 1 diavola pa levantar");
    // "a diavola troca por uma lasanha": the item first, then the verb.
    const traded = (await tiago.say("a diavola troca por uma lasanha vegetariana")).at(-1);
    expect(traded).not.toMatch(/Diavola/);
    expect(traded).toMatch(/Vegetarian Lasagna/);
    // Items named for pickup, without a count each, are an order.
    const liam = customer(shop);
    expect((await liam.say("just do a margherita and the tiramisu for pickup then"))[0]).toMatch(/1 x Pizza Margherita[\s\S]*1 x Tiramisu/);
    const mo = customer(shop);
    const [cheap] = await mo.say("haha random q but what's ur cheapest pizza??");
    expect(cheap).toMatch(/Pizza Margherita — €11\.00/);
    expect(cheap).not.toMatch(/Diavola/);
  });

  it("reads a corrected time 'a las 22:30' at the name question as the time, never as a party of 30", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const jordi = customer(shop);
    expect((await jordi.say("Quería reservar para 2 el viernes a las 20:00"))[0]).toMatch(/nombre/i);
    const replies = await jordi.say("Ah, perdón, mejor a las 20:30, que el concierto acaba más tarde");
    expect(replies.join("\n")).not.toMatch(/grupos|person/i);
    const [confirm] = await jordi.say("Jordi Puig");
    expect(confirm).toMatch(/Mesa para 2 el viernes, 27 de noviembre, a las 20:30, a nombre de Jordi Puig/);
  });

  it("hears a late order as a complaint, a long 'no wait' at the confirmation as a change, and an item named right after its count", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const rita = customer(shop);
    const [sorry] = await rita.say("Boa noite, encomendei há MAIS DE UMA HORA e ainda não chegou nada!!! Onde está a minha encomenda?");
    expect(sorry).toMatch(/^Lamento muito/);
    const lu = customer(shop);
    await lu.say("pa llevar: 2 margheritas y 1 tiramisu");
    // "no espera ... pon 3 margheritas en vez de 2": a change, never the "no" that cancels.
    const changed = (await lu.say("ay no espera q al final somos más, pon 3 margheritas en vez de 2 😭")).at(-1);
    expect(changed).toMatch(/3 x Pizza Margherita/);
    expect(changed).not.toMatch(/cancelad/i);
    const tiago = customer(shop);
    const [both] = await tiago.say("manda 1 tiramisu e 1 diavola pa levantar ai daqui a meia hora, nome tiago");
    expect(both).toMatch(/1 x Tiramisu[\s\S]*1 x Pizza Diavola/);
  });

  it("confirms a booking at a note said with 'de resto está tudo certo', keeps the note, and answers prices asked before ordering", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const marta = customer(shop);
    await marta.say("Boa tarde! Queria reservar mesa para 5 no domingo às 12h30, por favor.");
    expect((await marta.say("Marta Figueiredo"))[0]).toMatch(/Confirmo a reserva\?/);
    const replies = await marta.say("Ah, e vamos com um bebé, precisamos de uma cadeira de bebé. De resto está tudo certo, obrigada!");
    expect(replies.join("\n")).toMatch(/Reserva confirmada, Marta Figueiredo: mesa para 5/);
    const [booking] = await rows(shop, "bookings");
    expect(booking).toMatchObject({ status: "confirmed", fields: { party_size: 5, name: "Marta Figueiredo" } });
    expect(JSON.stringify(booking.fields)).toMatch(/cadeira de beb/);
    // Prices asked, "I will revert with my order": the prices, and no order started.
    const arjun = customer(shop);
    const prices = (await arjun.say("Kindly share the price of the Margherita and the Diavola, I will revert with my order.")).join("\n");
    expect(prices).toMatch(/Pizza Margherita — €11\.00/);
    expect(prices).toMatch(/Pizza Diavola — €13\.00/);
    expect(prices).not.toMatch(/pick it up|deliver it|Your order/i);
  });

  it("cancels the booking just made on 'can ye cancel that', though it names no booking", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const fiona = customer(shop);
    await fiona.say("hiya need a table for 4 tomorrow at 1");
    await fiona.say("fiona burns");
    expect((await fiona.say("aye thats right 👍"))[0]).toMatch(/^You're booked, Fiona Burns/);
    const [cancelled] = await fiona.say("och wait sorry, the wee one's no well, can ye cancel that the now");
    expect(cancelled).toMatch(/cancelled/i);
    const [booking] = await rows(shop, "bookings");
    expect(booking.status).toBe("cancelled");
  });

  it("takes the name said first at the name question, beside a change of time or a question", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const claire = customer(shop);
    await claire.say("Good morning. Could I book a table for 5 on Sunday at 13:00, please?");
    const [confirm] = await claire.say("Claire Bennett. Sorry, could we make that 13:30 instead? My son has football until 12:45.");
    expect(confirm).toMatch(/^A table for 5 on Sunday 29 November at 13:30, under the name Claire Bennett\. Shall I confirm it\?/);
    const martin = customer(shop);
    await martin.say("¿tenéis mesa para 4 el sábado a las 21:30?");
    const replies = await martin.say("Martín Sosa. ¿Y cuánto cuesta la pizza diavola?");
    expect(replies.join("\n")).toMatch(/13,00 €/);
    expect(replies.at(-1)).toMatch(/^Mesa para 4 el sábado, 28 de noviembre, a las 21:30, a nombre de Martín Sosa/);
  });

  it("says a closed day's refusal once, keeps the time for 'tuesday then, same time', and takes no question as a name", async () => {
    pinClock(new Date("2026-11-29T12:00:00Z"));
    try {
      // Tasca da Ana, as the corpus sets it up: closed on Mondays.
      const tasca = await makeConversationShop();
      const alex = customer(tasca);
      const refused = await alex.say("Can I book a table for 4 on Monday at 8pm? I'm Alex");
      expect(refused.filter((r) => /closed on Monday/.test(r))).toHaveLength(1);
      const [confirm] = await alex.say("tuesday then, same time");
      expect(confirm).toMatch(/^A table for 4 on Tuesday 1 December at 20:00, under the name Alex\. Shall I confirm it\?/);
      const helen = customer(tasca);
      await helen.say("table for 2 on tuesday at 8pm");
      await helen.say("do you have parking?");
      const [named] = (await helen.say("Helen")).slice(-1);
      expect(named).toMatch(/under the name Helen\. Shall I confirm it\?/);
    } finally {
      pinClock(new Date("2026-11-25T16:00:00Z"));
    }
  });

  it("answers what is in a dish from its menu description, and the menu's items of the kind asked for", async () => {
    const tasca = await makeConversationShop();
    const [made] = await customer(tasca).say("the tiramisu was insane 😍 whats in the tiramisu?? need to try making it lol");
    expect(made).toBe("Tiramisu: Homemade, with mascarpone and coffee.");
    const [pizzas] = await customer(tasca).say("what pizzas u got? 🍕");
    for (const title of ["Pizza Margherita", "Pizza Diavola", "Pizza Quattro Formaggi", "Vegan Pizza"]) expect(pizzas).toContain(title);
    expect(pizzas).not.toMatch(/Lasagna|Tiramisu/);
    // The owner's English description is not said to a Portuguese customer.
    expect((await customer(tasca).say("o que leva a lasanha?")).join("\n")).not.toMatch(/Spinach and ricotta/);
  });

  it("takes a new booking as new beside 'passar', says a way of paying not taken on delivery, and confirms after 'nada más'", async () => {
    const shop = await makeShop();
    await withRules(shop);
    await takesCardAndCash(shop, { onDelivery: ["cash"] });
    // "vamos passar o fim de semana": no change of a booking made before, so no "no booking found".
    const [asked] = await customer(shop).say("Boa tarde, queria reservar mesa para 2 na sexta às 21h, vamos passar o fim de semana em Lisboa");
    expect(asked).toMatch(/nome/i);
    // "I'll pay by card" with a delivery order: card is not taken on delivery, and cash is said.
    const ivo = customer(shop);
    const replies = await ivo.say("2 tiramisus and a margherita delivered to Rua Augusta 10. I'll pay by card");
    expect(replies.find((r) => !/Your order/.test(r))).toBe("Sorry, on delivery we don't accept card. On delivery you can pay with cash.");
    expect(replies.at(-1)).toMatch(/^Your order:\n2 x Tiramisu/);
    // Paying as the business takes it needs no word.
    const eva = customer(shop);
    expect(await eva.say("2 tiramisus and a margherita delivered to Rua Augusta 10. I'll pay cash")).toHaveLength(1);
    // "Nada más ... sí confirmo" at the confirmation places the order.
    const nuria = customer(shop);
    await nuria.say("quiero 2 tiramisus y una margherita a domicilio, Rua Augusta 10");
    expect((await nuria.say("Nada más. A nombre de Nuria Vidal, sí confirmo. Gracias!"))[0]).toMatch(/^¡Gracias! Tu pedido/);
    expect(await rows(shop, "orders")).toHaveLength(1);
  });

  it("books 'could Dermot and I get a table tonight at half eight?' said between a greeting and small talk", async () => {
    const shop = await makeShop();
    const replies = await customer(shop).say(
      "Hello love, could Dermot and I get a table tonight at half eight? Lovely sunny day here, grand altogether",
    );
    expect(replies.at(-1)).toBe("What name should the booking be under?");
    const [confirm] = await customer(shop).say("Hello love, could Dermot and I get a table tonight at half eight? Maureen O'Brien here");
    expect(confirm).toMatch(/^A table for 2 on Wednesday 25 November at 20:30, under the name Maureen O'Brien\. Shall I confirm it\?/);
  });

  it("swaps 'no X, make it Y' with X's count, and takes out an item named before a remark", async () => {
    const shop = await makeShop();
    await withRules(shop);
    const ana = customer(shop);
    await ana.say("can I order for delivery? 2 margheritas, 1 lasagna, 2 tiramisus");
    expect(await ana.say("actually no lasagna, make it diavola")).toEqual(["Removed Vegetarian Lasagna.", "What is the delivery address?"]);
    await ana.say("actually no tiramisu my friend says she doesnt want them like at all");
    const [summary] = await ana.say("Rua Augusta 10");
    expect(summary).toMatch(
      /^Your order:\n2 x Pizza Margherita \(€22\.00\)\n1 x Pizza Diavola \(€13\.00\)\nDelivery to Rua Augusta 10: €0\.00\nTotal: €35\.00/,
    );
  });

  it("takes the day given for the case the first is closed ('si el lunes cerráis, pues el martes')", async () => {
    const tasca = await makeConversationShop();
    const bea = customer(tasca);
    const replies = await bea.say(
      "Queríamos cenar 8 personas el lunes 30 a las 21h. Si el lunes cerráis, pues el martes 1 a la misma hora. A nombre de Bea Serrano",
    );
    expect(replies.at(-1)).toMatch(/^Mesa para 8 el martes, 1 de diciembre, a las 21:00, a nombre de Bea Serrano\. ¿Confirmo la reserva\?/);
  });

  it("writes an item served only on some days with those days, in the customer's language", () => {
    const paella = {
      title: "Paella mixta (para 2)",
      description: "Para dos personas. Solo los fines de semana (sábado y domingo).",
      priceAmount: 2800,
      priceCurrency: "EUR",
      inStock: true,
    };
    expect(catalogLine(paella, "pt")).toBe("• Paella mixta (para 2) — 28,00 € (só sábado e domingo)");
    expect(catalogLine(paella, "en")).toBe("• Paella mixta (para 2) — €28.00 (only on Saturday and Sunday)");
    expect(catalogLine({ ...paella, description: "Para dos personas." }, "es")).toBe("• Paella mixta (para 2) — 28,00 €");
  });
});
