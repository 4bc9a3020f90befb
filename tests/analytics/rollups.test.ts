import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsDaily, analyticsSummary } from "@/lib/analytics/analytics";
import { activity } from "@/lib/analytics/rollups";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { eraseContact } from "@/lib/privacy/erase-contact";
import { applyRetention, setPrivacySettings } from "@/lib/privacy/retention";
import { makeBusiness } from "../helpers/api";
import {
  bulkInsert,
  DAY,
  HOUR,
  pastInstant,
  type Random,
  rawActivity,
  rawDaily,
  rawSummary,
  rollupsAgainstRebuild,
  seeded,
  spreadOverPast,
  writeThroughApp,
  ZONES,
} from "./rollup-data";

// Issue 41, item 4: the analytics read hourly rollups kept by triggers. Every figure must equal
// counting the raw rows, for any range, any time zone (half- and quarter-hour ones too), after
// inserts, moves in time, bulk loads and deletions, and another business's writes never change them.

const SEED = Number(process.env.ROLLUP_SEED ?? 4141);
const SPAN_DAYS = 20;
const now = Date.now();
let a: string;
let b: string;

const toObject = (m: Map<string, unknown>) => Object.fromEntries([...m.entries()].sort());

/** A random range inside the span: anywhere, on hour edges, inside one hour, or a tiny one. */
function randomRange(r: Random): [Date, Date] {
  const x = pastInstant(r, now + 2 * HOUR, SPAN_DAYS + 2);
  const shape = r.int(4);
  const length = shape === 0 ? r.int(HOUR) : shape === 1 ? r.int(5) + 1 : shape === 2 ? r.int(3) * HOUR : r.int(SPAN_DAYS * DAY);
  return [new Date(x), new Date(x + Math.max(1, length))];
}

async function expectRangesExact(r: Random, businessId: string, cases: number) {
  for (let i = 0; i < cases; i++) {
    const [from, to] = randomRange(r);
    const zone = r.int(4) === 0 ? undefined : r.pick(ZONES);
    const label = `seed ${SEED}, case ${i}: [${from.toISOString()}, ${to.toISOString()}) ${zone ?? "(one key)"}`;
    expect(toObject(await activity(db(), businessId, { from, to, dayZone: zone })), label).toEqual(await rawActivity(businessId, from, to, zone));
  }
}

async function expectSummariesExact(r: Random, businessId: string, cases: number) {
  for (let i = 0; i < cases; i++) {
    const at = new Date(r.int(2) ? pastInstant(r, now + HOUR, 3) : now + r.int(HOUR));
    const window = r.pick(["1h", "2h", "24h", "48h", "7d", "30d", `${1 + r.int(720)}h`]);
    const got = await analyticsSummary(db(), businessId, window, at);
    const want = await rawSummary(businessId, got.from, got.to);
    expect(
      { conversations: got.conversations, resolved: got.resolvedByAssistant, leads: got.leads, handoffs: got.handoffs },
      `seed ${SEED}, ${window} to ${got.to}`,
    ).toEqual(want);
    if (i % 4 === 0) {
      const from = new Date(at.getTime() - (Date.parse(got.to) - Date.parse(got.from)));
      expect(await analyticsDaily(db(), businessId, window, at), `seed ${SEED}, daily ${window} to ${got.to}`).toEqual(
        await rawDaily(businessId, from, at),
      );
    }
  }
}

beforeAll(async () => {
  const r = seeded(SEED);
  a = (await makeBusiness()).businessId;
  b = (await makeBusiness()).businessId;
  await writeThroughApp(r, a, 8);
  await spreadOverPast(r, a, now, SPAN_DAYS);
  await bulkInsert(r, a, now, SPAN_DAYS, 120);
}, 120_000);

