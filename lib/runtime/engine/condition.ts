import type { NodeData } from "../../shared/graph-schema";
import { normalize } from "../understanding/text-match";
import { lookup, type Variables } from "./render";

// A `condition` node's test. Text compares like triggers do (no case, no accents), so a choice stored
// as "Yes" equals "yes"; numbers (and numeric text such as "4") compare as numbers; ISO dates compare
// in time order with gt/lt.

const asNumber = (v: unknown): number | null => {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const asTime = (v: unknown): number | null => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) || null : null);

const asText = (v: unknown): string =>
  v && typeof v === "object" && "title" in v
    ? normalize(String((v as { title: unknown }).title))
    : normalize(v === undefined || v === null ? "" : String(v));

export function testCondition(data: NodeData<"condition">, variables: Variables): boolean {
  const [name, field] = data.variable.split(".");
  const value = lookup(variables, name, field);
  const expected = data.value;
  switch (data.operator) {
    case "exists":
      return value !== undefined && value !== null && value !== "";
    case "equals":
    case "not_equals": {
      const [a, b] = [asNumber(value), asNumber(expected)];
      const same = a !== null && b !== null ? a === b : asText(value) === asText(expected);
      return data.operator === "equals" ? same : !same;
    }
    case "contains":
      return asText(value).includes(asText(expected));
    case "gt":
    case "lt": {
      const [a, b] = [asNumber(value) ?? asTime(value), asNumber(expected) ?? asTime(expected)];
      if (a === null || b === null) return false;
      return data.operator === "gt" ? a > b : a < b;
    }
  }
}
