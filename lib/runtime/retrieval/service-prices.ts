import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { services } from "../../db/schema";
import type { Language } from "../../language";
import { formatPrice } from "../understanding/price";
import { asksDuration, asksPrice } from "../understanding/fact-questions";
import { t } from "../messages";
import { normalize } from "../understanding/text-match";
import { priceAsking } from "./facts-answer";
import { joinsTwo, saidWhole, searchServices, serviceName, withNails } from "./service-search";

// "how much is a check-up and how much is a cleaning?", "quanto custa o branqueamento?": what the
// business's services cost, one line each, as a receptionist says it. A price asked of no service
// ("Segunda às 11h dá? Quanto custa?") is the price of the service the rest of the message (`about`)
// names.

export async function servicePriceReply(
  db: Db,
  businessId: string,
  asked: string,
  language: Language,
  about?: string,
  opts: { priced?: boolean } = {},
): Promise<{ text: string; context: string } | null> {
  const question = withNails(asked);
  // "¿hacéis uñas?", "do you do highlights?": a service asked after is answered with what it costs.
  const offered = opts.priced || asksIfOffered.test(normalize(question));
  if (!(asksPrice(question) || offered) || (asksDuration(question) && !namesPrice(question))) return null;
  const strip = (p: string) => ` ${normalize(p)} `.replace(priceAsking, " ").trim();
  const parts = question
    .split(/[,;.?!]|\s(?:and|&|e|y|plus|or|ou|o)\s/i)
    .map(strip)
    .filter(Boolean);
  const ids = new Set<string>();
  const pricedAsked = asksPrice(question);
  const clear = async (text: string) => {
    const found = await searchServices(db, businessId, text);
    const [best, second] = found;
    // One service clearly named ("a cleaning").
    if (!best) return [];
    if (!second || best.score > second.score * 1.3) return [best.service.id];
    // A price asked of a word a few services share ("how much is a haircut?", "a trim"): each of them, as
    // a receptionist says the women's and the men's price; a combination only when its other part is said
    // too. Asked only whether it is done ("fazem cortes a crianças?"), the knowledge answers instead.
    if (!pricedAsked) return [];
    const alike = found.filter((m) => m.score * 1.3 >= best.score);
    const single = alike.filter((m) => !joinsTwo(m.service) || saidWhole(m.service, text));
    const named = single.length ? single : alike;
    return named.length <= 3 ? named.map((m) => m.service.id) : [];
  };
  // "how much is a haircut and beard?": a service whose name joins two things, said whole, is one
  // service, not two questions.
  const whole = await searchServices(db, businessId, strip(question));
  if (whole[0] && saidWhole(whole[0].service, question) && joinsTwo(whole[0].service)) ids.add(whole[0].service.id);
  else for (const part of parts.slice(0, 4)) for (const id of await clear(part)) ids.add(id);
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

/**
 * "¿cuánto cuesta un corte de hombre?" then "¿y con barba?": the price of the service that joins the one
 * asked about and the thing added ("Corte y barba"), else of the thing added alone.
 */
export async function addedServicePrice(
  db: Db,
  businessId: string,
  before: string,
  added: string,
  language: Language,
): Promise<{ text: string; context: string } | null> {
  const [first] = await searchServices(db, businessId, before);
  if (!first) return null;
  const together = `${serviceName(first.service, language)} ${added}`;
  const both = (await searchServices(db, businessId, together)).find(
    (m) => m.service.id !== first.service.id && joinsTwo(m.service) && saidWhole(m.service, together),
  );
  const name = both ? serviceName(both.service, language) : added;
  return servicePriceReply(db, businessId, `${name}?`, language, undefined, { priced: true });
}

const asksIfOffered = /\b(?:do you do|do you offer|do you guys do|haceis|hacen|hace|fazem|voces fazem|fazeis|ofreceis|ofrecen|oferecem)\b/;

// "¿Cuánto tarda un corte y barba?" asks how long; "cuánto cuesta" and "how much" ask the price.
const priceNamed =
  /\b(?:price|prices|cost|costs|charge|much(?! time)|preco|precos|custa|custam|custo|cobram|cobra|precio|precios|cuesta|cuestan|cobrais|cobran|cobras)\b/;
const namesPrice = (text: string) => priceNamed.test(normalize(text));

// "E demora quanto tempo?", "how long does a colour take?", "¿cuánto dura una limpieza?": how long the
// service named (in the question, else in the first of `about` that names one: the message, the one before) takes.
export async function serviceDurationReply(
  db: Db,
  businessId: string,
  question: string,
  language: Language,
  about: Array<string | null | undefined> = [],
): Promise<{ text: string; context: string } | null> {
  if (!asksDuration(question)) return null;
  const clear = async (text: string) => {
    const [best, second] = await searchServices(db, businessId, text);
    if (!best || (second && best.score <= second.score * 1.3)) return null;
    return best.service.id;
  };
  let id = await clear(question);
  for (const text of about) if (!id && text) id = await clear(text);
  if (!id) return null;
  const [row] = await db
    .select({ name: services.name, minutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.active, true), eq(services.id, id)));
  if (!row) return null;
  const text = t(language, "service.duration", { service: serviceName(row, language), duration: spokenDuration(row.minutes, language) });
  return { text, context: text };
}

const units: Record<Language, { hour: [string, string]; minute: [string, string]; and: string }> = {
  en: { hour: ["hour", "hours"], minute: ["minute", "minutes"], and: " " },
  pt: { hour: ["hora", "horas"], minute: ["minuto", "minutos"], and: " e " },
  es: { hour: ["hora", "horas"], minute: ["minuto", "minutos"], and: " y " },
  fr: { hour: ["heure", "heures"], minute: ["minute", "minutes"], and: " " },
  de: { hour: ["Stunde", "Stunden"], minute: ["Minute", "Minuten"], and: " " },
};

/** 45 -> "45 minutes", 90 -> "1 hour 30 minutes", 120 -> "2 hours", in the customer's language. */
export function spokenDuration(minutes: number, language: Language): string {
  const u = units[language];
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;
  if (!h) return part(m, u.minute);
  return m ? `${part(h, u.hour)}${u.and}${part(m, u.minute)}` : part(h, u.hour);
}
