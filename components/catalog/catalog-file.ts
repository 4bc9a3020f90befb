import Papa from "papaparse";
import type { CatalogItemIn } from "@/lib/shared/catalog-schema";
import { checkItem, quoteValue, rowMessage } from "@/lib/shared/catalog-plain-errors";

// The browser half of a catalog upload: read a CSV or JSON file into rows, map its columns to item
// fields, and check every row with the API's own schema (catalogItemIn) before anything is sent.

export type Row = Record<string, unknown>;
export type ParsedFile = { columns: string[]; rows: Row[] };

export const itemFields = ["externalId", "title", "priceAmount", "currency", "inStock", "description", "imageUrl"] as const;
export type ItemField = (typeof itemFields)[number];
export type Mapping = Record<ItemField, string> & { priceUnit: "minor" | "major"; defaultCurrency: string };

export const fieldLabels: Record<ItemField, string> = {
  externalId: "External id",
  title: "Title",
  priceAmount: "Price amount",
  currency: "Currency",
  inStock: "In stock",
  description: "Description",
  imageUrl: "Image URL",
};

export type CheckedRow = { line: number; item: CatalogItemIn | null; raw: Row; errors: string[] };

/** CSV (header row first) or JSON (an array of objects, or `{ "items": [...] }`); nested objects become `a.b` columns. */
export async function parseCatalogFile(file: File): Promise<ParsedFile> {
  const text = await file.text();
  const json = file.name.toLowerCase().endsWith(".json") || /^\s*[[{]/.test(text);
  if (json) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new Error(`The file is not valid JSON: ${(err as Error).message}`);
    }
    const list = Array.isArray(data) ? data : (data as { items?: unknown })?.items;
    if (!Array.isArray(list)) throw new Error('A JSON file must hold an array of items, or an object with an "items" array.');
    const rows = list.map((entry) => flatten(entry && typeof entry === "object" ? (entry as Row) : { value: entry }));
    return { columns: [...new Set(rows.flatMap((r) => Object.keys(r)))], rows };
  }
  const parsed = Papa.parse<Row>(text, { header: true, skipEmptyLines: "greedy", worker: false, transformHeader: (h) => h.trim() });
  const fatal = parsed.errors.find((e) => e.type === "Delimiter" || e.code === "MissingQuotes");
  if (fatal) throw new Error(`Could not read the CSV (row ${fatal.row ?? "?"}): ${fatal.message}`);
  return { columns: (parsed.meta.fields ?? []).filter(Boolean), rows: parsed.data };
}

function flatten(entry: Row, prefix = "", out: Row = {}): Row {
  for (const [key, value] of Object.entries(entry)) {
    if (value && typeof value === "object" && !Array.isArray(value) && !prefix) flatten(value as Row, `${key}.`, out);
    else out[prefix + key] = value;
  }
  return out;
}

const aliases: Record<ItemField, string[]> = {
  externalId: ["externalid", "external_id", "id", "sku", "code", "productid", "itemid"],
  title: ["title", "name", "productname", "product", "item"],
  priceAmount: ["priceamount", "price.amount", "price", "amount", "pricecents"],
  currency: ["currency", "price.currency", "pricecurrency"],
  inStock: ["instock", "in_stock", "stock", "available", "availability"],
  description: ["description", "desc", "details"],
  imageUrl: ["imageurl", "image_url", "image", "photo", "picture"],
};
const normal = (s: string) => s.toLowerCase().replace(/[\s_-]/g, "");

/** A first guess at the mapping from the file's column names. */
export function guessMapping(file: ParsedFile): Mapping {
  const pick = (field: ItemField) => file.columns.find((c) => aliases[field].some((a) => normal(a) === normal(c))) ?? "";
  const mapping = Object.fromEntries(itemFields.map((f) => [f, pick(f)])) as Record<ItemField, string>;
  const decimals = mapping.priceAmount && file.rows.slice(0, 200).some((r) => /\d[.,]\d/.test(String(r[mapping.priceAmount] ?? "")));
  return { ...mapping, priceUnit: decimals ? "major" : "minor", defaultCurrency: "" };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function toNumber(v: unknown, unit: Mapping["priceUnit"]): unknown {
  if (typeof v === "number") return unit === "major" ? Math.round(v * 100) : v;
  const s = String(v).trim().replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(s)) return String(v);
  return unit === "major" ? Math.round(Number(s) * 100) : Number(s);
}

function toBoolean(v: unknown): unknown {
  if (typeof v === "boolean") return v;
  const s = String(v).trim().toLowerCase();
  if (["true", "yes", "y", "1", "in stock", "available"].includes(s)) return true;
  if (["false", "no", "n", "0", "out of stock", "unavailable", "sold out"].includes(s)) return false;
  return String(v);
}

/** The item a row becomes under a mapping (before validation: wrong values are kept so the schema names them). */
export function rowToItem(row: Row, m: Mapping): Record<string, unknown> {
  const get = (field: ItemField) => (m[field] ? row[m[field]] : undefined);
  const item: Record<string, unknown> = { externalId: blank(get("externalId")) ? undefined : String(get("externalId")).trim() };
  item.title = blank(get("title")) ? undefined : String(get("title")).trim();
  if (!blank(get("priceAmount"))) {
    const currency = blank(get("currency")) ? m.defaultCurrency : String(get("currency"));
    item.price = { amount: toNumber(get("priceAmount"), m.priceUnit), currency: currency.trim().toUpperCase() };
  }
  if (!blank(get("inStock"))) item.inStock = toBoolean(get("inStock"));
  if (!blank(get("description"))) item.description = String(get("description"));
  if (!blank(get("imageUrl"))) item.imageUrl = String(get("imageUrl")).trim();
  return item;
}

/**
 * Every row checked with the API's own item schema, each problem worded for a person with the row,
 * the file's column and the bad value ("row 14, price: 'twelve' is not a number"), plus duplicate
 * external ids (the API refuses a batch holding one twice).
 */
export function checkRows(rows: Row[], m: Mapping): CheckedRow[] {
  const seen = new Map<string, number>();
  const columnOf = (field: string) => {
    const mapped = field === "price" ? m.priceAmount : field === "currency" ? m.currency : (m as Record<string, string>)[field];
    return mapped || field;
  };
  return rows.map((raw, i) => {
    const line = i + 1;
    const { data, problems } = checkItem(rowToItem(raw, m), line, columnOf);
    const errors = problems.map((p) => p.message);
    if (data) {
      const first = seen.get(data.externalId);
      if (first !== undefined) errors.push(rowMessage(line, columnOf("externalId"), `${quoteValue(data.externalId)} is also in row ${first}`));
      else seen.set(data.externalId, line);
    }
    return { line, raw, item: data && !errors.length ? data : null, errors };
  });
}

/** Batches of at most 1,000 items (the API's limit) and about 900 KB (under the 1 MiB body limit). */
export function batches(items: CatalogItemIn[], maxItems = 1000, maxBytes = 900_000): CatalogItemIn[][] {
  const out: CatalogItemIn[][] = [];
  let current: CatalogItemIn[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (current.length && (current.length >= maxItems || bytes + size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}
