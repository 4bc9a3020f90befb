import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { catalogItems } from "@/lib/db/schema";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

// Issue 15 part 3: catalog management through operations (edit, delete, search, in-stock filter,
// bulk delete, a whole collection with confirmation), tenancy, and upload errors in plain words.

const item = (i: number, extra: Record<string, unknown> = {}) => ({
  externalId: `sku-${i}`,
  title: `Item ${i}`,
  price: { amount: 100 + i, currency: "EUR" },
  inStock: i % 2 === 0,
  ...extra,
});

async function seeded(collection = "menu") {
  const b = await makeBusiness();
  const items = [
    item(1, { title: "Pizza Margherita", description: "Tomato, mozzarella, basil" }),
    item(2, { title: "Lasagna", description: "Baked with béchamel" }),
    item(3, { title: "Tiramisu", description: "Mascarpone and coffee" }),
    item(4, { title: "Basil lemonade" }),
  ];
  expect((await api("POST", `/v1/catalog/${collection}/items`, { key: b.key, body: { items } })).status).toBe(200);
  const list = await api("GET", `/v1/catalog/${collection}/items`, { key: b.key });
  const ids = Object.fromEntries(list.body.data.map((i: { externalId: string; id: string }) => [i.externalId, i.id]));
  return { ...b, ids: ids as Record<string, string> };
}

const rowsOf = async (businessId: string, collection = "menu") =>
  db()
    .select()
    .from(catalogItems)
    .where(and(eq(catalogItems.businessId, businessId), eq(catalogItems.collection, collection)));

