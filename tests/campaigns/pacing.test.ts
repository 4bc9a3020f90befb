import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { updateCampaignSettings } from "../../lib/campaigns/campaigns";
import { MAX_IN_FLIGHT } from "../../lib/campaigns/send-paced";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { messages } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { api } from "../helpers/api";
import { type AppServer, type Connected, connectedBusiness, setChannelEnv, sleep, startAppServer, waitFor } from "../channels/harness";
import { bulkContacts, campaignJobs, campaignStatus, campaignWorker, ownCampaignBusiness, recipientsOf } from "./harness";

// The pacing promises against the fake Graph server: a throughput limit it enforces itself (more than
// N accepted sends in any second get 130429), scripted 130429s on top, a customer talking to the
// assistant meanwhile, and a worker that dies mid-request.

let app: AppServer;
let biz: Connected | null = null;
const workers: Worker[] = [];

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await app.close();
});

const digits = (p: string) => p.replace(/\D/g, "");

/** The most sends any one-second window saw at the fake. */
function peakPerSecond(times: number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let peak = 0;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (t[i] - t[j] >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

async function setUp(throughput: number, contacts: number, prefix: string) {
  biz = await connectedBusiness(app, { throughputPerSecond: throughput });
  const b = biz;
  ownCampaignBusiness(b.businessId, b.phoneNumberId);
  await updateCampaignSettings(db(), b.businessId, { throughputPerSecond: throughput, ratePerSecond: throughput, dailyLimit: null });
  const t = await api("POST", "/v1/templates", {
    key: b.key,
    body: { name: "sunday_opening", language: "en", category: "marketing", body: "Hi {{1}}, we open on Sunday!" },
  });
  expect(t.status).toBe(200);
  const phones = await bulkContacts(b.businessId, contacts, prefix, ["regular"]);
  return { b, phones };
}

async function createCampaign(b: Connected) {
  const res = await api("POST", "/v1/campaigns", {
    key: b.key,
    body: {
      name: "Sunday",
      template: { name: "sunday_opening", language: "en", variables: ["{{name|there}}"] },
      audience: { tags: { any: ["regular"] } },
    },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

/** A customer writes on WhatsApp; resolves with how long the assistant's reply took to reach WhatsApp. */
async function replyTime(b: Connected, phone: string): Promise<number> {
  const started = Date.now();
  expect(await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, name: "Kim", text: "hello, are you open today?" }] }))).toBe(200);
  await waitFor(async () => b.fake.sent.find((s) => digits(String(s.body.to)) === digits(phone) && s.body.type !== "template"), 30_000);
  return Date.now() - started;
}

