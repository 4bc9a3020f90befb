import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatMoney, formatWeekday, localizeMoneyIn, onDate } from "@/lib/shared/locale-format";

// Money and dates the customer's way (issue 35 item 4): one helper for every customer-facing price
// and date.

describe("formatMoney", () => {
  it("writes euros the way each language does, with plain spaces", () => {
    expect(formatMoney(2200, "EUR", "en")).toBe("€22.00");
    expect(formatMoney(2200, "EUR", "pt")).toBe("22,00 €");
    expect(formatMoney(2200, "EUR", "es")).toBe("22,00 €");
    expect(formatMoney(250, "EUR", "pt")).toBe("2,50 €");
  });

  it("keeps a currency's own decimals and tolerates unknown codes and missing prices", () => {
    expect(formatMoney(500, "JPY", "en")).toMatch(/500/);
    expect(formatMoney(500, "JPY", "en")).not.toMatch(/5\.00/);
    expect(formatMoney(null, "EUR", "en")).toBe("");
    expect(formatMoney(100, null, "en")).toBe("");
  });
});

describe("localizeMoneyIn", () => {
  it("rewrites the owner's euro amounts for a Portuguese or Spanish customer", () => {
    expect(localizeMoneyIn("Delivery costs 2.50 EUR and is free for orders from 30 EUR.", "pt")).toBe(
      "Delivery costs 2,50 € and is free for orders from 30 €.",
    );
    expect(localizeMoneyIn("el envío cuesta 3,00 EUR", "es")).toBe("el envío cuesta 3,00 €");
    expect(localizeMoneyIn("el envío cuesta 3,00 EUR", "en")).toBe("el envío cuesta €3.00");
    expect(localizeMoneyIn("a kids' menu for €8", "pt")).toBe("a kids' menu for 8 €");
  });

  it("leaves numbers that are not amounts alone", () => {
    expect(localizeMoneyIn("We deliver within 5 km; 1.000 EUR deposit", "pt")).toBe("We deliver within 5 km; 1.000 EUR deposit");
    expect(localizeMoneyIn("open 12:00-15:00", "pt")).toBe("open 12:00-15:00");
  });
});

describe("dates", () => {
  it("writes a day and a date-time as people read them", () => {
    expect(formatDay("2026-12-05", "pt")).toBe("sábado, 5 de dezembro");
    expect(formatDay("2026-12-05", "es")).toBe("sábado, 5 de diciembre");
    expect(formatDay("2026-12-05", "en")).toBe("Saturday 5 December");
    expect(formatDateTime("2026-12-05T20:00:00Z", "Europe/Lisbon", "pt")).toBe("sábado, 5 de dezembro, às 20:00");
    expect(formatDateTime("2026-12-05T20:00:00Z", "Europe/Madrid", "es")).toBe("sábado, 5 de diciembre, a las 21:00");
    expect(formatDateTime("2026-12-05T13:00:00Z", "Europe/Lisbon", "pt")).toBe("sábado, 5 de dezembro, às 13:00");
    expect(formatDateTime("2026-12-05T00:30:00Z", "Europe/Madrid", "es")).toBe("sábado, 5 de diciembre, a la 01:30");
    expect(formatDateTime("2026-12-05T20:00:00Z", "Europe/Lisbon", "en")).toBe("Saturday 5 December at 20:00");
  });

  it("puts the right preposition before a weekday", () => {
    expect(onDate(formatDay("2026-12-05", "pt"), "pt")).toBe("no sábado, 5 de dezembro");
    expect(onDate(formatDay("2026-12-04", "pt"), "pt")).toBe("na sexta-feira, 4 de dezembro");
    expect(onDate(formatDay("2026-12-05", "es"), "es")).toBe("el sábado, 5 de diciembre");
    expect(onDate(formatDay("2026-12-05", "en"), "en")).toBe("on Saturday 5 December");
    expect(formatWeekday(0, "pt")).toBe("segunda-feira");
  });
});
