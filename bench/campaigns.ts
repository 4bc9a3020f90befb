// Campaign throughput: recipients per second a campaign sends against the fake Graph server enforcing a
// throughput limit (Meta's default 80/s, and a high one that shows what our side can push), in this
// process against the bench database, with the peak one-second count the fake saw.
import { randomInt } from "node:crypto";
import type { Unavailable } from "./latency";

export type CampaignRun = {
  limit: number;
  recipients: number;
  sent: number;
  seconds: number;
  perSecond: number;
  peakPerSecond: number;
  throttled: number;
  duplicates: number;
};
export type CampaignsResult = { available: true; runs: CampaignRun[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function peak(times: number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (t[i] - t[j] >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

export async function campaignThroughput(opts: {
  log: (s: string) => void;
  runs?: { limit: number; recipients: number }[];
}): Promise<CampaignsResult | Unavailable> {
  const { startFakeGraph } = await import("../tests/fakes/graph-server");
  const { db } = await import("../lib/db/client");
  const { sql } = await import("drizzle-orm");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { upsertTemplate, verifyWhatsApp } = await import("../lib/channels");
  const { campaignSend, createCampaign, updateCampaignSettings } = await import("../lib/campaigns/campaigns");
  const { campaignSendJob } = await import("../lib/campaigns/send-job");
  const { startWorker } = await import("../lib/jobs/worker");
  const runs: CampaignRun[] = [];
  for (const { limit, recipients } of opts.runs ?? [
    { limit: 80, recipients: 1200 },
    { limit: 1000, recipients: 5000 },
  ]) {
    const phoneNumberId = String(randomInt(100_000_000, 999_999_999));
    const fake = await startFakeGraph({ accessTokens: { [phoneNumberId]: "bench-token" }, throughputPerSecond: limit });
    process.env.WHATSAPP_GRAPH_URL = fake.url;
    const { businessId } = await createBusiness(db(), {
      name: "Bench Campaign Co",
      tokens: 1000,
      whatsapp: await verifyWhatsApp({ phoneNumberId, accessToken: "bench-token" }),
    });
    await updateCampaignSettings(db(), businessId, { throughputPerSecond: limit, ratePerSecond: limit, dailyLimit: null });
    await upsertTemplate(db(), businessId, { name: "sunday_opening", language: "en", category: "marketing", body: "Hi {{1}}, we open on Sunday!" });
    const prefix = String(randomInt(100, 999));
    for (let i = 0; i < recipients; i += 1000) {
      const n = Math.min(1000, recipients - i);
      await db().execute(sql`insert into contacts (id, business_id, phone, name, tags)
        select 'ct_bench' || ${prefix}::text || ${businessId}::text || g, ${businessId}, '+1' || ${prefix}::text || lpad(g::text, 7, '0'), 'Guest ' || g, '{regular}'
        from generate_series(${i}::int, ${i + n - 1}::int) g`);
    }
    // Only the campaign queue: the events it emits are left for settleDatabase, as the other scenarios' jobs.
    const worker = startWorker({ [campaignSend.name]: campaignSendJob }, { pollMs: 50 });
    try {
      await createCampaign(db(), businessId, {
        name: "Bench",
        template: { name: "sunday_opening", language: "en", variables: ["{{name|there}}"] },
        audience: { tags: { any: ["regular"] } },
      });
      const deadline = Date.now() + Math.max(60_000, (recipients / limit) * 3000);
      while (fake.sent.length < recipients && Date.now() < deadline) await sleep(100);
      const times = fake.sent.map((s) => s.at.getTime());
      const seconds = times.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : 0;
      const to = fake.sent.map((s) => String(s.body?.to));
      const run: CampaignRun = {
        limit,
        recipients,
        sent: fake.sent.length,
        seconds: Math.round(seconds * 10) / 10,
        perSecond: seconds > 0 ? Math.round(fake.sent.length / seconds) : 0,
        peakPerSecond: peak(times),
        throttled: fake.throttled.length,
        duplicates: to.length - new Set(to).size,
      };
      opts.log(
        `  limit ${limit}/s: ${run.sent}/${recipients} sent in ${run.seconds} s = ${run.perSecond} recipients/s (peak ${run.peakPerSecond} in a second, ${run.throttled} throttled, ${run.duplicates} duplicates)`,
      );
      runs.push(run);
    } finally {
      await worker.stop();
      await fake.close();
    }
  }
  return { available: true, runs };
}
