import type { z } from "zod";
import { formatPath } from "./field-path";
import { catalogItemIn } from "./catalog-schema";

// Catalog upload problems in plain words, naming the row, the column and the bad value:
// "row 14, price: 'twelve' is not a number". Browser-safe: the dashboard's upload preview and the
// API's validation answer (POST /v1/catalog/{collection}/items) both word their problems with it.

export type RowProblem = { row: number; column: string; path: readonly PropertyKey[]; message: string };

/** The item field a problem is about, as a person names it (price.amount is the price). */
const fieldNames: Record<string, string> = {
  externalId: "externalId",
  title: "title",
  "price.amount": "price",
  "price.currency": "currency",
  price: "price",
  inStock: "inStock",
  stock: "stock",
  description: "description",
  imageUrl: "imageUrl",
  metadata: "metadata",
};

export function fieldOfPath(path: readonly PropertyKey[]): string {
  const key = path.map(String).join(".");
  return fieldNames[key] ?? (path.length ? String(path[0]) : "row");
}

/** A value as it is quoted in a message: short, on one line. */
export function quoteValue(value: unknown): string {
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) text = String(value);
  text = text.replace(/\s+/g, " ");
  return `'${text.length > 60 ? `${text.slice(0, 57)}...` : text}'`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const part of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[part];
  }
  return v;
}

/** What is wrong with one value, without the row and the column ("is not a number"). */
export function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const field = fieldOfPath(issue.path);
  if (value === undefined) return field === "price" && issue.path.at(-1) === "currency" ? "is missing (give a currency such as EUR)" : "is missing";
  if (value === "" && field === "currency") return "is missing (give a currency such as EUR)";
  if (value === "") return "is empty";
  const q = quoteValue(value);
  switch (issue.code) {
    case "invalid_type": {
      if (issue.expected === "int" && typeof value === "number") return `${q} is not a whole number of cents`;
      if (issue.expected === "number" || issue.expected === "int") return `${q} is not a number`;
      if (issue.expected === "boolean") return `${q} is not yes or no`;
      if (issue.expected === "string") return `${q} is not text`;
      if (issue.expected === "object" || issue.expected === "record") return `${q} is not an object`;
      return `${q} is not valid here`;
    }
    case "too_small":
      if (issue.origin === "number") return `${q} is below ${issue.minimum}`;
      if (issue.origin === "string") return "is empty";
      return `${q} is too short`;
    case "too_big":
      if (issue.origin === "string") return `is longer than ${issue.maximum} characters`;
      if (issue.origin === "number") return `${q} is above ${issue.maximum}`;
      return `${q} is too large`;
    case "invalid_format":
      if (field === "currency") return `${q} is not a currency code such as EUR`;
      if (field === "imageUrl") return `${q} is not an https link`;
      return `${q} is not in the expected format`;
    default:
      if (field === "currency") return `${q} is not a currency code such as EUR`;
      if (field === "price" && typeof value === "number" && !Number.isInteger(value)) return `${q} is not a whole number of cents`;
      if (field === "imageUrl") return `${q} is not an https link`;
      return `${q} ${issue.message.replace(/\.$/, "")}`;
  }
}

export function rowMessage(row: number, column: string, problem: string): string {
  return `row ${row}, ${column}: ${problem}`;
}

/**
 * Checks one item (already shaped like the API's item) and words each problem. `row` is the 1-based
 * row a person sees; `columnOf` names the column a field came from (the file's own column in the
 * dashboard, the field itself in the API).
 */
export function checkItem(
  item: unknown,
  row: number,
  columnOf: (field: string) => string = (f) => f,
): { data: z.output<typeof catalogItemIn> | null; problems: RowProblem[] } {
  const result = catalogItemIn.safeParse(item);
  if (result.success) return { data: result.data, problems: [] };
  const problems = result.error.issues.map((issue) => {
    const field = fieldOfPath(issue.path);
    const value = valueAt(item, issue.path);
    const column = columnOf(field) || field;
    return { row, column, path: issue.path, message: rowMessage(row, column, describeIssue(issue, value)) };
  });
  return { data: null, problems };
}

/** Problems of a whole upsert body's items (row n is items[n-1]), duplicates included; [] when all are fine. */
export function catalogBodyProblems(items: unknown[]): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const { data, problems } = checkItem(item, i + 1);
    for (const p of problems) out.push({ path: formatPath(["items", i, ...p.path]), message: p.message });
    if (data) {
      const first = seen.get(data.externalId);
      if (first !== undefined) {
        out.push({
          path: `items[${i}].externalId`,
          message: rowMessage(i + 1, "externalId", `${quoteValue(data.externalId)} is also in row ${first}`),
        });
      } else seen.set(data.externalId, i + 1);
    }
  });
  return out;
}
