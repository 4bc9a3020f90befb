// The load scenarios: the same requests go to our app, the standalone API server and both floors.
import { type BenchMeta, DEEP_OFFSET } from "./generate";

export type Scenario = {
  id: string;
  label: string;
  kind: "read" | "write";
  method: "GET" | "POST";
  path: string;
  /** A fresh body per request (writes). */
  body?: () => string;
  /**
   * Requests that take hundreds of milliseconds to seconds under load: measured in one turn per target
   * (one after another, as before 2026-11-27), since a 2 s turn would cut off most of what is in flight.
   */
  slow?: true;
  /**
   * Measured on our app alone, with one connection (the floors do not implement it): the team reports
   * (issue 36), whose figure is their latency over the 1M-message data set.
   */
  oursOnly?: true;
};

let phoneCounter = 0;
const CATALOG_BODIES = 8;

function catalogBody(batch: number): string {
  const items = Array.from({ length: 1000 }, (_, i) => ({
    externalId: `bench-${batch}-${i}`,
    title: `Bench product ${batch}-${i}`,
    price: { amount: 100 + i, currency: "EUR" },
    inStock: i % 7 !== 0,
    description: "A product of the benchmark's catalog batch.",
    metadata: { batch, position: i },
  }));
  return JSON.stringify({ items });
}

/** The name of the contacts POST /v1/contacts creates (with +19 numbers): removed between servers (bench/main.ts). */
export const BENCH_CONTACT_NAME = "Bench Customer";

export function scenarios(meta: BenchMeta): Scenario[] {
  const conv = meta.firehoseConversationId;
  const catalog = Array.from({ length: CATALOG_BODIES }, (_, i) => catalogBody(i));
  // Fresh numbers per run and per process: +19 then 12 digits (E.164 allows 15).
  const phoneBase = (Date.now() % 1_000_000) * 1_000_000;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  return [
    { id: "messages-first", label: "GET message page (first)", kind: "read", method: "GET", path: `/v1/conversations/${conv}/messages?limit=50` },
    {
      id: "messages-deep",
      label: `GET message page (${(meta.deepOffset ?? DEEP_OFFSET).toLocaleString("en-US")} deep)`,
      kind: "read",
      method: "GET",
      path: `/v1/conversations/${conv}/messages?limit=50&before=${meta.deepCursor}`,
    },
    {
      id: "conversations-status",
      label: "GET conversations ?status=handoff",
      kind: "read",
      method: "GET",
      path: "/v1/conversations?status=handoff&limit=50",
    },
    {
      id: "contacts-search",
      label: `GET contacts ?search=${meta.searchTerm}`,
      kind: "read",
      method: "GET",
      path: `/v1/contacts?search=${meta.searchTerm}&limit=50`,
    },
    { id: "analytics-30d", label: "GET analytics summary 30d", kind: "read", method: "GET", path: "/v1/analytics/summary?window=30d", slow: true },
    { id: "reports-30d", label: "GET reports, 30 days by day", kind: "read", method: "GET", path: "/v1/reports", slow: true, oursOnly: true },
    {
      id: "reports-365d",
      label: "GET reports, a year by agent",
      kind: "read",
      method: "GET",
      path: `/v1/reports?groupBy=agent&from=${yearAgo()}`,
      slow: true,
      oursOnly: true,
    },
    { id: "wallet", label: "GET wallet", kind: "read", method: "GET", path: "/v1/usage/wallet" },
    {
      id: "messages-send",
      label: "POST /v1/messages (inside window)",
      kind: "write",
      method: "POST",
      path: "/v1/messages",
      body: () => JSON.stringify({ to: pick(meta.hotPhones), text: "Your table for two is confirmed for 8 pm." }),
    },
    {
      id: "contacts-upsert",
      label: "POST /v1/contacts (new contact)",
      kind: "write",
      method: "POST",
      path: "/v1/contacts",
      body: () => JSON.stringify({ phone: `+19${String(phoneBase + phoneCounter++).padStart(12, "0")}`, name: BENCH_CONTACT_NAME, tags: ["bench"] }),
    },
    {
      id: "catalog-batch",
      label: "POST catalog batch (1,000 items)",
      kind: "write",
      method: "POST",
      path: "/v1/catalog/bench/items",
      body: () => pick(catalog),
      slow: true,
    },
  ];
}

/** The first day of a year-long report (the data set spreads its history over the last 365 days). */
function yearAgo(): string {
  return new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
}
