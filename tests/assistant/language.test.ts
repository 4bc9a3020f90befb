import { describe, expect, it } from "vitest";
import { replyLanguage } from "@/lib/runtime/base/canned-replies";
import { asksForHuman } from "@/lib/runtime/understanding/human-request";
import { type DetectedLanguage, detectedLanguages } from "@/lib/language";
import { detectLanguage, hasLanguageEvidence, languageScores, localLanguage, triggerPhraseFor } from "@/lib/runtime/understanding/language";
import { markerWords } from "@/lib/runtime/understanding/language-words";
import { messageKeys, t } from "@/lib/runtime/messages";

// Language detection on the short messages WhatsApp customers write, and the catalog of the
// assistant's own sentences in every language it answers in.

describe("detecting the customer's language", () => {
  it.each<[string, DetectedLanguage]>([
    ["hi", "en"],
    ["where r u guys located", "en"],
    ["book a table for 2 tomorrow 8pm", "en"],
    ["a margherita and a tiramisu", "en"],
    ["ok thanks", "en"],
    ["olá", "pt"],
    ["bom dia", "pt"],
    ["estão abertos ao domingo?", "pt"],
    ["queria reservar uma mesa para amanhã às 20h", "pt"],
    ["mesa para 2 amanhã", "pt"],
    ["vcs têm opções veganas?", "pt"],
    ["queria encomendar 2 pizzas", "pt"],
    ["uma margherita e um tiramisu", "pt"],
    ["obrigado!", "pt"],
    ["kkkk", "pt"],
    ["hola", "es"],
    ["buenos días", "es"],
    ["¿dónde están ubicados?", "es"],
    ["quisiera reservar una mesa para mañana", "es"],
    ["mesa para dos mañana", "es"],
    ["hay aparcamiento?", "es"],
    ["una margherita y un tiramisú", "es"],
    ["vale gracias", "es"],
    ["jajaja", "es"],
  ])("reads %s as %s", (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it.each<[string, DetectedLanguage]>([
    ["ok", "pt"],
    ["2", "es"],
    ["20h", "pt"],
    ["Ana Silva", "es"],
    ["👍", "pt"],
    ["sim", "pt"],
    ["no", "es"],
  ])("keeps the conversation's language for %s (it says nothing new)", (text, previous) => {
    expect(detectLanguage(text, previous)).toBe(previous);
  });

  it("takes a message with nothing to go on as English when the conversation has no language yet", () => {
    expect(detectLanguage("ok")).toBe("en");
    expect(detectLanguage("2")).toBe("en");
    for (const text of ["ok", "2", "20h", "Ana Silva", "👍"]) expect(hasLanguageEvidence(text), text).toBe(false);
    for (const text of ["obrigado", "thanks", "gracias"]) expect(hasLanguageEvidence(text), text).toBe(true);
  });

  it("switches only on clear evidence: a Lisbon address or one foreign word keeps an English conversation English", () => {
    expect(detectLanguage("Rua de São Bento 20, 2º esq", "en")).toBe("en");
    expect(detectLanguage("deliver to Calle Mayor 5 please", "en")).toBe("en");
    expect(detectLanguage("ana.silva@gmail.com", "en")).toBe("en");
    expect(detectLanguage("obrigado", "en")).toBe("en");
    expect(detectLanguage("João", "en")).toBe("en");
    expect(detectLanguage("quero reservar uma mesa", "en")).toBe("pt");
    expect(detectLanguage("quiero cancelar la reserva, gracias", "pt")).toBe("es");
    expect(detectLanguage("can we make it 9pm instead?", "es")).toBe("en");
  });

  it("takes Portuguese-or-Spanish as the business's local language, and faint evidence as none", () => {
    expect(detectLanguage("Queria 2 diavolas para entrega", null, "pt")).toBe("pt");
    expect(detectLanguage("Queria 2 diavolas para entrega", null, "es")).toBe("es");
    expect(detectLanguage("quiero dos pizzas para llevar", null, "pt")).toBe("es");
    expect(detectLanguage("nearest metro?", null, "pt")).toBe("en");
    expect(detectLanguage("ok", null, "pt")).toBe("en");
    expect(localLanguage("Europe/Lisbon")).toBe("pt");
    expect(localLanguage("Europe/Madrid")).toBe("es");
    expect(localLanguage("America/Argentina/Buenos_Aires")).toBe("es");
    expect(localLanguage("Europe/Berlin")).toBeNull();
  });

  it("counts letters only one language writes", () => {
    expect(languageScores("ação").pt).toBeGreaterThan(0);
    expect(languageScores("niño").es).toBeGreaterThan(0);
    expect(languageScores("às").pt).toBeGreaterThan(0);
    expect(languageScores("¿y?").es).toBeGreaterThan(0);
    expect(languageScores("12 20h ok")).toEqual({ en: 0, pt: 0, es: 0 });
  });

  it("keeps its marker words to one language each", () => {
    for (const a of detectedLanguages)
      for (const b of detectedLanguages)
        if (a !== b) for (const w of markerWords[a]) expect(markerWords[b].has(w), `${w} in ${a} and ${b}`).toBe(false);
  });

  it("lets a fixed assistant language win, and a caller's hint over detection", () => {
    expect(replyLanguage("pt-PT", "hello there")).toBe("pt");
    expect(replyLanguage("auto", "hello there")).toBe("en");
    expect(replyLanguage("auto", "hello there", "de")).toBe("de");
    expect(replyLanguage("auto", "ok", null, "es")).toBe("es");
    // A language the catalog does not have falls back to detection.
    expect(replyLanguage("it", "obrigado pela ajuda, até amanhã")).toBe("pt");
  });
});

describe("the message catalog", () => {
  it("has every sentence in every language, with the same placeholders as English", () => {
    for (const key of messageKeys) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const english = placeholders(t("en", key));
      for (const lang of ["pt", "es", "fr", "de"] as const) {
        const text = t(lang, key);
        expect(text.trim(), `${lang} ${key}`).not.toBe("");
        expect(placeholders(text), `${lang} ${key}`).toEqual(english);
      }
    }
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("pt", "switchSkill", { current: "Reserva", next: "Encomenda" })).toBe("Estamos a meio de Reserva. Quer parar e passar para Encomenda?");
    expect(t("es", "noAnswerOffer", { offers: "• Reservas" })).toBe("Lo siento, no tengo respuesta para eso. Puedo ayudarte con:\n• Reservas");
    expect(t("en", "noAnswerOffer")).toContain("{offers}");
  });

  it("says Portuguese and Spanish sentences in those languages, as the detector reads them", () => {
    for (const key of messageKeys) {
      const sample = (lang: DetectedLanguage) =>
        t(lang, key, { offers: "", title: "", name: "", word: "", max: 12, times: "", current: "", next: "" });
      for (const lang of detectedLanguages) {
        const text = sample(lang);
        if (text.replace(/[^\p{L}]/gu, "").length >= 20) expect(detectLanguage(text), `${lang} ${key}: ${text}`).toBe(lang);
      }
    }
  });

  it("tells Portuguese and Spanish customers a trigger phrase in their language, never an English one", () => {
    const phrases = ["book", "table", "reservar", "reserva"];
    expect(triggerPhraseFor(phrases, "en")).toBe("book");
    expect(triggerPhraseFor(phrases, "pt")).toBe("reservar");
    expect(triggerPhraseFor(["order", "encomendar", "pedir"], "pt")).toBe("encomendar");
    expect(triggerPhraseFor(["order", "encomendar", "pedir"], "es")).toBe("pedir");
    expect(triggerPhraseFor(["order", "quote"], "es")).toBeNull();
  });
});

describe("a request for a person, in the customer's words", () => {
  it.each([
    ["A encomenda chegou fria e faltava uma pizza. Quero falar com o responsável.", "pt"],
    ["¿Puedo hablar con el responsable?", "es"],
    ["can I talk to the manager please", "en"],
  ])("hears %s", (text, language) => {
    expect(asksForHuman(text)).toBe(language);
  });

  it("does not take the word alone in a longer sentence for a request", () => {
    expect(asksForHuman("o responsável pela reserva sou eu, a mesa é para 4 pessoas amanhã às 20h")).toBeNull();
  });
});
