import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { events, records } from "@/lib/db/schema";
import { receiveInboundMessage } from "@/lib/messages/receive-message";
import { customer, makeShop, type Shop, settle, fileWorker } from "./harness";

fileWorker();

const orders = (shop: Shop) =>
  db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "orders")));
const OFFER = "Here is what I found. Reply with the number of the one you want.";

describe("order taking through the sandbox", () => {
  it("searches the menu, takes quantity and address, confirms the total and records the order", async () => {
    const shop = await makeShop();
    const ada = customer(shop);
    await ada.send("I'd like to order a pizza");
    await settle(shop.businessId);
    const [offer] = await ada.replies();
    // Only the pizzas: "order" started the skill and is not searched for.
    expect(offer.text).toBe(`${OFFER}\n\n1. Pizza Diavola · €13.00\n2. Pizza Margherita · €11.00`);
    expect(offer.interactive).toEqual({ kind: "buttons", options: ["Pizza Diavola", "Pizza Margherita"] });

    expect(await ada.say("2")).toEqual(["How many Pizza Margherita would you like?"]);
    expect(await ada.say("a few")).toEqual(["Please reply with a number."]);
    expect(await ada.say("two please")).toEqual(["Will you pick it up or shall we deliver it?\n\n1. Pickup\n2. Delivery"]);
    expect(await ada.say("delivery")).toEqual(["What is the delivery address?"]);
    await ada.send("Rua Augusta 1, Lisbon");
    await settle(shop.businessId);
    const [confirm] = await ada.replies();
    expect(confirm.text).toBe(
      "Your order:\n2 x Pizza Margherita (€22.00)\nDelivery to Rua Augusta 1, Lisbon: €0.00\nTotal: €22.00. Shall I place the order?\n\n1. Yes\n2. No",
    );
    expect(confirm.interactive).toEqual({ kind: "buttons", options: ["Yes", "No"] });
    expect(await ada.say("yes please")).toEqual(["Thank you! Your order (€22.00) is placed. We will let you know when it is ready."]);

    const [order] = await orders(shop);
    const conversation = await ada.conversation();
    expect(order).toMatchObject({ conversationId: conversation.id, contactId: conversation.contactId, status: "new" });
    expect(order.fields).toEqual({
      items: [{ itemId: "pizza-margherita", title: "Pizza Margherita", qty: 2, unitPrice: 1100 }],
      fulfilment: "Delivery",
      address: "Rua Augusta 1, Lisbon",
      subtotal: 2200,
      deliveryFee: 0,
      total: 2200,
      totalText: "€22.00",
    });
    const [created] = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "record.created")));
    expect(created.payload).toMatchObject({ collection: "orders", record: { id: order.id }, conversationId: conversation.id });
  });

  it("takes a WhatsApp button reply by its id and one exact match at once", async () => {
    const shop = await makeShop();
    const bo = customer(shop);
    // One in-stock item matches every word: no list to choose from.
    expect(await bo.say("order tiramisu")).toEqual(["How many Tiramisu would you like?"]);
    await bo.say("1");
    // The way and the address in one answer.
    expect((await bo.say("deliver to Rua do Ouro 5"))[0]).toMatch(/^Your order:\n1 x Tiramisu \(€6\.00\)\nDelivery to Rua do Ouro 5:/);
    // A button reply carries the id we gave the button (opt_2 = "No"), whatever its title says.
    await receiveInboundMessage(db(), shop.businessId, {
      channel: "sandbox",
      from: bo.phone,
      profileName: null,
      channelMessageId: `sbx_button_${Date.now()}`,
      timestamp: new Date(),
      type: "interactive",
      text: "N…",
      content: { kind: "button_reply", id: "opt_2", title: "N…" },
    });
    await settle(shop.businessId);
    expect((await bo.replies()).map((m) => m.text)).toEqual(['Order cancelled. Write "order" whenever you want to start again.']);
    expect(await orders(shop)).toHaveLength(0);
  });

  it("shows the menu in stock first, refuses a sold-out pick, and takes the next one", async () => {
    const shop = await makeShop();
    const cy = customer(shop);
    const [menu] = await cy.say("menu");
    expect(menu.split("\n").slice(2)).toEqual([
      "1. Pizza Diavola · €13.00",
      "2. Pizza Margherita · €11.00",
      "3. Tiramisu · €6.00",
      "4. Vegetarian Lasagna · €12.50",
      "5. Homemade Lemonade · €3.50 · (out of stock)",
    ]);
    const [refused] = await cy.say("5");
    expect(refused.startsWith("Homemade Lemonade: out of stock.\nHere is what I found.")).toBe(true);
    expect(await cy.say("lasagna")).toEqual(["How many Vegetarian Lasagna would you like?"]);
  });

  it("ends honestly when nothing on the menu matches", async () => {
    const shop = await makeShop();
    const di = customer(shop);
    expect(await di.say("I want to order sushi")).toEqual(['Sorry, I couldn\'t find that on the menu. Write "menu" to try again with other words.']);
    expect((await di.conversation()).status).toBe("open");
  });

  it("hands off when the confirmation cannot be understood after the retries", async () => {
    const shop = await makeShop();
    const ed = customer(shop);
    await ed.say("I want to order a margherita");
    await ed.say("actually make it 3");
    await ed.say("delivery");
    await ed.say("Praça do Comércio 12");
    expect((await ed.say("hmm"))[0]).toMatch(/^Your order:\n3 x Pizza Margherita \(€33\.00\)\n/);
    await ed.say("what?");
    expect(await ed.say("dunno")).toEqual(["Let me get a colleague to help you with your order."]);
    expect((await ed.conversation()).status).toBe("handoff");
  });
});
