import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countTokens } from "@/lib/runtime/understanding/tokens";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { assistantTurn } from "@/lib/messages/receive-message";
import { updateAssistant } from "@/lib/assistants/assistants";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { messages, records, tokenLedger } from "@/lib/db/schema";
import { upsertSkill } from "@/lib/skills/skills";
import { customer, makeShop, type Shop } from "./harness";
import { type FakeLlm, hangNext, MODEL_WAIT, resetModel, startFakeLlm } from "./fake-llm";

// The LLM path against a real HTTP server on loopback. Turns run in this process, directly: the turn
// job the inbound message queues is removed before its transaction commits, so no worker of another
// test process (on Postgres they share the jobs table, without these LLM settings) can answer first.

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

/** The customer writes `text` and the assistant takes its turn; returns the replies. */
async function chat(shop: Shop, phone: string, text: string) {
  const { message, conversationId } = await db().transaction(async (tx) => {
    const received = await simulateInbound(tx, shop.businessId, { phone, text });
    await tx.execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${received.message.id}`);
    return received;
  });
  await runAssistantTurn(db(), { businessId: shop.businessId, conversationId, messageId: message.id });
  return db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.source, "assistant"), eq(messages.direction, "outbound")))
    .orderBy(messages.id);
}

const lastReplies = async (shop: Shop, phone: string, text: string, since = 0) => (await chat(shop, phone, text)).slice(since);

describe("with an LLM provider", () => {
  it("replies with the model's answer, written from instructions, knowledge, catalog, skills and history", async () => {
    const shop = await makeShop();
    await updateAssistant(db(), shop.businessId, shop.assistantId, { instructions: "Always greet warmly." });
    const phone = newSandboxCustomer();
    llm.script({ content: "Hello! We open at 12:00 every day.", usage: 321 });
    const [answer] = await lastReplies(shop, phone, "when do you open?");
    expect(answer).toMatchObject({ text: "Hello! We open at 12:00 every day.", tokens: 321 });
    const [ledger] = await db()
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.businessId, shop.businessId), eq(tokenLedger.kind, "usage")));
    expect(ledger).toMatchObject({ messageId: answer.id, tokens: -321 });

    const [request] = llm.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer test-key");
    expect(request.body.model).toBe("fake-model");
    const system: string = request.body.messages[0].content;
    expect(system).toContain("Always greet warmly.");
    expect(system).toContain("Reply in the language the customer writes in.");
    expect(system).toContain("### Opening hours\nWe are open every day");
    expect(system).toContain("- sk_booking: Table booking.");
    expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "when do you open?" });
    expect(request.body.tools.map((t: any) => t.function.name)).toEqual(["start_skill", "search_catalog", "create_record", "handoff"]);
    expect(request.body.tools[0].function.parameters.properties.skillId.enum).toEqual(["sk_booking", "sk_orders", "sk_leads"]);

    // The next turn carries the conversation so far.
    llm.script({ content: "You're welcome!" });
    await lastReplies(shop, phone, "thanks!");
    expect(llm.requests[1].body.messages.slice(1)).toEqual([
      { role: "user", content: "when do you open?" },
      { role: "assistant", content: "Hello! We open at 12:00 every day." },
      { role: "user", content: "thanks!" },
    ]);
  });

  it("starts a skill the model picks, billing its usage with the skill's first reply", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    // A clear booking request starts the skill by its meaning, without asking the model (route-intent.ts).
    const [clear] = await lastReplies(shop, newSandboxCustomer(), "could we come over for dinner on friday?");
    expect(clear).toMatchObject({ text: "Happy to book you a table! For how many people?" });
    expect(llm.requests).toHaveLength(0);
    // One the classifier is not sure of goes to the model, which picks the skill.
    llm.script({ tools: [{ name: "start_skill", args: { skillId: "sk_booking" } }], usage: 200 });
    const [first] = await lastReplies(shop, phone, "we'd love to come by on friday evening");
    const question = "Happy to book you a table! For how many people?";
    expect(first).toMatchObject({ text: question, tokens: 200 + countTokens(question) });
    // The session continues without the model: a waiting question takes the answer.
    const replies = await chat(shop, phone, "4");
    expect(replies.at(-1)?.text).toBe("What name should the booking be under?");
    expect(llm.requests).toHaveLength(1);
  });

  it("answers search_catalog calls and goes on; create_record writes a record with the conversation", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    llm.script(
      { tools: [{ name: "search_catalog", args: { query: "pizza" } }], usage: 50 },
      { tools: [{ name: "create_record", args: { collection: "leads", fields: { name: "Ada", interest: "pizza party" } } }], usage: 60 },
      { content: "We have Margherita and Diavola. I noted your interest!", usage: 70 },
    );
    const [answer] = await lastReplies(shop, phone, "pizza party for 10?");
    expect(answer).toMatchObject({ text: "We have Margherita and Diavola. I noted your interest!", tokens: 180 });
    const toolReply = llm.requests[1].body.messages.at(-1);
    expect(toolReply.role).toBe("tool");
    expect(JSON.parse(toolReply.content).map((i: any) => i.title)).toEqual(["Pizza Diavola", "Pizza Margherita"]);
    const [lead] = await db()
      .select()
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "leads")));
    expect(lead).toMatchObject({ fields: { name: "Ada", interest: "pizza party" }, conversationId: answer.conversationId });
  });

  it("hands off when the model calls handoff", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    llm.script({ tools: [{ name: "handoff", args: { reason: "complaint about an order" } }], content: "I'm sorry! A colleague will take over." });
    const [said] = await lastReplies(shop, phone, "the food was cold and late");
    expect(said.text).toBe("I'm sorry! A colleague will take over.");
    expect(await customer(shop, phone).conversation()).toMatchObject({ status: "handoff", handoffReason: "complaint about an order" });
  });

  it("falls back to the retrieval engine when the provider fails (HTTP 500) or times out", async () => {
    const shop = await makeShop();
    llm.script({ status: 500 });
    const [fromError] = await lastReplies(shop, newSandboxCustomer(), "Is there parking nearby?");
    expect(fromError.text).toMatch(/^\*Parking\*\n/);

    hangNext(llm);
    const started = Date.now();
    const [fromTimeout] = await lastReplies(shop, newSandboxCustomer(), "Do you deliver?");
    expect(fromTimeout.text).toMatch(/^\*Delivery\*\n/);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(llm.requests).toHaveLength(2);
  });

  it("asks for the assistant's fixed language", async () => {
    const shop = await makeShop();
    await updateAssistant(db(), shop.businessId, shop.assistantId, { language: "pt-PT" });
    llm.script({ content: "Abrimos ao meio-dia." });
    await lastReplies(shop, newSandboxCustomer(), "a que horas abrem?");
    expect(llm.requests[0].body.messages[0].content).toContain("Reply in pt-PT");
  });

  it("writes an ai node's answer outside the transaction and continues the skill; falls back on failure", async () => {
    const shop = await makeShop();
    await upsertSkill(db(), shop.businessId, "sk_allergens", {
      name: "Allergens",
      enabled: true,
      assistantId: shop.assistantId,
      graph: {
        nodes: [
          { id: "t", type: "trigger", data: { keywords: ["allergy", "allergens", "parking"] } },
          { id: "a", type: "ai", data: { instructions: "Answer questions about allergens." } },
          { id: "e", type: "end", data: { text: "Anything else I can help with?" } },
        ],
        edges: [
          { id: "e1", source: "t", target: "a" },
          { id: "e2", source: "a", target: "e" },
        ],
      },
    });
    llm.script({ content: "The tiramisu contains eggs and milk.", usage: 90 });
    const replies = await lastReplies(shop, newSandboxCustomer(), "I have an allergy: what is in the tiramisu?");
    expect(replies.map((m) => m.text)).toEqual(["The tiramisu contains eggs and milk.", "Anything else I can help with?"]);
    expect(replies[0].tokens).toBe(90);
    expect(llm.requests[0].body.tools).toBeUndefined();
    expect(llm.requests[0].body.messages[0].content).toContain("Answer questions about allergens.");

    llm.script({ status: 500 });
    // The retrieval engine answers instead (a question only about the stated facts, such as parking, is
    // answered from them before any skill starts, so this one asks about the menu).
    const fallback = await lastReplies(shop, newSandboxCustomer(), "allergy question: is the margherita vegetarian?");
    expect(llm.requests.at(-1)?.body.tools).toBeUndefined();
    expect(fallback.map((m) => m.text)).toEqual([expect.stringMatching(/^\*Vegetarian options\*\n/), "Anything else I can help with?"]);
  });
});
