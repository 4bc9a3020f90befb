import type { SkillEdge, SkillGraph, SkillNode } from "./graph-schema";

// Three skills a business can switch on before drawing its own; each validates with no warnings.
// `{{item.total}}` is the chosen item's price times `{{quantity}}` (see docs/assistant.md).
// Nodes run top to bottom in the editor; a branch sits in a column beside the main path.

const at = (column: number, row: number) => ({ x: column * 280, y: row * 140 });
const link = (source: string, target: string, sourceHandle = "next"): SkillEdge => ({
  id: `e_${source}_${sourceHandle}`,
  source,
  target,
  sourceHandle,
});

// Every question that cannot get an answer after its retries hands the conversation to a person.
const handOff = (questions: string[], handoffId: string) => questions.map((q) => link(q, handoffId, "invalid"));

// The time is asked last, so when a slot is taken the loop back re-asks only the time. Every slot may
// be filled from any message ("table for 2 tomorrow 8pm, name Ana"): a question is asked only while
// its variable is missing, and the booking is confirmed before it is written. The business rules
// (largest party, slot length, capacity in bookings or in covers with `covers`) are the node data a
// business edits; the opening hours are the business hours (the availability node sets none of its own).
export const bookingGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: {
        keywords: ["book", "booking", "table", "reservation", "reservations", "reserve", "reservar", "reserva", "mesa", "marcar mesa", "reservacion"],
        description: "The customer wants to book a table.",
      },
    },
    {
      id: "party_size",
      type: "question",
      position: at(0, 1),
      data: {
        text: "Happy to book you a table! For how many people?",
        texts: { pt: "Com todo o gosto! Para quantas pessoas é a mesa?", es: "¡Con mucho gusto! ¿Para cuántas personas es la mesa?" },
        variable: "party_size",
        kind: "number",
        retryText: "Please reply with a number, like 4.",
        retryTexts: { pt: "Responda com um número, por exemplo 4.", es: "Responde con un número, por ejemplo 4." },
        maxRetries: 2,
        max: 20,
        maxText: "For groups of more than {{_max}} people a colleague will arrange your booking personally. I'm passing you to them now.",
        maxTexts: {
          pt: "Para grupos de mais de {{_max}} pessoas, um colega vai tratar da reserva pessoalmente. Vou passar-lhe a conversa agora.",
          es: "Para grupos de más de {{_max}} personas, un compañero gestionará la reserva personalmente. Te paso con él ahora.",
        },
      },
    },
    {
      id: "name",
      type: "question",
      position: at(0, 2),
      data: {
        text: "What name should the booking be under?",
        texts: { pt: "Em que nome fica a reserva?", es: "¿A nombre de quién hago la reserva?" },
        retryText: "Sorry, I need a name for the booking, like Ana Silva.",
        retryTexts: {
          pt: "Preciso de um nome para a reserva, por exemplo Ana Silva.",
          es: "Necesito un nombre para la reserva, por ejemplo Ana García.",
        },
        variable: "name",
        kind: "text",
        maxRetries: 2,
      },
    },
    {
      id: "when",
      type: "question",
      position: at(0, 3),
      data: {
        text: 'What day and time would you like to come? For example "Friday at 8pm".',
        texts: {
          pt: 'Para que dia e hora? Por exemplo "sexta às 20h".',
          es: '¿Para qué día y hora? Por ejemplo "el viernes a las 21:00".',
        },
        variable: "when",
        kind: "datetime",
        retryText: 'Sorry, I did not get the date and time. Try something like "tomorrow at 7:30pm".',
        retryTexts: {
          pt: 'Não percebi o dia e a hora. Experimente algo como "amanhã às 19h30".',
          es: 'No he entendido el día y la hora. Prueba algo como "mañana a las 21:30".',
        },
        maxRetries: 2,
      },
    },
    {
      id: "slot",
      type: "availability",
      position: at(0, 4),
      data: {
        variable: "when",
        slotMinutes: 90,
        capacity: 4,
      },
    },
    {
      id: "confirm",
      type: "question",
      position: at(0, 5),
      data: {
        text: "A table for {{party_size}} on {{when}}, under the name {{name}}. Shall I confirm it?",
        texts: {
          pt: "Mesa para {{party_size}} em {{when}}, em nome de {{name}}. Confirmo a reserva?",
          es: "Mesa para {{party_size}} el {{when}}, a nombre de {{name}}. ¿Confirmo la reserva?",
        },
        variable: "confirm",
        kind: "choice",
        choices: ["Yes", "No"],
        choiceTexts: { pt: ["Sim", "Não"], es: ["Sí", "No"] },
        confirm: true,
        maxRetries: 2,
      },
    },
    { id: "confirmed", type: "condition", position: at(0, 6), data: { variable: "confirm", operator: "equals", value: "Yes" } },
    {
      id: "save",
      type: "record",
      position: at(0, 7),
      data: { collection: "bookings", fields: { when: "{{when}}", party_size: "{{party_size}}", name: "{{name}}" } },
    },
    {
      id: "booked",
      type: "end",
      position: at(0, 8),
      data: {
        text: "You're booked, {{name}}: a table for {{party_size}} on {{when}}. See you then!",
        texts: {
          pt: "Reserva confirmada, {{name}}: mesa para {{party_size}} em {{when}}. Até lá!",
          es: "Reserva confirmada, {{name}}: mesa para {{party_size}} el {{when}}. ¡Hasta entonces!",
        },
      },
    },
    {
      id: "not_booked",
      type: "end",
      position: at(1, 7),
      data: {
        text: "No problem, I haven't booked anything. Write whenever you want a table.",
        texts: {
          pt: "Sem problema, não reservei nada. Escreva quando quiser uma mesa.",
          es: "Sin problema, no he reservado nada. Escríbeme cuando quieras una mesa.",
        },
      },
    },
    {
      id: "full",
      type: "message",
      position: at(1, 5),
      data: {
        text: "Sorry, we can't seat you on {{when}}: we are fully booked or closed then. {{_why}} {{_alternatives}}",
        texts: {
          pt: "Lamento, não temos mesa em {{when}}: estamos lotados ou fechados. {{_why}} {{_alternatives}}",
          es: "Lo siento, no tenemos mesa el {{when}}: estamos completos o cerrados. {{_why}} {{_alternatives}}",
        },
      },
    },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 4),
      data: {
        text: "Let me get a colleague to help you with your booking.",
        texts: { pt: "Vou chamar um colega para ajudar com a sua reserva.", es: "Voy a pasarte con un compañero para ayudarte con la reserva." },
        reason: "Booking: an answer could not be understood",
      },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "party_size"),
    link("party_size", "name"),
    link("name", "when"),
    link("when", "slot"),
    link("slot", "confirm", "free"),
    link("confirm", "confirmed"),
    link("confirmed", "save", "true"),
    link("confirmed", "not_booked", "false"),
    link("save", "booked"),
    link("slot", "full", "taken"),
    // Back to the time question: the loop waits for the customer there.
    link("full", "when"),
    ...handOff(["party_size", "name", "when", "confirm"], "help"),
  ],
};

