// Orders from the menu: several items with quantities (digits and number words), pickup or delivery,
// add/remove, an item out of stock, totals with the delivery fee (2.50 EUR under 30 EUR, free from 30).
import type { Case } from "../types";
import { eur } from "./facts";

const SOLD_OUT = {
  en: /out of stock|sold out|not available|unavailable|don't have|do not have|run out|ran out/i,
  pt: /esgotad|nao temos|indisponivel|sem stock|acabou|nao ha/i,
  es: /agotad|no (nos )?queda|no tenemos|no disponible|no hay/i,
};

export const cases: Case[] = [
  {
    id: "orders-en-01",
    category: "orders",
    lang: "en",
    turns: [{ say: "Hi, I'd like to order 2 pizza margherita and a tiramisu for pickup", replyHas: [eur(2800)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2800,
        },
      ],
    },
  },
  {
    id: "orders-en-02",
    category: "orders",
    lang: "en",
    messy: true,
    turns: [{ say: "can i get a diavola n two coca colas for delivery? rua garrett 40, 2nd floor", replyHas: [eur(2050)] }, { say: "yes pls" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 1 },
            { item: "coca-cola", qty: 2 },
          ],
          fulfilment: "delivery",
          address: "rua garrett 40",
          total: 2050,
        },
      ],
    },
  },
  {
    id: "orders-en-03",
    category: "orders",
    lang: "en",
    turns: [
      { say: "I want to order" },
      { say: "one vegetarian lasagna and one caesar salad" },
      { say: "I'll pick it up", replyHas: [eur(2200)] },
      { say: "yes" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "lasagna", qty: 1 },
            { item: "caesar-salad", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2200,
        },
      ],
    },
  },
  {
    id: "orders-en-04",
    category: "orders",
    lang: "en",
    turns: [{ say: "Three quattro formaggi for delivery to Avenida da Liberdade 100 please", replyHas: [eur(4200)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [{ items: [{ item: "pizza-quattro-formaggi", qty: 3 }], fulfilment: "delivery", address: "Avenida da Liberdade 100", total: 4200 }],
    },
  },
  {
    id: "orders-en-05",
    category: "orders",
    lang: "en",
    messy: true,
    turns: [{ say: "yo can i order 4 margaritas 🍕 for pick up", replyHas: [eur(4400)] }, { say: "ye" }],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-margherita", qty: 4 }], fulfilment: "pickup", total: 4400 }] },
  },
  {
    id: "orders-en-06",
    category: "orders",
    lang: "en",
    turns: [
      { say: "2 margheritas and a homemade lemonade for pickup", replyHas: [SOLD_OUT.en] },
      { say: "ok just the pizzas then", replyHas: [eur(2200)] },
      { say: "yes" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-margherita", qty: 2 }], fulfilment: "pickup", total: 2200 }] },
  },
  {
    id: "orders-en-07",
    category: "orders",
    lang: "en",
    messy: true,
    turns: [{ say: "2 margheritas for pickup pls" }, { say: "oh and add a tiramisu", replyHas: [eur(2800)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2800,
        },
      ],
    },
  },
  {
    id: "orders-pt-01",
    category: "orders",
    lang: "pt",
    turns: [{ say: "Boa noite, queria encomendar duas pizzas margherita e uma coca-cola para levantar", replyHas: [eur(2450)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "coca-cola", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2450,
        },
      ],
    },
  },
  {
    id: "orders-pt-02",
    category: "orders",
    lang: "pt",
    turns: [
      { say: "Queria fazer uma encomenda para entrega" },
      { say: "uma pizza vegan e uma salada caprese" },
      { say: "Rua de São Bento 150", replyHas: [eur(2300)] },
      { say: "sim" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-vegan", qty: 1 },
            { item: "caprese-salad", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Rua de São Bento 150",
          total: 2300,
        },
      ],
    },
  },
  {
    id: "orders-pt-03",
    category: "orders",
    lang: "pt",
    messy: true,
    turns: [{ say: "boas, dá p encomendar 3 tiramisus e 2 panna cottas? vou aí buscar", replyHas: [eur(2900)] }, { say: "sim sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "tiramisu", qty: 3 },
            { item: "panna-cotta", qty: 2 },
          ],
          fulfilment: "pickup",
          total: 2900,
        },
      ],
    },
  },
  {
    id: "orders-pt-04",
    category: "orders",
    lang: "pt",
    turns: [{ say: "Queria duas lasanhas e três coca-colas, entrega na Rua do Alecrim 25, 1º dto", replyHas: [eur(3250)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "lasagna", qty: 2 },
            { item: "coca-cola", qty: 3 },
          ],
          fulfilment: "delivery",
          address: "Rua do Alecrim 25",
          total: 3250,
        },
      ],
    },
  },
  {
    id: "orders-pt-05",
    category: "orders",
    lang: "pt",
    messy: true,
    turns: [{ say: "1 diavola e 1 margherita p entregar na calçada do combro 30 pf", replyHas: [eur(2650)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 1 },
            { item: "pizza-margherita", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "calçada do combro 30",
          total: 2650,
        },
      ],
    },
  },
  {
    id: "orders-pt-06",
    category: "orders",
    lang: "pt",
    turns: [
      { say: "Queria uma pizza diavola e uma homemade lemonade para levantar", replyHas: [SOLD_OUT.pt] },
      { say: "então só a pizza", replyHas: [eur(1300)] },
      { say: "sim" },
    ],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-diavola", qty: 1 }], fulfilment: "pickup", total: 1300 }] },
  },
  {
    id: "orders-pt-07",
    category: "orders",
    lang: "pt",
    messy: true,
    turns: [{ say: "queria 2 margheritas e 2 tiramisus p levantar" }, { say: "tira um tiramisu", replyHas: [eur(2800)] }, { say: "sim" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2800,
        },
      ],
    },
  },
  {
    id: "orders-es-01",
    category: "orders",
    lang: "es",
    turns: [{ say: "Hola, quiero pedir dos pizzas margarita y un tiramisú para recoger", replyHas: [eur(2800)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 2800,
        },
      ],
    },
  },
  {
    id: "orders-es-02",
    category: "orders",
    lang: "es",
    turns: [
      {
        say: "Quería hacer un pedido a domicilio: una pizza diavola, una ensalada césar y dos coca-colas, a la Rua Augusta 200",
        replyHas: [eur(3000)],
      },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 1 },
            { item: "caesar-salad", qty: 1 },
            { item: "coca-cola", qty: 2 },
          ],
          fulfilment: "delivery",
          address: "Rua Augusta 200",
          total: 3000,
        },
      ],
    },
  },
  {
    id: "orders-es-03",
    category: "orders",
    lang: "es",
    messy: true,
    turns: [{ say: "me pones 3 pizzas quattro formaggi pa recoger?", replyHas: [eur(4200)] }, { say: "sí" }],
    outcome: { handoff: false, orders: [{ items: [{ item: "pizza-quattro-formaggi", qty: 3 }], fulfilment: "pickup", total: 4200 }] },
  },
  {
    id: "orders-es-04",
    category: "orders",
    lang: "es",
    turns: [{ say: "Quiero pedir" }, { say: "una lasaña y una panna cotta" }, { say: "para recoger", replyHas: [eur(1800)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "lasagna", qty: 1 },
            { item: "panna-cotta", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 1800,
        },
      ],
    },
  },
  {
    id: "orders-es-05",
    category: "orders",
    lang: "es",
    messy: true,
    turns: [{ say: "2 diavolas y 2 tiramisus a domicilio porfa, Rua da Misericórdia 14", replyHas: [eur(3800)] }, { say: "sip" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 2 },
            { item: "tiramisu", qty: 2 },
          ],
          fulfilment: "delivery",
          address: "Rua da Misericórdia 14",
          total: 3800,
        },
      ],
    },
  },
  {
    id: "orders-es-06",
    category: "orders",
    lang: "es",
    turns: [
      { say: "Quiero 2 pizzas diavola y una coca-cola para recoger" },
      { say: "quita la coca-cola y añade un tiramisú", replyHas: [eur(3200)] },
      { say: "sí" },
    ],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 2 },
            { item: "tiramisu", qty: 1 },
          ],
          fulfilment: "pickup",
          total: 3200,
        },
      ],
    },
  },
  {
    id: "orders-es-07",
    category: "orders",
    lang: "es",
    messy: true,
    turns: [{ say: "holaa me mandas 2 margaritas y 1 diavola a casa? Rua do Norte 18, 3º", replyHas: [eur(3500)] }, { say: "sí" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-margherita", qty: 2 },
            { item: "pizza-diavola", qty: 1 },
          ],
          fulfilment: "delivery",
          address: "Rua do Norte 18",
          total: 3500,
        },
      ],
    },
  },
  {
    id: "orders-en-08",
    category: "orders",
    lang: "en",
    messy: true,
    turns: [{ say: "hey can i get 2 diavolas 🌶️🌶️ and 2 tiramisus pls, i'll collect", replyHas: [eur(3800)] }, { say: "yes" }],
    outcome: {
      handoff: false,
      orders: [
        {
          items: [
            { item: "pizza-diavola", qty: 2 },
            { item: "tiramisu", qty: 2 },
          ],
          fulfilment: "pickup",
          total: 3800,
        },
      ],
    },
  },
];