describe("5,000 recipients against a throughput limit", () => {
  it("sends every recipient exactly once, never above the limit, slows down on 130429, and keeps assistant replies quick", async () => {
    const limit = 250;
    const { b, phones } = await setUp(limit, 5000, "1444");
    workers.push(campaignWorker());
    const baseline = await replyTime(b, "+14155550001");

    // Meta's throughput error at the start and again mid-campaign: the campaign slows down, nobody fails.
    b.fake.failNext(130429, 3);
    const started = Date.now();
    const id = await createCampaign(b);
    await waitFor(async () => b.fake.sent.length > 1000, 60_000);
    b.fake.failNext(130429, 2);
    // The scripted 130429s are meant for the campaign: the fake fails whichever sends come next, so the
    // reply is measured once the campaign has taken both (a reply that met one would rightly wait).
    await waitFor(async () => b.fake.attempts.filter((a) => a.errorCode === 130429).length === 5, 60_000);
    const during = await replyTime(b, "+14155550002");
    await waitFor(async () => (await campaignStatus(id)).status === "completed", 150_000);
    const seconds = (Date.now() - started) / 1000;

    const templates = b.fake.sent.filter((s) => s.body.type === "template");
    const sentTo = templates.map((s) => digits(String(s.body.to)));
    expect(new Set(sentTo).size).toBe(5000);
    expect(sentTo.length).toBe(5000);
    expect(new Set(sentTo)).toEqual(new Set(phones.map(digits)));
    // The fake never had to refuse a send for going too fast: only the five scripted 130429s happened.
    expect(b.fake.throttled).toHaveLength(0);
    expect(b.fake.attempts.filter((a) => a.errorCode === 130429)).toHaveLength(5);
    expect(peakPerSecond(b.fake.sent.map((s) => s.at.getTime()))).toBeLessThanOrEqual(limit);

    const rs = await recipientsOf(id);
    expect(rs.filter((r) => r.status === "sent")).toHaveLength(5000);
    const counts = (await api("GET", `/v1/campaigns/${id}`, { key: b.key })).body.counts;
    expect(counts).toMatchObject({ total: 5000, sent: 5000, failed: 0, pending: 0 });
    const [stored] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from messages where business_id = ${b.businessId} and source = 'campaign' and status = 'sent'`,
    );
    expect(stored.n).toBe(5000);

    // The assistant's reply during the campaign took about as long as before it (conversational
    // sends are not queued behind the campaign).
    console.log(
      `[campaign] 5000 recipients in ${seconds.toFixed(1)} s (${(5000 / seconds).toFixed(0)}/s, limit ${limit}/s); reply ${baseline} ms before, ${during} ms during`,
    );
    // Starved replies would wait for the campaign's end (20 s and more at this pace); a loaded machine
    // slows both measurements alike, so the bound leaves room for that and still catches starvation.
    expect(during).toBeLessThan(Math.max(3 * baseline, baseline + 5000));
  }, 240_000);
});

describe("a worker killed mid-campaign", () => {
  it("resumes on another worker without sending anyone the campaign twice", async () => {
    const previousTimeout = process.env.WHATSAPP_TIMEOUT_MS;
    // The dead worker's requests must stay unanswered for the whole test, as a killed process's would.
    process.env.WHATSAPP_TIMEOUT_MS = "120000";
    try {
      const { b, phones } = await setUp(100, 500, "1445");
      const first = campaignWorker();
      const id = await createCampaign(b);
      await waitFor(async () => b.fake.sent.length >= 150, 60_000);
      // The process dies mid-request: its requests in flight never get an answer, it stops beating.
      b.fake.stall();
      // The dead pass is stuck on its unanswered requests (a full set of them, or the end of its slice).
      let seen = -1;
      await waitFor(async () => {
        const now = b.fake.stalled.length;
        const stable = now > 0 && now === seen;
        seen = now;
        if (!stable) await sleep(400);
        return stable;
      }, 20_000);
      const dying = first.stop();
      const [job] = await campaignJobs(b.businessId);
      expect(job.locked_by).toBeTruthy();
      await db().execute(sql`delete from workers where id = ${job.locked_by}`);
      b.fake.unstall();

      const second = campaignWorker();
      workers.push(second);
      await waitFor(async () => (await campaignStatus(id)).status === "completed", 60_000);

      const delivered = b.fake.sent.map((s) => digits(String(s.body.to)));
      const held = b.fake.stalled.map((s) => digits(String(s.to)));
      const everyRequest = [...delivered, ...held];
      // Nobody got it twice, counting the requests the dead worker left hanging as delivered.
      expect(new Set(everyRequest).size).toBe(everyRequest.length);
      const rs = await recipientsOf(id);
      const sent = rs.filter((r) => r.status === "sent");
      const interrupted = rs.filter((r) => r.status === "failed" && r.error?.code === "interrupted");
      expect(sent.length + interrupted.length).toBe(500);
      // Only what was in flight at the crash is unknown, and none of it was sent again.
      expect(interrupted.length).toBeGreaterThanOrEqual(held.length);
      expect(held.length).toBeLessThanOrEqual(MAX_IN_FLIGHT);
      expect(interrupted.length).toBeLessThanOrEqual(100);
      for (const r of interrupted) expect(delivered.filter((p) => p === digits(r.phone)).length).toBeLessThanOrEqual(1);
      for (const h of held) expect(interrupted.map((r) => digits(r.phone))).toContain(h);
      expect(new Set(sent.map((r) => digits(r.phone)))).toEqual(
        new Set(delivered.filter((p) => !held.includes(p) && sent.some((r) => digits(r.phone) === p))),
      );
      expect(new Set(rs.map((r) => r.phone))).toEqual(new Set(phones));
      const counts = (await api("GET", `/v1/campaigns/${id}`, { key: b.key })).body.counts;
      expect(counts.failedByCode.interrupted).toBe(interrupted.length);
      const [m] = await db()
        .select()
        .from(messages)
        .where(eq(messages.id, sent[0].messageId as string));
      expect(m.source).toBe("campaign");
      // Let the dead pass run out (its requests fail once the fake is gone) before the database closes:
      // whatever it then tries to settle is refused by its lost claim.
      await b.fake.close();
      biz = null;
      await dying;
      const after = await recipientsOf(id);
      expect(after.map((r) => [r.id, r.status])).toEqual(rs.map((r) => [r.id, r.status]));
    } finally {
      if (previousTimeout === undefined) delete process.env.WHATSAPP_TIMEOUT_MS;
      else process.env.WHATSAPP_TIMEOUT_MS = previousTimeout;
    }
    await sleep(0);
  }, 120_000);
});
