// Issue 40, item 7: catalog stock. Items carry an optional `stock` over /v1 (null: untracked); an
// accepted order takes its units atomically in its own transaction (two orders racing for the last
// unit: exactly one wins, on either database); at 0 the item is sold out, in the API and in conversation.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SoldOut } from "@/lib/catalog/stock";
import { upsertContact } from "@/lib/contacts/contacts";
import { ensureConversation } from "@/lib/conversations/conversations";
import { db } from "@/lib/db/client";
import { catalogItems, records } from "@/lib/db/schema";
import { placeOrder } from "@/lib/runtime/engine/order-write";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { customer, fileWorker, makeShop } from "../assistant/harness";

fileWorker();

const pizza = { externalId: "pizza", title: "Pizza", price: { amount: 1000, currency: "EUR" } };

async function itemOf(businessId: string, externalId = "pizza") {
  const [row] = await db()
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.externalId, externalId)));
  return row;
}

describe("stock over the catalog API", () => {
  it("is optional, kept when an upload leaves it out, and sells the item out at 0", async () => {
    const b = await makeBusiness();
    const up = await api("POST", "/v1/catalog/menu/items", {
      key: b.key,
      body: {
        items: [
          { ...pizza, stock: 3 },
          { externalId: "cola", title: "Cola" },
        ],
      },
    });
    expect(up.status).toBe(200);
    const list = await api("GET", "/v1/catalog/menu/items", { key: b.key });
    const byId = Object.fromEntries(list.body.data.map((i: { externalId: string }) => [i.externalId, i]));
    expect(byId.pizza).toMatchObject({ stock: 3, inStock: true });
    expect(byId.cola).toMatchObject({ stock: null, inStock: true });
    // A new upload without stock keeps the count.
    await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...pizza, title: "Pizza Margherita" }] } });
    expect(await itemOf(b.businessId)).toMatchObject({ stock: 3, title: "Pizza Margherita", inStock: true });
    // 0 is sold out; a restock puts it back on sale; null stops counting.
    const zero = await api("PATCH", `/v1/catalog/menu/items/${byId.pizza.id}`, { key: b.key, body: { stock: 0 } });
    expect(zero.body).toMatchObject({ stock: 0, inStock: false });
    const soldOut = await api("GET", "/v1/catalog/menu/items?inStock=false", { key: b.key });
    expect(soldOut.body.data.map((i: { externalId: string }) => i.externalId)).toEqual(["pizza"]);
    const restocked = await api("PATCH", `/v1/catalog/menu/items/${byId.pizza.id}`, { key: b.key, body: { stock: 10 } });
    expect(restocked.body).toMatchObject({ stock: 10, inStock: true });
    const untracked = await api("PATCH", `/v1/catalog/menu/items/${byId.pizza.id}`, { key: b.key, body: { stock: null } });
    expect(untracked.body).toMatchObject({ stock: null, inStock: true });
    // An upload that says stock 0 sells it out.
    await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...pizza, stock: 0 }] } });
    expect(await itemOf(b.businessId)).toMatchObject({ stock: 0, inStock: false });
  });

  it("refuses a stock that is not a whole number of units at least 0, changing nothing", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...pizza, stock: 2 }] } });
    const bad = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...pizza, stock: -1 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("items[0].stock");
    const { id } = await itemOf(b.businessId);
    for (const stock of [1.5, "3", -2]) {
      const res = await api("PATCH", `/v1/catalog/menu/items/${id}`, { key: b.key, body: { stock } });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe("stock");
    }
    expect(await itemOf(b.businessId)).toMatchObject({ stock: 2 });
  });
});

async function orderPlace(businessId: string) {
  const contact = await upsertContact(db(), businessId, { phone: uniquePhone(), name: "Racer" });
  const { conversation } = await ensureConversation(db(), businessId, contact.id);
  return { businessId, conversationId: conversation.id, contactId: contact.id };
}

const cartOf = (qty: number) => ({
  cart: {
    cart: true,
    items: [{ ...pizza, priceAmount: 1000, currency: "EUR", qty, collection: "menu" }],
    deliveryFee: 0,
    freeDeliveryFrom: null,
    minimumDelivery: null,
  },
});

