// The assistant side, through its public behaviour: sandbox customers (simulateInbound, as the
// dashboard's simulator does) against a server whose worker runs the turns. 20 concurrent turns on one
// small wallet never overdraw it; two conversations racing for the last place of a booking slot never
// overbook it.
import fs from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { root } from "../bench/servers";
import { type CategoryResult, call, sleep, until } from "./support";

const REQUIRED = [
  "lib/channels/sandbox-simulator.ts",
  "lib/runtime/turn/turn-job.ts",
  "lib/shared/ready-made-skills.ts",
  "lib/runtime/engine/availability-node.ts",
];

export function assistantMissing(): string | null {
  const missing = REQUIRED.find((f) => !fs.existsSync(path.join(root, f)));
  return missing ? `${missing} missing` : null;
}

async function outboundCount(sql: postgres.Sql, businessId: string, phone: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from messages m join contacts c on c.id = m.contact_id
    where m.business_id = ${businessId} and c.phone = ${phone} and m.direction = 'outbound'`;
  return row.n;
}

async function settled(sql: postgres.Sql, businessId: string, timeoutMs = 30_000): Promise<boolean> {
  return until(
    async () => {
      const [row] = await sql`select count(*)::int as n from jobs where status = 'pending' and payload->>'businessId' = ${businessId}
      and queue in ('assistant.turn', 'messages.deliver')`;
      return row.n === 0;
    },
    timeoutMs,
    100,
  );
}

export async function walletRace(opts: { base: string; sql: postgres.Sql; turns: number }): Promise<CategoryResult> {
  const missing = assistantMissing();
  if (missing) return { name: "wallet race", summary: `skipped: ${missing}`, failures: [] };
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { createKnowledge } = await import("../lib/assistants/knowledge");
  const { simulateInbound, newSandboxCustomer } = await import("../lib/channels/sandbox-simulator");
  const grant = 300;
  const { businessId, assistantId } = await createBusiness(db(), { name: "Wallet Race Co", tokens: grant });
  await createKnowledge(db(), businessId, assistantId, {
    title: "Opening hours",
    content: "We are open every day from 12:00 to 15:00 and from 18:00 to 23:00.",
  });
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "wallet" });

  const phones = Array.from({ length: opts.turns }, () => newSandboxCustomer());
  await Promise.all(phones.map((phone) => simulateInbound(db(), businessId, { phone, name: "Racer", text: "What are your opening hours?" })));
  const failures: string[] = [];
  if (!(await settled(opts.sql, businessId))) failures.push("turns still pending after 30 s");
  await sleep(500);

  const wallet = await call(opts.base, "GET", "/v1/usage/wallet", { key });
  const [ledger] = await opts.sql`select coalesce(sum(tokens), 0)::int as sum, count(*) filter (where kind = 'usage')::int as charges,
    coalesce(-sum(tokens) filter (where kind = 'usage'), 0)::int as spent from token_ledger where business_id = ${businessId}`;
  const [replies] = await opts.sql`select count(*)::int as n from messages where business_id = ${businessId} and source = 'assistant'`;
  const [handed] = await opts.sql`select count(*)::int as n from conversations where business_id = ${businessId} and status = 'handoff'
    and handoff_reason = 'insufficient_tokens'`;
  const balance = wallet.json?.balanceTokens;
  if (wallet.status !== 200) failures.push(`wallet answered ${wallet.status}`);
  if (typeof balance !== "number" || balance < 0) failures.push(`balance ${balance}`);
  if (balance !== ledger.sum) failures.push(`balance ${balance} is not the ledger's sum ${ledger.sum}`);
  if (ledger.spent > grant) failures.push(`spent ${ledger.spent} of a ${grant}-token grant`);
  if (replies.n !== ledger.charges) failures.push(`${replies.n} assistant replies but ${ledger.charges} charges`);
  const answered = await Promise.all(phones.map((p) => outboundCount(opts.sql, businessId, p)));
  const silent = answered.filter((n) => n === 0).length;
  if (silent > handed.n) failures.push(`${silent} customers got no reply but only ${handed.n} conversations were handed off for insufficient tokens`);
  return {
    name: "wallet race",
    summary: `${opts.turns} concurrent turns on ${grant} tokens: ${ledger.charges} replies charged (${ledger.spent} tokens), ${handed.n} handed off for insufficient tokens, balance ${balance}`,
    failures,
  };
}

export async function bookingRace(opts: { base: string; sql: postgres.Sql }): Promise<CategoryResult> {
  const missing = assistantMissing();
  if (missing) return { name: "booking race", summary: `skipped: ${missing}`, failures: [] };
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { simulateInbound, newSandboxCustomer } = await import("../lib/channels/sandbox-simulator");
  const { bookingGraph } = await import("../lib/shared/ready-made-skills");
  const { businessId } = await createBusiness(db(), { name: "Booking Race Co", tokens: 1_000_000, timeZone: "Europe/Lisbon" });
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "booking" });
  const graph = structuredClone(bookingGraph);
  for (const node of graph.nodes) if (node.type === "availability") (node.data as { capacity: number }).capacity = 1;
  const saved = await call(opts.base, "PUT", "/v1/skills/sk_booking", { key, json: { name: "Table booking", enabled: true, graph } });
  if (saved.status !== 200)
    return { name: "booking race", summary: `skipped: PUT /v1/skills answered ${saved.status}`, failures: [saved.text.slice(0, 300)] };

  const failures: string[] = [];
  const customers = [newSandboxCustomer(), newSandboxCustomer()];
  const say = async (phone: string, text: string) => {
    const before = await outboundCount(opts.sql, businessId, phone);
    await simulateInbound(db(), businessId, { phone, name: "Racer", text });
    return until(async () => (await outboundCount(opts.sql, businessId, phone)) > before, 20_000, 50);
  };
  for (const [i, phone] of customers.entries()) {
    for (const text of ["Can I book a table?", "2", i === 0 ? "Ada" : "Bob"]) {
      if (!(await say(phone, text))) failures.push(`no reply to "${text}"`);
    }
  }
  // Both ask for the same slot at once: one place left.
  await Promise.all(customers.map((phone) => simulateInbound(db(), businessId, { phone, name: "Racer", text: "tomorrow at 8pm" })));
  if (!(await settled(opts.sql, businessId))) failures.push("turns still pending after 30 s");
  // The booking is written once the customer confirms it: both say yes at once (the one who holds the
  // place gets it; the other was offered other times, and a bare "yes" books nothing for them).
  await Promise.all(customers.map((phone) => simulateInbound(db(), businessId, { phone, name: "Racer", text: "yes" })));
  if (!(await settled(opts.sql, businessId))) failures.push("turns still pending after 30 s");
  await sleep(500);
  const slots = await opts.sql`select booked, capacity from booking_slots where business_id = ${businessId}`;
  const [bookings] = await opts.sql`select count(*)::int as n from records where business_id = ${businessId} and collection = 'bookings'`;
  const over = slots.filter((s) => s.booked > s.capacity).length;
  if (over) failures.push(`${over} slots booked beyond capacity`);
  if (bookings.n > 1) failures.push(`${bookings.n} bookings for one place`);
  if (bookings.n === 0) failures.push("nobody got the last place");
  return {
    name: "booking race",
    summary: `2 conversations racing for the last place: ${bookings.n} booking, slots ${slots.map((s) => `${s.booked}/${s.capacity}`).join(", ") || "none"}`,
    failures,
  };
}
