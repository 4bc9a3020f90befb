import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { currentMigrations, emptyDatabase, migrateFolder, migrationsUpTo } from "../helpers/migrations";

// drizzle/0020_business_facts.sql (issue 35, item 5): a cart node's delivery fee, free-delivery
// threshold and minimum become the business's facts; the sign-up's unchanged hours and address
// knowledge items go (the assistant answers both from the settings), edited ones stay.
// drizzle/0023_demo_facts.sql: a demo seeded before them gets the facts its knowledge stated.

const A = "biz_01FACTSMIGRATIONA0000000";
const B = "biz_01FACTSMIGRATIONB0000000";
const C = "biz_01FACTSMIGRATIONC0000000";
const D = "biz_01FACTSMIGRATIONDEMO000";

const cartGraph = (data: Record<string, unknown>) =>
  JSON.stringify({
    nodes: [
      { id: "t", type: "trigger", data: { keywords: ["order"] } },
      { id: "c", type: "catalog", data: { collection: "menu", variable: "cart", text: "What would you like?", cart: true, ...data } },
    ],
    edges: [{ id: "e", source: "t", target: "c" }],
  });

describe("the business facts migration", () => {
  beforeAll(async () => {
    await emptyDatabase();
    await migrateFolder(migrationsUpTo("0019_media_storage_quota"));
    const run = (q: ReturnType<typeof sql>) => db().execute(q);
    const created = "2026-01-10T10:00:00.000Z";
    await run(sql`insert into businesses (id, name, address, created_at) values
      (${A}, 'A', 'Rua das Flores 12', ${created}), (${B}, 'B', null, ${created}), (${C}, 'C', null, ${created})`);
    await run(sql`insert into assistants (id, business_id, name) values ('as_a', ${A}, 'a'), ('as_b', ${B}, 'b'), ('as_c', ${C}, 'c')`);
    await run(sql`insert into business_hours (business_id, weekly) values (${A}, '{"mon": ["09:00-17:00"]}'::jsonb)`);
    await run(sql`insert into catalog_items (id, business_id, collection, external_id, title, price_amount, price_currency) values
      ('cat_a', ${A}, 'menu', 'x', 'X', 500, 'GBP')`);
    // A: two order skills, the enabled one wins; B: a cart without fees; C: no catalog (EUR).
    await run(sql`insert into skills (business_id, id, assistant_id, name, enabled, graph, updated_at) values
      (${A}, 'sk_old', 'as_a', 'Old', false, ${cartGraph({ deliveryFee: 100 })}::jsonb, '2026-03-01T00:00:00Z'),
      (${A}, 'sk_orders', 'as_a', 'Orders', true, ${cartGraph({ deliveryFee: 250, freeDeliveryFrom: 3000, minimumDelivery: 1500 })}::jsonb, '2026-02-01T00:00:00Z'),
      (${B}, 'sk_orders', 'as_b', 'Orders', true, ${cartGraph({})}::jsonb, '2026-02-01T00:00:00Z'),
      (${C}, 'sk_orders', 'as_c', 'Orders', true, ${cartGraph({ minimumDelivery: 2000 })}::jsonb, '2026-02-01T00:00:00Z')`);
    await run(sql`insert into knowledge_items (id, business_id, assistant_id, title, content, created_at, updated_at) values
      ('ki_hours', ${A}, 'as_a', 'Opening hours', 'We are open: Monday: 09:00-17:00; Tuesday to Sunday: closed.', ${created}, ${created}),
      ('ki_address', ${A}, 'as_a', 'Address', 'We are at Rua das Flores 12.', ${created}, ${created}),
      ('ki_parking', ${A}, 'as_a', 'Parking', 'No parking.', ${created}, ${created}),
      ('ki_edited', ${B}, 'as_b', 'Horario', 'Abrimos: lunes: 09:00-17:00.', ${created}, '2026-02-01T00:00:00Z'),
      ('ki_nohours', ${C}, 'as_c', 'Horário', 'Estamos abertos: segunda-feira: 09:00-17:00.', ${created}, ${created})`);
    // The demo as seeded before the facts.
    await run(sql`insert into businesses (id, name, time_zone) values (${D}, 'Demo Bistro', 'Europe/Lisbon')`);
    await run(sql`insert into assistants (id, business_id, name) values ('as_d', ${D}, 'd')`);
    await run(sql`insert into knowledge_items (id, business_id, assistant_id, title, content) values
      ('ki_d_hours', ${D}, 'as_d', 'Opening hours', 'We are open every day from 12:00 to 15:00 and from 18:00 to 23:00.'),
      ('ki_d_address', ${D}, 'as_d', 'Address', 'Rua das Flores 12, Lisbon. The nearest metro is Baixa-Chiado.'),
      ('ki_d_parking', ${D}, 'as_d', 'Parking', 'There is no private parking; the Camões car park is a 3-minute walk away.'),
      ('ki_d_delivery', ${D}, 'as_d', 'Delivery', 'We deliver within 5 km from 18:00 to 22:30. Delivery costs 2.50 EUR and is free over 30 EUR.')`);
    await migrateFolder(currentMigrations);
  }, 120_000);

  it("copies a cart node's fees into the business's facts, in its catalog's currency", async () => {
    const rows = await queryRows<Record<string, unknown>>(
      db(),
      sql`select business_id, delivers, currency, delivery_fee, free_delivery_from, minimum_delivery from business_facts
          where business_id in (${A}, ${B}, ${C}) order by business_id`,
    );
    expect(rows).toEqual([
      { business_id: A, delivers: true, currency: "GBP", delivery_fee: 250, free_delivery_from: 3000, minimum_delivery: 1500 },
      { business_id: C, delivers: true, currency: "EUR", delivery_fee: null, free_delivery_from: null, minimum_delivery: 2000 },
    ]);
  });

  it("deletes the sign-up's unchanged hours and address items, keeping edited ones and those the settings cannot replace", async () => {
    const rows = await queryRows<{ id: string }>(db(), sql`select id from knowledge_items where business_id in (${A}, ${B}, ${C}) order by id`);
    expect(rows.map((r) => r.id)).toEqual(["ki_edited", "ki_nohours", "ki_parking"]);
  });

  it("gives a demo seeded before them the facts its knowledge stated, and drops the knowledge that repeated them", async () => {
    const [facts] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select delivers, delivery_radius_km, currency, delivery_fee, free_delivery_from, minimum_delivery, pickup from business_facts where business_id = ${D}`,
    );
    expect(facts).toEqual({
      delivers: true,
      delivery_radius_km: 5,
      currency: "EUR",
      delivery_fee: 250,
      free_delivery_from: 3000,
      minimum_delivery: null,
      pickup: true,
    });
    const [b] = await queryRows<{ address: string }>(db(), sql`select address from businesses where id = ${D}`);
    expect(b.address).toBe("Rua das Flores 12, Lisbon");
    const items = await queryRows<{ title: string }>(db(), sql`select title from knowledge_items where business_id = ${D} order by title`);
    expect(items.map((i) => i.title)).toEqual(["Getting here", "Parking"]);
  });
});