const yesNo = { choices: ["Yes", "No"], choiceTexts: { pt: ["Sim", "Não"], es: ["Sí", "No"] } };

// The order is a cart: several items with quantities, changed in any message; then pickup or
// delivery (the address only for delivery) and a confirmation with the total, fees included. The
// delivery fee, the free-delivery threshold and the minimum are the business's facts (/v1/business-facts).
export const ordersGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: {
        keywords: ["order", "buy", "menu", "takeaway", "encomendar", "encomenda", "pedir", "pedido", "ementa", "menú", "carta", "para llevar"],
        description: "The customer wants to order something from the menu.",
      },
    },
    {
      id: "cart",
      type: "catalog",
      position: at(0, 1),
      data: {
        collection: "menu",
        variable: "cart",
        text: "Here is what I found. Reply with the number of the one you want.",
        texts: { pt: "Encontrei isto. Responda com o número do que quer.", es: "He encontrado esto. Responde con el número del que quieras." },
        maxOptions: 5,
        cart: true,
        quantityText: "How many {{item}} would you like?",
        quantityTexts: { pt: "Quantas unidades de {{item}} deseja?", es: "¿Cuántas unidades de {{item}} quieres?" },
      },
    },
    {
      id: "fulfilment",
      type: "question",
      position: at(0, 2),
      data: {
        text: "Will you pick it up or shall we deliver it?",
        texts: { pt: "Vai levantar ao restaurante ou prefere entrega?", es: "¿Lo recoges en el local o te lo llevamos a domicilio?" },
        variable: "fulfilment",
        kind: "choice",
        choices: ["Pickup", "Delivery"],
        choiceTexts: { pt: ["Levantar", "Entrega"], es: ["Recoger", "A domicilio"] },
        maxRetries: 2,
      },
    },
    { id: "is_delivery", type: "condition", position: at(0, 3), data: { variable: "fulfilment", operator: "equals", value: "Delivery" } },
    {
      id: "address",
      type: "question",
      position: at(0, 4),
      data: {
        text: "What is the delivery address?",
        texts: { pt: "Qual é a morada de entrega?", es: "¿Cuál es la dirección de entrega?" },
        retryText: "Please write the street and number for the delivery.",
        retryTexts: { pt: "Escreva a rua e o número para a entrega, por favor.", es: "Escribe la calle y el número para la entrega, por favor." },
        variable: "address",
        kind: "text",
        maxRetries: 2,
      },
    },
    {
      id: "confirm_delivery",
      type: "question",
      position: at(0, 5),
      data: {
        text: "Your order:\n{{cart.summary}}\nDelivery to {{address}}: {{cart.fee}}\nTotal: {{cart.total}}. Shall I place the order?",
        texts: {
          pt: "A sua encomenda:\n{{cart.summary}}\nEntrega em {{address}}: {{cart.fee}}\nTotal: {{cart.total}}. Confirmo a encomenda?",
          es: "Tu pedido:\n{{cart.summary}}\nEnvío a {{address}}: {{cart.fee}}\nTotal: {{cart.total}}. ¿Confirmo el pedido?",
        },
        variable: "confirm",
        kind: "choice",
        ...yesNo,
        confirm: true,
        maxRetries: 2,
      },
    },
    {
      id: "confirm_pickup",
      type: "question",
      position: at(1, 5),
      data: {
        text: "Your order:\n{{cart.summary}}\nTotal: {{cart.total}}, to pick up at the restaurant. Shall I place the order?",
        texts: {
          pt: "A sua encomenda:\n{{cart.summary}}\nTotal: {{cart.total}}, para levantar no restaurante. Confirmo a encomenda?",
          es: "Tu pedido:\n{{cart.summary}}\nTotal: {{cart.total}}, para recoger en el local. ¿Confirmo el pedido?",
        },
        variable: "confirm",
        kind: "choice",
        ...yesNo,
        confirm: true,
        maxRetries: 2,
      },
    },
    { id: "confirmed", type: "condition", position: at(0, 6), data: { variable: "confirm", operator: "equals", value: "Yes" } },
    {
      id: "save",
      type: "record",
      position: at(0, 7),
      data: {
        collection: "orders",
        fields: {
          items: "{{cart.items}}",
          fulfilment: "{{fulfilment}}",
          address: "{{address}}",
          subtotal: "{{cart.subtotalAmount}}",
          deliveryFee: "{{cart.feeAmount}}",
          total: "{{cart.totalAmount}}",
          totalText: "{{cart.total}}",
        },
      },
    },
    {
      id: "placed",
      type: "end",
      position: at(0, 8),
      data: {
        text: "Thank you! Your order ({{cart.total}}) is placed. We will let you know when it is ready.",
        texts: {
          pt: "Obrigado! A sua encomenda ({{cart.total}}) está registada. Avisamos quando estiver pronta.",
          es: "¡Gracias! Tu pedido ({{cart.total}}) está hecho. Te avisamos cuando esté listo.",
        },
      },
    },
    {
      id: "cancelled",
      type: "end",
      position: at(1, 7),
      data: {
        text: 'Order cancelled. Write "order" whenever you want to start again.',
        texts: {
          pt: 'Encomenda cancelada. Escreva "encomendar" quando quiser recomeçar.',
          es: 'Pedido cancelado. Escribe "pedir" cuando quieras empezar de nuevo.',
        },
      },
    },
    {
      id: "not_found",
      type: "end",
      position: at(1, 2),
      data: {
        text: 'Sorry, I couldn\'t find that on the menu. Write "menu" to try again with other words.',
        texts: {
          pt: 'Desculpe, não encontrei isso na ementa. Escreva "ementa" para tentar com outras palavras.',
          es: 'Lo siento, no lo he encontrado en la carta. Escribe "carta" para probar con otras palabras.',
        },
      },
    },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 4),
      data: {
        text: "Let me get a colleague to help you with your order.",
        texts: { pt: "Vou chamar um colega para ajudar com a sua encomenda.", es: "Voy a pasarte con un compañero para ayudarte con el pedido." },
        reason: "Order: an answer could not be understood",
      },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "cart"),
    link("cart", "fulfilment", "found"),
    link("cart", "not_found", "none"),
    link("fulfilment", "is_delivery"),
    link("is_delivery", "address", "true"),
    link("is_delivery", "confirm_pickup", "false"),
    link("address", "confirm_delivery"),
    link("confirm_delivery", "confirmed"),
    link("confirm_pickup", "confirmed"),
    link("confirmed", "save", "true"),
    link("confirmed", "cancelled", "false"),
    link("save", "placed"),
    ...handOff(["fulfilment", "address", "confirm_delivery", "confirm_pickup"], "help"),
  ],
};

