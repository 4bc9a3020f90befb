// The conversation corpus (issue 13): every case is a scripted customer chatting with Tasca da Ana on the
// sandbox channel, on a fresh business, with the clock pinned to the case's `now`. Prints the exact pass
// count, the scores per category, language and messiness, the p95 of the server-side turn time, every
// failure with its transcript; writes test-results/conversations.json; asserts at least 95 % pass.
// CONVERSATIONS=<substring of ids> runs a subset (the assertion then applies to that subset).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCopies } from "@/tests/helpers/clone-business";
import { assistantTurn } from "@/lib/messages/receive-message";
import { pinClock } from "@/lib/time/clock";
import { jobHandlers } from "@/lib/server/jobs";
import type { Worker } from "@/lib/jobs/worker";
import { assistantWorker, customer } from "@/tests/assistant/harness";
import { allCases } from "./cases";
import { languageFailures, playTurns } from "./unseen/play";
import { bookingMatches, compareCollection, fold, leadMatches, orderMatches, readOutcome } from "./outcome";
import { ADDRESS, DEFAULT_NOW, KNOWLEDGE, localToInstant, MENU, MENU_IDS, makeConversationShop, RULES, SHOP_NAME } from "./shop";
import { type Case, CATEGORIES, type Fact, type Lang } from "./types";
import { corpusRunsHere } from "./corpus-stage";

const runsHere = corpusRunsHere("conversations");

// Conversations at once within a group sharing a pinned clock (CONVERSATIONS_CONCURRENCY=1 to debug).
const CONCURRENCY = Math.max(1, Number(process.env.CONVERSATIONS_CONCURRENCY ?? 6));
const filter = process.env.CONVERSATIONS?.trim();
const selected = filter ? allCases.filter((c) => c.id.includes(filter)) : allCases;

// The owner's own English (quoted knowledge, menu names and descriptions) is not the assistant's language.
const OWNER_TEXTS = [
  ...KNOWLEDGE.flatMap(([title, content]) => [content, title]),
  ...MENU.flatMap((m) => [m.description ?? "", m.title]),
  SHOP_NAME,
  ADDRESS,
].sort((a, b) => b.length - a.length);

type Result = {
  id: string;
  category: string;
  lang: Lang;
  messy: boolean;
  passed: boolean;
  failures: string[];
  transcript: Array<{ say: string; replies: string[] }>;
};

const turnMs: number[] = [];
let worker: Worker | null = null;
const realTurn = jobHandlers[assistantTurn.name];

beforeAll(() => {
  if (!runsHere) return;
  // Server-side turn time: the turn job handler itself, without queueing or polling.
  jobHandlers[assistantTurn.name] = async (payload, job) => {
    const t0 = performance.now();
    try {
      return await realTurn(payload, job);
    } finally {
      turnMs.push(performance.now() - t0);
    }
  };
  worker = assistantWorker({ concurrency: CONCURRENCY });
});

afterAll(async () => {
  if (!runsHere) return;
  pinClock(null);
  await worker?.stop();
  jobHandlers[assistantTurn.name] = realTurn;
});

const show = (f: Fact) => (typeof f === "string" ? JSON.stringify(f) : String(f));

function hasFact(text: string, fact: Fact): boolean {
  if (typeof fact === "string") return fold(text).includes(fold(fact));
  const re = new RegExp(fact.source, fact.flags.replace("g", ""));
  return re.test(text) || re.test(fold(text));
}

// Each conversation gets a fresh copy of Tasca da Ana, set up once (tests/helpers/clone-business.ts).
const conversationShop = shopCopies(makeConversationShop);

async function runCase(c: Case): Promise<Result> {
  const shop = await conversationShop();
  const who = customer(shop);
  const { transcript, failures } = await playTurns(who, c.turns, { has: hasFact, show });
  failures.push(...languageFailures(transcript, c.outcome.replyLang ?? c.lang, OWNER_TEXTS));

  let status: string | null = null;
  try {
    status = (await who.conversation()).status;
  } catch {
    status = null;
  }
  if ((status === "handoff") !== c.outcome.handoff) failures.push(`status ${status}, expected ${c.outcome.handoff ? "handoff" : "no handoff"}`);

  const actual = await readOutcome(shop.businessId);
  failures.push(
    ...compareCollection("bookings", c.outcome.bookings, actual.bookings, bookingMatches),
    ...compareCollection("orders", c.outcome.orders, actual.orders, orderMatches),
    ...compareCollection("leads", c.outcome.leads, actual.leads, leadMatches),
  );
  if (actual.other.length) failures.push(`unexpected records: ${JSON.stringify(actual.other)}`);
  return { id: c.id, category: c.category, lang: c.lang, messy: !!c.messy, passed: failures.length === 0, failures, transcript };
}

async function pool<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : "0.0");
const p95 = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

function score(results: Result[], key: (r: Result) => string): string[] {
  const groups = new Map<string, Result[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([k, rs]) =>
        `  ${k.padEnd(20)} ${String(rs.filter((r) => r.passed).length).padStart(3)}/${String(rs.length).padEnd(3)} (${pct(rs.filter((r) => r.passed).length, rs.length)}%)`,
    );
}

