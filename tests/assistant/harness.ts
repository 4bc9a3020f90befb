// Shared set-up for the assistant tests: a business stocked like the demo (knowledge, a menu, the three
// ready-made skills), a worker that runs only the turn and delivery jobs of businesses made here (a file's
// other harnesses and the servers its tests start have workers of their own; on Postgres the files of
// a worker thread share its database, emptied of jobs per file by tests/helpers/setup.ts), and a
// customer who chats through the sandbox and reads the replies.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { assistantTurn } from "@/lib/messages/receive-message";
import { createKnowledge } from "@/lib/assistants/knowledge";
import { createBusiness } from "@/lib/businesses/businesses";
import { upsertCatalogItems } from "@/lib/catalog/catalog";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { findContactByPhone } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { conversations, messages } from "@/lib/db/schema";
import { jobHandlers } from "@/lib/server/jobs";
import { RetryLater, startWorker, type Worker } from "@/lib/jobs/worker";
import { createApiKey } from "@/lib/keys/api-keys";
import { messageDelivery } from "@/lib/messages/outbound";
import { paymentCheckout, paymentNotice } from "@/lib/payments/order-payments";
import type { SkillGraph } from "@/lib/shared/graph-schema";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { upsertSkill } from "@/lib/skills/skills";

// The turn, the sends, and, for a shop that takes payment, the checkout and the message with its link
// right after an order is confirmed: what a customer's message sets off before the customer sees the answers.
export const QUEUES = [assistantTurn.name, messageDelivery.name, paymentCheckout.name, paymentNotice.name];

const owned = new Set<string>();

export type Shop = { businessId: string; assistantId: string; key: string };

/** Lets this process's worker run the jobs of a business made elsewhere (the demo seed). */
export function own(businessId: string) {
  owned.add(businessId);
}

export const knowledge: Array<[string, string]> = [
  ["Opening hours", "We are open every day from 12:00 to 15:00 and from 18:00 to 23:00."],
  ["Address", "Rua das Flores 12, Lisbon. The nearest metro is Baixa-Chiado."],
  ["Parking", "There is no private parking; the Camões car park is a 3-minute walk away."],
  ["Vegetarian options", "Half of our menu is vegetarian and we always have a vegan main course."],
  ["Delivery", "We deliver within 5 km from 18:00 to 22:30. Delivery costs 2.50 EUR and is free over 30 EUR."],
];

const everyDay = ["12:00-15:00", "18:00-23:00"];

/**
 * The booking skill with its own opening hours (every day 12-15 and 18-23), as these tests expect;
 * the business itself sets no hours, so no handoff here says "we're closed" whatever the real time
 * (tests/assistant/business-hours.test.ts pins the clock for that).
 */
export function withHours(graph: SkillGraph): SkillGraph {
  const g = structuredClone(graph);
  for (const node of g.nodes) {
    if (node.type === "availability") {
      node.data.openingHours = { mon: everyDay, tue: everyDay, wed: everyDay, thu: everyDay, fri: everyDay, sat: everyDay, sun: everyDay };
    }
  }
  return g;
}

export async function makeShop(opts: { tokens?: number; timeZone?: string; skills?: boolean; language?: string } = {}): Promise<Shop> {
  const { businessId, assistantId } = await createBusiness(db(), {
    name: "Test Bistro",
    tokens: opts.tokens ?? 1_000_000,
    timeZone: opts.timeZone ?? "Europe/Lisbon",
  });
  owned.add(businessId);
  for (const [title, content] of knowledge) await createKnowledge(db(), businessId, assistantId, { title, content });
  await upsertCatalogItems(db(), businessId, "menu", [
    { externalId: "pizza-margherita", title: "Pizza Margherita", price: { amount: 1100, currency: "EUR" }, inStock: true },
    { externalId: "pizza-diavola", title: "Pizza Diavola", price: { amount: 1300, currency: "EUR" }, inStock: true },
    { externalId: "lasagna", title: "Vegetarian Lasagna", price: { amount: 1250, currency: "EUR" }, inStock: true },
    { externalId: "tiramisu", title: "Tiramisu", price: { amount: 600, currency: "EUR" }, inStock: true },
    { externalId: "lemonade", title: "Homemade Lemonade", price: { amount: 350, currency: "EUR" }, inStock: false },
  ]);
  if (opts.skills !== false) {
    for (const skill of readyMadeSkills)
      await upsertSkill(db(), businessId, skill.id, { name: skill.name, enabled: true, graph: withHours(skill.graph), assistantId });
  }
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "test" });
  return { businessId, assistantId, key };
}

