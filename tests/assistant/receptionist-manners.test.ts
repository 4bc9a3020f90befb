// Issue 40: what a salon's and a clinic's customers say that is no booking, answered as a receptionist
// answers it, probed in their own words on 2026-12-01 (none of these is a corpus case): a person of the
// business asked for by name ("I'd like to speak to Bela please") is a hand-over; "not happy with my
// colour, it's gone orange" is a complaint; thanks for something ("obrigada pela simpatia de sempre")
// is thanks, not a question missed; "Do you speak English?" is answered; "how far in advance do I need
// to cancel?" asks the cancellation terms, it cancels nothing.
import { describe, expect, it } from "vitest";
import { asksForHuman, soundsAggrieved } from "@/lib/runtime/understanding/human-request";
import { asksLanguages, smallTalk } from "@/lib/runtime/understanding/small-talk";
import { BELA } from "../conversations/trades/bela";
import { tradeShops } from "../conversations/trades/setup";
import { SONRISA } from "../conversations/trades/sonrisa";
import { customer } from "./harness";

const NOW = new Date("2026-11-25T16:00:00Z");
const NO_ANSWER = /don't have an answer|não tenho resposta|no tengo respuesta/;

describe("reading what is no booking", () => {
  it("hears a person asked for by name, a complaint said mildly, thanks for something, and a language asked", () => {
    expect(asksForHuman("ok, I'd like to speak to Bela please")).toBe("en");
    expect(asksForHuman("Posso falar com a Rita?")).toBe("pt");
    expect(asksForHuman("¿Puedo hablar con Javier?")).toBe("es");
    expect(asksForHuman("can I book a cut with Marco on Friday?")).toBeNull();
    expect(soundsAggrieved("I was there last week and I'm not happy with my colour, it's gone orange")).toBe(true);
    expect(soundsAggrieved("I'm happy with any time on Friday")).toBe(false);
    expect(smallTalk("thanks so much for yesterday, Dr Ruiz was great!")?.kind).toMatch(/^(?:thanks|praise)$/);
    expect(smallTalk("obrigada pela simpatia de sempre 😊")?.kind).toBe("thanks");
    expect(smallTalk("thanks, and can I book for tomorrow?")).toBeNull();
    expect(smallTalk("ok thanks bye")?.kind).toBe("goodbye");
    for (const text of ["Do you speak English?", "¿Habláis inglés?", "falam português?"]) expect(asksLanguages(text), text).toBe(true);
    expect(asksLanguages("Do you speak English? I need a cleaning on Monday")).toBe(false);
  });
});

describe("a salon's and a clinic's customers, beside the bookings", () => {
  const shops = tradeShops(NOW, { salon: BELA, clinic: SONRISA });

  it("hands the conversation over when a person is asked for by name", async () => {
    const c = customer(shops.salon);
    await c.say("hi is this a real person?");
    expect((await c.say("ok, I'd like to speak to Bela please")).join("\n")).toMatch(/passing you to a colleague/);
    expect((await c.conversation()).status).toBe("handoff");
  });

  it("offers a person for a complaint said mildly", async () => {
    const replies = (await customer(shops.salon).say("I was there last week and I'm not happy with my colour, it's gone orange")).join("\n");
    expect(replies).toMatch(/really sorry/);
    expect(replies).not.toMatch(NO_ANSWER);
  });

  it("takes thanks as thanks and answers which languages it speaks", async () => {
    expect((await customer(shops.salon).say("obrigada pela simpatia de sempre 😊")).join("\n")).toBe("De nada! Posso ajudar em mais alguma coisa?");
    const thanks = (await customer(shops.clinic).say("thanks so much for yesterday, Dr Ruiz was great!")).join("\n");
    expect(thanks).not.toMatch(NO_ANSWER);
    expect((await customer(shops.clinic).say("Do you speak English?")).join("\n")).toMatch(/^Yes! I can help you in English, Portuguese or Spanish/);
  });

  it("answers a question about cancelling with the terms, cancelling nothing", async () => {
    expect((await customer(shops.salon).say("Hola, ¿cuánto tiempo antes tengo que cancelar?")).join("\n")).toMatch(/Cancelaciones.*24 horas antes/s);
    expect((await customer(shops.salon).say("How far in advance do I need to cancel?")).join("\n")).toMatch(/Cancellations.*24 hours before/s);
  });
});