/** Cents an order costs under RULES: items, plus the delivery fee below the free-delivery threshold. */
function expectedTotal(items: Array<{ item: string; qty: number }>, fulfilment: "pickup" | "delivery"): number {
  const sum = items.reduce((s, i) => s + (MENU.find((m) => m.externalId === i.item)?.price?.amount ?? Number.NaN) * i.qty, 0);
  if (fulfilment === "pickup") return sum + RULES.pickup.feeCents;
  return sum + (sum >= RULES.delivery.freeFromCents ? 0 : RULES.delivery.feeCents);
}

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

describe.skipIf(!runsHere)("the conversation corpus", () => {
  it("meets the issue's shape: 200+ cases, a third PT/ES, a third messy, consistent with the business rules", () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const c of allCases) {
      if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
      ids.add(c.id);
      if (!CATEGORIES.includes(c.category)) problems.push(`${c.id}: unknown category ${c.category}`);
      if (!c.turns.length) problems.push(`${c.id}: no turns`);
      const now = c.now ?? DEFAULT_NOW;
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(now)) problems.push(`${c.id}: bad now ${now}`);
      for (const b of c.outcome.bookings ?? []) {
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(b.when)) problems.push(`${c.id}: bad booking time ${b.when}`);
        if (b.when <= now) problems.push(`${c.id}: booking ${b.when} is not after now ${now}`);
        if (b.partySize > RULES.maxPartySize) problems.push(`${c.id}: party of ${b.partySize} over the maximum`);
        const day = DAYS[new Date(`${b.when}:00Z`).getUTCDay()];
        const hhmm = b.when.slice(11);
        const open = RULES.openingHours[day].some((range) => {
          const [from, to] = range.split("-");
          return hhmm >= from && hhmm < to;
        });
        if (!open) problems.push(`${c.id}: booking ${b.when} (${day}) outside opening hours`);
      }
      for (const o of c.outcome.orders ?? []) {
        for (const i of o.items) if (!MENU_IDS.has(i.item)) problems.push(`${c.id}: unknown menu item ${i.item}`);
        for (const i of o.items)
          if (MENU.find((m) => m.externalId === i.item)?.inStock === false) problems.push(`${c.id}: ${i.item} is out of stock`);
        const total = expectedTotal(o.items, o.fulfilment);
        if (o.total !== undefined && o.total !== total) problems.push(`${c.id}: total ${o.total}, the rules give ${total}`);
        if (o.fulfilment === "delivery" && total < RULES.delivery.minimumCents) problems.push(`${c.id}: delivery under the minimum`);
        if (o.fulfilment === "delivery" && !o.address) problems.push(`${c.id}: delivery without an address`);
      }
    }
    expect(problems).toEqual([]);
    const n = allCases.length;
    expect(n).toBeGreaterThanOrEqual(200);
    expect(allCases.filter((c) => c.lang !== "en").length * 3).toBeGreaterThanOrEqual(n);
    expect(allCases.filter((c) => c.messy).length * 3).toBeGreaterThanOrEqual(n);
    for (const category of CATEGORIES)
      expect(
        allCases.some((c) => c.category === category),
        category,
      ).toBe(true);
  });

  it(
    "at least 95 % of the conversations end right",
    async () => {
      const groups = new Map<string, Case[]>();
      for (const c of selected) {
        const now = c.now ?? DEFAULT_NOW;
        groups.set(now, [...(groups.get(now) ?? []), c]);
      }
      const results: Result[] = [];
      for (const now of [...groups.keys()].sort()) {
        pinClock(localToInstant(now));
        results.push(...(await pool(groups.get(now) ?? [], CONCURRENCY, runCase)));
      }
      pinClock(null);

      const passed = results.filter((r) => r.passed).length;
      const lines = [
        `conversations: ${passed}/${results.length} passed (${pct(passed, results.length)}%)`,
        "per category:",
        ...score(results, (r) => r.category),
        "per language:",
        ...score(results, (r) => r.lang),
        "messy / clean:",
        ...score(results, (r) => (r.messy ? "messy" : "clean")),
        `server-side turn time: p95 ${p95(turnMs).toFixed(1)} ms over ${turnMs.length} turns`,
      ];
      const failed = results.filter((r) => !r.passed);
      const details = failed.map((r) =>
        [
          `--- ${r.id} (${r.category}, ${r.lang}${r.messy ? ", messy" : ""})`,
          ...r.transcript.flatMap((t) => [`  customer: ${t.say}`, ...t.replies.map((x) => `  assistant: ${x.replace(/\n/g, "\n             ")}`)]),
          ...r.failures.map((f) => `  ✗ ${f}`),
        ].join("\n"),
      );
      console.log([...(failed.length ? ["failures:", ...details, ""] : []), ...lines].join("\n"));
      // npm run corpus:llm keeps a model's results apart from the offline run's (scripts/corpus-llm.ts).
      const out = process.env.CORPUS_RESULTS_DIR ?? path.resolve(__dirname, "../../test-results");
      mkdirSync(out, { recursive: true });
      writeFileSync(
        path.join(out, "conversations.json"),
        JSON.stringify({ passed, total: results.length, p95TurnMs: p95(turnMs), turns: turnMs.length, results }, null, 2),
      );
      expect(results.length).toBeGreaterThan(0);
      expect(passed / results.length, `${passed}/${results.length} conversations passed`).toBeGreaterThanOrEqual(0.95);
    },
    30 * 60_000,
  );
});
