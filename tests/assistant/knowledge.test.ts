import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { answerFromKnowledge } from "@/lib/runtime/retrieval/retrieval";
import { createKnowledge, deleteKnowledge, updateKnowledge } from "@/lib/assistants/knowledge";
import { closeConversation } from "@/lib/conversations/transitions";
import { db } from "@/lib/db/client";
import { events } from "@/lib/db/schema";
import { receiveInboundMessage } from "@/lib/messages/receive-message";
import { customer, fileWorker, makeShop, settle } from "./harness";

fileWorker();

const answers: Array<[string, string]> = [
  ["What are your opening hours?", "Opening hours"],
  ["when do you open", "Opening hours"],
  ["Where are you located? What's the address?", "Address"],
  ["Is there parking nearby?", "Parking"],
  ["can I park my car somewhere?", "Parking"],
  ["Do you have vegetarian food?", "Vegetarian options"],
  ["anything vegan?", "Vegetarian options"],
  ["Do you deliver?", "Delivery"],
  ["how much does delivery cost", "Delivery"],
  ["adress pls", "Address"],
];

const misses = ["Do you sell cars?", "Can I bring my dog?", "What is the meaning of life?", "hello", "ok thanks"];

describe("answers from knowledge", () => {
  it("finds the item that answers each question, and nothing for unrelated ones", async () => {
    const shop = await makeShop({ skills: false });
    for (const [question, title] of answers) {
      const hit = await answerFromKnowledge(db(), shop.businessId, shop.assistantId, question);
      expect(hit?.item.title, question).toBe(title);
      expect(hit?.score).toBeGreaterThan(0);
    }
    for (const question of misses) expect(await answerFromKnowledge(db(), shop.businessId, shop.assistantId, question), question).toBeNull();
  });

  it("sees items added, changed and removed at once", async () => {
    const shop = await makeShop({ skills: false });
    const ask = () => answerFromKnowledge(db(), shop.businessId, shop.assistantId, "Is there wifi for guests?");
    expect(await ask()).toBeNull();
    const item = await createKnowledge(db(), shop.businessId, shop.assistantId, { title: "Wifi", content: "The network is Bistro-Guests." });
    expect((await ask())?.item.content).toBe("The network is Bistro-Guests.");
    await updateKnowledge(db(), shop.businessId, shop.assistantId, item.id, { content: "The password is on the menu." });
    expect((await ask())?.item.content).toBe("The password is on the menu.");
    await deleteKnowledge(db(), shop.businessId, shop.assistantId, item.id);
    expect(await ask()).toBeNull();
  });

  it("answers in a turn from items added, changed and removed just before (the turn's load reads the knowledge's stamp)", async () => {
    const shop = await makeShop({ skills: false });
    const ada = customer(shop);
    // Each question worded anew: the same one asked again after an answer reads as "that did not help".
    const said = async (question: string) => (await ada.say(question)).join("\n");
    // The parking item's answer builds the knowledge's index (and caches it) before the wifi item exists.
    expect(await said("Is there parking nearby?")).toContain("Parking");
    const item = await createKnowledge(db(), shop.businessId, shop.assistantId, { title: "Wifi", content: "The network is Bistro-Guests." });
    expect(await said("Is there wifi for guests?")).toContain("The network is Bistro-Guests.");
    await updateKnowledge(db(), shop.businessId, shop.assistantId, item.id, { content: "The password is on the menu." });
    const changed = await said("what about the wifi password");
    expect(changed).toContain("The password is on the menu.");
    expect(changed).not.toContain("Bistro-Guests");
    await deleteKnowledge(db(), shop.businessId, shop.assistantId, item.id);
    expect(await said("can I get on the wifi")).not.toContain("The password is on the menu.");
  });

  it("replies with the item's content, and with matching catalog items", async () => {
    const shop = await makeShop();
    const ada = customer(shop);
    expect(await ada.say("Is there parking nearby?")).toEqual([
      "*Parking*\nThere is no private parking; the Camões car park is a 3-minute walk away.",
    ]);
    expect(await ada.say("Do you have pizza?")).toEqual(["Here is what we have:\n• Pizza Diavola — €13.00\n• Pizza Margherita — €11.00"]);
    expect(await ada.say("any lemonade?")).toEqual(["Here is what we have:\n• Homemade Lemonade — €3.50 (out of stock)"]);
    expect((await ada.conversation()).status).toBe("open");
  });

  it("says honestly when it has no answer, offers the skills, and hands off after the second miss in a row", async () => {
    const shop = await makeShop();
    const bo = customer(shop);
    expect(await bo.say("Do you sell cars?")).toEqual([
      "Sorry, I don't have an answer to that. I can help you with:\n• Table booking\n• Order taking\n• Lead capture",
    ]);
    // An answer in between resets the count.
    await bo.say("what are your opening hours");
    expect((await bo.say("Can I bring my dog?"))[0]).toMatch(/^Sorry, I don't have an answer to that\./);
    expect((await bo.conversation()).status).toBe("open");
    expect(await bo.say("Is the chef famous?")).toEqual([
      "Sorry, I still can't answer that. I'm passing you to a colleague, who will reply here shortly.",
    ]);
    expect(await bo.conversation()).toMatchObject({ status: "handoff", handoffReason: "no_answer" });
  });
});

describe("handoff", () => {
  it.each([
    ["I want to talk to a human", "Sure, I'm passing you to a colleague."],
    ["agent", "Sure, I'm passing you to a colleague."],
    ["Quero falar com uma pessoa, por favor", "Claro, vou passar a conversa a um colega."],
    ["¿Puedo hablar con un agente?", "Claro, te paso con un compañero."],
    ["Je voudrais parler à un humain", "Bien sûr, je vous passe un collègue."],
    ["Ich möchte mit einem Mitarbeiter sprechen", "Gern, ich verbinde Sie mit einem Kollegen."],
  ])("hands off at once when the customer asks for a person: %s", async (text, reply) => {
    const shop = await makeShop();
    const cy = customer(shop);
    await cy.say("book a table");
    const [said] = await cy.say(text);
    expect(said.startsWith(reply)).toBe(true);
    const conversation = await cy.conversation();
    expect(conversation).toMatchObject({ status: "handoff", handoffReason: "customer_request" });
    const handoffs = await db().select().from(events).where(eq(events.businessId, shop.businessId));
    expect(handoffs.filter((e) => e.type === "conversation.handoff").map((e) => e.payload)).toEqual([
      expect.objectContaining({ conversationId: conversation.id, status: "handoff", reason: "customer_request" }),
    ]);
  });

  it("gives no automated reply to a conversation in handoff or closed", async () => {
    const shop = await makeShop();
    const di = customer(shop);
    await di.say("a human please");
    const { message } = await di.send("anyone there?");
    const conversation = await di.conversation();
    await runAssistantTurn(db(), { businessId: shop.businessId, conversationId: conversation.id, messageId: message.id });
    expect(await di.replies()).toEqual([]);
    await closeConversation(db(), shop.businessId, conversation.id, "agent");
    await runAssistantTurn(db(), { businessId: shop.businessId, conversationId: conversation.id, messageId: message.id });
    expect(await di.replies()).toEqual([]);
  });
});

describe("messages that are not plain text", () => {
  const inbound = (shop: { businessId: string }, phone: string, type: string, text: string) =>
    receiveInboundMessage(db(), shop.businessId, {
      channel: "sandbox",
      from: phone,
      profileName: null,
      channelMessageId: `sbx_${type}_${Math.random()}`,
      timestamp: new Date(),
      type,
      text,
      content: null,
    });

  it("ignores reactions, asks for text instead of audio, and reads a shared location as an address", async () => {
    const shop = await makeShop();
    const ed = customer(shop);
    await ed.say("order 2 tiramisus");
    expect(await ed.say("delivery")).toEqual(["What is the delivery address?"]);
    await inbound(shop, ed.phone, "reaction", "[reaction] 👍");
    await inbound(shop, ed.phone, "audio", "[audio]");
    await settle(shop.businessId);
    expect((await ed.replies()).map((m) => m.text)).toEqual(["Sorry, I can only read text messages. Could you write it for me?"]);
    await inbound(shop, ed.phone, "location", "[location] 38.71,-9.14 Rua Augusta 1");
    await settle(shop.businessId);
    expect((await ed.replies())[0].text).toMatch(/^Your order:\n2 x Tiramisu \(€12\.00\)\nDelivery to 38.71,-9.14 Rua Augusta 1: €0\.00\n/);
  });
});
