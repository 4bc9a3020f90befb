// Per-contact template variables: each variable is text in which `{{field|fallback}}` is replaced by
// the contact's field (name, phone) or metadata key (`metadata.table` or just `table`), or by the
// fallback when the contact has none ("Hi {{name|there}}" -> "Hi there" for a nameless contact).

export type VariableContact = { name: string | null; phone: string; metadata: Record<string, unknown> };

// No two quantifiers here can take the same character: the field's own spaces are trimmed by lookup(),
// not by `\s*` beside it (the old `\{\{\s*([^{}|]+?)\s*...` backtracked cubically on "{{" + spaces).
const EXPR = /\{\{([^{}|]+)(?:\|([^{}]*))?\}\}/g;

function lookup(contact: VariableContact, field: string): string | null {
  const key = field.trim();
  if (key === "name") return contact.name?.trim() || null;
  if (key === "phone") return contact.phone;
  const path = key.startsWith("metadata.") ? key.slice("metadata.".length) : key;
  let value: unknown = contact.metadata;
  for (const part of path.split(".")) {
    value = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (value === undefined || value === null) return null;
  const text = typeof value === "string" ? value.trim() : typeof value === "number" || typeof value === "boolean" ? String(value) : "";
  return text || null;
}

export function renderVariable(expr: string, contact: VariableContact): string {
  return expr.replace(EXPR, (_, field: string, fallback: string | undefined) => lookup(contact, field) ?? fallback?.trim() ?? "");
}

export function renderVariables(exprs: string[], contact: VariableContact): string[] {
  return exprs.map((e) => renderVariable(e, contact));
}
