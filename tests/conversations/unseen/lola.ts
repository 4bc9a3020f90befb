// El Rincón de Lola, a tapas bar in Madrid: the unseen corpus's second business (issue 35, item 8). The
// owner signs up as the sign-up page does (kind, languages, time zone, hours, address: that door is
// outside /v1) and then sets everything else up through the public /v1 API with an API key, writing in
// Spanish: the hours, the business facts (address, delivery radius, fee, free-from and minimum, pickup,
// payment at the bar and on delivery), the menu, the knowledge, and the ready-made skills the sign-up
// installed (read with GET /v1/skills and saved back with the profile's rules). What the API has no
// setting for (paella only at weekends, the terrace not bookable, allergy questions to a person) is
// written where an owner can write it: the knowledge and the items' descriptions.
import { randomBytes } from "node:crypto";
import { clearStarterSamples } from "../starter-samples";
import { signUpOwner } from "@/lib/starter-kits/sign-up";
import type { CatalogItemIn } from "@/lib/shared/catalog-schema";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/api-keys";
import type { SkillGraph } from "@/lib/shared/graph-schema";
import { own, type Shop } from "@/tests/assistant/harness";
import { api } from "@/tests/helpers/api";
import { LOLA_KNOWLEDGE_VERSIONS } from "./lola-versions";

export const LOLA_NAME = "El Rincón de Lola";
export const LOLA_TIME_ZONE = "Europe/Madrid";
export const LOLA_ADDRESS = "Calle de la Cava Baja 14, 28005 Madrid";

/** The profile's rules, in one place: the cases' expectations and the set-up both follow from them. */
export const LOLA_RULES = {
  timeZone: LOLA_TIME_ZONE,
  currency: "EUR",
  openingHours: {
    mon: [] as string[],
    tue: ["13:00-16:00", "20:00-23:30"],
    wed: ["13:00-16:00", "20:00-23:30"],
    thu: ["13:00-16:00", "20:00-23:30"],
    fri: ["13:00-16:00", "20:00-23:30"],
    sat: ["13:00-16:00", "20:00-23:30"],
    sun: ["13:00-16:30"],
  },
  maxPartySize: 8,
  slotMinutes: 30,
  coversPerSlot: 30,
  delivery: { radiusKm: 3, feeCents: 300, freeFromCents: 4000, minimumCents: 2000 },
  pickup: { feeCents: 0 },
} as const;

const eur = (amount: number) => ({ amount, currency: "EUR" });

export const LOLA_MENU: CatalogItemIn[] = [
  { externalId: "patatas", title: "Patatas bravas", description: "Con salsa brava casera. Vegano.", price: eur(550), inStock: true },
  { externalId: "croquetas", title: "Croquetas de jamón", description: "Ración de 6 unidades.", price: eur(700), inStock: true },
  { externalId: "tortilla", title: "Tortilla de patatas", description: "Vegetariana y sin gluten.", price: eur(650), inStock: true },
  { externalId: "pulpo", title: "Pulpo a la gallega", description: "Sin gluten.", price: eur(1600), inStock: true },
  { externalId: "gambas", title: "Gambas al ajillo", description: "Con ajo y guindilla.", price: eur(1250), inStock: true },
  { externalId: "pimientos", title: "Pimientos de Padrón", description: "Vegano y sin gluten.", price: eur(600), inStock: true },
  { externalId: "calamares", title: "Bocadillo de calamares", description: "El clásico de Madrid.", price: eur(750), inStock: true },
  { externalId: "ensalada", title: "Ensalada de tomate y ventresca", description: "Sin gluten.", price: eur(900), inStock: true },
  {
    externalId: "paella",
    title: "Paella mixta (para 2)",
    description: "Para dos personas. Solo los fines de semana (sábado y domingo).",
    price: eur(2800),
    inStock: true,
  },
  { externalId: "churros", title: "Churros con chocolate", description: "Vegetariano.", price: eur(500), inStock: true },
  { externalId: "flan", title: "Flan casero", description: "Vegetariano y sin gluten.", price: eur(450), inStock: true },
  { externalId: "sangria", title: "Sangría (jarra)", description: "Jarra para compartir.", price: eur(1400), inStock: false },
];

