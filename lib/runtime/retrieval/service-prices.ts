import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { services } from "../../db/schema";
import type { Language } from "../../language";
import { formatPrice } from "../understanding/price";
import { asksPrice } from "../understanding/fact-questions";
import { normalize } from "../understanding/text-match";
import { priceAsking } from "./facts-answer";
import { searchServices, serviceName } from "./service-search";

// "how much is a check-up and how much is a cleaning?", "quanto custa o branqueamento?": what the
// business's services cost, one line each, as a receptionist says it. A price asked of no service
// ("Segunda às 11h dá? Quanto custa?") is the price of the service the rest of the message (`about`)
// names.

export async function servicePriceReply(
  db: Db,
  businessId: string,
  question: string,
  language: Language,
  about?: string,
): Promise<{ text: string; context: string } | null> {
  if (!asksPrice(question)) return null;
  const strip = (p: string) => ` ${normalize(p)} `.replace(priceAsking, " ").trim();
  const parts = question
    .split(/[,;.?!]|\s(?:and|&|e|y|plus|or|ou|o)\s/i)
    .map(strip)
    .filter(Boolean);
  const ids = new Set<string>();
  const clear = async (text: string) => {
    const [best, second] = await searchServices(db, businessId, text);
    // One service clearly named ("a cleaning"); none when a word names two alike ("corte": which cut?).
    if (!best) return [];
    if (!second || best.score > second.score * 1.3) return [best.service.id];
    return [];
  };
  for (const part of parts.slice(0, 4)) for (const id of await clear(part)) ids.add(id);
  if (!ids.size && about) for (const id of await clear(about)) ids.add(id);
  if (!ids.size) return null;
  const rows = await db
    .select({ id: services.id, name: services.name, amount: services.priceAmount, currency: services.priceCurrency })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.active, true), inArray(services.id, [...ids])));
  const lines = rows
    .filter((r) => r.amount !== null)
    .sort((a, b) => [...ids].indexOf(a.id) - [...ids].indexOf(b.id))
    .map((r) => `${serviceName(r, language)}: ${formatPrice(r.amount, r.currency, language)}`);
  if (!lines.length) return null;
  const text = lines.join("\n");
  return { text, context: text };
}
