import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertCatalogItems } from "@/lib/catalog/catalog";
import { db } from "@/lib/db/client";
import { businesses, businessFacts } from "@/lib/db/schema";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";

// Issue 36 item 5: money is never shown in cents. The dashboard learns which record fields are amounts
// (in the currency's minor unit) and how the business writes money from the collection's layout.

const sameOrigin = { cookie: "x", origin: "http://localhost" };

const depositSkill = {
  nodes: [
    { id: "t", type: "trigger", data: { keywords: ["deposit"] } },
    { id: "r", type: "record", data: { collection: "deposits", fields: { paid: "{{cart.totalAmount}}", note: "deposit of {{cart.total}}" } } },
    { id: "e", type: "end", data: {} },
  ],
  edges: [
    { id: "1", source: "t", target: "r" },
    { id: "2", source: "r", target: "e" },
  ],
};

describe("the records layout's money", () => {
  it("names the order amounts and the business's currency and language (from its delivery facts)", async () => {
    const b = await makeBusiness();
    await db()
      .update(businesses)
      .set({ languages: ["pt", "en"] })
      .where(eq(businesses.id, b.businessId));
    await db().insert(businessFacts).values({ businessId: b.businessId, currency: "EUR", deliveryFee: 250 });
    signInAs(await makeStaff({ role: "agent", businessId: b.businessId }));
    const orders = await api("GET", "/v1/internal/records/orders/layout", { headers: sameOrigin });
    expect(orders.status).toBe(200);
    expect(orders.body).toMatchObject({ moneyFields: ["subtotal", "deliveryFee", "total"], money: { currency: "EUR", language: "pt" } });
    const leads = await api("GET", "/v1/internal/records/leads/layout", { headers: sameOrigin });
    expect(leads.body.moneyFields).toEqual([]);
    // The rest of the dashboard (the catalog's prices) writes money the same way.
    const format = await api("GET", "/v1/internal/money-format", { headers: sameOrigin });
    expect(format.status).toBe(200);
    expect(format.body).toEqual({ currency: "EUR", language: "pt" });
    expect((await api("GET", "/v1/internal/money-format", { key: b.key })).status).toBe(404);
  });

  it("takes amount fields from the skills that write the collection, and the currency from the catalog when no facts say it", async () => {
    const b = await makeBusiness();
    const saved = await api("PUT", "/v1/skills/sk_deposit", { key: b.key, body: { name: "Deposit", enabled: true, graph: depositSkill } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await upsertCatalogItems(db(), b.businessId, "menu", [
      { externalId: "a", title: "Cake", price: { amount: 1250, currency: "USD" }, inStock: true },
    ]);
    signInAs(await makeStaff({ businessId: b.businessId }));
    const layout = await api("GET", "/v1/internal/records/deposits/layout", { headers: sameOrigin });
    expect(layout.body).toMatchObject({ moneyFields: ["paid"], money: { currency: "USD", language: "en" } });
    // Internal: a key gets the unknown-endpoint answer.
    expect((await api("GET", "/v1/internal/records/deposits/layout", { key: b.key })).status).toBe(404);
  });
});
