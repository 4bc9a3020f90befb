import Papa from "papaparse";
import { fieldLabelOf } from "@/lib/shared/record-labels";
import type { MoneyFormat } from "@/lib/shared/record-money";
import { statusLabel } from "@/lib/shared/record-statuses";
import { csvFieldValue, instantForCsv } from "./record-format";

export type RecordRow = {
  id: string;
  collection: string;
  fields: Record<string, unknown>;
  conversationId: string | null;
  contactId: string | null;
  contact?: { name: string | null; phone: string | null; username?: string | null } | null;
  status?: string;
  createdAt: string;
};

/**
 * How the rows are read: the skills' labels by field key, the business's time zone, and which fields
 * are money (in the currency's minor unit) with how the business writes money.
 */
export type RecordLayout = { labels: Record<string, string>; timeZone: string; moneyFields?: string[]; money?: MoneyFormat };

/** How to write one field's value: as money when the layout says it is an amount. */
export function moneyOf(layout: RecordLayout, field: string): MoneyFormat | null {
  return layout.money && layout.moneyFields?.includes(field) ? layout.money : null;
}

/** The captured fields' names across rows, in first-seen order: the table's and the CSV's columns. */
export function fieldColumns(rows: RecordRow[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r.fields ?? {})) seen.add(k);
  return [...seen];
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Text cells a spreadsheet would read as a formula (or, with a leading tab or carriage return, as one
 * after trimming): a customer's answer `=HYPERLINK("http://evil", "Click")` must open as text. Such a
 * cell gets a leading `'` (OWASP's advice). Not papaparse's own `escapeFormulae: true`: its pattern
 * ends in `.*$` without the s flag, so a formula followed by a line break slipped through.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV of the rows (papaparse's unparse): the record's id, when it was captured (in the business's time
 * zone), the customer's name and phone and the status, then one column per captured field headed by
 * its label, then the ids to link back.
 */
export function recordsToCsv(rows: RecordRow[], layout: RecordLayout = { labels: {}, timeZone: "UTC" }): string {
  const fields = fieldColumns(rows);
  // Numbers stay numbers (papaparse never escapes them), so -5 is still -5 in the spreadsheet.
  const cell = (v: unknown, field: string) => csvFieldValue(v, layout.timeZone, moneyOf(layout, field));
  return Papa.unparse(
    {
      fields: [
        "Record id",
        `Captured (${layout.timeZone})`,
        "Customer",
        "Phone",
        "Status",
        ...fields.map((f) => fieldLabelOf(layout.labels, f)),
        "Conversation id",
        "Contact id",
      ],
      data: rows.map((r) => [
        r.id,
        instantForCsv(r.createdAt, layout.timeZone),
        r.contact?.name ?? "",
        r.contact?.phone ?? r.contact?.username ?? "",
        r.status ? statusLabel(r.status) : "",
        ...fields.map((f) => cell(r.fields[f], f)),
        r.conversationId ?? "",
        r.contactId ?? "",
      ]),
    },
    { escapeFormulae: FORMULA_START },
  );
}

export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
