import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsDaily, analyticsSummary } from "@/lib/analytics/analytics";
import { db } from "@/lib/db/client";
import { currentMigrations, emptyDatabase, migrateFolder, migrationsUpTo } from "../helpers/migrations";
import { DAY, HOUR, rawDaily, rawSummary, rollupsAgainstRebuild, seeded } from "./rollup-data";

// Issue 41, item 4: an installation upgraded to the rollups (drizzle/0041_analytics_rollups.sql) has
// them filled from the history it already holds, so its figures are the same the day after.

const B = "biz_01ROLLUPBACKFILL000000000";
const OTHER = "biz_01ROLLUPBACKFILLOTHER0000";
const now = Date.now();

async function history(businessId: string, seed: number) {
  const r = seeded(seed);
  const run = (q: ReturnType<typeof sql>) => db().execute(q);
  await run(sql`insert into businesses (id, name) values (${businessId}, 'Before the rollups')`);
  for (let c = 0; c < 6; c++) {
    const contact = `ct_${businessId}_${c}`;
    const conv = `conv_${businessId}_${c}`;
    await run(sql`insert into contacts (id, business_id, phone, channel) values (${contact}, ${businessId}, ${`+1999000${seed}${c}`}, 'sandbox')`);
    await run(sql`insert into conversations (id, business_id, contact_id, status) values (${conv}, ${businessId}, ${contact}, 'open')`);
    const at = () => new Date(now - r.int(40 * DAY)).toISOString();
    for (let m = 0; m < 25; m++) {
      const source = r.pick(["customer", "assistant", "agent"]);
      await run(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, text, status, channel, created_at)
        values (${`msg_${conv}_${m}`}, ${businessId}, ${conv}, ${contact}, ${source === "customer" ? "inbound" : "outbound"}, ${source}, 'x', 'sent', 'sandbox', ${at()}::timestamptz)`);
    }
    for (let t = 0; t < 3; t++)
      await run(sql`insert into conversation_transitions (id, business_id, conversation_id, from_status, to_status, actor, created_at)
        values (${`trn_${conv}_${t}`}, ${businessId}, ${conv}, 'open', ${r.pick(["handoff", "open"])}, 'system', ${at()}::timestamptz)`);
    for (let k = 0; k < 4; k++)
      await run(sql`insert into records (id, business_id, collection, fields, conversation_id, status, created_at)
        values (${`rec_${conv}_${k}`}, ${businessId}, ${r.pick(["leads", "orders"])}, '{}'::jsonb, ${conv}, 'new', ${at()}::timestamptz)`);
  }
}

beforeAll(async () => {
  await emptyDatabase();
  await migrateFolder(migrationsUpTo("0040_payments_and_stock"));
  await history(B, 1);
  await history(OTHER, 2);
  await migrateFolder(currentMigrations);
}, 120_000);

describe("the rollups migration", () => {
  it("fills the rollups from the existing history, each business apart", async () => {
    for (const businessId of [B, OTHER]) {
      const { stored, rebuilt } = await rollupsAgainstRebuild(businessId);
      expect(stored.length).toBeGreaterThan(100);
      expect(stored).toEqual(rebuilt);
    }
  });

  it("answers the summary and the chart as the raw queries did before it", async () => {
    for (const window of ["24h", "7d", "30d", "45d"]) {
      const at = new Date(now + HOUR / 2);
      const got = await analyticsSummary(db(), B, window, at);
      expect({ conversations: got.conversations, resolved: got.resolvedByAssistant, leads: got.leads, handoffs: got.handoffs }).toEqual(
        await rawSummary(B, got.from, got.to),
      );
      expect(await analyticsDaily(db(), B, window, at)).toEqual(await rawDaily(B, new Date(Date.parse(got.from)), at));
    }
  });
});
