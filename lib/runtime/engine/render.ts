import type { Language } from "../../language";
import { formatDateTime, formatDay, languageOfLocale, onDayWord } from "../../shared/locale-format";
import { cartField, isCart } from "./cart-math";
import { formatPrice } from "../understanding/price";
import { isoDatePattern, isoDateTimePattern } from "../../time/time-zone";

// Filling `{{variable}}` and `{{variable.field}}` from a session. A variable no node set renders as "".
// Messages show dates and prices the way the customer reads them ("Saturday 5 December at 20:00",
// "sábado, 5 de dezembro, às 20:00" in the business's zone; lib/shared/locale-format.ts);
// record fields keep the stored value, and a field that is exactly one placeholder keeps its type
// (party_size stays the number 4, item stays the chosen item object).

const placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})(?:\.([A-Za-z_][A-Za-z0-9_]*))?\s*\}\}/g;
const whole = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})(?:\.([A-Za-z_][A-Za-z0-9_]*))?\s*\}\}$/;

export type Variables = Record<string, unknown>;

export function lookup(variables: Variables, name: string, field?: string, lang: Language = "en"): unknown {
  const value = variables[name];
  if (!field) return value;
  if (!value || typeof value !== "object") return undefined;
  if (isCart(value)) return cartField(value, field, variables, lang);
  const object = value as Record<string, unknown>;
  // A chosen item's price is written in the customer's way, whatever was stored when it was chosen.
  if (field === "price" && typeof object.priceAmount === "number") return formatPrice(object.priceAmount, object.currency as string | null, lang);
  if (field in object) return object[field];
  // A chosen item's total: its price times the skill's `quantity` (1 when there is none), so an
  // order can be confirmed with "{{item.total}}" without arithmetic in the graph.
  if ((field === "total" || field === "totalAmount") && typeof object.priceAmount === "number") {
    const quantity = typeof variables.quantity === "number" && variables.quantity > 0 ? variables.quantity : 1;
    const amount = Math.round(object.priceAmount * quantity);
    if (field === "totalAmount") return amount;
    return formatPrice(amount, object.currency as string | null, lang);
  }
  return undefined;
}

function asText(value: unknown, timeZone: string | null, lang: Language = "en"): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") {
    if (timeZone && isoDateTimePattern.test(value)) return formatDateTime(value, timeZone, lang);
    if (timeZone && isoDatePattern.test(value)) return formatDay(value, lang);
    return value;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // A chosen catalog item (or any object with a title) reads as its title.
  if (typeof value === "object" && "title" in value) return String((value as { title: unknown }).title);
  return JSON.stringify(value);
}

/**
 * Text for the customer: dates and date-times read naturally in the business's time zone, prices in
 * the customer's way. A Portuguese "em" before a date becomes "no"/"na" ("Mesa para 2 no sábado,
 * 5 de dezembro"), as Portuguese contracts it before a weekday.
 */
export function renderMessage(template: string, variables: Variables, timeZone: string, locale = "en-GB"): string {
  const lang = languageOfLocale(locale);
  const text = template.replace(placeholder, (_, name: string, field?: string) => asText(lookup(variables, name, field, lang), timeZone, lang));
  return lang === "pt"
    ? text.replace(/\bem (?=(segunda|terça|quarta|quinta|sexta|sábado|domingo)\b)/g, (_, day: string) => `${onDayWord(day, "pt")} `)
    : text;
}

/** A record field: the raw value when the template is one placeholder, else the filled-in text. */
export function renderField(template: string, variables: Variables): unknown {
  const single = whole.exec(template);
  if (single) return lookup(variables, single[1], single[2]) ?? "";
  return template.replace(placeholder, (_, name: string, field?: string) => asText(lookup(variables, name, field), null));
}
