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
    // Columns are headed by the fields made readable: a -> "A".
    for (const [k, v] of Object.entries(hostile)) expect(cells[k.toUpperCase()]).toBe(`'${v}`);
  });

  it("leaves ordinary text, numbers and the record's own columns alone", () => {
    const csv = recordsToCsv([row({ name: "Ana", note: "a=b", qty: -5, price: 12.5, email: "a@b.example" })]);
    const [header, values] = Papa.parse<string[]>(csv).data;
    expect(header).toEqual([
      "Record id",
      "Captured (UTC)",
      "Customer",
      "Phone",
      "Status",
      "Name",
      "Note",
      "Qty",
      "Price",
      "Email",
      "Conversation id",
      "Contact id",
    ]);
    expect(values).toEqual(["rec_1", "2026-01-01 00:00", "", "", "", "Ana", "a=b", "-5", "12.5", "a@b.example", "", "ct_1"]);
  });

  // Issue 15 part 4: the export reads like the table: labels, local times, the customer and the status.
  it("heads columns with the skills' labels and writes times in the business's time zone", () => {
    const booking: RecordRow = {
      ...row({ PARTY_SIZE: 4, when: "2026-11-28T20:00:00.000Z", slot: "2026-11-28T21:30", items: [{ title: "Pizza", qty: 2 }] }),
      collection: "bookings",
      contact: { name: "=Ada", phone: "+351912345678" },
      status: "no_show",
      createdAt: "2026-11-23T23:30:00.000Z",
    };
    const csv = recordsToCsv([booking], { labels: { PARTY_SIZE: "Guests" }, timeZone: "Asia/Tokyo" });
    const [header, values] = Papa.parse<string[]>(csv).data;
    expect(header).toEqual([
      "Record id",
      "Captured (Asia/Tokyo)",
      "Customer",
      "Phone",
      "Status",
      "Guests",
      "When",
      "Slot",
      "Items",
      "Conversation id",
      "Contact id",
    ]);
    expect(values).toEqual([
      "rec_1",
      "2026-11-24 08:30",
      "'=Ada",
      "'+351912345678",
      "no-show",
      "4",
      "2026-11-29 05:00",
      "2026-11-28 21:30",
      "2 × Pizza",
      "",
      "ct_1",
    ]);
  });
});

// Issue 36 item 5: "1900" in the export for a 19.00 EUR order. Amount fields are money, in the
// business's currency and locale, exactly as the table shows them.
describe("records CSV money", () => {
  const order: RecordRow = {
    id: "rec_9",
    collection: "orders",
    fields: {
      items: [{ title: "Bacalhau", qty: 1, unitPrice: 1650 }],
      subtotal: 1650,
      deliveryFee: "250",
      total: 1900,
      totalText: "19,00 €",
      qty: 3,
    },
    conversationId: null,
    contactId: null,
    createdAt: "2026-11-28T20:00:00.000Z",
  };
  const cells = (csv: string) => {
    const [header, values] = Papa.parse<string[]>(csv).data;
    return Object.fromEntries(header.map((h, i) => [h, values[i]]));
  };
  const moneyFields = ["subtotal", "deliveryFee", "total"];

  it("writes amounts in the currency and locale, never in cents", () => {
    const pt = cells(recordsToCsv([order], { labels: {}, timeZone: "UTC", moneyFields, money: { currency: "EUR", language: "pt" } }));
    expect(pt).toMatchObject({ Subtotal: "16,50 €", "Delivery fee": "2,50 €", Total: "19,00 €", Qty: "3", Items: "1 × Bacalhau" });
    const en = cells(recordsToCsv([order], { labels: {}, timeZone: "UTC", moneyFields, money: { currency: "EUR", language: "en" } }));
    expect(en).toMatchObject({ Subtotal: "€16.50", "Delivery fee": "€2.50", Total: "€19.00" });
    const yen = cells(recordsToCsv([order], { labels: {}, timeZone: "UTC", moneyFields, money: { currency: "JPY", language: "en" } }));
    expect(yen.Total).toBe("JP¥1,900");
    // No currency stated yet: units with two decimals, still not cents.
    const none = cells(recordsToCsv([order], { labels: {}, timeZone: "UTC", moneyFields, money: { currency: null, language: "en" } }));
    expect(none).toMatchObject({ Subtotal: "16.50", Total: "19.00" });
    expect(JSON.stringify([pt, en, none])).not.toMatch(/"1900"|"1650"/);
  });

  it("leaves text in an amount field alone", () => {
    const odd = { ...order, fields: { total: "to be confirmed" } };
    expect(cells(recordsToCsv([odd], { labels: {}, timeZone: "UTC", moneyFields, money: { currency: "EUR", language: "en" } })).Total).toBe(
      "to be confirmed",
    );
  });
});
