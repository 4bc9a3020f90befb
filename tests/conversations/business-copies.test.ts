// The corpora give each conversation a copy of a business set up once (tests/helpers/clone-business.ts):
// the copy must hold the same set-up under ids of its own, answer to a key of its own, and share
// nothing with the business it was copied from.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import { makeShop } from "@/tests/assistant/harness";
import { api } from "@/tests/helpers/api";
import { cloneBusiness, shopCopies } from "@/tests/helpers/clone-business";

const SET_UP = ["assistants", "skills", "skill_versions", "knowledge_items", "catalog_items", "api_keys"] as const;

async function rowsOf(businessId: string) {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const t of SET_UP)
    out[t] = await queryRows(
      db(),
      sql`select * from ${sql.raw(t)} where business_id = ${businessId} order by ${sql.raw(t === "skill_versions" ? "skill_id, version" : "id")}`,
    );
  return out;
}

describe("a copy of a business", () => {
  it("holds the same set-up under new ids, with its references and its key its own", async () => {
    const shop = await makeShop();
    const copy = await cloneBusiness(shop.businessId);
    expect(copy.businessId).not.toBe(shop.businessId);
    expect(copy.businessId).toMatch(/^biz_[0-9A-Z]{26}$/);

    const [from, to] = [await rowsOf(shop.businessId), await rowsOf(copy.businessId)];
    for (const t of SET_UP) expect(to[t].length, t).toBe(from[t].length);
    expect(from.knowledge_items.length).toBeGreaterThan(0);
    // Same content; every generated id new and mapped; the copy's rows point at the copy's assistant.
    const newAssistant = copy.id(shop.assistantId);
    expect(newAssistant).not.toBe(shop.assistantId);
    expect(to.assistants.map((r) => r.id)).toEqual([newAssistant]);
    expect(to.knowledge_items.map((r) => [r.title, r.content, r.assistant_id])).toEqual(
      from.knowledge_items.map((r) => [r.title, r.content, newAssistant]),
    );
    expect(to.knowledge_items.map((r) => r.id)).toEqual(from.knowledge_items.map((r) => copy.id(String(r.id))));
    for (const r of to.knowledge_items) expect(from.knowledge_items.some((f) => f.id === r.id)).toBe(false);
    expect(to.catalog_items.map((r) => [r.external_id, r.title, r.price_amount, r.in_stock])).toEqual(
      from.catalog_items.map((r) => [r.external_id, r.title, r.price_amount, r.in_stock]),
    );
    expect(to.skills.map((r) => [r.id, r.name, r.enabled, JSON.stringify(r.graph), r.assistant_id])).toEqual(
      from.skills.map((r) => [r.id, r.name, r.enabled, JSON.stringify(r.graph), newAssistant]),
    );
    // A key of its own: a new secret, stored as its hash; the original key still opens the original only.
    expect(to.api_keys[0].hash).not.toBe(from.api_keys[0].hash);
    const key = copy.key(shop.key);
    expect(key).not.toBe(shop.key);
    const mine = await api("GET", "/v1/catalog/menu/items", { key });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((i: { externalId: string }) => i.externalId).sort()).toEqual(from.catalog_items.map((r) => r.external_id).sort());
    expect((await api("GET", `/v1/assistants/${newAssistant}`, { key })).status).toBe(200);
    expect((await api("GET", `/v1/assistants/${newAssistant}`, { key: shop.key })).status).toBe(404);

    // Changed in the copy, unchanged in the original.
    const put = await api("POST", "/v1/catalog/menu/items", {
      key,
      body: { items: [{ externalId: "tiramisu", title: "Tiramisu della casa", price: { amount: 700, currency: "EUR" }, inStock: true }] },
    });
    expect(put.status).toBe(200);
    const titles = async (k: string) =>
      (await api("GET", "/v1/catalog/menu/items", { key: k })).body.data.find((i: { externalId: string }) => i.externalId === "tiramisu").title;
    expect(await titles(key)).toBe("Tiramisu della casa");
    expect(await titles(shop.key)).toBe("Tiramisu");
  });

  it("a factory of copies sets its template up once and hands out a new business each time", async () => {
    let made = 0;
    const next = shopCopies(async () => {
      made++;
      return makeShop({ skills: false });
    });
    const [a, b] = await Promise.all([next(), next()]);
    const c = await next();
    expect(made).toBe(1);
    expect(new Set([a.businessId, b.businessId, c.businessId]).size).toBe(3);
    expect(new Set([a.key, b.key, c.key]).size).toBe(3);
    for (const s of [a, b, c]) expect((await api("GET", `/v1/assistants/${s.assistantId}`, { key: s.key })).status).toBe(200);
  });
});