describe("accepting an order takes its stock", () => {
  it("races two orders for the last unit: exactly one wins, the item is sold out, the loser records nothing", async () => {
    for (let round = 0; round < 3; round++) {
      const b = await makeBusiness();
      await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...pizza, stock: 1 }] } });
      const [a, c] = [await orderPlace(b.businessId), await orderPlace(b.businessId)];
      const results = await Promise.allSettled([
        placeOrder(db(), a, "orders", { total: 1000 }, cartOf(1)),
        placeOrder(db(), c, "orders", { total: 1000 }, cartOf(1)),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(SoldOut);
      expect(lost.reason).toMatchObject({ title: "Pizza", left: 0 });
      expect(await itemOf(b.businessId)).toMatchObject({ stock: 0, inStock: false });
      const orders = await db().select().from(records).where(eq(records.businessId, b.businessId));
      expect(orders).toHaveLength(1);
    }
  });

  it("takes every line or none, and leaves untracked items alone", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/catalog/menu/items", {
      key: b.key,
      body: {
        items: [
          { ...pizza, stock: 5 },
          { externalId: "cake", title: "Cake", price: { amount: 500, currency: "EUR" }, stock: 1 },
          { externalId: "cola", title: "Cola" },
        ],
      },
    });
    const place = await orderPlace(b.businessId);
    const line = (externalId: string, title: string, qty: number) => ({
      externalId,
      title,
      qty,
      priceAmount: 500,
      currency: "EUR",
      collection: "menu",
    });
    const variables = (items: unknown[]) => ({ cart: { cart: true, items, deliveryFee: 0, freeDeliveryFrom: null, minimumDelivery: null } });
    await expect(placeOrder(db(), place, "orders", {}, variables([line("pizza", "Pizza", 2), line("cake", "Cake", 2)]))).rejects.toMatchObject({
      title: "Cake",
      left: 1,
    });
    expect(await itemOf(b.businessId)).toMatchObject({ stock: 5 });
    await placeOrder(db(), place, "orders", {}, variables([line("pizza", "Pizza", 2), line("cake", "Cake", 1), line("cola", "Cola", 4)]));
    expect(await itemOf(b.businessId)).toMatchObject({ stock: 3, inStock: true });
    expect(await itemOf(b.businessId, "cake")).toMatchObject({ stock: 0, inStock: false });
    expect(await itemOf(b.businessId, "cola")).toMatchObject({ stock: null, inStock: true });
  });
});

describe("sold out in conversation", () => {
  it("says an item sold out by its stock is out of stock, as for any item not in stock", async () => {
    const shop = await makeShop();
    await db()
      .update(catalogItems)
      .set({ stock: 1 })
      .where(and(eq(catalogItems.businessId, shop.businessId), eq(catalogItems.externalId, "tiramisu")));
    const first = customer(shop);
    await first.say("order tiramisu");
    await first.say("1");
    await first.say("pickup");
    expect(await first.say("yes")).toEqual(["Thank you! Your order (€6.00) is placed. We will let you know when it is ready."]);
    expect(await itemOf(shop.businessId, "tiramisu")).toMatchObject({ stock: 0, inStock: false });
    const second = customer(shop);
    const [said] = await second.say("order tiramisu");
    expect(said).toMatch(/Tiramisu · €6\.00 · \(out of stock\)|Tiramisu: out of stock/);
  });

  it("tells the customer when the last units went to another order while they confirmed", async () => {
    const shop = await makeShop();
    await db()
      .update(catalogItems)
      .set({ stock: 2 })
      .where(and(eq(catalogItems.businessId, shop.businessId), eq(catalogItems.externalId, "tiramisu")));
    const c = customer(shop);
    await c.say("order tiramisu");
    await c.say("2");
    await c.say("pickup");
    // Someone else's order takes one before this customer says yes.
    await placeOrder(
      db(),
      await orderPlace(shop.businessId),
      "orders",
      {},
      {
        cart: {
          cart: true,
          items: [{ externalId: "tiramisu", title: "Tiramisu", qty: 1, priceAmount: 600, currency: "EUR", collection: "menu" }],
          deliveryFee: 0,
          freeDeliveryFrom: null,
          minimumDelivery: null,
        },
      },
    );
    expect(await c.say("yes")).toEqual(['Sorry, there are only 1 of Tiramisu left, so I couldn\'t place the order. Write "order" to start again.']);
    const orders = await db()
      .select()
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), eq(records.contactId, (await c.conversation()).contactId)));
    expect(orders).toHaveLength(0);
  });
});
