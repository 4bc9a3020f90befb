import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type RecordRow, recordsToCsv } from "@/components/records/records-csv";

// Issue 12 item 3: a customer's answer `=HYPERLINK(...)` came out of the records CSV as a live formula.
describe("records CSV export", () => {
  const row = (fields: Record<string, unknown>): RecordRow => ({
    id: "rec_1",
    collection: "leads",
    fields,
    conversationId: null,
    contactId: "ct_1",
    createdAt: "2026-01-01T00:00:00.000Z",
  });

  it("turns every cell a spreadsheet would run as a formula into text", () => {
    const hostile = {
      a: '=HYPERLINK("http://evil.example","Click")',
      b: "+1+cmd|' /C calc'!A0",
      c: "-2+3",
      d: "@SUM(A1:A9)",
      e: "\t=1+1",
      f: "\r=1+1",
      g: "=1+1\nsecond line",
    };
    const csv = recordsToCsv([row(hostile)]);
    const [header, values] = Papa.parse<string[]>(csv).data;
    const cells = Object.fromEntries(header.map((h, i) => [h, values[i]]));
    for (const [k, v] of Object.entries(hostile)) expect(cells[k]).toBe(`'${v}`);
  });

  it("leaves ordinary text, numbers and the record's own columns alone", () => {
    const csv = recordsToCsv([row({ name: "Ana", note: "a=b", qty: -5, price: 12.5, email: "a@b.example" })]);
    const [header, values] = Papa.parse<string[]>(csv).data;
    expect(header).toEqual(["id", "createdAt", "name", "note", "qty", "price", "email", "conversationId", "contactId"]);
    expect(values).toEqual(["rec_1", "2026-01-01T00:00:00.000Z", "Ana", "a=b", "-5", "12.5", "a@b.example", "", "ct_1"]);
  });
});
