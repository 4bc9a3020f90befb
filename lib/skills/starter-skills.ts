import type { SkillGraph, SkillNode } from "../shared/graph-schema";
import { bookingGraph, leadsGraph, ordersGraph, readyMadeNames } from "../shared/ready-made-skills";

// The ready-made skills a new business gets at sign-up, chosen by its starter kit and written in its
// language: each node's default text becomes the language's variant (the English one is kept as
// the `en` variant), so the editor shows the business's own language and every language still works.

type Lang = "en" | "es" | "pt";
export type StarterSkill = { id: string; name: string; graph: SkillGraph };

const pairs = [
  ["text", "texts"],
  ["retryText", "retryTexts"],
  ["maxText", "maxTexts"],
  ["quantityText", "quantityTexts"],
] as const;

/** A copy of the graph whose default texts are in `lang` (the variants keep every language). */
export function inLanguage(graph: SkillGraph, lang: Lang): SkillGraph {
  const copy = structuredClone(graph);
  if (lang === "en") return copy;
  for (const node of copy.nodes) {
    const data = node.data as Record<string, unknown>;
    for (const [key, variants] of pairs) {
      const v = data[variants] as Partial<Record<Lang, string>> | undefined;
      if (typeof data[key] !== "string" || !v?.[lang]) continue;
      data[variants] = { ...v, en: data[key] as string };
      data[key] = v[lang];
    }
  }
  return copy;
}

const replaceTexts = (graph: SkillGraph, swap: Array<[RegExp, string]>): SkillGraph => {
  const copy = structuredClone(graph);
  const fix = (s: string) => swap.reduce((t, [from, to]) => t.replace(from, to), s);
  for (const node of copy.nodes) {
    const data = node.data as Record<string, unknown>;
    for (const [key, variants] of pairs) {
      if (typeof data[key] === "string") data[key] = fix(data[key] as string);
      const v = data[variants] as Record<string, string> | undefined;
      if (v) for (const l of Object.keys(v)) v[l] = fix(v[l]);
    }
  }
  return copy;
};

/** A shop's order skill: the same cart, searching `products`, in a shop's words. */
export function shopOrdersGraph(): SkillGraph {
  const graph = replaceTexts(ordersGraph, [
    [/to pick up at the restaurant/g, "to pick up at the shop"],
    [/levantar no restaurante/g, "levantar na loja"],
    [/Vai levantar ao restaurante/g, "Vai levantar na loja"],
    [/on the menu/g, "in our catalog"],
    [/Write "menu"/g, 'Write "order"'],
    [/na ementa\. Escreva "ementa"/g, 'no catálogo. Escreva "encomendar"'],
    [/en la carta\. Escribe "carta"/g, 'en el catálogo. Escribe "pedir"'],
  ]);
  for (const node of graph.nodes) {
    if (node.type === "catalog") node.data.collection = "products";
    if (node.type === "trigger") {
      node.data.keywords = ["order", "buy", "shop", "products", "encomendar", "encomenda", "comprar", "pedir", "pedido", "productos", "produtos"];
      node.data.description = "The customer wants to order something from the catalog.";
    }
  }
  return graph;
}

