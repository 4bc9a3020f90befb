import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { type WhatsAppPricingCategory, whatsappPricingCategories, whatsappRates } from "../db/schema";
import { invalid } from "../errors";
import { now } from "../time/clock";

// What WhatsApp charges (issue 37 item 6): the outbound messages whose status webhooks said
// `pricing.billable`, counted per day or month (UTC, by the time the first priced status came) and per
// category and source, with an estimate from the owner's rate card. Meta's invoice is the truth; this
// shows where the money goes, the assistant's own replies included (service replies are charged since
// October 2026). docs/whatsapp.md, "What WhatsApp costs".

/** The four groups the owner sees; Meta's rarer categories fold into them (or into other). */
export const chargeGroups = ["marketing", "utility", "authentication", "service", "other"] as const;
export type ChargeGroup = (typeof chargeGroups)[number];

export function chargeGroup(category: string): ChargeGroup {
  if (category === "marketing" || category === "marketing_lite") return "marketing";
  if (category === "authentication" || category === "authentication_international") return "authentication";
  if (category === "utility" || category === "service") return category;
  return "other";
}

const sources = ["assistant", "agent", "api", "campaign"] as const;

const figure = z.object({
  messages: z.number().int().meta({ description: "Billable messages WhatsApp reported." }),
  estimatedCost: z.number().meta({ description: "Their cost by the rate card, in its currency (0 without a card)." }),
  unrated: z.number().int().meta({ description: "Billable messages the rate card has no price for (counted at 0)." }),
});
export type ChargeFigure = z.infer<typeof figure>;

const byGroup = z.object(Object.fromEntries(chargeGroups.map((g) => [g, figure])) as Record<ChargeGroup, typeof figure>);
const bySource = z.object(Object.fromEntries(sources.map((s) => [s, figure])) as Record<(typeof sources)[number], typeof figure>);

export const chargesQuery = z.object({
  period: z.enum(["day", "month"]).default("day").meta({ description: "Buckets of a UTC day or a UTC month." }),
  from: z.iso
    .date()
    .optional()
    .meta({ description: "First day (UTC, inclusive). Default: 30 days ago by day, the first of the month 11 months ago by month." }),
  to: z.iso.date().optional().meta({ description: "Last day (UTC, inclusive). Default: today." }),
});
export type ChargesQuery = z.infer<typeof chargesQuery>;

export const chargesOut = z.object({
  period: z.enum(["day", "month"]),
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable().meta({ description: "The rate card's currency; null when no card is uploaded." }),
  total: figure,
  byCategory: byGroup,
  bySource,
  buckets: z.array(z.object({ start: z.string().meta({ description: "The day or month (YYYY-MM-DD, UTC)." }), total: figure, byCategory: byGroup })),
});
export type ChargesOut = z.infer<typeof chargesOut>;

const DAY = 86_400_000;
const zero = (): ChargeFigure => ({ messages: 0, estimatedCost: 0, unrated: 0 });
const add = (f: ChargeFigure, n: number, cost: number, unrated: number) => {
  f.messages += n;
  f.estimatedCost = round(f.estimatedCost + cost);
  f.unrated += unrated;
};
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const groups = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, zero()])) as Record<K, ChargeFigure>;

function range(q: ChargesQuery, today: Date): { from: Date; to: Date } {
  const day = (s: string) => new Date(`${s}T00:00:00Z`);
  const to = q.to ? day(q.to) : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const from = q.from
    ? day(q.from)
    : q.period === "month"
      ? new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1))
      : new Date(to.getTime() - 29 * DAY);
  if (from > to) throw invalid([{ path: "from", message: "from must not be after to." }]);
  if ((to.getTime() - from.getTime()) / DAY > 3 * 366) throw invalid([{ path: "from", message: "The range is at most three years." }]);
  return { from, to };
}

