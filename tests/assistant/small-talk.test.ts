import { describe, expect, it } from "vitest";
import { type SmallTalkKind, smallTalk } from "@/lib/runtime/understanding/small-talk";
import { customer, fileWorker, makeShop } from "./harness";

// Greetings, thanks, goodbyes, "ok" and laughter in the three languages: a short friendly reply in
// the customer's language, never a miss, never a handoff.

fileWorker();

describe("recognising small talk", () => {
  it.each<[string, SmallTalkKind]>([
    ["hi", "greeting"],
    ["Hiii!!", "greeting"],
    ["hello there 👋", "greeting"],
    ["good morning", "greeting"],
    ["how are you?", "greeting"],
    ["Olá, bom dia!", "greeting"],
    ["oi", "greeting"],
    ["tudo bem?", "greeting"],
    ["hola buenas", "greeting"],
    ["buenos días", "greeting"],
    ["thanks", "thanks"],
    ["hey, thanks for the amazing dinner last night!! 😍", "thanks"],
    ["obrigada, o jantar estava delicioso", "thanks"],
    ["hola q tal", "greeting"],
    ["thank u so much!!", "thanks"],
    ["thnx", "thanks"],
    ["ok thanks", "thanks"],
    ["perfect thanks", "thanks"],
    ["ok obrigado", "thanks"],
    ["obrigadoo", "thanks"],
    ["muito obrigada pela ajuda", "thanks"],
    ["perfeito, obrigado!", "thanks"],
    ["gracias!!", "thanks"],
    ["muchas gracias", "thanks"],
    ["vale gracias", "thanks"],
    ["🙏", "thanks"],
    ["bye", "goodbye"],
    ["ok thanks bye", "goodbye"],
    ["byee", "goodbye"],
    ["adeus", "goodbye"],
    ["até logo!", "goodbye"],
    ["obrigado, tchau", "goodbye"],
    ["adiós", "goodbye"],
    ["gracias, hasta luego", "goodbye"],
    ["ok", "ack"],
    ["okk", "ack"],
    ["👍", "ack"],
    ["está bem", "ack"],
    ["vale", "ack"],
    ["de acuerdo", "ack"],
    ["hahaha", "laughter"],
    ["jajaja", "laughter"],
    ["kkkk", "laughter"],
    ["lol", "laughter"],
    ["😂😂", "laughter"],
    [":D", "laughter"],
    [":)", "ack"],
    ["much appreciated", "thanks"],
    ["gracias guapa", "thanks"],
    ["beijinhos", "goodbye"],
    ["un saludo", "goodbye"],
    ["sounds great", "ack"],
  ])("%s is %s", (text, kind) => {
    expect(smallTalk(text)).toEqual({ kind });
  });

  it.each(["hi, I want to book a table", "thanks, do you have parking?", "2", "Ana", "yes", "sim", "no", "obrigado, e têm estacionamento?", "?", ""])(
    "%s is not small talk (it says something else, or nothing)",
    (text) => {
      expect(smallTalk(text)).toBeNull();
    },
  );

  it("lets the business's name stand in a greeting", () => {
    expect(smallTalk("hi Tasca da Ana!", "Tasca da Ana")).toEqual({ kind: "greeting" });
    expect(smallTalk("hi Tasca da Ana!")).toBeNull();
  });
});

describe("answering small talk", () => {
  it("answers in the customer's language and never counts a miss or hands off", async () => {
    const shop = await makeShop();
    const ana = customer(shop);
    expect(await ana.say("olá, bom dia")).toEqual(["Olá! Em que posso ajudar?"]);
    expect((await ana.conversation()).language).toBe("pt");
    expect(await ana.say("obrigado")).toEqual(["De nada! Posso ajudar em mais alguma coisa?"]);
    expect(await ana.say("ok")).toEqual(["Ótimo! Se precisar de mais alguma coisa, é só dizer."]);
    expect(await ana.say("adeus")).toEqual(["Obrigado, tenha um ótimo dia!"]);
    expect(await ana.conversation()).toMatchObject({ status: "open", misses: 0, language: "pt" });

    const leo = customer(shop);
    expect(await leo.say("hola!!")).toEqual(["¡Hola! ¿En qué puedo ayudarte?"]);
    expect(await leo.say("jajaja")).toEqual(["😊 ¿Puedo ayudarte en algo más?"]);
    expect(await leo.say("gracias, hasta luego")).toEqual(["¡Gracias, que tengas un buen día!"]);

    const bo = customer(shop);
    expect(await bo.say("hi")).toEqual(["Hello! How can I help you?"]);
    expect(await bo.say("ok thanks")).toEqual(["You're welcome! Anything else I can help you with?"]);
    expect(await bo.say("👍")).toEqual(["Great! Let me know if you need anything else."]);
    expect(await bo.say("bye")).toEqual(["Thank you, have a great day!"]);
    expect(await bo.conversation()).toMatchObject({ status: "open", misses: 0, language: "en" });
  });

  it("answers the other questions said beside 'are you a bot?' (issue 35 item 1)", async () => {
    const shop = await makeShop();
    const kim = customer(shop);
    const replies = await kim.say("are you a bot? what are your hours");
    expect(replies).toHaveLength(2);
    expect(replies[1]).toMatch(/12:00 to 15:00/);
    expect(await kim.conversation()).toMatchObject({ status: "open", misses: 0 });
  });

  it("stores the conversation's language only once a message tells it", async () => {
    const shop = await makeShop();
    const eva = customer(shop);
    expect(await eva.say("👍")).toEqual(["Great! Let me know if you need anything else."]);
    expect((await eva.conversation()).language).toBeNull();
    // Its first words decide without a margin to beat.
    expect(await eva.say("olá")).toEqual(["Olá! Em que posso ajudar?"]);
    expect((await eva.conversation()).language).toBe("pt");
    expect(await eva.say("ok")).toEqual(["Ótimo! Se precisar de mais alguma coisa, é só dizer."]);
    expect((await eva.conversation()).language).toBe("pt");
  });

  it("never takes small talk after a miss for a second miss (which would hand off)", async () => {
    const shop = await makeShop();
    const cy = customer(shop);
    expect((await cy.say("Do you sell cars?"))[0]).toMatch(/^Sorry, I don't have an answer to that\./);
    expect(await cy.say("ok thanks")).toEqual(["You're welcome! Anything else I can help you with?"]);
    expect(await cy.say("hahaha")).toEqual(["😊 Anything else I can help you with?"]);
    expect(await cy.conversation()).toMatchObject({ status: "open", handoffReason: null });
    expect((await cy.conversation()).misses).toBeLessThan(2);
  });

  it("offers the skills with trigger phrases in the customer's language, never English ones", async () => {
    const shop = await makeShop();
    const di = customer(shop);
    const [said] = await di.say("vendem carros usados?");
    expect(said).toMatch(/^Desculpe, não tenho resposta para isso\. Posso ajudar com:\n/);
    expect(said).not.toMatch(/"(book|booking|table|order|buy|quote|contact me)"/);
  });
});
