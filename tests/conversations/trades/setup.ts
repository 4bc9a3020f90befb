// How a trades business is set up (issue 40): the owner signs up as the sign-up page does (kind,
// languages, time zone, hours, address: that door is outside /v1), then everything else goes through
// the public /v1 API with an API key, as ../unseen/lola.ts does: business hours and holidays, the
// business facts, staff members with their weekly hours and breaks, services in three languages with
// their durations, prices and who performs them, catalog products, the knowledge in three languages,
// and the ready-made skills the sign-up installed (read with GET /v1/skills and saved back enabled).
import { randomBytes } from "node:crypto";
import { clearStarterSamples } from "../starter-samples";
import { signUpOwner } from "@/lib/starter-kits/sign-up";
import type { BusinessKind } from "@/lib/businesses/onboarding";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/api-keys";
import { pinClock } from "@/lib/time/clock";
import type { CatalogItemIn } from "@/lib/shared/catalog-schema";
import { afterAll, afterEach, beforeAll } from "vitest";
import { assistantWorker, own, type Shop } from "@/tests/assistant/harness";
import { api } from "@/tests/helpers/api";

type Lang = "en" | "pt" | "es";
export type Weekly = Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", string[]>>;
type Text = Record<Lang, string>;

/** A service: `name.en` is what the corpus calls it (`appointments[].service`). */
export type TradeService = { name: Text; durationMinutes: number; price: number; from?: boolean; staff: string[] };
/** A staff member: the corpus names them by the first word of their name that is not a title (`appointments[].staff`). */
export type TradeStaff = { name: string; weekly: Weekly; breaks: Weekly };
/** A product: `name.en` is what the corpus calls it (`orders[].items[].item`). */
export type TradeProduct = { externalId: string; name: Text; price: number };

export type TradeProfile = {
  name: string;
  owner: string;
  kind: BusinessKind;
  timeZone: string;
  address: string;
  /** The first is the owner's own: the sign-up installs the ready-made skills in it. */
  languages: [Lang, Lang, Lang];
  hours: Weekly;
  holidays: Array<{ date: string; name: string }>;
  services: TradeService[];
  staff: TradeStaff[];
  products: TradeProduct[];
  facts: Record<string, unknown>;
  /** Each item in the three languages, the owner's own first. */
  knowledge: Array<Record<Lang, { title: string; content: string }>>;
  /** What may appear in a reply in any language (the business, streets, stations, insurers, staff). */
  names: string[];
  /** Orders paid by a payment link before they are accepted (the shop's own Stripe account, on the fake). */
  payments?: { currency: "EUR"; expiryMinutes: number };
};

/** Where a business's Stripe account is opened: the fake Stripe the corpus runs beside (tests/fakes/stripe-server.ts). */
export type PaymentAccounts = { addAccount(secretKey: string, webhookSecret: string, webhookUrl: string): void };

const SCOPES = [
  ...["business:read", "business:write", "catalog:read", "catalog:write", "knowledge:read", "knowledge:write"],
  ...["skills:read", "skills:write", "appointments:read", "appointments:write", "payments:read", "payments:write"],
];

