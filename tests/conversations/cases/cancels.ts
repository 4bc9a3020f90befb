// Ways out of a running skill: "cancel", "never mind", "deixa", "esquece", "olvídalo" end it politely
// and store nothing; a stale skill never swallows the next question.
import type { Case } from "../types";
import { at, eur, NAG, NO_ANSWER } from "./facts";

export const cases: Case[] = [
  {
    id: "cancels-en-01",
    category: "cancels",
    lang: "en",
    turns: [{ say: "book a table for 4 tomorrow" }, { say: "cancel" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-en-02",
    category: "cancels",
    lang: "en",
    turns: [{ say: "i want to order a pizza" }, { say: "never mind" }, { say: "where are you located?", replyHas: ["Rua das Flores"] }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-pt-01",
    category: "cancels",
    lang: "pt",
    turns: [{ say: "Queria reservar uma mesa para sábado" }, { say: "deixa, esquece" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-pt-02",
    category: "cancels",
    lang: "pt",
    turns: [
      { say: "quero encomendar 2 margheritas" },
      { say: "esquece" },
      { say: "a que horas abrem amanhã?", replyHas: [at(12)], replyLacks: [NO_ANSWER] },
    ],
    outcome: { handoff: false },
  },
  {
    id: "cancels-es-01",
    category: "cancels",
    lang: "es",
    turns: [{ say: "quiero reservar mesa para 2" }, { say: "olvídalo" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-es-02",
    category: "cancels",
    lang: "es",
    messy: true,
    turns: [{ say: "Quiero pedir una pizza diavola" }, { say: "bah, déjalo" }, { say: "aceptáis tarjeta??", replyHas: ["Visa"] }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-en-03",
    category: "cancels",
    lang: "en",
    turns: [{ say: "2 margheritas for pickup" }, { say: "no, cancel it" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-pt-03",
    category: "cancels",
    lang: "pt",
    turns: [{ say: "Mesa para 4 amanhã às 20h, nome Luís" }, { say: "não, deixe estar, obrigado" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-es-03",
    category: "cancels",
    lang: "es",
    turns: [{ say: "reserva para 6 el viernes a las 21h a nombre de Ana" }, { say: "no, cancela" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-en-04",
    category: "cancels",
    lang: "en",
    messy: true,
    turns: [
      { say: "can i book for tmrw" },
      { say: "actually forget it lol" },
      { say: "what time do u close tonight", replyHas: [at(23)], replyLacks: [NAG] },
    ],
    outcome: { handoff: false },
  },
  {
    id: "cancels-pt-04",
    category: "cancels",
    lang: "pt",
    messy: true,
    turns: [{ say: "queria reservar p 4" }, { say: "ah deixa, afinal n vamos" }, { say: "obg", replyLacks: [NO_ANSWER] }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-es-04",
    category: "cancels",
    lang: "es",
    messy: true,
    turns: [{ say: "quiero pedir 2 lasañas" }, { say: "nada nada, olvídalo" }, { say: "cuánto cuesta el envío?", replyHas: [eur(250)] }],
    outcome: { handoff: false },
  },
  {
    // A stale skill: the menu was offered, the customer asks something else and never comes back.
    id: "cancels-en-05",
    category: "cancels",
    lang: "en",
    turns: [{ say: "I'd like to order" }, { say: "what are your opening hours?", replyHas: [at(19)], replyLacks: [NAG] }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-pt-05",
    category: "cancels",
    lang: "pt",
    messy: true,
    turns: [{ say: "mesa p 2 sexta" }, { say: "hmm esquece a reserva. vcs fazem entregas?", replyHas: [eur(250)] }, { say: "ok obrigado!" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-es-05",
    category: "cancels",
    lang: "es",
    turns: [{ say: "Quiero reservar para el sábado, somos 4" }, { say: "No, mejor no. Gracias de todas formas" }],
    outcome: { handoff: false },
  },
  {
    id: "cancels-en-06",
    category: "cancels",
    lang: "en",
    messy: true,
    turns: [{ say: "table for 2 sat 8pm name Joe" }, { say: "nah scrap that, sorry 🙈" }, { say: "do u have wifi?", replyHas: ["chiado2026"] }],
    outcome: { handoff: false },
  },
];
