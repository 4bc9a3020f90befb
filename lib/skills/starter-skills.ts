import type { SkillGraph, SkillNode } from "../shared/graph-schema";
import { bookingGraph, leadsGraph, ordersGraph, readyMadeNames } from "../shared/ready-made-skills";

// The ready-made skills a new business gets at sign-up, chosen by its kind and written in its
// language: each node's default text becomes the language's variant (the English one is kept as
// the `en` variant), so the editor shows the business's own language and every language still works.

type Kind = "restaurant" | "clinic" | "shop" | "other";
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

/** The skills a new business of this kind starts with, enabled, in its first language. */
export function readyMadeFor(kind: Kind, lang: Lang): StarterSkill[] {
  const chosen: Array<[string, SkillGraph]> =
    kind === "restaurant"
      ? [
          ["sk_booking", bookingGraph],
          ["sk_orders", ordersGraph],
          ["sk_leads", leadsGraph],
        ]
      : kind === "clinic"
        ? [
            ["sk_appointments", appointmentsGraph()],
            ["sk_leads", leadsGraph],
          ]
        : kind === "shop"
          ? [
              ["sk_orders", shopOrdersGraph()],
              ["sk_leads", leadsGraph],
            ]
          : [["sk_leads", leadsGraph]];
  return chosen.map(([id, graph]) => ({ id, name: readyMadeNames[id][lang], graph: inLanguage(graph, lang) }));
}