async function call(key: string, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { key, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The catalog item an owner in Lisbon writes: the Portuguese title, the other languages' names beside it. */
export const productItem = (p: TradeProduct): CatalogItemIn => ({
  externalId: p.externalId,
  title: p.name.pt,
  description: `EN: ${p.name.en}. ES: ${p.name.es}.`,
  price: { amount: p.price, currency: "EUR" },
  inStock: true,
});

export type TradeShop = Shop & { staffIds: Record<string, string>; serviceIds: Record<string, string> };

/** A fresh business of this profile: signed up, then set up through /v1 only. */
export async function makeTradeBusiness(p: TradeProfile, accounts?: PaymentAccounts): Promise<TradeShop> {
  const { businessId } = await signUpOwner(db(), {
    businessName: p.name,
    name: p.owner,
    email: `owner-${randomBytes(6).toString("hex")}@trades.example`,
    password: randomBytes(12).toString("base64url"),
    onboarding: { kind: p.kind, languages: p.languages, timeZone: p.timeZone, hours: p.hours, address: p.address },
  });
  own(businessId);
  // The dashboard's API keys page makes keys with a member's session; a key is what an integration holds.
  const { key } = await createApiKey(db(), businessId, { scopes: SCOPES, name: "trades-setup" });

  // The sign-up's starter kit gave sample knowledge, staff, services or products: the owner replaces them.
  await clearStarterSamples(call, key, (await call(key, "GET", "/v1/skills")).data[0].assistantId, {
    collections: p.kind === "shop" ? ["products"] : [],
    appointments: true,
  });
  await call(key, "PUT", "/v1/business-hours", { weekly: p.hours, holidays: p.holidays, timeZone: p.timeZone });
  await call(key, "PUT", "/v1/business-facts", p.facts);

  const staffIds: Record<string, string> = {};
  for (const s of p.staff) staffIds[s.name] = (await call(key, "POST", "/v1/staff", { name: s.name, weekly: s.weekly, breaks: s.breaks })).id;
  const serviceIds: Record<string, string> = {};
  for (const s of p.services) {
    const from = { en: "from ", pt: "desde ", es: "desde " } as const;
    const body = {
      name: s.name,
      // "from 55 EUR": the price is where it starts; the description says so in each language.
      ...(s.from
        ? { description: { en: `${from.en}${s.price / 100} EUR`, pt: `${from.pt}${s.price / 100} EUR`, es: `${from.es}${s.price / 100} EUR` } }
        : {}),
      durationMinutes: s.durationMinutes,
      price: { amount: s.price, currency: "EUR" },
      staffIds: s.staff.map((name) => staffIds[name]),
    };
    serviceIds[s.name.en] = (await call(key, "POST", "/v1/services", body)).id;
  }
  if (p.products.length) await call(key, "POST", "/v1/catalog/products/items", { items: p.products.map(productItem) });
  // Without a fake Stripe to open the account on (tests/assistant's readings, about what is ordered, not
  // how it is paid), the shop takes orders without payment.
  if (p.payments && accounts) {
    // The owner's own Stripe keys (Settings > Payments): the customer gets a link once the order is confirmed.
    const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
    const webhookSecret = `whsec_${randomBytes(12).toString("hex")}`;
    // Nobody pays in a conversation of the corpus: the fake never posts to this address.
    accounts.addAccount(secretKey, webhookSecret, `http://127.0.0.1:9/payments/stripe/${businessId}`);
    await call(key, "PUT", "/v1/payments/settings", { secretKey, webhookSecret, requirePayment: true, ...p.payments });
  }

  const skills: Array<{ id: string; name: string; assistantId: string }> = (await call(key, "GET", "/v1/skills")).data;
  if (!skills.length) throw new Error("the sign-up installed no ready-made skills");
  const assistantId = skills[0].assistantId;
  for (const s of skills) {
    const { graph, version } = await call(key, "GET", `/v1/skills/${s.id}`);
    await call(key, "PUT", `/v1/skills/${s.id}`, { name: s.name, enabled: true, graph, assistantId: s.assistantId, expectedVersion: version });
  }

  const [first, ...others] = p.languages;
  for (const item of p.knowledge)
    await call(key, "POST", `/v1/assistants/${assistantId}/knowledge`, {
      ...item[first],
      language: first,
      translations: Object.fromEntries(others.map((l) => [l, item[l]])),
    });

  return { businessId, assistantId, key, staffIds, serviceIds };
}

/**
 * The hooks of a describe block whose customers write to trade businesses at a fixed time: an
 * assistant worker, the clock pinned at `now` (again after each test, which may move it), and one
 * business of each profile made before the first test. The returned object holds them by name once
 * the tests run: `const shops = tradeShops(NOW, { salon: BELA, clinic: SONRISA })`, then `shops.salon`.
 */
export function tradeShops<K extends string>(now: Date, profiles: Record<K, TradeProfile>): Record<K, TradeShop> {
  const shops = {} as Record<K, TradeShop>;
  let worker: ReturnType<typeof assistantWorker> | undefined;
  beforeAll(async () => {
    worker = assistantWorker();
    pinClock(now);
    for (const name of Object.keys(profiles) as K[]) shops[name] = await makeTradeBusiness(profiles[name]);
  });
  afterEach(() => pinClock(now));
  afterAll(async () => {
    pinClock(null);
    await worker?.stop();
  });
  return shops;
}
