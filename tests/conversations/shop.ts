// The business every conversation runs against: "Tasca da Ana", a Lisbon restaurant. Its knowledge is
// written in English by the owner, as a real owner would; the menu is priced in EUR. A fresh copy is
// made per conversation so one customer's bookings never fill another's slots.
import { own, type Shop } from "@/tests/assistant/harness";
import { createKnowledge } from "@/lib/assistants/knowledge";
import { createBusiness } from "@/lib/businesses/businesses";
import { setBusinessFacts } from "@/lib/businesses/facts";
import { setBusinessHours } from "@/lib/businesses/hours";
import { upsertCatalogItems } from "@/lib/catalog/catalog";
import type { CatalogItemIn } from "@/lib/shared/catalog-schema";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/api-keys";
import type { SkillGraph } from "@/lib/shared/graph-schema";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { upsertSkill } from "@/lib/skills/skills";

export const SHOP_NAME = "Tasca da Ana";
export const TIME_ZONE = "Europe/Lisbon";

/** Wednesday 25 November 2026, 16:00 in Lisbon (WET, UTC+0): between lunch and dinner service. */
export const DEFAULT_NOW = "2026-11-25T16:00";

/**
 * The business rules, in one place. The expectations of every case follow from these.
 *
 * The settings (`setUpFacts`: hours, address, delivery charges, payment) and the skills' data
 * (`applyRules`: slots, covers, the largest party) are written from these.
 */
export const RULES = {
  timeZone: TIME_ZONE,
  currency: "EUR",
  /** Local opening hours; Monday closed. */
  openingHours: {
    mon: [] as string[],
    tue: ["12:00-15:00", "19:00-23:00"],
    wed: ["12:00-15:00", "19:00-23:00"],
    thu: ["12:00-15:00", "19:00-23:00"],
    fri: ["12:00-15:00", "19:00-23:00"],
    sat: ["12:00-15:00", "19:00-23:00"],
    sun: ["12:00-15:00", "19:00-23:00"],
  },
  /** Larger groups are handed to a person with a clear message. */
  maxPartySize: 12,
  /** Capacity counts people (covers), not bookings. */
  slotMinutes: 30,
  coversPerSlot: 40,
  delivery: { radiusKm: 5, feeCents: 250, freeFromCents: 3000, minimumCents: 1500 },
  pickup: { feeCents: 0 },
} as const;

/** Tasca da Ana's address: a business fact (Settings › Business facts), not knowledge text. */
export const ADDRESS = "Rua das Flores 12, 1200-195 Lisbon";

/**
 * The owner's knowledge: what no setting says. The opening hours, the address, delivery (area, fee,
 * free-from, minimum), pickup and payment methods are the business's settings (`setUpFacts`), which the
 * assistant answers from and the order skill's cart charges.
 */
export const KNOWLEDGE: Array<[string, string]> = [
  ["How to get here", "We are in Chiado. The nearest metro station is Baixa-Chiado (green and blue lines), a 4-minute walk from the restaurant."],
  ["Parking", "We have no private parking. The nearest car park is Parque Camões, a 3-minute walk; street parking in Chiado is very limited."],
  [
    "Vegetarian and vegan food",
    "Half of the menu is vegetarian (Pizza Margherita, Pizza Quattro Formaggi, Vegetarian Lasagna, Caprese Salad). The Vegan Pizza is fully vegan and most salads can be made vegan on request.",
  ],
  [
    "Gluten-free",
    "We have gluten-free pizza bases for 2 EUR extra. Our kitchen uses wheat flour, so we cannot guarantee there is no cross-contamination for coeliacs.",
  ],
  ["Pets", "Dogs are welcome on our terrace. Inside, only assistance dogs are allowed."],
  ["Children", "Children are very welcome. We have high chairs and a kids' menu (small pizza or pasta with a drink) for 8 EUR."],
  ["Wifi", "Free wifi for customers: the network is TascaDaAna-Guest and the password is chiado2026."],
  [
    "Group bookings",
    "We take bookings for up to 12 people here on WhatsApp. For larger groups (up to 40 people, in our private room) our team arranges the booking personally and asks for a deposit.",
  ],
  ["Allergies", "Please tell us about any allergy when you book or order: our staff can list the allergens of every dish."],
];

