// Reads a conversation's records and normalises them into the corpus's semantic shape, so cases state
// what the customer asked for (party size, local time, menu ids, cents) and not how a skill stores it.
// The dialogue-manager helpers may adapt THIS file when record shapes change; never the expectations.
//
// Record shapes read today (lib/shared/ready-made-skills.ts): bookings {when (ISO with offset), party_size, name},
// orders {item, itemId, quantity, unitPrice "11.00 EUR", total "22.00 EUR", address}, leads {name, email,
// interest}. Also read, for the reworked skills: bookings.status, orders.items [{itemId|externalId, quantity|qty}],
// orders.fulfilment, orders.totalCents. The reworked ready-made skills store the booking's status in
// the records.status column, orders as {items [{itemId, title, qty, unitPrice}], fulfilment "Pickup" |
// "Delivery", address, subtotal, deliveryFee, total (cents), totalText}.
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { records } from "@/lib/db/schema";
import { instantToLocal } from "./shop";
import type { ExpectedBooking, ExpectedOrder } from "./types";

export type ActualBooking = { partySize: number | null; when: string | null; name: string | null; status: string };
export type ActualOrder = {
  items: Array<{ item: string; qty: number }>;
  fulfilment: "pickup" | "delivery";
  address: string | null;
  total: number | null;
};
export type ActualLead = { name: string | null; email: string | null };
export type Actual = { bookings: ActualBooking[]; orders: ActualOrder[]; leads: ActualLead[]; other: Array<{ collection: string; fields: unknown }> };

const str = (v: unknown): string | null => (v === undefined || v === null || v === "" ? null : String(v));
const num = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
};

/** "22.00 EUR", "22,00 €", "€22" -> 2200; a bare number is taken as cents. */
export function toCents(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return Math.round(v);
  if (typeof v !== "string") return null;
  const m = /(\d+(?:[.,]\d{1,2})?)/.exec(v.replace(/\s/g, ""));
  if (!m) return null;
  return Math.round(Number(m[1].replace(",", ".")) * 100);
}

/** A stored time (ISO with offset, or already local) as the business-local "2026-11-26T20:00". */
export function toLocal(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) return s.slice(0, 16);
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : instantToLocal(d);
}

function orderItems(f: Record<string, unknown>): Array<{ item: string; qty: number }> {
  const lines = Array.isArray(f.items) ? (f.items as Array<Record<string, unknown>>) : [f];
  return lines.map((l) => ({
    item: String(l.itemId ?? l.externalId ?? l.item ?? l.id ?? ""),
    qty: num(l.quantity ?? l.qty) ?? 0,
  }));
}

export async function readOutcome(businessId: string): Promise<Actual> {
  const rows = await db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, businessId)))
    .orderBy(asc(records.createdAt), asc(records.id));
  const out: Actual = { bookings: [], orders: [], leads: [], other: [] };
  for (const r of rows) {
    const f = r.fields;
    if (r.collection === "bookings")
      out.bookings.push({
        partySize: num(f.party_size ?? f.partySize),
        when: toLocal(f.when),
        name: str(f.name),
        status: str(r.status) ?? str(f.status) ?? "confirmed",
      });
    else if (r.collection === "orders") {
      const address = str(f.address);
      const said = typeof f.fulfilment === "string" ? f.fulfilment.toLowerCase() : null;
      const fulfilment = said === "pickup" || said === "delivery" ? said : address ? "delivery" : "pickup";
      out.orders.push({ items: orderItems(f), fulfilment, address, total: f.totalCents !== undefined ? toCents(f.totalCents) : toCents(f.total) });
    } else if (r.collection === "leads") out.leads.push({ name: str(f.name), email: str(f.email) });
    else out.other.push({ collection: r.collection, fields: f });
  }
  return out;
}

/** Lower case, no accents, single spaces: how names, addresses and reply facts are compared. */
export const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

const merged = (items: Array<{ item: string; qty: number }>) => {
  const m = new Map<string, number>();
  for (const i of items) m.set(i.item, (m.get(i.item) ?? 0) + i.qty);
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
};

export function bookingMatches(e: ExpectedBooking, a: ActualBooking): boolean {
  return (
    a.partySize === e.partySize &&
    a.when === e.when &&
    a.status === (e.status ?? "confirmed") &&
    (e.name === undefined || (a.name !== null && fold(a.name) === fold(e.name)))
  );
}

export function orderMatches(e: ExpectedOrder, a: ActualOrder): boolean {
  return (
    JSON.stringify(merged(a.items)) === JSON.stringify(merged(e.items)) &&
    a.fulfilment === e.fulfilment &&
    (e.address === undefined || (a.address !== null && fold(a.address).includes(fold(e.address)))) &&
    (e.total === undefined || a.total === e.total)
  );
}

export function leadMatches(e: { name?: string; email: string }, a: ActualLead): boolean {
  return (
    a.email !== null &&
    a.email.trim().toLowerCase() === e.email.toLowerCase() &&
    (e.name === undefined || (a.name !== null && fold(a.name) === fold(e.name)))
  );
}

/** Every expected record matched by a distinct actual one, and nothing more. Returns the problems. */
export function compareCollection<E, A>(label: string, expected: E[] | undefined, actual: A[], matches: (e: E, a: A) => boolean): string[] {
  const want = expected ?? [];
  const left = [...actual];
  const problems: string[] = [];
  for (const e of want) {
    const i = left.findIndex((a) => matches(e, a));
    if (i >= 0) left.splice(i, 1);
    else problems.push(`${label}: expected ${JSON.stringify(e)}, not found`);
  }
  if (problems.length || left.length) problems.push(`${label}: expected ${want.length}, got ${actual.length}: ${JSON.stringify(actual)}`);
  return problems;
}
