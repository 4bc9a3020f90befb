// Values of records as a person reads them: instants in the business's time zone ("Sat 28 Nov 2026,
// 20:00"), wall-clock date-times and dates as they were captured, an order's items as "2 × Pizza".
// Amount fields as money in the business's currency and locale (lib/shared/record-money.ts).
// Pure, so the table and the CSV export agree (and unit tests pin it down).

import { formatAmount, type MoneyFormat } from "@/lib/shared/record-money";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = (d: Date, timeZone: string) => {
  const f = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return p as Record<"weekday" | "day" | "month" | "year" | "hour" | "minute", string>;
};

const safeZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
};

/** An instant in the zone: "Sat 28 Nov 2026, 20:00". */
export function formatInstant(iso: string | Date, timeZone: string): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return String(iso);
  const p = parts(d, safeZone(timeZone));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** An instant in the zone for a spreadsheet: "2026-11-28 20:00". */
export function instantForCsv(iso: string | Date, timeZone: string): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return String(iso);
  const f = new Intl.DateTimeFormat("en-CA", {
    timeZone: safeZone(timeZone),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

// A wall-clock value (no zone) is shown as captured: formatting it as UTC keeps its numbers.
const wall = (y: string, m: string, d: string, hh = "00", mm = "00") => new Date(Date.UTC(+y, +m - 1, +d, +hh, +mm));

type Item = { title?: unknown; qty?: unknown };
const isItemList = (v: unknown): v is Item[] =>
  Array.isArray(v) && v.length > 0 && v.every((i) => i && typeof i === "object" && typeof (i as Item).title === "string");

/** One field value for the table; `money` when the field is an amount (in the currency's minor unit). */
export function formatFieldValue(value: unknown, timeZone: string, money?: MoneyFormat | null): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = money ? formatAmount(value, money) : null;
  if (amount !== null) return amount;
  if (typeof value === "string") {
    const s = value.trim();
    if (INSTANT.test(s)) return formatInstant(s, timeZone);
    const local = LOCAL_DATETIME.exec(s);
    if (local) return formatInstant(wall(local[1], local[2], local[3], local[4], local[5]), "UTC");
    const date = DATE.exec(s);
    if (date) return formatInstant(wall(date[1], date[2], date[3]), "UTC").replace(/, \d{2}:\d{2}$/, "");
    return value;
  }
  if (isItemList(value)) return value.map((i) => `${typeof i.qty === "number" ? i.qty : 1} × ${i.title}`).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * One field value for the CSV: dates as "2026-11-28 20:00" in the zone, amounts as the table writes
 * them ("19,00 €"), other numbers kept as numbers.
 */
export function csvFieldValue(value: unknown, timeZone: string, money?: MoneyFormat | null): string | number {
  const amount = money ? formatAmount(value, money) : null;
  if (amount !== null) return amount;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const s = value.trim();
    if (INSTANT.test(s)) return instantForCsv(s, timeZone);
    const local = LOCAL_DATETIME.exec(s);
    if (local) return `${local[1]}-${local[2]}-${local[3]} ${local[4]}:${local[5]}`;
    return value;
  }
  if (isItemList(value)) return formatFieldValue(value, timeZone);
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
