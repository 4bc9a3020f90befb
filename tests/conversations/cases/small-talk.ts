// Greetings, thanks and goodbyes get a short friendly reply in the customer's language: never "I don't
// have an answer", never a handoff.
import type { Case } from "../types";
import { at, NO_ANSWER } from "./facts";

const kind = (say: string) => ({ say, replyLacks: [NO_ANSWER], replyHas: [/\p{L}/u] });

export const cases: Case[] = [
  { id: "small-talk-en-01", category: "small-talk", lang: "en", turns: [kind("hi")], outcome: { handoff: false } },
  { id: "small-talk-en-02", category: "small-talk", lang: "en", turns: [kind("thanks")], outcome: { handoff: false } },
  { id: "small-talk-en-03", category: "small-talk", lang: "en", turns: [kind("ok thanks")], outcome: { handoff: false } },
  { id: "small-talk-en-04", category: "small-talk", lang: "en", turns: [kind("bye")], outcome: { handoff: false } },
  {
    id: "small-talk-en-05",
    category: "small-talk",
    lang: "en",
    messy: true,
    turns: [kind("hiii 👋"), kind("ok cool thx"), kind("byeee")],
    outcome: { handoff: false },
  },
  {
    id: "small-talk-en-06",
    category: "small-talk",
    lang: "en",
    turns: [{ say: "table for 2 friday 8pm, name Amy" }, { say: "yes" }, kind("thanks!"), kind("bye")],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T20:00", name: "Amy" }] },
  },
  {
    id: "small-talk-en-07",
    category: "small-talk",
    lang: "en",
    messy: true,
    turns: [kind("hey, thanks for the amazing dinner last night!! 😍")],
    outcome: { handoff: false },
  },
  { id: "small-talk-pt-01", category: "small-talk", lang: "pt", turns: [kind("Olá")], outcome: { handoff: false } },
  { id: "small-talk-pt-02", category: "small-talk", lang: "pt", turns: [kind("Boa tarde")], outcome: { handoff: false } },
  { id: "small-talk-pt-03", category: "small-talk", lang: "pt", turns: [kind("obrigado")], outcome: { handoff: false } },
  { id: "small-talk-pt-04", category: "small-talk", lang: "pt", messy: true, turns: [kind("ok obg 👍")], outcome: { handoff: false } },
  { id: "small-talk-pt-05", category: "small-talk", lang: "pt", turns: [kind("Adeus, até logo")], outcome: { handoff: false } },
  {
    id: "small-talk-pt-06",
    category: "small-talk",
    lang: "pt",
    turns: [kind("Olá, boa tarde"), { say: "onde ficam?", replyHas: ["Rua das Flores"] }, kind("obrigado, até já")],
    outcome: { handoff: false },
  },
  { id: "small-talk-es-01", category: "small-talk", lang: "es", turns: [kind("Hola")], outcome: { handoff: false } },
  { id: "small-talk-es-02", category: "small-talk", lang: "es", turns: [kind("buenas tardes")], outcome: { handoff: false } },
  { id: "small-talk-es-03", category: "small-talk", lang: "es", turns: [kind("¡gracias!")], outcome: { handoff: false } },
  { id: "small-talk-es-04", category: "small-talk", lang: "es", messy: true, turns: [kind("vale gracias 😊")], outcome: { handoff: false } },
  { id: "small-talk-es-05", category: "small-talk", lang: "es", turns: [kind("adiós, hasta luego")], outcome: { handoff: false } },
  {
    id: "small-talk-es-06",
    category: "small-talk",
    lang: "es",
    messy: true,
    turns: [kind("hola q tal"), { say: "nada, solo queria saber si abris los domingos", replyHas: [at(19)] }, kind("genial, gracias")],
    outcome: { handoff: false },
  },
];