describe("analytics rollups", () => {
  it("hold what a rebuild from the raw rows would, after the app's writes, moves in time and a bulk load", async () => {
    const { stored, rebuilt } = await rollupsAgainstRebuild(a);
    expect(stored.length).toBeGreaterThan(50);
    expect(stored).toEqual(rebuilt);
  });

  it("give the raw counts for random ranges, per local day in any time zone or over the whole range", async () => {
    const total = await rawActivity(a, new Date(now - 30 * DAY), new Date(now + HOUR));
    // The data is worth testing: every figure has something to count.
    expect(Object.values(total[""]).every((n) => n > 0)).toBe(true);
    await expectRangesExact(seeded(SEED + 1), a, 80);
  });

  it("answer the summary and the overview chart exactly as the raw queries did", async () => {
    await expectSummariesExact(seeded(SEED + 2), a, 40);
  });

  it("cut a half-hour zone's local days inside the hour: the hour around Kolkata's midnight counts on both days", async () => {
    // 18:30 UTC is midnight in Kolkata: messages at 18:10 and 18:50 fall on two local days.
    const conv = await queryRows<{ id: string; contact_id: string }>(
      db(),
      sql`select id, contact_id from conversations where business_id = ${a} limit 1`,
    );
    const day = Math.floor((now - 3 * DAY) / DAY) * DAY;
    const at = (minutes: number) => new Date(day + 18 * HOUR + minutes * 60_000).toISOString();
    await db().execute(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, text, status, channel, created_at) values
      ('msg_kolkata_before', ${a}, ${conv[0].id}, ${conv[0].contact_id}, 'outbound', 'assistant', 'before', 'sent', 'sandbox', ${at(10)}::timestamptz),
      ('msg_kolkata_after', ${a}, ${conv[0].id}, ${conv[0].contact_id}, 'outbound', 'assistant', 'after', 'sent', 'sandbox', ${at(50)}::timestamptz)`);
    const from = new Date(day - DAY);
    const to = new Date(day + 2 * DAY);
    const got = toObject(await activity(db(), a, { from, to, dayZone: "Asia/Kolkata" }));
    expect(got).toEqual(await rawActivity(a, from, to, "Asia/Kolkata"));
    const localDay = (offsetDays: number) => new Date(day + offsetDays * DAY).toISOString().slice(0, 10);
    expect(Object.keys(got)).toEqual(expect.arrayContaining([localDay(0), localDay(1)]));
  });

  it("never change with another business's writes, and never count them", async () => {
    const r = seeded(SEED + 3);
    const ranges = Array.from({ length: 12 }, () => randomRange(r));
    const zones = ranges.map(() => r.pick(ZONES));
    const before = await Promise.all(ranges.map(([from, to], i) => activity(db(), a, { from, to, dayZone: zones[i] }).then(toObject)));
    const summary = await analyticsSummary(db(), a, "30d", new Date(now + HOUR));
    await writeThroughApp(r, b, 3);
    await spreadOverPast(r, b, now, SPAN_DAYS);
    await bulkInsert(r, b, now, SPAN_DAYS, 60);
    await setPrivacySettings(db(), b, { messageRetentionDays: 5 });
    await applyRetention(db(), b);
    const after = await Promise.all(ranges.map(([from, to], i) => activity(db(), a, { from, to, dayZone: zones[i] }).then(toObject)));
    expect(after).toEqual(before);
    expect(await analyticsSummary(db(), a, "30d", new Date(now + HOUR))).toEqual(summary);
    // B's own figures are its own.
    const whole = [new Date(now - 30 * DAY), new Date(now + HOUR)] as const;
    expect(toObject(await activity(db(), b, { from: whole[0], to: whole[1] }))).toEqual(await rawActivity(b, whole[0], whole[1]));
    expect((await rollupsAgainstRebuild(b)).stored).toEqual((await rollupsAgainstRebuild(b)).rebuilt);
  });

  it("stay exact when messages go: the retention job's batches and a contact's erasure (cascades)", async () => {
    await setPrivacySettings(db(), a, { messageRetentionDays: 10 });
    const gone = await applyRetention(db(), a);
    expect(gone?.messages).toBeGreaterThan(0);
    const [contact] = await queryRows<{ contact_id: string }>(
      db(),
      sql`select contact_id from messages where business_id = ${a} group by contact_id order by count(*) desc limit 1`,
    );
    await eraseContact(db(), a, contact.contact_id);
    const { stored, rebuilt } = await rollupsAgainstRebuild(a);
    expect(stored).toEqual(rebuilt);
    await expectRangesExact(seeded(SEED + 4), a, 30);
    await expectSummariesExact(seeded(SEED + 5), a, 12);
  });
});