/** The registered turn and delivery handlers, handing back jobs another test process created. */
export function assistantWorker(opts: { concurrency?: number } = {}): Worker {
  const handlers = Object.fromEntries(
    QUEUES.map((queue) => {
      const handler = jobHandlers[queue];
      if (!handler) throw new Error(`${queue} is not registered in lib/server/jobs.ts`);
      return [
        queue,
        async (payload: Record<string, unknown>, job: Parameters<typeof handler>[1]) => {
          if (!owned.has(String(payload.businessId))) throw new RetryLater(20, "another test process's job", false);
          return handler(payload, job);
        },
      ];
    }),
  );
  return startWorker(handlers, { pollMs: 50, concurrency: opts.concurrency });
}

/** One worker for the test file (tests may stop it and start another: a restart). */
export function fileWorker() {
  const h = {
    worker: null as Worker | null,
    start() {
      h.worker ??= assistantWorker();
      return h.worker;
    },
    async stop() {
      const w = h.worker;
      h.worker = null;
      await w?.stop();
    },
  };
  beforeAll(() => {
    h.start();
  });
  afterAll(() => h.stop());
  return h;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the business has no turn or delivery job left that is due. The bound is a stuck job's,
 * not a speed limit: on two busy cores, with the corpora's six conversations at a time in each file, a
 * turn has waited over 20 s for the worker (2026-12-01), so a minute.
 */
export async function settle(businessId: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where queue in (${QUEUES[0]}, ${QUEUES[1]}, ${QUEUES[2]}, ${QUEUES[3]}) and status = 'pending'
          and payload->>'businessId' = ${businessId} and run_at <= now() + interval '1 second'`,
    );
    if (Number(row.n) === 0) return;
    if (Date.now() > until) throw new Error(`jobs of ${businessId} still due after ${timeoutMs} ms`);
    await sleep(20);
  }
}

export type Reply = typeof messages.$inferSelect;

/** A sandbox customer: `say` sends a message, waits for the turn, and returns the assistant's new replies. */
export function customer(shop: Shop, phone = newSandboxCustomer()) {
  let seen = "";
  const c = {
    phone,
    async send(text: string) {
      return simulateInbound(db(), shop.businessId, { phone, name: "Test Customer", text });
    },
    async replies(): Promise<Reply[]> {
      const contact = await findContactByPhone(db(), shop.businessId, phone);
      if (!contact) return [];
      const rows = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.contactId, contact.id), eq(messages.direction, "outbound"), seen ? gt(messages.id, seen) : undefined))
        .orderBy(asc(messages.id));
      if (rows.length) seen = rows[rows.length - 1].id;
      return rows;
    },
    async say(text: string): Promise<string[]> {
      await c.send(text);
      await settle(shop.businessId);
      return (await c.replies()).map((m) => m.text);
    },
    async conversation() {
      const contact = await findContactByPhone(db(), shop.businessId, phone);
      if (!contact) throw new Error("no contact yet");
      const [row] = await db()
        .select()
        .from(conversations)
        .where(eq(conversations.contactId, contact.id))
        .orderBy(sql`created_at desc, id desc`)
        .limit(1);
      return row;
    },
  };
  return c;
}
