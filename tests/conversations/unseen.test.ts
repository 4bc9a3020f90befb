// The unseen corpus (issue 35, item 8): conversations written by people who never saw the assistant,
// at Tasca da Ana (Lisbon, tests/conversations/shop.ts) and El Rincón de Lola (Madrid, set up through
// /v1 in unseen/lola.ts). Two parts: the tuned part, whose failures print with their transcripts, and
// the held-out part, which prints counts only and must never be read while changing the assistant
// (unseen/README.md). Each conversation runs on a fresh business with the clock pinned to its `now`.
// Ratchet: each part passes at least as many as unseen/baseline.json records. UNSEEN=<substring of
// ids> runs that subset of the tuned part only, without the ratchet.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { customer, type Shop } from "@/tests/assistant/harness";
import { shopCopies } from "@/tests/helpers/clone-business";
import { compareCollection } from "./outcome";
import { MENU, RULES, SHOP_NAME, TIME_ZONE } from "./shop";
import { DEFAULT_NOW, heldOutIds, parseCases, patternNames, type UnseenCase } from "./unseen/case-schema";
import { bookingFits, leadFits, orderFits, readUnseenOutcome } from "./unseen/grade";
import { corpusLifecycle, languageFailures, playTurns, runByNow, statusFailures } from "./unseen/play";
import { lines, type Result, summary } from "./unseen/report";
import { LOLA_ADDRESS, LOLA_MENU, LOLA_NAME, LOLA_RULES, LOLA_TIME_ZONE, makeLola } from "./unseen/lola";
import { makeUnseenTasca } from "./unseen/tasca";
import { corpusRunsHere } from "./corpus-stage";

const runsHere = corpusRunsHere("unseen");

const CONCURRENCY = Math.max(1, Number(process.env.UNSEEN_CONCURRENCY ?? 6));
// UNSEEN_PROBE=path/to/cases.json runs your own draft cases (the case-schema.ts format) instead of the
// tuned part, transcripts of failures printed, no ratchet, the held-out part not run: a way to try a
// reading on new conversations before they join the corpus (README.md, "Adding cases").
const probe = process.env.UNSEEN_PROBE?.trim() || undefined;
const filter = process.env.UNSEEN?.trim() || probe;
const dir = path.resolve(__dirname, "unseen");

type Rules = {
  openingHours: Record<string, readonly string[]>;
  maxPartySize: number;
  delivery: { feeCents: number; freeFromCents: number; minimumCents: number };
  pickup: { feeCents: number };
};
type Business = {
  zone: string;
  make: () => Promise<Shop>;
  rules: Rules;
  menu: Array<{ externalId: string; price?: { amount: number } | null; inStock?: boolean; title: string }>;
  /** Proper names a reply may quote in any language (dishes, the business, streets, stations). */
  names: string[];
};

const BUSINESSES: Record<UnseenCase["business"], Business> = {
  tasca: {
    zone: TIME_ZONE,
    make: shopCopies(makeUnseenTasca),
    rules: RULES,
    menu: MENU,
    names: [...MENU.map((m) => m.title), SHOP_NAME, "Rua das Flores 12", "Baixa-Chiado", "Parque Camões", "TascaDaAna-Guest", "chiado2026"],
  },
  lola: {
    zone: LOLA_TIME_ZONE,
    make: shopCopies(makeLola),
    rules: LOLA_RULES,
    menu: LOLA_MENU,
    names: [
      ...LOLA_MENU.map((m) => m.title),
      LOLA_NAME,
      LOLA_ADDRESS,
      "Cava Baja",
      "La Latina",
      "Parking Plaza Mayor",
      "Plaza Mayor",
      "Menú Lola",
      "Bizum",
    ],
  },
};

function loadProbe(file: string): UnseenCase[] {
  const { cases, problems } = parseCases(file, JSON.parse(fs.readFileSync(path.resolve(file), "utf8")));
  if (problems.length) throw new Error(`probe cases: ${problems.join("\n")}`);
  return cases;
}

function load(file: string): UnseenCase[] {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) return [];
  const { cases, problems } = parseCases(file, JSON.parse(fs.readFileSync(full, "utf8")));
  if (problems.length) throw new Error(`unseen corpus: ${problems.join("\n")}`);
  return cases;
}

const tuned = load("tuned.json");
const heldOut = load("held-out/cases.json");
const baseline: { tuned: number; heldOut: number } = JSON.parse(fs.readFileSync(path.join(dir, "baseline.json"), "utf8"));

async function runCase(c: UnseenCase): Promise<Result> {
  const biz = BUSINESSES[c.business];
  const shop = await biz.make();
  const who = customer(shop);
  const { transcript, failures } = await playTurns(who, c.turns);
  // The owner's knowledge is not taken out of a reply: answering it is answering in the customer's language (pattern 4).
  failures.push(...languageFailures(transcript, c.outcome.replyLang ?? c.lang, biz.names));
  failures.push(...(await statusFailures(shop, who, c.outcome)));
  const actual = await readUnseenOutcome(shop.businessId, biz.zone);
  failures.push(
    ...compareCollection("bookings", c.outcome.bookings, actual.bookings, bookingFits),
    ...compareCollection("orders", c.outcome.orders, actual.orders, orderFits),
    ...compareCollection("leads", c.outcome.leads, actual.leads, leadFits),
  );
  if (actual.other.length) failures.push(`unexpected records: ${JSON.stringify(actual.other)}`);
  return { id: c.id, business: c.business, pattern: c.pattern, lang: c.lang, passed: failures.length === 0, failures, transcript };
}

const runAll = (cases: UnseenCase[]) => runByNow(cases, (c) => BUSINESSES[c.business].zone, CONCURRENCY, runCase);

