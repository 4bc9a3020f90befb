// Free text is not data: "i'll pick it up" is not an address, a question is not an address or a name,
// "cancel" is not a name. The question is answered and the pending question asked again.
import type { Case } from "../types";
import { eur } from "./facts";

export const cases: Case[] = [
  {
    id: "free-text-en-01",
    category: "free-text-not-data",
    lang: "en",
    turns: [{ say: "I want to order a diavola" }, { say: "i'll pick it up", replyHas: [eur(1300)] }, { say: "yes" }],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-diavola", qty: 1 }], fulfilment: "pickup", total: 1300 }] },
  },
  {
    id: "free-text-pt-01",
    category: "free-text-not-data",
    lang: "pt",
    turns: [{ say: "Queria encomendar uma margherita e um tiramisu" }, { say: "vou aí buscar", replyHas: [eur(1700)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 1 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 1700,
        },
      ],
    },
  },
  {
    id: "free-text-es-01",
    category: "free-text-not-data",
    lang: "es",
    turns: [{ say: "Quiero pedir una lasaña" }, { say: "paso yo a recogerla", replyHas: [eur(1250)] }, { say: "sí" }],
    outcome: { handoff: false, orders: [{ items: [{ item: "lasagna", qty: 1 }], fulfilment: "pickup", total: 1250 }] },
  },
  {
    id: "free-text-en-02",
    category: "free-text-not-data",
    lang: "en",
    messy: true,
    turns: [
      { say: "2 margheritas and a tiramisu delivered pls" },
      { say: "how much is delivery?", replyHas: [eur(250)] },
      { say: "Rua Nova do Almada 15", replyHas: [eur(3050)] },
      { say: "yes" },
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
          address: "Rua Nova do Almada 15",
          total: 3050,
        },
      ],
    },
  },
  {
    id: "free-text-pt-02",
    category: "free-text-not-data",
    lang: "pt",
    turns: [
      { say: "Queria 2 diavolas para entrega" },
      { say: "quanto custa a entrega?", replyHas: [eur(250)] },
      { say: "Rua do Carmo 7", replyHas: [eur(2850)] },
      { say: "sim" },
    ],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "pizza-diavola", qty: 2 }], fulfilment: "delivery", address: "Rua do Carmo 7", total: 2850 }],
    },
  },
  {
    id: "free-text-es-02",
    category: "free-text-not-data",
    lang: "es",
    turns: [
      { say: "Quiero 3 margaritas a domicilio" },
      { say: "¿cuánto cobráis por el envío?", replyHas: [eur(250)] },
      { say: "Rua Augusta 5", replyHas: [eur(3300)] },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "pizza-margherita", qty: 3 }], fulfilment: "delivery", address: "Rua Augusta 5", total: 3300 }],
    },
  },
  {
    id: "free-text-en-03",
    category: "free-text-not-data",
    lang: "en",
    turns: [{ say: "table for 3 on sunday at 1pm" }, { say: "cancel" }],
    outcome: { handoff: false },
  },
  {
    id: "free-text-pt-03",
    category: "free-text-not-data",
    lang: "pt",
    turns: [{ say: "Mesa para 2 amanhã às 20h" }, { say: "cancelar" }],
    outcome: { handoff: false },
  },
  {
    id: "free-text-es-03",
    category: "free-text-not-data",
    lang: "es",
    turns: [{ say: "Mesa para 4 el sábado a las 21h" }, { say: "cancelar" }],
    outcome: { handoff: false },
  },
  {
    id: "free-text-en-04",
    category: "free-text-not-data",
    lang: "en",
    messy: true,
    turns: [
      { say: "book a table for 2 on friday at 8pm" },
      { say: "is it ok if we come with a baby?", replyHas: ["high chairs"] },
      { say: "Paula" },
      { say: "yes" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T20:00", name: "Paula" }] },
  },
  {
    id: "free-text-pt-04",
    category: "free-text-not-data",
    lang: "pt",
    messy: true,
    turns: [{ say: "Mesa para 3 sábado às 20h" }, { say: "Aceitam cartão?", replyHas: ["Visa"] }, { say: "Sónia" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-28T20:00", name: "Sónia" }] },
  },
  {
    id: "free-text-es-04",
    category: "free-text-not-data",
    lang: "es",
    messy: true,
    turns: [
      { say: "Quiero reservar para 2 mañana a las 21:00" },
      { say: "¿tenéis menú infantil?", replyHas: [eur(800)] },
      { say: "Gloria" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T21:00", name: "Gloria" }] },
  },
  {
    id: "free-text-en-05",
    category: "free-text-not-data",
    lang: "en",
    messy: true,
    turns: [{ say: "table for 4 sat 9pm" }, { say: "uhh whats the address again", replyHas: ["Rua das Flores"] }, { say: "Sam" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T21:00", name: "Sam" }] },
  },
  {
    id: "free-text-pt-05",
    category: "free-text-not-data",
    lang: "pt",
    messy: true,
    turns: [{ say: "quero uma diavola p entrega" }, { say: "ah n sei a morada de cor, vou antes buscar aí", replyHas: [eur(1300)] }, { say: "sim" }],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-diavola", qty: 1 }], fulfilment: "pickup", total: 1300 }] },
  },
  {
    id: "free-text-es-05",
    category: "free-text-not-data",
    lang: "es",
    messy: true,
    turns: [
      { say: "pedido: 1 margarita, 1 tiramisú y 1 coca cola" },
      { say: "q me lo traigáis a casa" },
      { say: "Travessa do Carmo 3", replyHas: [eur(2200)] },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 1 },
            { item: "tiramisu", qty: 1 },
            { item: "coca-cola", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Travessa do Carmo 3",
          total: 2200,
        },
      ],
    },
  },
  {
    id: "free-text-en-06",
    category: "free-text-not-data",
    lang: "en",
    turns: [
      { say: "order 2 lasagnas" },
      { say: "delivery" },
      { say: "not sure yet, what's the minimum order for delivery?", replyHas: [eur(1500)] },
      { say: "Rua Serpa Pinto 10", replyHas: [eur(2750)] },
      { say: "yes" },
    ],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "lasagna", qty: 2 }], fulfilment: "delivery", address: "Rua Serpa Pinto 10", total: 2750 }],
    },
  },
];
