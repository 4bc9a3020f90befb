// The business's rules: at most 12 people per booking (larger groups go to a person with a clear message),
// "change my booking" updates the one booking and "cancel my booking" marks it cancelled, delivery has a
// 15 EUR minimum, a 2.50 EUR fee under 30 EUR and is free from 30 EUR. Includes issue 13's "Done means".
import type { Case } from "../types";
import { at, eur, NO_ANSWER } from "./facts";

const GROUP = {
  en: /group|team|colleague|staff|someone|person|manager/i,
  pt: /grupo|equipa|colega|alguem|responsavel|pessoa/i,
  es: /grupo|equipo|companer|alguien|responsable|persona/i,
};

export const cases: Case[] = [
  {
    id: "business-rules-en-01",
    category: "business-rules",
    lang: "en",
    turns: [{ say: "table for 40 on saturday at 8pm", replyHas: [GROUP.en], replyLacks: [NO_ANSWER] }],
    outcome: { handoff: true },
  },
  {
    id: "business-rules-pt-01",
    category: "business-rules",
    lang: "pt",
    turns: [{ say: "Queria reservar para 40 pessoas no sábado à noite", replyHas: [GROUP.pt], replyLacks: [NO_ANSWER] }],
    outcome: { handoff: true },
  },
  {
    id: "business-rules-es-01",
    category: "business-rules",
    lang: "es",
    turns: [{ say: "Somos 40, ¿podemos reservar para el viernes a las 21h?", replyHas: [GROUP.es], replyLacks: [NO_ANSWER] }],
    outcome: { handoff: true },
  },
  {
    id: "business-rules-en-02",
    category: "business-rules",
    lang: "en",
    messy: true,
    turns: [{ say: "hey we r 15 ppl for a bday dinner sat 8pm, possible?", replyHas: [GROUP.en] }],
    outcome: { handoff: true },
  },
  {
    id: "business-rules-pt-02",
    category: "business-rules",
    lang: "pt",
    turns: [{ say: "Somos 13, dá para reservar para sábado às 20h?", replyHas: [GROUP.pt] }],
    outcome: { handoff: true },
  },
  {
    id: "business-rules-en-03",
    category: "business-rules",
    lang: "en",
    turns: [{ say: "table for 12 on sunday at 1pm, name Laura" }, { say: "yes", replyHas: [at(13)] }],
    outcome: { handoff: false, bookings: [{ partySize: 12, when: "2026-11-29T13:00", name: "Laura" }] },
  },
  // "change my booking": the one booking gets the new time.
  {
    id: "business-rules-en-04",
    category: "business-rules",
    lang: "en",
    turns: [
      { say: "table for 2 on friday at 8pm, name Paul" },
      { say: "yes" },
      { say: "change my booking to 9pm", replyHas: [at(21)] },
      { say: "yes" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T21:00", name: "Paul" }] },
  },
  {
    id: "business-rules-pt-03",
    category: "business-rules",
    lang: "pt",
    turns: [
      { say: "Mesa para 4 amanhã às 20h, nome Raquel" },
      { say: "sim" },
      { say: "Pode mudar a minha reserva para as 21h?", replyHas: [at(21)] },
      { say: "sim" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-26T21:00", name: "Raquel" }] },
  },
  {
    id: "business-rules-es-02",
    category: "business-rules",
    lang: "es",
    turns: [
      { say: "Reserva para 3 el sábado a las 20:00 a nombre de Víctor" },
      { say: "sí" },
      { say: "¿Puedo cambiar la reserva a las 22:00?", replyHas: [at(22)] },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-28T22:00", name: "Víctor" }] },
  },
  // "cancel my booking": the booking is kept, marked cancelled.
  {
    id: "business-rules-en-05",
    category: "business-rules",
    lang: "en",
    turns: [{ say: "table for 4 saturday 1pm, name Grace" }, { say: "yes" }, { say: "cancel my booking please" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T13:00", name: "Grace", status: "cancelled" }] },
  },
  {
    id: "business-rules-pt-04",
    category: "business-rules",
    lang: "pt",
    messy: true,
    turns: [
      { say: "Mesa para 2 sexta às 21h, nome Marco" },
      { say: "sim" },
      { say: "Afinal não vamos poder ir, cancele a reserva por favor" },
      { say: "sim" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T21:00", name: "Marco", status: "cancelled" }] },
  },
  {
    id: "business-rules-es-03",
    category: "business-rules",
    lang: "es",
    messy: true,
    turns: [{ say: "Mesa para 5 mañana a las 13h a nombre de Lorena" }, { say: "sí" }, { say: "cancela mi reserva porfa" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 5, when: "2026-11-26T13:00", name: "Lorena", status: "cancelled" }] },
  },
  {
    // Issue 13's "Done means": book, change, cancel a table, order three items for pickup with a parking
    // question in the middle, and thanks; all in Lisbon Portuguese.
    id: "business-rules-pt-05",
    category: "business-rules",
    lang: "pt",
    messy: true,
    turns: [
      { say: "Olá, boa tarde! Queria reservar uma mesa para 4 amanhã às 20h" },
      { say: "Em nome da Inês Costa" },
      { say: "sim", replyHas: [at(20)] },
      { say: "Afinal dá para mudar a reserva para as 21h?", replyHas: [at(21)] },
      { say: "sim" },
      { say: "Pensando melhor, cancele a reserva, por favor. Vamos antes encomendar" },
      { say: "sim, cancele" },
      { say: "Queria 2 pizzas margherita, uma diavola e um tiramisu para levantar", replyHas: [eur(4100)] },
      { say: "Já agora, há estacionamento aí perto?", replyHas: ["Camões"] },
      { say: "sim, pode ser" },
      { say: "Muito obrigada!", replyLacks: [NO_ANSWER] },
    ],
    outcome: {
      handoff: false,
      bookings: [{ partySize: 4, when: "2026-11-26T21:00", name: "Inês Costa", status: "cancelled" }],
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "pizza-diavola", qty: 1 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 4100,
        },
      ],
    },
  },
  {
    // The booking half of "Done means", changed by date and party in the customer's own words.
    id: "business-rules-pt-06",
    category: "business-rules",
    lang: "pt",
    messy: true,
    turns: [
      { say: "boa tarde, tem mesa p 2 no sabado as 20h? sou o Tomás" },
      { say: "sim" },
      { say: "olhe, afinal somos 3, dá p mudar?" },
      { say: "sim" },
      { say: "obrigado!", replyLacks: [NO_ANSWER] },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-28T20:00", name: "Tomás" }] },
  },
  // Delivery: the minimum, the fee, free from 30 EUR.
  {
    id: "business-rules-en-06",
    category: "business-rules",
    lang: "en",
    turns: [
      { say: "one tiramisu delivered to rua augusta 10", replyHas: [eur(1500)] },
      { say: "ok add a margherita then", replyHas: [eur(1950)] },
      { say: "yes" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "tiramisu", qty: 1 },
            { item: "pizza-margherita", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "rua augusta 10",
          total: 1950,
        },
      ],
    },
  },
  {
    id: "business-rules-pt-07",
    category: "business-rules",
    lang: "pt",
    turns: [
      { say: "Queria um tiramisu e uma coca-cola para entrega na Rua do Crucifixo 40", replyHas: [eur(1500)] },
      { say: "então vou aí buscar", replyHas: [eur(850)] },
      { say: "sim" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "tiramisu", qty: 1 },
            { item: "coca-cola", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 850,
        },
      ],
    },
  },
  {
    id: "business-rules-es-04",
    category: "business-rules",
    lang: "es",
    messy: true,
    turns: [
      { say: "Una panna cotta a domicilio, Rua Áurea 55", replyHas: [eur(1500)] },
      { say: "vale, añade una diavola", replyHas: [eur(2100)] },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "panna-cotta", qty: 1 },
            { item: "pizza-diavola", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Rua Áurea 55",
          total: 2100,
        },
      ],
    },
  },
  {
    id: "business-rules-en-07",
    category: "business-rules",
    lang: "en",
    turns: [{ say: "2 margheritas delivered to rua do ouro 100", replyHas: [eur(2450)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "delivery", address: "rua do ouro 100", total: 2450 }],
    },
  },
  {
    id: "business-rules-pt-08",
    category: "business-rules",
    lang: "pt",
    turns: [{ say: "3 pizzas diavola para entrega na Rua Garrett 50", replyHas: [eur(3900)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "pizza-diavola", qty: 3 }], fulfilment: "delivery", address: "Rua Garrett 50", total: 3900 }],
    },
  },
  {
    id: "business-rules-es-05",
    category: "business-rules",
    lang: "es",
    turns: [{ say: "Una lasaña y una ensalada caprese a domicilio, a la Rua dos Correeiros 12", replyHas: [eur(2350)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "lasagna", qty: 1 },
            { item: "caprese-salad", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Rua dos Correeiros 12",
          total: 2350,
        },
      ],
    },
  },
  {
    // Closed on Monday, asked the day before: the nearest open times are offered, the customer takes one.
    id: "business-rules-en-08",
    category: "business-rules",
    lang: "en",
    messy: true,
    now: "2026-11-29T10:00",
    turns: [
      { say: "table 4 tmrw night 8pm? name's Dan", replyHas: [/closed/i, /tuesday|tonight|today|sunday/i] },
      { say: "tuesday works, same time" },
      { say: "yes" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-12-01T20:00", name: "Dan" }] },
  },
];