describe("catalog management", () => {
  it("searches name, description and SKU, and filters by stock", async () => {
    const b = await seeded();
    const titles = async (q: string) =>
      (await api("GET", `/v1/catalog/menu/items?${q}`, { key: b.key })).body.data.map((i: { title: string }) => i.title).sort();
    expect(await titles("search=basil")).toEqual(["Basil lemonade", "Pizza Margherita"]);
    expect(await titles("search=MASCARPONE")).toEqual(["Tiramisu"]);
    expect(await titles("search=sku-2")).toEqual(["Lasagna"]);
    expect(await titles("inStock=true")).toEqual(["Basil lemonade", "Lasagna"]);
    expect(await titles("inStock=false")).toEqual(["Pizza Margherita", "Tiramisu"]);
    expect(await titles("inStock=true&search=basil")).toEqual(["Basil lemonade"]);
    const bad = await api("GET", "/v1/catalog/menu/items?inStock=yes", { key: b.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ path: "inStock" });
  });

  it("reads, edits and deletes one item; null clears a field; bad input is 400 and changes nothing", async () => {
    const b = await seeded();
    const id = b.ids["sku-1"];
    expect((await api("GET", `/v1/catalog/menu/items/${id}`, { key: b.key })).body).toMatchObject({ id, title: "Pizza Margherita" });

    const edited = await api("PATCH", `/v1/catalog/menu/items/${id}`, {
      key: b.key,
      body: { title: "Pizza Margherita DOP", price: { amount: 1250, currency: "EUR" }, inStock: true, description: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      title: "Pizza Margherita DOP",
      price: { amount: 1250, currency: "EUR" },
      inStock: true,
      description: null,
    });
    const [row] = (await rowsOf(b.businessId)).filter((r) => r.id === id);
    expect(row).toMatchObject({ title: "Pizza Margherita DOP", priceAmount: 1250, inStock: true, description: null });

    const cleared = await api("PATCH", `/v1/catalog/menu/items/${id}`, { key: b.key, body: { price: null } });
    expect(cleared.body.price).toBeNull();

    for (const body of [
      {},
      { price: { amount: "twelve", currency: "EUR" } },
      { title: "" },
      { imageUrl: "http://x.example/a.png" },
      { colour: "red" },
    ]) {
      const res = await api("PATCH", `/v1/catalog/menu/items/${id}`, { key: b.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [after] = (await rowsOf(b.businessId)).filter((r) => r.id === id);
    expect(after).toMatchObject({ title: "Pizza Margherita DOP", priceAmount: null });

    const taken = await api("PATCH", `/v1/catalog/menu/items/${id}`, { key: b.key, body: { externalId: "sku-2" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("conflict");

    expect((await api("DELETE", `/v1/catalog/menu/items/${id}`, { key: b.key })).body).toEqual({ id, deleted: true });
    expect((await api("GET", `/v1/catalog/menu/items/${id}`, { key: b.key })).status).toBe(404);
    expect((await api("DELETE", `/v1/catalog/menu/items/${id}`, { key: b.key })).status).toBe(404);
    expect(await rowsOf(b.businessId)).toHaveLength(3);
  });

  it("deletes selected items, and a whole collection only with its name as confirmation", async () => {
    const b = await seeded();
    await api("POST", "/v1/catalog/drinks/items", { key: b.key, body: { items: [item(9)] } });
    const bulk = await api("POST", "/v1/catalog/menu/items/delete", { key: b.key, body: { ids: [b.ids["sku-1"], b.ids["sku-3"], "cat_missing"] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ deleted: 2 });
    expect((await rowsOf(b.businessId)).map((r) => r.externalId).sort()).toEqual(["sku-2", "sku-4"]);
    expect((await api("POST", "/v1/catalog/menu/items/delete", { key: b.key, body: { ids: [] } })).status).toBe(400);

    const unconfirmed = await api("DELETE", "/v1/catalog/menu", { key: b.key });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.details[0].path).toBe("confirm");
    expect((await api("DELETE", "/v1/catalog/menu?confirm=drinks", { key: b.key })).status).toBe(400);
    expect(await rowsOf(b.businessId)).toHaveLength(2);

    const whole = await api("DELETE", "/v1/catalog/menu?confirm=menu", { key: b.key });
    expect(whole.body).toEqual({ collection: "menu", deleted: 2 });
    expect(await rowsOf(b.businessId)).toHaveLength(0);
    expect(await rowsOf(b.businessId, "drinks")).toHaveLength(1);
    expect((await api("DELETE", "/v1/catalog/menu?confirm=menu", { key: b.key })).status).toBe(404);
  });

  it("never reaches another business's items: a foreign id answers like a missing one", async () => {
    const mine = await seeded();
    const theirs = await seeded();
    const foreign = theirs.ids["sku-1"];
    expect((await api("GET", `/v1/catalog/menu/items/${foreign}`, { key: mine.key })).status).toBe(404);
    expect((await api("PATCH", `/v1/catalog/menu/items/${foreign}`, { key: mine.key, body: { title: "Mine now" } })).status).toBe(404);
    expect((await api("DELETE", `/v1/catalog/menu/items/${foreign}`, { key: mine.key })).status).toBe(404);
    expect((await api("POST", "/v1/catalog/menu/items/delete", { key: mine.key, body: { ids: [foreign] } })).body).toEqual({ deleted: 0 });
    // The same id under another collection of the owner is not found either.
    expect((await api("GET", `/v1/catalog/drinks/items/${mine.ids["sku-1"]}`, { key: mine.key })).status).toBe(404);
    await api("DELETE", "/v1/catalog/menu?confirm=menu", { key: mine.key });
    expect(await rowsOf(theirs.businessId)).toHaveLength(4);
    expect((await rowsOf(theirs.businessId)).find((r) => r.id === foreign)?.title).toBe("Pizza Margherita");
  });

  it("needs catalog:write to change and catalog:read to read; agents cannot manage the catalog", async () => {
    const b = await seeded();
    const readOnly = await makeBusiness({ scopes: ["catalog:read"] });
    const res = await api("DELETE", `/v1/catalog/menu/items/${b.ids["sku-1"]}`, { key: readOnly.key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");

    const owner = await makeStaff();
    signInAs(owner);
    const sameOrigin = { cookie: "x", origin: "http://localhost" };
    await api("POST", "/v1/catalog/menu/items", { headers: sameOrigin, body: { items: [item(1)] } });
    const [ownItem] = (await api("GET", "/v1/catalog/menu/items", { headers: sameOrigin })).body.data;
    expect((await api("PATCH", `/v1/catalog/menu/items/${ownItem.id}`, { headers: sameOrigin, body: { inStock: false } })).body.inStock).toBe(false);

    signInAs(await makeStaff({ role: "agent", businessId: owner.businessId }));
    expect((await api("DELETE", `/v1/catalog/menu/items/${ownItem.id}`, { headers: sameOrigin })).status).toBe(403);
    expect(await rowsOf(owner.businessId)).toHaveLength(1);
  });

  it("answers an invalid upload with the row, the field and the value in plain words, writing nothing", async () => {
    const b = await makeBusiness();
    const items = Array.from({ length: 14 }, (_, i) => item(i + 1));
    items[13] = { ...items[13], price: { amount: "twelve" as unknown as number, currency: "EUR" } };
    items[4] = { ...items[4], inStock: "maybe" as unknown as boolean };
    const res = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("2 problems in the items; nothing was written.");
    expect(res.body.error.details).toEqual([
      { path: "items[4].inStock", message: "row 5, inStock: 'maybe' is not yes or no" },
      { path: "items[13].price.amount", message: "row 14, price: 'twelve' is not a number" },
    ]);
    expect(await rowsOf(b.businessId)).toHaveLength(0);
  });
});
