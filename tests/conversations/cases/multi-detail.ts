// Several details in one message: nothing already said is asked again ("book for 2 tonight" is not asked
// how many people), a question in the same message as the booking is answered, several items with
// quantities in digits and number words in the three languages.
import type { Case } from "../types";
import { at, eur } from "./facts";

export const cases: Case[] = [
  {
    id: "multi-detail-en-01",
    category: "multi-detail",
    lang: "en",
    turns: [{ say: "book for 2 tonight at 8", replyLacks: [/how many/i] }, { say: "Rob" }, { say: "yes", replyHas: [at(20)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T20:00", name: "Rob" }] },
  },
  {
    id: "multi-detail-pt-01",
    category: "multi-detail",
    lang: "pt",
    turns: [{ say: "Reserva para 2 hoje às 20h30", replyLacks: [/quantas pessoas|quantos sao/i] }, { say: "Catarina" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T20:30", name: "Catarina" }] },
  },
  {
    id: "multi-detail-es-01",
    category: "multi-detail",
    lang: "es",
    turns: [
      { say: "Mesa para 2 esta noche a las 21h", replyLacks: [/cuantas personas|cuantos sois|cuantos seran/i] },
      { say: "Ramón" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T21:00", name: "Ramón" }] },
  },
  {
    id: "multi-detail-en-02",
    category: "multi-detail",
    lang: "en",
    messy: true,
    turns: [
      { say: "table for 3 on saturday at 8pm, name Maria - do you have vegan options?", replyHas: ["Vegan Pizza"], replyLacks: [/how many/i] },
      { say: "yes" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-28T20:00", name: "Maria" }] },
  },
  {
    id: "multi-detail-pt-02",
    category: "multi-detail",
    lang: "pt",
    messy: true,
    turns: [{ say: "Queria mesa para 4 amanhã às 20h, em nome do Duarte. Têm opções vegan?", replyHas: ["Vegan Pizza"] }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-26T20:00", name: "Duarte" }] },
  },
  {
    id: "multi-detail-es-02",
    category: "multi-detail",
    lang: "es",
    messy: true,
    turns: [{ say: "Mesa para 2 el viernes a las 21h a nombre de Pilar, ¿y tenéis parking?", replyHas: ["Camões"] }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T21:00", name: "Pilar" }] },
  },
  {
    id: "multi-detail-en-03",
    category: "multi-detail",
    lang: "en",
    messy: true,
    turns: [{ say: "hi!! table for 6 sunday 1pm, im Tina, also can we bring our dog? 🐶", replyHas: ["terrace"] }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-29T13:00", name: "Tina" }] },
  },
  {
    id: "multi-detail-pt-03",
    category: "multi-detail",
    lang: "pt",
    messy: true,
    turns: [{ say: "mesa p 4 sabado 21h nome rodrigo, da p pagar com mb way?", replyHas: ["MB Way"] }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T21:00", name: "Rodrigo" }] },
  },
  {
    id: "multi-detail-en-04",
    category: "multi-detail",
    lang: "en",
    turns: [{ say: "two margheritas, one diavola and three coca colas for pickup", replyHas: [eur(4250)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "pizza-diavola", qty: 1 },
            { item: "coca-cola", qty: 3 },
          ],
          fulfilment: "pickup",
          total: 4250,
        },
      ],
    },
  },
  {
    id: "multi-detail-pt-04",
    category: "multi-detail",
    lang: "pt",
    turns: [{ say: "Queria duas margheritas, uma diavola e três coca-colas para levantar", replyHas: [eur(4250)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "pizza-diavola", qty: 1 },
            { item: "coca-cola", qty: 3 },
          ],
          fulfilment: "pickup",
          total: 4250,
        },
      ],
    },
  },
  {
    id: "multi-detail-es-04",
    category: "multi-detail",
    lang: "es",
    turns: [{ say: "Quiero dos margaritas, una diavola y tres coca-colas para recoger", replyHas: [eur(4250)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "pizza-diavola", qty: 1 },
            { item: "coca-cola", qty: 3 },
          ],
          fulfilment: "pickup",
          total: 4250,
        },
      ],
    },
  },
  {
    id: "multi-detail-en-05",
    category: "multi-detail",
    lang: "en",
    messy: true,
    turns: [{ say: "4 tiramisu + 2 panna cotta + one lasagna, delivery to rua dos fanqueiros 80", replyHas: [eur(4750)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "tiramisu", qty: 4 },
            { item: "panna-cotta", qty: 2 },
            { item: "lasagna", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "rua dos fanqueiros 80",
          total: 4750,
        },
      ],
    },
  },
  {
    id: "multi-detail-pt-05",
    category: "multi-detail",
    lang: "pt",
    messy: true,
    turns: [{ say: "uma quattro formaggi, duas pizzas vegan e 2 coca colas p entregar na rua da rosa 33", replyHas: [eur(4300)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-quattro-formaggi", qty: 1 },
            { item: "pizza-vegan", qty: 2 },
            { item: "coca-cola", qty: 2 },
          ],
          fulfilment: "delivery",
          address: "rua da rosa 33",
          total: 4300,
        },
      ],
    },
  },
  {
    id: "multi-detail-es-05",
    category: "multi-detail",
    lang: "es",
    messy: true,
    turns: [{ say: "cuatro diavolas y dos tiramisús pa llevar", replyHas: [eur(6400)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 4 },
            { item: "tiramisu", qty: 2 },
          ],
          fulfilment: "pickup",
          total: 6400,
        },
      ],
    },
  },
  {
    id: "multi-detail-en-06",
    category: "multi-detail",
    lang: "en",
    turns: [{ say: "table for 2 tomorrow 8pm, name Ana", replyLacks: [/how many|what name|your name|what day|what time/i] }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T20:00", name: "Ana" }] },
  },
  {
    id: "multi-detail-es-06",
    category: "multi-detail",
    lang: "es",
    messy: true,
    turns: [{ say: "Reserva mañana 20:30, 4 personas, a nombre de Gonzalo. ¿Se puede pagar con tarjeta?", replyHas: ["Visa"] }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-26T20:30", name: "Gonzalo" }] },
  },
  {
    id: "multi-detail-pt-06",
    category: "multi-detail",
    lang: "pt",
    messy: true,
    turns: [{ say: "Boa tarde! Mesa para 2 no domingo às 13h, nome Helena, e já agora onde ficam?", replyHas: ["Rua das Flores"] }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-29T13:00", name: "Helena" }] },
  },
];
