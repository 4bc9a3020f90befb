import type { Language } from "../language";
import { formatMoney } from "./locale-format";

// Money in records, as a person reads it (issue 36): skills store amounts in the currency's minor unit
// (an order's `total` 1900 is 19.00 EUR), so the Records table and its CSV export must say "€19.00" or
// "19,00 €", never "1900". Which fields are money comes from the skills that write the collection (a
// field whose value is exactly a cart or item amount such as `{{cart.totalAmount}}`) and, for orders,
// from the ready-made skill's fields, so an order written by a skill since deleted still reads right.
// Browser-safe (pure), so the table and the CSV agree.

/** The business's way of writing money: its currency (null when it has none yet) and its language. */
export type MoneyFormat = { currency: string | null; language: Language };

/** The amount fields of the ready-made order skill. */
export const STANDARD_MONEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  orders: ["subtotal", "deliveryFee", "total"],
};

const AMOUNT_TEMPLATE = /^\s*\{\{\s*[A-Za-z_]\w*\.(?:subtotalAmount|feeAmount|totalAmount|priceAmount)\s*\}\}\s*$/;

type LooseGraph = { nodes?: unknown };
const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The fields of a collection that hold money in the minor unit: the standard ones and those the skills fill with an amount. */
export function moneyFieldsFromGraphs(graphs: LooseGraph[], collection: string): string[] {
  const out = new Set<string>(STANDARD_MONEY_FIELDS[collection] ?? []);
  for (const graph of graphs) {
    const nodes = Array.isArray(graph?.nodes) ? (graph.nodes as { type?: unknown; data?: unknown }[]) : [];
    for (const node of nodes) {
      const data = asRecord(node?.data);
      if (node?.type !== "record" || !data || data.collection !== collection) continue;
      for (const [key, template] of Object.entries(asRecord(data.fields) ?? {})) {
        if (typeof template === "string" && AMOUNT_TEMPLATE.test(template)) out.add(key);
      }
    }
  }
  return [...out];
}

/** A whole number of minor units, as a skill stores it (a number, or digits a template wrote as text). */
function minorUnits(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * An amount field's value as money: 1900 with EUR -> "€19.00" (en), "19,00 €" (pt, es). Without a
 * currency the amount is still shown in units with two decimals ("19.00"). Null when the value is not
 * an amount (then it is shown as it is).
 */
export function formatAmount(value: unknown, money: MoneyFormat): string | null {
  const amount = minorUnits(value);
  if (amount === null) return null;
  if (!money.currency) return (amount / 100).toFixed(2);
  return formatMoney(amount, money.currency, money.language);
}