export async function whatsappCharges(db: Db, businessId: string, q: ChargesQuery): Promise<ChargesOut> {
  const { from, to } = range(q, now());
  const end = new Date(to.getTime() + DAY);
  const unit = q.period === "month" ? "month" : "day";
  // Each billable message takes its country's price for its category, or the card's `*` price.
  const rows = await queryRows<{
    bucket: string;
    category: string;
    source: string;
    n: number | string;
    cost: string | null;
    unrated: number | string;
  }>(
    db,
    sql`select to_char(date_trunc(${unit}, m.priced_at at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
        m.pricing_category as category, m.source, count(*) as n,
        coalesce(sum(r.price), 0) as cost, count(*) - count(r.price) as unrated
      from messages m
      left join lateral (
        select w.price from whatsapp_rates w
        where w.business_id = m.business_id and w.category = m.pricing_category and w.country in (coalesce(m.pricing_country, '*'), '*')
        order by (w.country = '*') limit 1
      ) r on true
      where m.business_id = ${businessId} and m.pricing_billable and m.direction = 'outbound'
        and m.priced_at >= ${from.toISOString()}::timestamptz and m.priced_at < ${end.toISOString()}::timestamptz
      group by 1, 2, 3
      order by 1`,
  );
  const [card] = await db.select({ currency: whatsappRates.currency }).from(whatsappRates).where(eq(whatsappRates.businessId, businessId)).limit(1);
  const out: ChargesOut = {
    period: unit,
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    currency: card?.currency ?? null,
    total: zero(),
    byCategory: groups(chargeGroups),
    bySource: groups(sources),
    buckets: [],
  };
  const buckets = new Map<string, ChargesOut["buckets"][number]>();
  for (const r of rows) {
    const n = Number(r.n);
    const cost = Number(r.cost ?? 0);
    const unrated = Number(r.unrated);
    const g = chargeGroup(r.category);
    let b = buckets.get(r.bucket);
    if (!b) {
      b = { start: r.bucket, total: zero(), byCategory: groups(chargeGroups) };
      buckets.set(r.bucket, b);
      out.buckets.push(b);
    }
    for (const f of [out.total, out.byCategory[g], b.total, b.byCategory[g]]) add(f, n, cost, unrated);
    const source = out.bySource[r.source as (typeof sources)[number]];
    if (source) add(source, n, cost, unrated);
  }
  return out;
}

// The rate card.

export const rateCardIn = z.object({
  csv: z.string().max(200_000).meta({
    description: "Lines of `country,category,price`; a first line naming the columns is skipped. Country: ISO 3166 alpha-2 or `*` (any other).",
  }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "currency is an ISO 4217 code such as USD.")
    .default("USD"),
});
export type RateCardIn = z.infer<typeof rateCardIn>;

export const rateCardOut = z.object({
  currency: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  rates: z.array(z.object({ country: z.string(), category: z.enum(whatsappPricingCategories), price: z.number() })),
});
export type RateCardOut = z.infer<typeof rateCardOut>;

type Rate = { country: string; category: WhatsAppPricingCategory; price: number };

/** Reads a rate card CSV; every line that is not a rate is named in the error, none is skipped silently. */
export function parseRateCard(csv: string): Rate[] {
  const lines = csv.split(/\r?\n/);
  const problems: { path: string; message: string }[] = [];
  const rates = new Map<string, Rate>();
  for (const [i, line] of lines.entries()) {
    const cells = line.split(",").map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    if (cells.every((c) => c === "")) continue;
    if (i === 0 && cells[0]?.toLowerCase() === "country") continue;
    const path = `csv line ${i + 1}`;
    if (cells.length !== 3) {
      problems.push({ path, message: "expected three columns: country, category, price." });
      continue;
    }
    const country = cells[0].toUpperCase();
    const category = cells[1].toLowerCase();
    const price = Number(cells[2]);
    if (!/^([A-Z]{2}|\*)$/.test(country)) problems.push({ path, message: `"${cells[0]}" is not a two-letter country code or *.` });
    else if (!(whatsappPricingCategories as readonly string[]).includes(category))
      problems.push({ path, message: `"${cells[1]}" is not a category (${whatsappPricingCategories.join(", ")}).` });
    else if (!cells[2] || !Number.isFinite(price) || price < 0 || price >= 1e8) problems.push({ path, message: `"${cells[2]}" is not a price.` });
    else if (rates.has(`${country} ${category}`)) problems.push({ path, message: `${country} ${category} is priced twice.` });
    else rates.set(`${country} ${category}`, { country, category: category as WhatsAppPricingCategory, price });
    if (problems.length >= 20) break;
  }
  if (problems.length) throw invalid(problems, "The rate card has lines that are not rates.");
  if (!rates.size) throw invalid([{ path: "csv", message: "The rate card has no rates." }]);
  return [...rates.values()];
}

/** Replaces the business's rate card with the uploaded one, as a whole (run it in a transaction: the API's is). */
export async function replaceRateCard(db: Db, businessId: string, input: RateCardIn): Promise<RateCardOut> {
  const rates = parseRateCard(input.csv);
  await db.transaction(async (tx) => {
    await tx.delete(whatsappRates).where(eq(whatsappRates.businessId, businessId));
    for (let i = 0; i < rates.length; i += 500)
      await tx
        .insert(whatsappRates)
        .values(
          rates
            .slice(i, i + 500)
            .map((r) => ({ businessId, country: r.country, category: r.category, price: String(r.price), currency: input.currency })),
        );
  });
  return getRateCard(db, businessId);
}

export async function getRateCard(db: Db, businessId: string): Promise<RateCardOut> {
  const rows = await db
    .select()
    .from(whatsappRates)
    .where(eq(whatsappRates.businessId, businessId))
    .orderBy(asc(whatsappRates.country), asc(whatsappRates.category));
  return {
    currency: rows[0]?.currency ?? null,
    uploadedAt: rows[0]?.createdAt.toISOString() ?? null,
    rates: rows.map((r) => ({ country: r.country, category: r.category, price: Number(r.price) })),
  };
}
