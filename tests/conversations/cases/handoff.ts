// Asking for a person, a complaint, or a group too large to book here: the conversation goes to staff
// with a message in the customer's language, and nothing half-done is recorded.
import type { Case } from "../types";
import { NO_ANSWER } from "./facts";

const person = (say: string) => ({ say, replyLacks: [NO_ANSWER], replyHas: [/\p{L}/u] });

export const cases: Case[] = [
  { id: "handoff-en-01", category: "handoff", lang: "en", turns: [person("can I talk to a real person please?")], outcome: { handoff: true } },
  {
    id: "handoff-en-02",
    category: "handoff",
    lang: "en",
    messy: true,
    turns: [person("is there a human there?? need to speak to someone")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-pt-01",
    category: "handoff",
    lang: "pt",
    turns: [person("Queria falar com alguém do restaurante, por favor")],
    outcome: { handoff: true },
  },
  { id: "handoff-pt-02", category: "handoff", lang: "pt", messy: true, turns: [person("posso falar c uma pessoa?")], outcome: { handoff: true } },
  { id: "handoff-es-01", category: "handoff", lang: "es", turns: [person("¿Puedo hablar con una persona?")], outcome: { handoff: true } },
  {
    id: "handoff-es-02",
    category: "handoff",
    lang: "es",
    messy: true,
    turns: [person("quiero hablar con el encargado ya")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-en-03",
    category: "handoff",
    lang: "en",
    turns: [person("My order arrived cold and the pizza was wrong. I want to speak to the manager.")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-pt-03",
    category: "handoff",
    lang: "pt",
    turns: [person("A encomenda chegou fria e faltava uma pizza. Quero falar com o responsável.")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-es-03",
    category: "handoff",
    lang: "es",
    turns: [person("Mi pedido llegó frío, quiero hablar con alguien")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-en-04",
    category: "handoff",
    lang: "en",
    messy: true,
    turns: [{ say: "table for 4 saturday 8pm" }, person("actually can i just talk to someone?")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-pt-04",
    category: "handoff",
    lang: "pt",
    messy: true,
    turns: [{ say: "Queria encomendar 2 margheritas" }, person("prefiro falar com uma pessoa")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-es-04",
    category: "handoff",
    lang: "es",
    messy: true,
    turns: [{ say: "Reserva para 2 mañana" }, person("pásame con alguien del restaurante por favor")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-en-05",
    category: "handoff",
    lang: "en",
    turns: [person("We're a group of 40 for a Christmas dinner on December 12th, can you host us?")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-pt-05",
    category: "handoff",
    lang: "pt",
    turns: [person("Somos 25 pessoas para um jantar de Natal no dia 12 de dezembro, é possível?")],
    outcome: { handoff: true },
  },
  {
    id: "handoff-es-05",
    category: "handoff",
    lang: "es",
    messy: true,
    turns: [person("hola somos unos 30 pa una cena de empresa el viernes, q opciones hay?")],
    outcome: { handoff: true },
  },
];
