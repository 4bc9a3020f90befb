// Questions in the middle of a booking or an order ("do you have parking?", "têm opções vegan?"): the
// question is answered, never nagged with "reply with a number", and the booking or order goes on.
import type { Case } from "../types";
import { at, eur, NAG, NO_ANSWER } from "./facts";

export const cases: Case[] = [
  {
    id: "mid-flow-en-01",
    category: "mid-flow-questions",
    lang: "en",
    messy: true,
    turns: [
      { say: "table for 2 tomorrow 8pm" },
      { say: "do you have parking?", replyHas: ["Camões"], replyLacks: [NAG] },
      { say: "Helen" },
      { say: "yes" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T20:00", name: "Helen" }] },
  },
  {
    id: "mid-flow-pt-01",
    category: "mid-flow-questions",
    lang: "pt",
    messy: true,
    turns: [
      { say: "Queria reservar mesa para 4 no sábado às 21h" },
      { say: "Têm estacionamento?", replyHas: ["Camões"], replyLacks: [NAG] },
      { say: "Nuno" },
      { say: "sim" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T21:00", name: "Nuno" }] },
  },
  {
    id: "mid-flow-es-01",
    category: "mid-flow-questions",
    lang: "es",
    messy: true,
    turns: [
      { say: "Reserva para 3 el domingo a las 14h" },
      { say: "¿hay parking cerca?", replyHas: ["Camões"], replyLacks: [NAG] },
      { say: "Elena" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-29T14:00", name: "Elena" }] },
  },
  {
    id: "mid-flow-en-02",
    category: "mid-flow-questions",
    lang: "en",
    messy: true,
    turns: [
      { say: "3 margheritas for pickup" },
      { say: "is there parking nearby for when i pick it up?", replyHas: ["Camões"], replyLacks: [NAG] },
      { say: "ok great, yes place the order" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-margherita", qty: 3 }], fulfilment: "pickup", total: 3300 }] },
  },
  {
    id: "mid-flow-pt-02",
    category: "mid-flow-questions",
    lang: "pt",
    messy: true,
    turns: [{ say: "têm opções vegan? queria reservar p 2 sexta 20h", replyHas: ["Vegan Pizza"] }, { say: "Leonor" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T20:00", name: "Leonor" }] },
  },
  {
    id: "mid-flow-es-02",
    category: "mid-flow-questions",
    lang: "es",
    turns: [
      { say: "Mesa para 2 mañana a las 20:30" },
      { say: "¿Tenéis opciones sin gluten?", replyHas: [eur(200)], replyLacks: [NAG] },
      { say: "Mario" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T20:30", name: "Mario" }] },
  },
  {
    id: "mid-flow-en-03",
    category: "mid-flow-questions",
    lang: "en",
    messy: true,
    turns: [
      { say: "2 diavolas + 1 caesar salad delivered to rua da prata 100" },
      { say: "wait do u take mb way?", replyHas: ["MB Way"], replyLacks: [NAG] },
      { say: "cool, yes", replyLacks: [NO_ANSWER] },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 2 },
            { item: "caesar-salad", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "rua da prata 100",
          total: 3550,
        },
      ],
    },
  },
  {
    id: "mid-flow-pt-03",
    category: "mid-flow-questions",
    lang: "pt",
    turns: [
      { say: "Queria encomendar 2 margheritas para levantar" },
      { say: "Aceitam cartão?", replyHas: ["Visa"], replyLacks: [NAG] },
      { say: "sim" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "pickup", total: 2200 }] },
  },
  {
    id: "mid-flow-es-03",
    category: "mid-flow-questions",
    lang: "es",
    turns: [
      { say: "Quiero pedir una diavola y una panna cotta para recoger" },
      { say: "¿dónde estáis exactamente?", replyHas: ["Rua das Flores"], replyLacks: [NAG] },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 1 },
            { item: "panna-cotta", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 1850,
        },
      ],
    },
  },
  {
    id: "mid-flow-en-04",
    category: "mid-flow-questions",
    lang: "en",
    turns: [
      { say: "I'd like to book a table for 5 on Friday" },
      { say: "what time do you open for dinner?", replyHas: [at(19)], replyLacks: [NAG] },
      { say: "8pm then" },
      { say: "Chloe" },
      { say: "yes", replyHas: [at(20)] },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 5, when: "2026-11-27T20:00", name: "Chloe" }] },
  },
  {
    id: "mid-flow-pt-04",
    category: "mid-flow-questions",
    lang: "pt",
    messy: true,
    turns: [
      { say: "mesa p 3 amanha" },
      { say: "a q horas abrem ao jantar?", replyHas: [at(19)], replyLacks: [NAG] },
      { say: "entao 19h30" },
      { say: "Gonçalo" },
      { say: "sim" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-26T19:30", name: "Gonçalo" }] },
  },
  {
    id: "mid-flow-es-04",
    category: "mid-flow-questions",
    lang: "es",
    messy: true,
    turns: [
      { say: "Quiero reservar para 6 el sábado" },
      { say: "¿se puede ir con perro?", replyHas: ["terrace"], replyLacks: [NAG] },
      { say: "vale, pues a las 13:30" },
      { say: "Beatriz" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-28T13:30", name: "Beatriz" }] },
  },
  {
    id: "mid-flow-en-05",
    category: "mid-flow-questions",
    lang: "en",
    turns: [
      { say: "Table for 4 on Sunday at 1pm, name Ollie" },
      { say: "Do you have high chairs?", replyHas: ["high chairs"] },
      { say: "great, yes book it" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-29T13:00", name: "Ollie" }] },
  },
  {
    // Issue 13's "Done means", the order half: three items for pickup, parking asked in the middle, thanks.
    id: "mid-flow-pt-05",
    category: "mid-flow-questions",
    lang: "pt",
    messy: true,
    turns: [
      { say: "Boa noite! Queria encomendar uma pizza margherita, uma diavola e um tiramisu para levantar", replyHas: [eur(3000)] },
      { say: "Já agora, têm estacionamento perto?", replyHas: ["Camões"], replyLacks: [NAG] },
      { say: "sim, pode ser" },
      { say: "obrigada!", replyLacks: [NO_ANSWER] },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 1 },
            { item: "pizza-diavola", qty: 1 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 3000,
        },
      ],
    },
  },
  {
    id: "mid-flow-es-05",
    category: "mid-flow-questions",
    lang: "es",
    messy: true,
    turns: [
      { say: "Quiero reservar" },
      { say: "somos 2" },
      { say: "¿aceptáis mascotas?", replyHas: ["terrace"], replyLacks: [NAG] },
      { say: "el viernes a las 21h" },
      { say: "Sergio" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T21:00", name: "Sergio" }] },
  },
  {
    id: "mid-flow-en-06",
    category: "mid-flow-questions",
    lang: "en",
    messy: true,
    turns: [
      { say: "one vegan pizza and a caprese salad for pickup" },
      { say: "do you guys have wifi while i wait?", replyHas: ["chiado2026"], replyLacks: [NAG] },
      { say: "yes", replyLacks: [NO_ANSWER] },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-vegan", qty: 1 },
            { item: "caprese-salad", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2050,
        },
      ],
    },
  },
  {
    id: "mid-flow-pt-06",
    category: "mid-flow-questions",
    lang: "pt",
    messy: true,
    turns: [
      { say: "Reserva para 2 no domingo ao almoço, 13h30, nome Teresa" },
      { say: "E crianças, têm cadeiras de bebé?", replyHas: ["high chairs"], replyLacks: [NAG] },
      { say: "ok, sim, confirmo a reserva" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-29T13:30", name: "Teresa" }] },
  },
];
