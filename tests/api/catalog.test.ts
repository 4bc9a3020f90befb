import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { catalogItems } from "@/lib/db/schema";
import { api, makeBusiness } from "../helpers/api";

const item = (i: number) => ({ externalId: `sku-${i}`, title: `Item ${i}`, price: { amount: 100 + i, currency: "EUR" }, inStock: i % 2 === 0 });

describe("catalog", () => {
  it("upserts 1,000 items, then updates them, and lists them with paging and search", async () => {
    const b = await makeBusiness();
    const items = Array.from({ length: 1000 }, (_, i) => item(i));
    const res = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ upserted: 1000, collection: "menu" });
    const again = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [{ ...item(5), title: "Renamed", price: undefined }] } });
    expect(again.body.upserted).toBe(1);
    const rows = await db()
      .select()
      .from(catalogItems)
      .where(and(eq(catalogItems.businessId, b.businessId), eq(catalogItems.collection, "menu")));
    expect(rows).toHaveLength(1000);
    const list = await api("GET", "/v1/catalog/menu/items?search=renamed", { key: b.key });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ externalId: "sku-5", title: "Renamed", price: null, inStock: false, collection: "menu" });
    expect(list.body.data[0].id).toMatch(/^cat_/);
  });

  it("is all or nothing, with one detail per bad item and duplicate externalIds refused", async () => {
    const b = await makeBusiness();
    const items = [item(1), { externalId: "", title: "x" }, item(2), { ...item(3), price: { amount: -1, currency: "eur" } }, item(1)];
    const res = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items } });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["items[1].externalId", "items[3].price.amount", "items[3].price.currency", "items[4].externalId"]));
    const rows = await db().select().from(catalogItems).where(eq(catalogItems.businessId, b.businessId));
    expect(rows).toHaveLength(0);
  });

  it("answers 413 for more than 1,000 items and 400 for a bad collection or empty list", async () => {
    const b = await makeBusiness();
    const tooMany = await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: Array.from({ length: 1001 }, (_, i) => item(i)) } });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.code).toBe("payload_too_large");
    expect((await api("POST", "/v1/catalog/Bad!/items", { key: b.key, body: { items: [item(1)] } })).status).toBe(400);
    expect((await api("POST", "/v1/catalog/menu/items", { key: b.key, body: { items: [] } })).status).toBe(400);
  });
});
