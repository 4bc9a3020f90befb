import { describe, expect, it } from "vitest";
import { formatFieldValue, formatInstant } from "@/components/records/record-format";
import { humanizeKey, labelsFromGraphs } from "@/lib/shared/record-labels";
import { nextStatuses, transitionProblem } from "@/lib/shared/record-statuses";

// Issue 15 part 4: records a person can read.
describe("records as a person reads them", () => {
  it("shows instants in the business's time zone and wall-clock values as captured", () => {
    expect(formatInstant("2026-11-28T20:00:00.000Z", "Europe/Lisbon")).toBe("Sat 28 Nov 2026, 20:00");
    expect(formatInstant("2026-11-28T20:00:00.000Z", "America/New_York")).toBe("Sat 28 Nov 2026, 15:00");
    expect(formatInstant("2026-07-01T12:00:00Z", "Not/AZone")).toBe("Wed 1 Jul 2026, 12:00");
    expect(formatFieldValue("2026-11-28T20:00:00+00:00", "Asia/Tokyo")).toBe("Sun 29 Nov 2026, 05:00");
    expect(formatFieldValue("2026-11-28T20:00", "Asia/Tokyo")).toBe("Sat 28 Nov 2026, 20:00");
    expect(formatFieldValue("2026-11-28", "Asia/Tokyo")).toBe("Sat 28 Nov 2026");
    expect(
      formatFieldValue(
        [
          { title: "Pizza", qty: 2 },
          { title: "Cola", qty: 1 },
        ],
        "UTC",
      ),
    ).toBe("2 × Pizza, 1 × Cola");
    expect(formatFieldValue("Rua Augusta 1", "UTC")).toBe("Rua Augusta 1");
    expect(formatFieldValue(true, "UTC")).toBe("yes");
  });

  it("names fields from the skills, else from the key", () => {
    expect(humanizeKey("PARTY_SIZE")).toBe("Party size");
    expect(humanizeKey("itemId")).toBe("Item id");
    expect(humanizeKey("delivery-fee")).toBe("Delivery fee");
    const graphs = [
      {
        nodes: [
          { type: "question", data: { variable: "n", label: "Guests" } },
          { type: "record", data: { collection: "bookings", fields: { size: "{{ n }}", when: "{{when}}" }, labels: { when: "Date" } } },
          { type: "record", data: { collection: "orders", fields: { size: "{{n}}" }, labels: { size: "Order size" } } },
        ],
      },
      { nodes: [{ type: "record", data: { collection: "bookings", fields: { when: "{{w}}" }, labels: { when: "Later skill" } } }] },
      { nodes: "not a list" },
    ];
    expect(labelsFromGraphs(graphs, "bookings")).toEqual({ size: "Guests", when: "Date" });
    expect(labelsFromGraphs(graphs, "orders")).toEqual({ size: "Order size" });
    expect(labelsFromGraphs(graphs, "leads")).toEqual({});
  });

  it("allows the moves of each kind and words the refused ones", () => {
    expect(nextStatuses("orders", "new")).toEqual(["preparing", "ready", "delivered", "cancelled"]);
    expect(nextStatuses("orders", "delivered")).toEqual([]);
    expect(transitionProblem("orders", "ready", "preparing")).toBe(
      "A ready record of orders cannot become preparing (it can become delivered, cancelled).",
    );
    expect(transitionProblem("bookings", "confirmed", "no_show")).toBeNull();
    expect(transitionProblem("leads", "won", "new")).toBe("A won record of leads cannot become new (it can become contacted, lost).");
    expect(transitionProblem("waitlist", "confirmed", "cancelled")).toBeNull();
    expect(transitionProblem("waitlist", "confirmed", "ready")).toBe("must be one of confirmed, cancelled for waitlist.");
  });
});

// Issue 36 item 5: the Records table shows money, not cents.
describe("amount fields in the table", () => {
  it("formats minor units in the business's currency and locale, and finds amount fields in the skills", async () => {
    const { formatAmount, moneyFieldsFromGraphs } = await import("@/lib/shared/record-money");
    expect(formatFieldValue(1900, "UTC", { currency: "EUR", language: "pt" })).toBe("19,00 €");
    expect(formatFieldValue(1900, "UTC", { currency: "EUR", language: "es" })).toBe("19,00 €");
    expect(formatFieldValue(1900, "UTC", { currency: "EUR", language: "en" })).toBe("€19.00");
    expect(formatFieldValue("250", "UTC", { currency: "GBP", language: "en" })).toBe("£2.50");
    expect(formatFieldValue(1900, "UTC", { currency: null, language: "en" })).toBe("19.00");
    // Not an amount field: the number as it is.
    expect(formatFieldValue(1900, "UTC")).toBe("1900");
    expect(formatAmount(12.5, { currency: "EUR", language: "en" })).toBeNull();
    expect(formatAmount("soon", { currency: "EUR", language: "en" })).toBeNull();
    const graphs = [
      {
        nodes: [
          { type: "record", data: { collection: "orders", fields: { tip: "{{ cart.feeAmount }}", note: "{{cart.total}}" } } },
          { type: "record", data: { collection: "deposits", fields: { paid: "{{item.totalAmount}}", text: "paid {{item.totalAmount}}" } } },
        ],
      },
    ];
    expect(moneyFieldsFromGraphs(graphs, "orders")).toEqual(["subtotal", "deliveryFee", "total", "tip"]);
    expect(moneyFieldsFromGraphs(graphs, "deposits")).toEqual(["paid"]);
    expect(moneyFieldsFromGraphs(graphs, "leads")).toEqual([]);
  });
});