export const leadsGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: {
        keywords: [
          "quote",
          "contact me",
          "interested",
          "pricing",
          "price list",
          "orcamento",
          "contactem-me",
          "contactem",
          "contactassem",
          "contactar",
          "vales de oferta",
          "interessado",
          "interessada",
          "presupuesto",
          "contactadme",
          "contactais",
          "contacteis",
          "tarjetas regalo",
          "me interesa",
          "gift card",
          "gift cards",
          "catering",
          "interesado",
          "interesada",
        ],
        description: "The customer asks for a quote or to be contacted.",
      },
    },
    {
      id: "name",
      type: "question",
      position: at(0, 1),
      data: {
        text: "Happy to help! What is your name?",
        texts: { pt: "Com todo o gosto! Como se chama?", es: "¡Con mucho gusto! ¿Cómo te llamas?" },
        variable: "name",
        kind: "text",
        maxRetries: 2,
      },
    },
    {
      id: "email",
      type: "question",
      position: at(0, 2),
      data: {
        text: "Thanks, {{name}}. What is your email address?",
        texts: { pt: "Obrigado, {{name}}. Qual é o seu email?", es: "Gracias, {{name}}. ¿Cuál es tu correo electrónico?" },
        variable: "email",
        kind: "email",
        retryText: "That does not look like an email address. Could you check it?",
        retryTexts: { pt: "Isso não parece um email. Pode verificar?", es: "Eso no parece un correo electrónico. ¿Puedes revisarlo?" },
        maxRetries: 2,
      },
    },
    {
      id: "interest",
      type: "question",
      position: at(0, 3),
      data: {
        text: "What are you interested in?",
        texts: { pt: "O que lhe interessa?", es: "¿Qué te interesa?" },
        variable: "interest",
        kind: "text",
        maxRetries: 2,
      },
    },
    {
      id: "save",
      type: "record",
      position: at(0, 4),
      data: { collection: "leads", fields: { name: "{{name}}", email: "{{email}}", interest: "{{interest}}" } },
    },
    {
      id: "done",
      type: "end",
      position: at(0, 5),
      data: {
        text: "Thanks, {{name}}! Someone from our team will contact you at {{email}} soon.",
        texts: {
          pt: "Obrigado, {{name}}! Alguém da nossa equipa vai escrever-lhe para {{email}} em breve.",
          es: "¡Gracias, {{name}}! Alguien de nuestro equipo te escribirá a {{email}} pronto.",
        },
      },
    },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 3),
      data: {
        text: "Let me get a colleague to help you.",
        texts: { pt: "Vou chamar um colega para o ajudar.", es: "Voy a pasarte con un compañero." },
        reason: "Lead: an answer could not be understood",
      },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "name"),
    link("name", "email"),
    link("email", "interest"),
    link("interest", "save"),
    link("save", "done"),
    ...handOff(["name", "email", "interest"], "help"),
  ],
};

