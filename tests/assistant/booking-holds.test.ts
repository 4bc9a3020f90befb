import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { bookingSlots, skillSessions } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { customer, fileWorker, makeShop, type Shop } from "./harness";

// A place held for a booking that is never written goes back however the skill ends: a person takes
// over, the conversation is closed, the session expires, the customer asks for a human. Otherwise
// the slot stays counted and the restaurant looks full for a table nobody booked.

fileWorker();

/** Places counted per slot start (ISO), only slots with any. */
async function places(shop: Shop): Promise<Record<string, number>> {
  const rows = await db().select().from(bookingSlots).where(eq(bookingSlots.businessId, shop.businessId));
  return Object.fromEntries(rows.filter((r) => r.booked > 0).map((r) => [r.slotStart.toISOString(), r.booked]));
}
const total = async (shop: Shop) => Object.values(await places(shop)).reduce((a, b) => a + b, 0);
const sessionOf = async (shop: Shop) => (await db().select().from(skillSessions).where(eq(skillSessions.businessId, shop.businessId)))[0];

/** A customer who has a place held and is asked to confirm. */
async function atConfirmation(shop: Shop) {
  const guest = customer(shop);
  const [confirm] = await guest.say("Hi! table for 2 tomorrow at 8pm please, name is Joana");
  expect(confirm).toMatch(/Shall I confirm it\?/);
  expect(await total(shop)).toBeGreaterThan(0);
  return guest;
}

describe("a held booking place goes back when the booking is not written", () => {
  // Issue 36: a handoff pauses the booking with its place held, for a person to complete or hand back
  // (tests/inbox/takeover.test.ts); the place goes back when the person drops it instead.
  it("when a member hands the conversation off and then drops the paused booking", async () => {
    const shop = await makeShop();
    const guest = await atConfirmation(shop);
    const conversation = await guest.conversation();
    expect((await api("POST", `/v1/conversations/${conversation.id}/handoff`, { key: shop.key, body: {} })).status).toBe(200);
    expect((await sessionOf(shop))?.pausedAt).not.toBeNull();
    expect(await total(shop)).toBeGreaterThan(0);
    expect((await api("DELETE", `/v1/conversations/${conversation.id}/skill`, { key: shop.key })).status).toBe(200);
    expect(await sessionOf(shop)).toBeUndefined();
    expect(await total(shop)).toBe(0);
  });

  it("when the conversation is closed", async () => {
    const shop = await makeShop();
    const guest = await atConfirmation(shop);
    const conversation = await guest.conversation();
    expect((await api("POST", `/v1/conversations/${conversation.id}/close`, { key: shop.key })).status).toBe(200);
    expect(await total(shop)).toBe(0);
  });

  it("when the customer asks for a person at the confirmation and the conversation goes back to the assistant without it", async () => {
    const shop = await makeShop();
    const guest = await atConfirmation(shop);
    await guest.say("can I speak to a real person please");
    const conversation = await guest.conversation();
    expect(conversation.status).toBe("handoff");
    expect(await total(shop)).toBeGreaterThan(0);
    expect((await api("POST", `/v1/conversations/${conversation.id}/resume`, { key: shop.key })).status).toBe(200);
    expect(await total(shop)).toBe(0);
  });

  it("when the session expires before the customer comes back", async () => {
    const shop = await makeShop();
    const guest = await atConfirmation(shop);
    await db().update(skillSessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(skillSessions.businessId, shop.businessId));
    await guest.say("hello again");
    expect(await total(shop)).toBe(0);
  });

  it("keeps the places of bookings made, and gives an abandoned change's place back to the booking", async () => {
    const shop = await makeShop();
    const guest = await atConfirmation(shop);
    expect((await guest.say("yes"))[0]).toMatch(/^You're booked/);
    const booked = await places(shop);
    expect(Object.keys(booked)).toHaveLength(1);

    // A new booking's hold handed off leaves the first booking's place alone.
    const [change] = await guest.say("can I change my booking to 10pm?");
    expect(change).toMatch(/22:00.*Shall I confirm it\?/s);
    const moving = await places(shop);
    expect(moving).not.toEqual(booked);
    const conversation = await guest.conversation();
    expect((await api("POST", `/v1/conversations/${conversation.id}/handoff`, { key: shop.key, body: {} })).status).toBe(200);
    expect(await places(shop)).toEqual(moving);
    expect((await api("DELETE", `/v1/conversations/${conversation.id}/skill`, { key: shop.key })).status).toBe(200);
    // The change was never confirmed: the booking stands at 8pm with its place, 10pm is free again.
    expect(await places(shop)).toEqual(booked);
  });
});
