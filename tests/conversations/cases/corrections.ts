// Corrections: the customer changes an answer already given ("actually make it 6 people", "não, afinal
// às 21h", "mejor para 3", "actually make it 2" at the order confirmation); the slot is updated, the
// summary re-confirmed, and the record holds the corrected value only.
import type { Case } from "../types";
import { at, eur } from "./facts";

export const cases: Case[] = [
  {
    id: "corrections-en-01",
    category: "corrections",
    lang: "en",
    turns: [{ say: "table for 4 saturday 8pm, name Lisa" }, { say: "actually make it 6 people", replyHas: ["6"] }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-28T20:00", name: "Lisa" }] },
  },
  {
    id: "corrections-pt-01",
    category: "corrections",
    lang: "pt",
    turns: [{ say: "Mesa para 2 na sexta às 20h, nome André" }, { say: "ah espera, afinal somos 6", replyHas: ["6"] }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-27T20:00", name: "André" }] },
  },
  {
    id: "corrections-es-01",
    category: "corrections",
    lang: "es",
    turns: [{ say: "Mesa para 4 mañana a las 21h, a nombre de Irene" }, { say: "mejor para 3", replyHas: ["3"] }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-26T21:00", name: "Irene" }] },
  },
  {
    id: "corrections-en-02",
    category: "corrections",
    lang: "en",
    messy: true,
    turns: [{ say: "book 2 tmrw 8pm" }, { say: "oh wait actually make it 6 ppl" }, { say: "Nick" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-26T20:00", name: "Nick" }] },
  },
  {
    id: "corrections-pt-02",
    category: "corrections",
    lang: "pt",
    turns: [{ say: "Reserva para 4 amanhã às 20h, em nome do Bruno" }, { say: "não, afinal às 21h", replyHas: [at(21)] }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-26T21:00", name: "Bruno" }] },
  },
  {
    id: "corrections-es-02",
    category: "corrections",
    lang: "es",
    turns: [{ say: "Reserva para 2 el domingo a las 13h, soy Clara" }, { say: "perdona, mejor a las 14h", replyHas: [at(14)] }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-29T14:00", name: "Clara" }] },
  },
  {
    id: "corrections-en-03",
    category: "corrections",
    lang: "en",
    turns: [{ say: "Table for 3 on Friday at 8pm, name Zoe" }, { say: "sorry I meant Saturday" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-28T20:00", name: "Zoe" }] },
  },
  {
    id: "corrections-pt-03",
    category: "corrections",
    lang: "pt",
    messy: true,
    turns: [{ say: "Mesa para 5 no sábado às 13h, nome Filipa" }, { say: "desculpe, enganei-me, é ao jantar, às 20h" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 5, when: "2026-11-28T20:00", name: "Filipa" }] },
  },
  {
    id: "corrections-es-03",
    category: "corrections",
    lang: "es",
    messy: true,
    turns: [{ say: "mesa pa 2 el viernes 21h, soy Toni" }, { say: "uy no, q somos 4" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-27T21:00", name: "Toni" }] },
  },
  {
    id: "corrections-es-04",
    category: "corrections",
    lang: "es",
    turns: [{ say: "Mesa para 2 el sábado a las 20:00 a nombre de Marcos" }, { say: "perdón, ponla a nombre de Marta" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-28T20:00", name: "Marta" }] },
  },
  // "actually make it 2" at the order confirmation.
  {
    id: "corrections-en-04",
    category: "corrections",
    lang: "en",
    turns: [
      { say: "I'd like to order 3 margheritas for pickup", replyHas: [eur(3300)] },
      { say: "actually make it 2", replyHas: [eur(2200)] },
      { say: "yes" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "pickup", total: 2200 }] },
  },
  {
    id: "corrections-pt-04",
    category: "corrections",
    lang: "pt",
    turns: [
      { say: "Queria encomendar 3 pizzas diavola para levantar", replyHas: [eur(3900)] },
      { say: "afinal só 2", replyHas: [eur(2600)] },
      { say: "sim" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-diavola", qty: 2 }], fulfilment: "pickup", total: 2600 }] },
  },
  {
    id: "corrections-es-05",
    category: "corrections",
    lang: "es",
    turns: [
      { say: "Quiero pedir 4 tiramisús para recoger", replyHas: [eur(2400)] },
      { say: "mejor que sean 2", replyHas: [eur(1200)] },
      { say: "sí" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "tiramisu", qty: 2 }], fulfilment: "pickup", total: 1200 }] },
  },
  {
    // 3 x 13 + 2.50 = 41.50 delivered free; two pizzas make 28.50, under 30, so the 2.50 fee comes back.
    id: "corrections-en-05",
    category: "corrections",
    lang: "en",
    messy: true,
    turns: [
      { say: "3 diavola + 1 coca cola delivered to rua augusta 50 pls", replyHas: [eur(4150)] },
      { say: "actually make it 2 pizzas", replyHas: [eur(3100)] },
      { say: "yes" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 2 },
            { item: "coca-cola", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "rua augusta 50",
          total: 3100,
        },
      ],
    },
  },
  {
    id: "corrections-en-06",
    category: "corrections",
    lang: "en",
    turns: [
      { say: "2 tiramisu and 1 panna cotta for pickup please" },
      { say: "actually no panna cotta, just the tiramisus", replyHas: [eur(1200)] },
      { say: "yes" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "tiramisu", qty: 2 }], fulfilment: "pickup", total: 1200 }] },
  },
  {
    id: "corrections-pt-05",
    category: "corrections",
    lang: "pt",
    turns: [
      { say: "Queria 2 margheritas e 1 tiramisu para entrega na Rua do Ouro 20" },
      { say: "desculpe, a morada é Rua da Prata 20", replyHas: ["Rua da Prata 20", eur(3050)] },
      { say: "sim" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Rua da Prata 20",
          total: 3050,
        },
      ],
    },
  },
  {
    id: "corrections-pt-06",
    category: "corrections",
    lang: "pt",
    messy: true,
    turns: [{ say: "queria 1 lasanha e 2 coca colas p levantar" }, { say: "ah e afinal poe 2 lasanhas", replyHas: [eur(3000)] }, { say: "ok sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "lasagna", qty: 2 },
            { item: "coca-cola", qty: 2 },
          ],
          fulfilment: "pickup",
          total: 3000,
        },
      ],
    },
  },
];