/** The owner's knowledge, in the owner's Spanish: what no setting says (the address, hours, delivery and payment are settings). */
export const LOLA_DIRECTIONS: [string, string] = ["Cómo llegar", "El metro más cercano es La Latina (línea 5), a 3 minutos andando."];
export const LOLA_KNOWLEDGE: Array<[string, string]> = [
  LOLA_DIRECTIONS,
  [
    "Aparcamiento",
    "No tenemos aparcamiento propio. El más cercano es el Parking Plaza Mayor, a 6 minutos andando; en la Cava Baja casi no hay sitio para aparcar.",
  ],
  ["Terraza", "Tenemos una terraza con 6 mesas. La terraza no se puede reservar: las mesas se dan por orden de llegada."],
  ["Perros", "Los perros son bienvenidos en la terraza. Dentro del local no se admiten perros."],
  [
    "Menú para grupos",
    "Para grupos de 6 a 8 personas tenemos el Menú Lola, a 32 EUR por persona. Hay que encargarlo con 48 horas de antelación hablando con una persona de nuestro equipo.",
  ],
  [
    "Reservas de grupos grandes",
    "Por WhatsApp reservamos mesas de hasta 8 personas. Para grupos más grandes, una persona de nuestro equipo lo organiza directamente.",
  ],
  ["Niños", "No tenemos menú infantil, pero servimos medias raciones de croquetas y de tortilla para los peques."],
  [
    "Alergias",
    "En nuestra cocina se trabaja con gluten, frutos secos y marisco, así que no podemos garantizar la ausencia de trazas. Para cualquier pregunta sobre alergias, habla con una persona de nuestro equipo antes de pedir.",
  ],
  ["Eventos privados", "No organizamos eventos privados ni cerramos el local para grupos."],
  ["Vales regalo", "No vendemos vales ni tarjetas regalo."],
  ["Paella", "La paella mixta (para 2 personas) solo se sirve los fines de semana, sábado y domingo."],
];

/** The ready-made skills' data set to the profile: slots and covers, the largest party (the cart's charges are the facts). */
export function lolaRules(graph: SkillGraph): SkillGraph {
  const g = structuredClone(graph);
  for (const node of g.nodes) {
    if (node.type === "availability") {
      // No hours of its own: the business hours set above serve the skill and the handoffs alike.
      delete node.data.openingHours;
      node.data.slotMinutes = LOLA_RULES.slotMinutes;
      node.data.capacity = LOLA_RULES.coversPerSlot;
      node.data.covers = "party_size";
    }
    if (node.type === "question" && node.data.variable === "party_size") node.data.max = LOLA_RULES.maxPartySize;
  }
  return g;
}

const SCOPES = [
  "business:read",
  "business:write",
  "catalog:read",
  "catalog:write",
  "knowledge:read",
  "knowledge:write",
  "skills:read",
  "skills:write",
];

async function call(key: string, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { key, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const weekly = () => Object.fromEntries(Object.entries(LOLA_RULES.openingHours).map(([day, ranges]) => [day, [...ranges]]));

/** A fresh El Rincón de Lola: signed up, then set up through /v1 only. */
export async function makeLola(): Promise<Shop> {
  const { businessId } = await signUpOwner(db(), {
    businessName: LOLA_NAME,
    name: "Lola Fernández",
    email: `lola-${randomBytes(6).toString("hex")}@rincondelola.example`,
    password: randomBytes(12).toString("base64url"),
    onboarding: {
      kind: "restaurant",
      languages: ["es", "en", "pt"],
      timeZone: LOLA_TIME_ZONE,
      hours: weekly(),
      address: LOLA_ADDRESS,
    },
  });
  own(businessId);
  // The dashboard's API keys page makes keys with a member's session; a key is what an integration holds.
  const { key } = await createApiKey(db(), businessId, { scopes: SCOPES, name: "lola-setup" });

  await call(key, "PUT", "/v1/business-hours", { weekly: weekly(), holidays: [], timeZone: LOLA_TIME_ZONE });
  const eur = (amount: number) => ({ amount, currency: LOLA_RULES.currency });
  await call(key, "PUT", "/v1/business-facts", {
    address: LOLA_ADDRESS,
    delivery: {
      offered: true,
      radiusKm: LOLA_RULES.delivery.radiusKm,
      fee: eur(LOLA_RULES.delivery.feeCents),
      freeFrom: eur(LOLA_RULES.delivery.freeFromCents),
      minimum: eur(LOLA_RULES.delivery.minimumCents),
      // No card reader on delivery: cash or Bizum.
      paymentMethods: ["cash", "bizum"],
    },
    pickup: { offered: true },
    paymentMethods: ["card", "cash", "bizum"],
  });
  // The sign-up's starter kit gave sample dishes and knowledge: Lola replaces them with her own.
  await clearStarterSamples(call, key, (await call(key, "GET", "/v1/skills")).data[0].assistantId, { collections: ["menu"], appointments: false });
  await call(key, "POST", "/v1/catalog/menu/items", { items: LOLA_MENU });

  const skills: Array<{ id: string; name: string; enabled: boolean; assistantId: string }> = (await call(key, "GET", "/v1/skills")).data;
  if (!skills.length) throw new Error("the sign-up installed no ready-made skills");
  const assistantId = skills[0].assistantId;
  for (const s of skills) {
    const { graph, version } = await call(key, "GET", `/v1/skills/${s.id}`);
    await call(key, "PUT", `/v1/skills/${s.id}`, {
      name: s.name,
      enabled: true,
      graph: lolaRules(graph),
      assistantId: s.assistantId,
      expectedVersion: version,
    });
  }

  // Each item with its English and Portuguese versions: the owner serves the three languages.
  for (const [title, content] of LOLA_KNOWLEDGE) {
    await call(key, "POST", `/v1/assistants/${assistantId}/knowledge`, { title, content, translations: LOLA_KNOWLEDGE_VERSIONS[title] });
  }

  return { businessId, assistantId, key };
}
