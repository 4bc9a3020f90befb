import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setBusinessFacts } from "@/lib/businesses/facts";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { messages } from "@/lib/db/schema";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { assistantTurn } from "@/lib/messages/receive-message";
import { pinClock } from "@/lib/time/clock";
import { type FakeLlm, hangNext, MODEL_WAIT, resetModel, startFakeLlm } from "./fake-llm";
import { makeShop, type Shop } from "./harness";

// The LLM path keeps the offline path's structure (issue 35 item 9): the model reads the business's
// facts as the offline answers do, a skill it starts starts with the slots the message fills, and a
// model that fails or names no skill leaves the message to the offline path, small talk and the facts
// included. Turns run in this process (the turn job is removed before it commits), as in llm.test.ts.

let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  process.env.LLM_BASE_URL = llm.baseURL;
  process.env.LLM_API_KEY = "test-key";
  process.env.LLM_MODEL = "fake-model";
  process.env.LLM_TIMEOUT_MS = MODEL_WAIT;
});

afterAll(async () => {
  for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TIMEOUT_MS"]) delete process.env[name];
  await llm.close();
});

beforeEach(() => resetModel(llm));
afterEach(() => pinClock(null));

/** The customer writes `text`, the assistant takes its turn; the replies of this turn. */
async function say(shop: Shop, phone: string, text: string): Promise<string[]> {
  const { message, conversationId } = await db().transaction(async (tx) => {
    const received = await simulateInbound(tx, shop.businessId, { phone, text });
    await tx.execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${received.message.id}`);
    return received;
  });
  await runAssistantTurn(db(), { businessId: shop.businessId, conversationId, messageId: message.id });
  const rows = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, "outbound"), sql`${messages.createdAt} >= ${message.createdAt}`))
    .orderBy(messages.id);
  return rows.map((m) => m.text);
}

const eur = (amount: number) => ({ amount, currency: "EUR" });

describe("the LLM path", () => {
  it("gives the model the business's facts to quote", async () => {
    const shop = await makeShop();
    await setBusinessFacts(db(), shop.businessId, {
      address: "Rua das Flores 12, Lisbon",
      delivery: { offered: true, radiusKm: 5, fee: eur(250), freeFrom: eur(3000) },
      paymentMethods: ["cash", "mb_way"],
    });
    llm.script({ content: "Delivery is €2.50, free from €30." });
    expect(await say(shop, newSandboxCustomer(), "tell me about delivery please")).toEqual(["Delivery is €2.50, free from €30."]);
    const system: string = llm.requests[0].body.messages[0].content;
    expect(system).toContain("Business facts (the business's settings: quote these exactly");
    expect(system).toContain("Our address: Rua das Flores 12, Lisbon.");
    expect(system).toContain("Delivery costs €2.50. It's free for orders of €30.00 or more.");
    expect(system).toContain("You can pay with cash or MB Way.");
  });

  it("starts the skill the model picks with the slots the message fills, as the offline path does", async () => {
    pinClock(new Date("2026-11-25T16:00:00Z"));
    const shop = await makeShop();
    llm.script({ tools: [{ name: "start_skill", args: { skillId: "sk_booking" } }] });
    const [reply] = await say(shop, newSandboxCustomer(), "hey, we'd love to come for dinner tomorrow at 8pm, 2 of us, name Ana");
    // Not "For how many people?": the party, the day, the time and the name are taken from the message.
    expect(reply).toMatch(/^A table for 2 on .*20:00, under the name Ana\. Shall I confirm it\?/);
  });

  it("leaves a failed or refused model answer to the offline path: small talk, nothing to cancel, the facts", async () => {
    const shop = await makeShop();
    await setBusinessFacts(db(), shop.businessId, { address: "Rua das Flores 12, Lisbon" });
    llm.script({ status: 500 });
    expect(await say(shop, newSandboxCustomer(), "thanks a lot!")).toEqual(["You're welcome! Anything else I can help you with?"]);
    // A skill that is not there, asked for round after round: refused each time, then the offline answer.
    const ghost = { tools: [{ name: "start_skill", args: { skillId: "sk_ghost" } }] };
    llm.script(ghost, ghost, ghost, ghost);
    expect(await say(shop, newSandboxCustomer(), "and what is your address exactly?")).toEqual(["Our address: Rua das Flores 12, Lisbon."]);
    const refusal = JSON.parse(llm.requests.at(-1)?.body.messages.at(-1).content);
    expect(refusal).toEqual({ error: "start_skill refused: no such skill" });
    hangNext(llm);
    expect(await say(shop, newSandboxCustomer(), "cancel")).toEqual(["There's nothing in progress to cancel. How can I help?"]);
  });
});