/**
 * The ready-made skills' names as customers read them in each language (the no-answer reply lists the
 * skills by these). Sign-up names a skill in the business's first language; the others are kept beside it.
 */
export const readyMadeNames: Record<string, { en: string; pt: string; es: string }> = {
  sk_booking: { en: "Table booking", pt: "Reservas de mesa", es: "Reservas de mesa" },
  sk_appointments: { en: "Appointments", pt: "Marcações", es: "Citas" },
  sk_appointment: { en: "Appointment booking", pt: "Marcações", es: "Citas" },
  sk_orders: { en: "Order taking", pt: "Encomendas", es: "Pedidos" },
  sk_leads: { en: "Lead capture", pt: "Pedidos de contacto", es: "Solicitudes de contacto" },
};

/**
 * A ready-made skill's names in the three languages while it still has one of them (a skill the owner
 * renamed has only the name they gave it); empty for any other skill.
 */
export function readyMadeNamesFor(id: string, name: string): Partial<Record<"en" | "pt" | "es", string>> {
  const known = readyMadeNames[id];
  return known && Object.values(known).includes(name) ? { ...known } : {};
}

export const readyMadeSkills: Array<{
  key: "booking" | "orders" | "leads";
  id: "sk_booking" | "sk_orders" | "sk_leads";
  name: string;
  description: string;
  graph: SkillGraph;
}> = [
  {
    key: "booking",
    id: "sk_booking",
    name: "Table booking",
    description: "Takes a table booking and never books a slot beyond capacity.",
    graph: bookingGraph,
  },
  {
    key: "orders",
    id: "sk_orders",
    name: "Order taking",
    description: "Takes an order of several menu items, pickup or delivery, confirms the total with fees and records it.",
    graph: ordersGraph,
  },
  {
    key: "leads",
    id: "sk_leads",
    name: "Lead capture",
    description: "Collects a name, an email and what the customer is interested in.",
    graph: leadsGraph,
  },
];