export const MENU: CatalogItemIn[] = [
  {
    externalId: "pizza-margherita",
    title: "Pizza Margherita",
    description: "Tomato, mozzarella and basil. Vegetarian.",
    price: { amount: 1100, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "pizza-diavola",
    title: "Pizza Diavola",
    description: "Tomato, mozzarella and spicy salami.",
    price: { amount: 1300, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "pizza-quattro-formaggi",
    title: "Pizza Quattro Formaggi",
    description: "Four cheeses. Vegetarian.",
    price: { amount: 1400, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "pizza-vegan",
    title: "Vegan Pizza",
    description: "Tomato and grilled vegetables, no cheese. Vegan.",
    price: { amount: 1200, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "lasagna",
    title: "Vegetarian Lasagna",
    description: "Spinach and ricotta lasagna. Vegetarian.",
    price: { amount: 1250, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "caesar-salad",
    title: "Caesar Salad",
    description: "Romaine, chicken, parmesan and croutons.",
    price: { amount: 950, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "caprese-salad",
    title: "Caprese Salad",
    description: "Tomato, mozzarella and basil. Vegetarian.",
    price: { amount: 850, currency: "EUR" },
    inStock: true,
  },
  {
    externalId: "tiramisu",
    title: "Tiramisu",
    description: "Homemade, with mascarpone and coffee.",
    price: { amount: 600, currency: "EUR" },
    inStock: true,
  },
  { externalId: "panna-cotta", title: "Panna Cotta", description: "With red berries.", price: { amount: 550, currency: "EUR" }, inStock: true },
  {
    externalId: "lemonade",
    title: "Homemade Lemonade",
    description: "Fresh lemons and mint.",
    price: { amount: 350, currency: "EUR" },
    inStock: false,
  },
  { externalId: "coca-cola", title: "Coca-Cola", description: "33 cl can.", price: { amount: 250, currency: "EUR" }, inStock: true },
  { externalId: "water", title: "Mineral Water", description: "50 cl bottle.", price: { amount: 150, currency: "EUR" }, inStock: true },
];

export const MENU_IDS = new Set(MENU.map((m) => m.externalId));

/**
 * The business rules the ready-made skills carry, as the owner sets them in the editor: slot length and
 * covers per slot on the availability node (which books in the business hours), the largest party on
 * the party-size question. Hours and delivery charges are the business's settings, not the skills'.
 */
export function applyRules(graph: SkillGraph): SkillGraph {
  const g = structuredClone(graph);
  for (const node of g.nodes) {
    if (node.type === "availability") {
      // No hours of its own: the business hours serve the skill, the handoffs and the answers alike.
      delete node.data.openingHours;
      node.data.slotMinutes = RULES.slotMinutes;
      node.data.capacity = RULES.coversPerSlot;
      node.data.covers = "party_size";
    }
    if (node.type === "question" && node.data.variable === "party_size") node.data.max = RULES.maxPartySize;
  }
  return g;
}

/** Tasca da Ana's settings: its hours and its facts (address, delivery and what it costs, pickup, payment). */
export async function setUpFacts(businessId: string): Promise<void> {
  const weekly = Object.fromEntries(Object.entries(RULES.openingHours).map(([day, hours]) => [day, [...hours]]));
  await setBusinessHours(db(), businessId, { weekly, holidays: [] });
  const eur = (amount: number) => ({ amount, currency: RULES.currency });
  await setBusinessFacts(db(), businessId, {
    address: ADDRESS,
    delivery: {
      offered: true,
      radiusKm: RULES.delivery.radiusKm,
      fee: eur(RULES.delivery.feeCents),
      freeFrom: eur(RULES.delivery.freeFromCents),
      minimum: eur(RULES.delivery.minimumCents),
    },
    pickup: { offered: true },
    // No American Express.
    paymentMethods: ["cash", "visa", "mastercard", "mb_way", "apple_pay"],
  });
}

/** A fresh Tasca da Ana: settings, knowledge, menu, the ready-made skills (built like harness.ts `makeShop`). */
export async function makeConversationShop(): Promise<Shop> {
  const { businessId, assistantId } = await createBusiness(db(), { name: SHOP_NAME, tokens: 1_000_000, timeZone: TIME_ZONE });
  own(businessId);
  await setUpFacts(businessId);
  for (const [title, content] of KNOWLEDGE) await createKnowledge(db(), businessId, assistantId, { title, content });
  await upsertCatalogItems(db(), businessId, "menu", MENU);
  for (const skill of readyMadeSkills)
    await upsertSkill(db(), businessId, skill.id, { name: skill.name, enabled: true, graph: applyRules(skill.graph), assistantId });
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "conversations" });
  return { businessId, assistantId, key };
}

/** The instant of a business-local wall clock "2026-11-25T16:00" in `TIME_ZONE` (DST-safe). */
export function localToInstant(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new Error(`not a local time: ${local}`);
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // The zone's offset at that instant, found by formatting and comparing; twice to settle at DST edges.
  let t = asUtc;
  for (let i = 0; i < 2; i++) t = asUtc - (wallClockMs(new Date(t)) - t);
  return new Date(t);
}

/** The business-local wall clock "2026-11-25T16:00" of an instant. */
export function instantToLocal(at: Date): string {
  return new Date(wallClockMs(at)).toISOString().slice(0, 16);
}

function wallClockMs(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
}
