import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsSummary } from "@/lib/analytics/analytics";
import { db } from "@/lib/db/client";
import { messages, records } from "@/lib/db/schema";
import { seedDemo } from "@/lib/demo/seed-demo";
import { getWallet } from "@/lib/wallet/wallet";
import { customer, fileWorker, own } from "./harness";

fileWorker();

// "Done means": in the demo business a sandbox customer books a table, orders from the menu, leaves
// their details, gets answers from knowledge and reaches a person; records, tokens and analytics follow.
describe("the demo business through the sandbox", () => {
  it("books, orders, captures a lead, answers from knowledge and hands off", async () => {
    const demo = await seedDemo(db());
    own(demo.businessId);
    const shop = { businessId: demo.businessId, assistantId: demo.assistantId, key: demo.apiKey };
    const collection = async (name: string) =>
      db()
        .select()
        .from(records)
        .where(and(eq(records.businessId, shop.businessId), eq(records.collection, name)))
        // In the order they were placed: without ORDER BY the database gives none (an update can move a row).
        .orderBy(asc(records.createdAt), asc(records.id));
    const seeded = { bookings: (await collection("bookings")).length, leads: (await collection("leads")).length };
    const before = await getWallet(db(), shop.businessId);

    const ana = customer(shop);
    await ana.say("Hi, I'd like to book a table");
    await ana.say("2");
    await ana.say("Ana");
    expect((await ana.say("tomorrow at 8pm"))[0]).toMatch(/^A table for 2 on .* at 20:00, under the name Ana\. Shall I confirm it\?/);
    expect((await ana.say("yes"))[0]).toMatch(/^You're booked, Ana: a table for 2 on .* at 20:00\./);

    // "to take home" is pickup: the item, its quantity and the way in one message.
    expect((await ana.say("and I want to order a tiramisu to take home"))[0]).toMatch(
      /^Your order:\n1 x Tiramisu \(€6\.00\)\nTotal: €6\.00, to pick up at the restaurant\. Shall I place the order\?/,
    );
    expect((await ana.say("1"))[0]).toMatch(/^Thank you! Your order \(€6\.00\) is placed\./);

    await ana.say("could you send me a quote for a birthday party?");
    await ana.say("Ana Silva");
    await ana.say("ana@example.pt");
    expect((await ana.say("a birthday dinner for 12"))[0]).toBe("Thanks, Ana Silva! Someone from our team will contact you at ana@example.pt soon.");

    expect(await ana.say("What's your address?")).toEqual(["Our address: Rua das Flores 12, Lisbon."]);
    expect((await ana.conversation()).status).toBe("open");

    // The fee the demo quotes is the fee its cart charges: 2.50 EUR under 30 EUR.
    const [fee] = await ana.say("how much is delivery?");
    expect(fee).toMatch(/2[.,]50/);
    expect(fee).toMatch(/30[.,]00/);
    const cal = customer(shop);
    expect((await cal.say("2 margheritas delivered to Rua Augusta 1 please"))[0]).toMatch(/Total: (€24\.50|24[.,]50)/);
    expect((await cal.say("yes"))[0]).toMatch(/placed/);

    const bea = customer(shop);
    expect((await bea.say("I need to talk to a real person"))[0]).toMatch(/^Sure, I'm passing you to a colleague\./);
    expect((await bea.conversation()).status).toBe("handoff");

    expect((await collection("bookings")).length).toBe(seeded.bookings + 1);
    expect((await collection("orders")).map((r) => r.fields)).toEqual([
      expect.objectContaining({ items: [expect.objectContaining({ itemId: "tiramisu", qty: 1 })], fulfilment: "Pickup", total: 600 }),
      expect.objectContaining({ items: [expect.objectContaining({ itemId: "pizza-margherita", qty: 2 })], deliveryFee: 250, total: 2450 }),
    ]);
    expect((await collection("leads")).length).toBe(seeded.leads + 1);

    const replies = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.businessId, shop.businessId), eq(messages.source, "assistant")));
    // The seed's sample reply cost nothing; everything since was charged.
    const spent = replies.reduce((n, m) => n + m.tokens, 0);
    expect(spent).toBeGreaterThan(0);
    expect(await getWallet(db(), shop.businessId)).toMatchObject({
      balanceTokens: before.balanceTokens - spent,
      periodUsedTokens: before.periodUsedTokens + spent,
    });
    // The seeded conversation (an assistant reply an hour ago), Ana's and Cal's (answered) and Bea's (handed off).
    expect(await analyticsSummary(db(), shop.businessId, "24h")).toMatchObject({
      conversations: 4,
      resolvedByAssistant: 3,
      handoffs: 1,
      leads: seeded.leads + 1,
    });
  });
});
