import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsSummary } from "@/lib/analytics/analytics";
import { db } from "@/lib/db/client";
import { records } from "@/lib/db/schema";
import { customer, makeShop, fileWorker } from "./harness";

fileWorker();

describe("lead capture through the sandbox", () => {
  it("collects name, email and interest, re-asking a wrong email, and counts the lead", async () => {
    const shop = await makeShop();
    const ada = customer(shop);
    expect(await ada.say("Could I get a quote for a private dinner?")).toEqual(["Happy to help! What is your name?"]);
    expect(await ada.say("Ada Lovelace")).toEqual(["Thanks, Ada Lovelace. What is your email address?"]);
    expect(await ada.say("ada at example dot com")).toEqual(["That does not look like an email address. Could you check it?"]);
    expect(await ada.say("sure, it's Ada@Example.COM")).toEqual(["What are you interested in?"]);
    expect(await ada.say("A private dinner for 20 people")).toEqual([
      "Thanks, Ada Lovelace! Someone from our team will contact you at Ada@example.com soon.",
    ]);
    const [lead] = await db()
      .select()
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "leads")));
    expect(lead.fields).toEqual({ name: "Ada Lovelace", email: "Ada@example.com", interest: "A private dinner for 20 people" });
    const summary = await analyticsSummary(db(), shop.businessId, "24h");
    expect(summary).toMatchObject({ conversations: 1, resolvedByAssistant: 1, leads: 1, handoffs: 0 });
  });

  it("matches triggers case- and accent-insensitively, on whole words only", async () => {
    const shop = await makeShop();
    expect(await customer(shop).say("PRICING?")).toEqual(["Happy to help! What is your name?"]);
    // "quotes" is not the phrase "quote"; "interested" inside "uninterested" is not a whole word.
    const [miss] = await customer(shop).say("I am uninterested in quotes");
    expect(miss).toMatch(/^Sorry, I don't have an answer to that\./);
    expect(await customer(shop).say("Réservation")).toEqual(["Happy to book you a table! For how many people?"]);
  });
});