const report: { tuned?: ReturnType<typeof summary> & { subset: string | null; results: Result[] }; heldOut?: ReturnType<typeof summary> } = {};
corpusLifecycle("unseen", runsHere, CONCURRENCY, report);

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** What the business's rules make an order cost, in cents. */
function ruleTotal(biz: Business, items: Array<{ item: string; qty: number }>, fulfilment: "pickup" | "delivery"): number {
  const sum = items.reduce((s, i) => s + (biz.menu.find((m) => m.externalId === i.item)?.price?.amount ?? Number.NaN) * i.qty, 0);
  if (fulfilment === "pickup") return sum + biz.rules.pickup.feeCents;
  return sum + (sum >= biz.rules.delivery.freeFromCents ? 0 : biz.rules.delivery.feeCents);
}

describe.skipIf(!runsHere)("the unseen corpus", () => {
  it("meets the issue's shape: 300+ cases, 35-45 % Portuguese or Spanish, every pattern held out, consistent with each business's rules", () => {
    const all = [...tuned, ...heldOut];
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const c of all) {
      if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
      ids.add(c.id);
      const biz = BUSINESSES[c.business];
      const now = c.now ?? DEFAULT_NOW;
      for (const b of c.outcome.bookings ?? []) {
        if (b.when <= now) problems.push(`${c.id}: booking ${b.when} is not after now ${now}`);
        if (b.partySize > biz.rules.maxPartySize) problems.push(`${c.id}: party of ${b.partySize} over ${c.business}'s maximum`);
        const day = DAYS[new Date(`${b.when}:00Z`).getUTCDay()];
        const hhmm = b.when.slice(11);
        const open = (biz.rules.openingHours[day] ?? []).some((range) => {
          const [from, to] = range.split("-");
          return hhmm >= from && hhmm < to;
        });
        if (!open) problems.push(`${c.id}: booking ${b.when} (${day}) outside ${c.business}'s opening hours`);
      }
      for (const o of c.outcome.orders ?? []) {
        for (const i of o.items) {
          const item = biz.menu.find((m) => m.externalId === i.item);
          if (!item) problems.push(`${c.id}: ${i.item} is not on ${c.business}'s menu`);
          else if (item.inStock === false) problems.push(`${c.id}: ${i.item} is out of stock`);
        }
        const total = ruleTotal(biz, o.items, o.fulfilment);
        if (o.total !== undefined && o.total !== total) problems.push(`${c.id}: total ${o.total}, ${c.business}'s rules give ${total}`);
        if (o.fulfilment === "delivery" && total < biz.rules.delivery.minimumCents) problems.push(`${c.id}: delivery under the minimum`);
        if (o.fulfilment === "delivery" && !o.address) problems.push(`${c.id}: delivery without an address`);
      }
    }
    const held = heldOutIds(all);
    for (const c of tuned) if (held.has(c.id)) problems.push(`${c.id} belongs in the held-out part (npx tsx scripts/split-unseen.ts)`);
    for (const c of heldOut) if (!held.has(c.id)) problems.push(`a held-out case belongs in the tuned part (npx tsx scripts/split-unseen.ts)`);
    expect(problems).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(300);
    const foreign = all.filter((c) => c.lang !== "en").length / all.length;
    expect(foreign, "share of Portuguese or Spanish cases").toBeGreaterThanOrEqual(0.35);
    expect(foreign, "share of Portuguese or Spanish cases").toBeLessThanOrEqual(0.45);
    for (const p of Object.keys(patternNames).map(Number))
      expect(
        heldOut.some((c) => c.pattern === p),
        `pattern ${p} in the held-out part`,
      ).toBe(true);
  });

  it(
    "the tuned part passes at least its baseline",
    async () => {
      const cases = probe ? loadProbe(probe) : filter ? tuned.filter((c) => c.id.includes(filter)) : tuned;
      const results = await runAll(cases);
      const s = summary(results);
      report.tuned = { ...s, subset: filter ?? null, results };
      const failed = results.filter((r) => !r.passed);
      const details = failed.map((r) =>
        [
          `--- ${r.id} (pattern ${r.pattern} ${patternNames[r.pattern]}, ${r.lang}, ${r.business})`,
          ...r.transcript.flatMap((t) => [`  customer: ${t.say}`, ...t.replies.map((x) => `  assistant: ${x.replace(/\n/g, "\n             ")}`)]),
          ...r.failures.map((f) => `  ✗ ${f}`),
        ].join("\n"),
      );
      console.log(
        [...(failed.length ? ["tuned failures:", ...details, ""] : []), ...lines(filter ? `tuned part (UNSEEN=${filter})` : "tuned part", s)].join(
          "\n",
        ),
      );
      expect(results.length).toBeGreaterThan(0);
      if (filter) console.log(`UNSEEN=${filter}: a subset of the tuned part, so no ratchet (baseline ${baseline.tuned} is for the whole part)`);
      else expect(s.passed, `tuned part: ${s.passed}/${s.total} passed, baseline ${baseline.tuned}`).toBeGreaterThanOrEqual(baseline.tuned);
    },
    90 * 60_000,
  );

  it.skipIf(!!filter)(
    "the held-out part passes at least its baseline (counts only: its conversations are never shown)",
    async () => {
      const s = summary(await runAll(heldOut));
      report.heldOut = s;
      console.log(lines("held-out part", s).join("\n"));
      expect(s.total).toBeGreaterThan(0);
      expect(s.passed, `held-out part: ${s.passed}/${s.total} passed, baseline ${baseline.heldOut}`).toBeGreaterThanOrEqual(baseline.heldOut);
    },
    90 * 60_000,
  );
});