/** A clinic's or salon's appointment skill: the booking skill without the party size, in appointment words. */
export function appointmentsGraph(): SkillGraph {
  const base = structuredClone(bookingGraph);
  const nodes: SkillNode[] = base.nodes.filter((n) => n.id !== "party_size");
  const edges = base.edges
    .filter((e) => e.source !== "party_size")
    .map((e) => (e.source === "start" ? { ...e, target: "name", id: "e_start_next" } : e));
  for (const node of nodes) {
    if (node.type === "trigger") {
      node.data.keywords = ["appointment", "book", "booking", "schedule", "cita", "reservar", "pedir cita", "marcação", "marcar", "consulta"];
      node.data.description = "The customer wants to book an appointment.";
    }
    if (node.type === "availability") node.data.capacity = 1;
  }
  const graph = replaceTexts({ ...base, nodes, edges }, [
    [/What name should the booking be under\?/g, "Happy to book you an appointment! What is your name?"],
    [/Em que nome fica a reserva\?/g, "Com todo o gosto marcamos! Como se chama?"],
    [/¿A nombre de quién hago la reserva\?/g, "¡Con mucho gusto te damos cita! ¿Cómo te llamas?"],
    [/A table for \{\{party_size\}\} on \{\{when\}\}, under the name \{\{name\}\}\./g, "An appointment on {{when}} for {{name}}."],
    [
      /Mesa para \{\{party_size\}\} em \{\{when\}\}, em nome de \{\{name\}\}\. Confirmo a reserva\?/g,
      "Marcação em {{when}} para {{name}}. Confirmo?",
    ],
    [
      /Mesa para \{\{party_size\}\} el \{\{when\}\}, a nombre de \{\{name\}\}\. ¿Confirmo la reserva\?/g,
      "Cita el {{when}} para {{name}}. ¿La confirmo?",
    ],
    [/You're booked, \{\{name\}\}: a table for \{\{party_size\}\} on \{\{when\}\}\./g, "You're booked, {{name}}: {{when}}."],
    [/Reserva confirmada, \{\{name\}\}: mesa para \{\{party_size\}\} em \{\{when\}\}\./g, "Marcação confirmada, {{name}}: {{when}}."],
    [/Reserva confirmada, \{\{name\}\}: mesa para \{\{party_size\}\} el \{\{when\}\}\./g, "Cita confirmada, {{name}}: {{when}}."],
    [/Write whenever you want a table\./g, "Write whenever you want an appointment."],
    [/Escreva quando quiser uma mesa\./g, "Escreva quando quiser marcar."],
    [/Escríbeme cuando quieras una mesa\./g, "Escríbeme cuando quieras una cita."],
    [/we can't seat you on/g, "we have no appointment on"],
    [/não temos mesa em/g, "não temos vaga em"],
    [/no tenemos mesa el/g, "no tenemos hueco el"],
  ]);
  for (const node of graph.nodes) {
    if (node.type === "record") node.data.fields = { when: "{{when}}", name: "{{name}}" };
  }
  return graph;
}

/**
 * The starter skills by key: a business's starter kit (lib/starter-kits) lists the keys its kind
 * installs, and each is written in the business's first language. A key names one skill id.
 */
export const STARTER_SKILLS: Record<string, { id: string; graph: () => SkillGraph }> = {
  booking: { id: "sk_booking", graph: () => bookingGraph },
  orders: { id: "sk_orders", graph: () => ordersGraph },
  shop_orders: { id: "sk_orders", graph: shopOrdersGraph },
  appointments: { id: "sk_appointments", graph: appointmentsGraph },
  leads: { id: "sk_leads", graph: () => leadsGraph },
  // Defined below (issue 40 item 3): services and staff, the nearest free times as a list.
  appointment: { id: "sk_appointment", graph: () => appointmentGraph },
};

/** The starter skill under `key` in `lang`, or null when no such key exists (yet). */
export function starterSkill(key: string, lang: Lang): StarterSkill | null {
  const entry = Object.hasOwn(STARTER_SKILLS, key) ? STARTER_SKILLS[key] : undefined;
  if (!entry) return null;
  return { id: entry.id, name: readyMadeNames[entry.id]?.[lang] ?? key, graph: inLanguage(entry.graph(), lang) };
}

// The appointment skill (issue 40 item 3): the customer names a service in their words, maybe a person
// and a day or range; a `service` node finds it among the business's services, an `appointment` node
// offers the nearest free times as a list and books the one picked (docs/skill-graph.md). Moving and
// cancelling by message need no node: lib/runtime/dialogue/appointments.ts uses this skill's nodes.
const at = (column: number, row: number) => ({ x: column * 280, y: row * 140 });
export const appointmentGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: {
        keywords: [
          "appointment",
          "book",
          "booking",
          "book an appointment",
          "make an appointment",
          "schedule",
          "marcar",
          "marcação",
          "fazer uma marcação",
          "agendar",
          "cita",
          "pedir cita",
          "reservar cita",
          "consulta",
        ],
        description: "The customer wants to book an appointment for a service (a haircut, a check-up, a car service).",
      },
    },
    {
      id: "service",
      type: "service",
      position: at(0, 1),
      data: {
        variable: "service",
        text: "Happy to book you in! Which service would you like?",
        texts: { pt: "Com todo o gosto! Que serviço pretende?", es: "¡Con mucho gusto! ¿Qué servicio quieres?" },
      },
    },
    {
      id: "time",
      type: "appointment",
      position: at(0, 2),
      data: {
        service: "service",
        variable: "appointment",
        text: "These are the nearest free times for {{service}}. Which one suits you? You can also tell me another day or time.",
        texts: {
          pt: "Estas são as vagas mais próximas para {{service}}. Qual lhe dá jeito? Também pode indicar outro dia ou hora.",
          es: "Estos son los huecos más cercanos para {{service}}. ¿Cuál te va bien? También puedes decirme otro día u hora.",
        },
        maxOptions: 10,
        stepMinutes: 30,
      },
    },
    {
      id: "done",
      type: "end",
      position: at(0, 3),
      data: {
        text: "You're booked: {{appointment.service}} with {{appointment.staff}} on {{appointment.start}}. To move or cancel it, just write to us here.",
        texts: {
          pt: "Está marcado: {{appointment.service}} com {{appointment.staff}} em {{appointment.start}}. Para mudar ou desmarcar, é só escrever-nos aqui.",
          es: "Tienes cita: {{appointment.service}} con {{appointment.staff}} el {{appointment.start}}. Para cambiarla o cancelarla, escríbenos aquí.",
        },
      },
    },
    {
      id: "help",
      type: "handoff",
      position: at(1, 2),
      data: {
        text: "I'll pass you to a colleague who can help you book.",
        texts: { pt: "Vou passar a conversa a um colega que o ajuda a marcar.", es: "Te paso con un compañero que te ayudará a reservar." },
        reason: "appointment not booked by the assistant",
      },
    },
  ],
  edges: [
    { id: "e_start_next", source: "start", target: "service", sourceHandle: "next" },
    { id: "e_service_found", source: "service", target: "time", sourceHandle: "found" },
    { id: "e_service_none", source: "service", target: "help", sourceHandle: "none" },
    { id: "e_time_booked", source: "time", target: "done", sourceHandle: "booked" },
    { id: "e_time_none", source: "time", target: "help", sourceHandle: "none" },
  ],
};
