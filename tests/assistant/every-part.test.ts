// Issue 35 items 1, 3 and 7 through the sandbox: every part of a message handled, everything said in
// its right place (notes on the record, corrections in the cart, never a value that does not fit the
// prompt), and time as a person reads it. The examples are the issue's own.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { records } from "@/lib/db/schema";
import { pinClock } from "@/lib/time/clock";
import { customer, fileWorker, makeShop, type Shop } from "./harness";

fileWorker();
afterEach(() => pinClock(null));

const recordsOf = (shop: Shop, collection: string) =>
  db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, collection)));
const bookedAt = async (shop: Shop) => (await recordsOf(shop, "bookings")).map((b) => [b.fields.party_size, String(b.fields.when).slice(0, 16)]);
const lines = (fields: Record<string, unknown>) => (fields.items as Array<{ itemId: string; qty: number }>).map((l) => [l.itemId, l.qty]);

// Wednesday 25 November 2026, 16:00 in Lisbon (UTC+0 in winter).
const WEDNESDAY = new Date("2026-11-25T16:00:00Z");

describe("every part of a message is handled", () => {
  it("answers both questions of one message", async () => {
    const shop = await makeShop();
    const replies = await customer(shop).say("what are your hours and can I park nearby");
    expect(replies.join("\n")).toMatch(/12:00/);
    expect(replies.join("\n")).toMatch(/Camões/);
  });

  it("adds the pizzas and answers the question in the same message", async () => {
    const shop = await makeShop();
    const ana = customer(shop);
    const replies = await ana.say("I want 3 diavolas, and is there parking nearby?");
    expect(replies.join("\n")).toMatch(/Camões/);
    expect(replies[replies.length - 1]).toMatch(/pick it up or shall we deliver/);
    await ana.say("pickup");
    await ana.say("yes");
    const [order] = await recordsOf(shop, "orders");
    expect(lines(order.fields)).toEqual([["pizza-diavola", 3]]);
  });
});

describe("everything said goes to its right place", () => {
  it("keeps a note for the staff on the booking, never as the party size", async () => {
    pinClock(WEDNESDAY);
    const shop = await makeShop();
    const ana = customer(shop);
    const replies = await ana.say("table for 4 on friday 8pm, one of us is celiac");
    expect(replies.join("\n")).toMatch(/one of us is celiac/);
    await ana.say("Ana");
    await ana.say("yes");
    const [booking] = await recordsOf(shop, "bookings");
    expect(booking.fields).toMatchObject({ party_size: 4, name: "Ana", when: "2026-11-27T20:00:00+00:00", notes: "one of us is celiac" });
  });

  it("reads a cart change at the address question as a cart change, not an address", async () => {
    const shop = await makeShop();
    const ana = customer(shop);
    expect(await ana.say("I'd like to order 2 margheritas and a tiramisu for delivery")).toEqual(["What is the delivery address?"]);
    const replies = await ana.say("actually no tiramisu");
    expect(replies[replies.length - 1]).toBe("What is the delivery address?");
    await ana.say("Rua dos Fanqueiros 88");
    await ana.say("yes");
    const [order] = await recordsOf(shop, "orders");
    expect(lines(order.fields)).toEqual([["pizza-margherita", 2]]);
    expect(order.fields.address).toBe("Rua dos Fanqueiros 88");
  });

  it("changes the day and keeps the time; keeps the number meant", async () => {
    pinClock(WEDNESDAY);
    const shop = await makeShop();
    const ben = customer(shop);
    await ben.say("Hi, table for 2 on Friday at 20:30 please");
    await ben.say("Ben");
    await ben.say("can we do saturday instead of friday? same time");
    await ben.say("yes");
    expect(await bookedAt(shop)).toEqual([[2, "2026-11-28T20:30"]]);
    const ava = customer(shop);
    await ava.say("I'd like to order two margheritas no wait three for pick up");
    await ava.say("yes");
    const [order] = await recordsOf(shop, "orders");
    expect(lines(order.fields)).toEqual([["pizza-margherita", 3]]);
  });
});

describe("time as a person reads it", () => {
  it("reads a weekday said on that weekday after its time as next week's", async () => {
    // Saturday 28 November 2026, 19:00 in Lisbon.
    pinClock(new Date("2026-11-28T19:00:00Z"));
    const shop = await makeShop();
    const ana = customer(shop);
    await ana.say("table for 2 saturday 1pm");
    await ana.say("Ana");
    await ana.say("yes");
    expect(await bookedAt(shop)).toEqual([[2, "2026-12-05T13:00"]]);
  });

  it("takes the table's time, not the time of something else", async () => {
    pinClock(WEDNESDAY);
    const shop = await makeShop();
    const ben = customer(shop);
    await ben.say("the show ends at 22:15 on Friday, so a table for 2 after that");
    await ben.say("Ben");
    await ben.say("yes");
    const raj = customer(shop);
    await raj.say("I leave work at 14:30, can we say 14:50? Tomorrow, 2 people");
    await raj.say("Raj");
    await raj.say("yes");
    // Two bookings of one shop: the table has no order of its own (an update can move a row on
    // Postgres), so compare them in time order.
    expect((await bookedAt(shop)).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [2, "2026-11-26T14:50"],
      [2, "2026-11-27T22:30"],
    ]);
  });

  it("never sends the same refusal twice in a row, and offers the nearest open times", async () => {
    pinClock(WEDNESDAY);
    const shop = await makeShop();
    const ana = customer(shop);
    await ana.say("table for 2, name Ana");
    const first = await ana.say("today at 1pm");
    expect(first[0]).toMatch(/already passed.*nearest times/s);
    const second = await ana.say("today at 1pm");
    expect(second).not.toContain(first[0]);
  });
});
