// Leads: a customer asks to be contacted (catering, gift vouchers, events); the interest comes from the
// first message, then a name and an email are taken, a bad email is asked again, nothing after a cancel.
import type { Case } from "../types";

export const cases: Case[] = [
  {
    id: "leads-en-01",
    category: "leads",
    lang: "en",
    turns: [
      { say: "Hi, do you do catering? Could someone contact me with a quote for an office lunch?" },
      { say: "Helen Ward" },
      { say: "helen.ward@example.com" },
      { say: "yes" },
    ],
    outcome: { handoff: false, leads: [{ name: "Helen Ward", email: "helen.ward@example.com" }] },
  },
  {
    id: "leads-en-02",
    category: "leads",
    lang: "en",
    messy: true,
    turns: [{ say: "hey can u guys send me a quote for catering? im dan, dan.k@example.com" }, { say: "yep" }],
    outcome: { handoff: false, leads: [{ name: "Dan", email: "dan.k@example.com" }] },
  },
  {
    id: "leads-en-03",
    category: "leads",
    lang: "en",
    messy: true,
    turns: [
      { say: "I'd like a quote for catering a birthday party" },
      { say: "Mark Lee" },
      { say: "mark.lee@exmaple.com" },
      { say: "oops typo, it's mark.lee@example.com" },
      { say: "yes" },
    ],
    outcome: { handoff: false, leads: [{ name: "Mark Lee", email: "mark.lee@example.com" }] },
  },
  {
    id: "leads-pt-01",
    category: "leads",
    lang: "pt",
    turns: [
      { say: "Olá, gostava de receber um orçamento para um serviço de catering" },
      { say: "Teresa Lopes" },
      { say: "teresa.lopes@example.pt" },
      { say: "sim" },
    ],
    outcome: { handoff: false, leads: [{ name: "Teresa Lopes", email: "teresa.lopes@example.pt" }] },
  },
  {
    id: "leads-pt-02",
    category: "leads",
    lang: "pt",
    messy: true,
    turns: [{ say: "boas, queria q me contactassem por causa dos vales de oferta, sou a Joana, joana.m@example.pt" }, { say: "sim" }],
    outcome: { handoff: false, leads: [{ name: "Joana", email: "joana.m@example.pt" }] },
  },
  {
    id: "leads-pt-03",
    category: "leads",
    lang: "pt",
    turns: [
      { say: "Queria um orçamento de catering para um evento" },
      { say: "Nuno Reis" },
      { say: "nuno arroba gmail" },
      { say: "nuno.reis@example.pt" },
      { say: "sim" },
    ],
    outcome: { handoff: false, leads: [{ name: "Nuno Reis", email: "nuno.reis@example.pt" }] },
  },
  {
    id: "leads-es-01",
    category: "leads",
    lang: "es",
    turns: [
      { say: "Hola, ¿me podéis pasar presupuesto para un catering de empresa?" },
      { say: "Carlos Pérez" },
      { say: "carlos.perez@example.es" },
      { say: "sí" },
    ],
    outcome: { handoff: false, leads: [{ name: "Carlos Pérez", email: "carlos.perez@example.es" }] },
  },
  {
    id: "leads-es-02",
    category: "leads",
    lang: "es",
    messy: true,
    turns: [{ say: "holaa me interesa info de las tarjetas regalo, me contactáis? soy Bea, bea@example.es" }, { say: "sí" }],
    outcome: { handoff: false, leads: [{ name: "Bea", email: "bea@example.es" }] },
  },
  {
    id: "leads-es-03",
    category: "leads",
    lang: "es",
    turns: [{ say: "Quiero que me contactéis para un presupuesto de catering" }, { say: "mejor no, déjalo" }],
    outcome: { handoff: false },
  },
];
