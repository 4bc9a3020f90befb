import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { updateCampaignSettings } from "../../lib/campaigns/campaigns";
import { runCampaignPass } from "../../lib/campaigns/send-job";
import { db } from "../../lib/db/client";
import { businesses, campaignOptOuts } from "../../lib/db/schema";
import { messagingLimitUse } from "../../lib/campaigns/messaging-limit";
import { processInboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../lib/db/rows";
import type { Worker } from "../../lib/jobs/worker";
import { type AppServer, type Connected, connectedBusiness, setChannelEnv, sleep, startAppServer, waitFor } from "../channels/harness";
import { api, makeBusiness } from "../helpers/api";
import { bulkContacts, campaignStatus, campaignWorker, ownCampaignBusiness, recipientsOf } from "./harness";

// Results and limits on a WhatsApp number: counts moved by status callbacks, failures by code, the
// pair-rate error waiting instead of failing, and the messaging-limit tier holding the campaign.

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

async function setUp(contacts: number, prefix: string, opts: Parameters<typeof connectedBusiness>[1] = {}) {
  biz = await connectedBusiness(app, opts);
  const b = biz;
  ownCampaignBusiness(b.businessId, b.phoneNumberId);
  await api("POST", "/v1/templates", { key: b.key, body: { name: "promo", language: "en", category: "marketing", body: "Hi {{1}}!" } });
  const phones = await bulkContacts(b.businessId, contacts, prefix, ["regular"]);
  const res = await api("POST", "/v1/campaigns", {
    key: b.key,
    body: { name: "Promo", template: { name: "promo", language: "en", variables: ["{{name|there}}"] }, audience: { tags: { any: ["regular"] } } },
  });
  expect(res.status).toBe(200);
  return { b, phones, id: res.body.id as string };
}

const counts = async (b: Connected, id: string) => (await api("GET", `/v1/campaigns/${id}`, { key: b.key })).body.counts;

describe("campaign results", () => {
  it("counts delivered and read from status callbacks, and failures by WhatsApp's code", async () => {
    const { b, id } = await setUp(4, "1461", { autoStatuses: true });
    // The first request is refused for good (an invalid number): failed with its code, not retried.
    b.fake.failNext(131026);
    workers.push(campaignWorker());
    await waitFor(async () => (await campaignStatus(id)).status === "completed", 20_000);
    await b.fake.idle();
    const c = await waitFor(async () => {
      const now = await counts(b, id);
      return now.read === 3 ? now : null;
    }, 20_000);
    expect(c).toMatchObject({ total: 4, sent: 3, delivered: 3, read: 3, failed: 1, failedByCode: { "131026": 1 }, pending: 0 });
    // A failure reported later by a callback counts too.
    const wamid = b.fake.sent[0].wamid;
    await b.fake.postStatus(wamid, "failed", { error: { code: 131049, message: "Not delivered to maintain healthy ecosystem engagement." } });
    // read is final: a late failure for a read message is ignored; the counts stay consistent.
    expect((await counts(b, id)).read).toBe(3);
    const failedRecipients = await api("GET", `/v1/campaigns/${id}/recipients?status=failed`, { key: b.key });
    expect(failedRecipients.body.data).toHaveLength(1);
    expect(failedRecipients.body.data[0].error).toMatchObject({ channelCode: 131026 });
  }, 60_000);

  it("131049 and 131050: limited by WhatsApp is not retried; a customer who stopped marketing in WhatsApp is opted out here, audited", async () => {
    const { b, id } = await setUp(4, "1466");
    b.fake.failNext(131049);
    b.fake.failNext(131050);
    await runCampaignPass(db(), b.businessId);
    expect((await campaignStatus(id)).status).toBe("completed");
    expect(b.fake.sent).toHaveLength(2);
    const c = await counts(b, id);
    expect(c).toMatchObject({ sent: 2, failed: 2, failedByCode: { "131049": 1, "131050": 1 } });
    expect(c.failedByReason).toEqual({ marketing_limited: 1, marketing_opted_out: 1 });
    const rs = await recipientsOf(id);
    const limited = rs.find((r) => r.error?.channelCode === 131049);
    const stopped = rs.find((r) => r.error?.channelCode === 131050);
    expect(limited).toMatchObject({ status: "failed", attempts: 1, error: { code: "marketing_limited" } });
    expect(stopped).toMatchObject({ status: "failed", attempts: 1, error: { code: "marketing_opted_out" } });
    // Only the one who stopped marketing is opted out, by the channel, with one audit entry and a contact.updated.
    const optOuts = await db().select().from(campaignOptOuts).where(eq(campaignOptOuts.businessId, b.businessId));
    expect(optOuts.map((o) => [o.contactId, o.optedOut, o.source])).toEqual([[stopped?.contactId, true, "channel"]]);
    const audit = await api("GET", "/v1/audit-events?action=contact.opted_out_by_channel", { key: b.key });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      actor: { type: "system", label: "WhatsApp" },
      target: { type: "contact", id: stopped?.contactId },
      details: { channelCode: 131050, campaignId: id },
    });
    // The next campaign to the same audience leaves them out.
    const next = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "Again", template: { name: "promo", language: "en", variables: ["x"] }, audience: { tags: { any: ["regular"] } } },
    });
    await runCampaignPass(db(), b.businessId);
    expect(await counts(b, next.body.id)).toMatchObject({ total: 3, sent: 3 });
    expect((await recipientsOf(next.body.id)).map((r) => r.contactId)).not.toContain(stopped?.contactId);
  }, 30_000);

  it("waits out a pair-rate error (131056) for that customer instead of failing them", async () => {
    const { b, id } = await setUp(2, "1462");
    b.fake.failNext(131056);
    const first = await runCampaignPass(db(), b.businessId);
    expect(first.sent).toBe(2);
    const rs = await recipientsOf(id);
    expect(rs.map((r) => r.status).sort()).toEqual(["pending", "sent"]);
    const r1 = rs.find((r) => r.status === "pending");
    expect(r1).toMatchObject({ attempts: 1, error: { channelCode: 131056 } });
    expect(r1?.notBefore?.getTime()).toBeGreaterThan(Date.now() + 2000);
    // Nothing is due until the backoff ends: the pass says when to come back.
    const waiting = await runCampaignPass(db(), b.businessId);
    expect(waiting.sent).toBe(0);
    expect(waiting.nextInMs).toBeGreaterThan(2000);
    await sleep(waiting.nextInMs as number);
    expect((await runCampaignPass(db(), b.businessId)).sent).toBe(1);
    expect((await campaignStatus(id)).status).toBe("completed");
    expect(await counts(b, id)).toMatchObject({ sent: 2, failed: 0 });
  }, 30_000);

  it("lets a second campaign go on while the first one's only recipient waits out a backoff", async () => {
    const { b, id } = await setUp(1, "1464");
    b.fake.failNext(131056);
    await runCampaignPass(db(), b.businessId);
    expect((await recipientsOf(id))[0].status).toBe("pending");
    await bulkContacts(b.businessId, 2, "1465", ["later"]);
    const second = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "Second", template: { name: "promo", language: "en", variables: ["x"] }, audience: { tags: { any: ["later"] } } },
    });
    expect((await runCampaignPass(db(), b.businessId)).sent).toBe(2);
    expect((await campaignStatus(second.body.id)).status).toBe("completed");
    expect((await campaignStatus(id)).status).toBe("running");
  });

  it("holds the campaign at the messaging-limit tier (unique customers per 24 h)", async () => {
    biz = await connectedBusiness(app);
    const b = biz;
    ownCampaignBusiness(b.businessId, b.phoneNumberId);
    await updateCampaignSettings(db(), b.businessId, { dailyLimit: 3 });
    await api("POST", "/v1/templates", { key: b.key, body: { name: "promo", language: "en", category: "marketing", body: "Hi {{1}}!" } });
    await bulkContacts(b.businessId, 5, "1463", ["regular"]);
    const res = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "Promo", template: { name: "promo", language: "en", variables: ["{{name|there}}"] }, audience: { tags: { any: ["regular"] } } },
    });
    const first = await runCampaignPass(db(), b.businessId);
    expect(first.sent).toBe(3);
    const held = await runCampaignPass(db(), b.businessId);
    expect(held.sent).toBe(0);
    expect(held.nextInMs).toBeGreaterThanOrEqual(60_000);
    expect(b.fake.sent).toHaveLength(3);
    expect((await counts(b, res.body.id)).pending).toBe(2);
    expect((await campaignStatus(res.body.id)).status).toBe("running");
  });
});

describe("the business portfolio's messaging limit (Meta's, since October 2025)", () => {
  it("is shared by the numbers of one account: a business's campaign gets only what the others left of it", async () => {
    const wabaId = `9${String(Date.now()).slice(-9)}1`;
    // Another business here on the same WhatsApp Business Account has reached 4 customers today.
    const sibling = await makeBusiness();
    await api("POST", "/v1/templates", { key: sibling.key, body: { name: "hello", language: "en", category: "utility", body: "Hello {{1}}" } });
    for (let i = 0; i < 4; i++) {
      const res = await api("POST", "/v1/messages", {
        key: sibling.key,
        body: { to: `+35191234500${i}`, type: "template", template: { name: "hello", language: "en", variables: ["there"] } },
      });
      expect(res.status).toBe(200);
    }
    const { b, id } = await setUp(60, "1471");
    // Meta reports TIER_50 for the portfolio.
    for (const biz of [sibling.businessId, b.businessId])
      await db().update(businesses).set({ whatsappBusinessAccountId: wabaId, whatsappMessagingLimit: "TIER_50" }).where(eq(businesses.id, biz));
    await updateCampaignSettings(db(), b.businessId, { dailyLimit: null });
    expect(await messagingLimitUse(db(), b.businessId)).toMatchObject({ tier: "TIER_50", users: 50, used: 4, businesses: 2 });

    // The campaign reaches 46, then waits: the portfolio's 50 are used.
    let waited: number | null = null;
    for (let i = 0; i < 30 && waited === null; i++) {
      const pass = await runCampaignPass(db(), b.businessId);
      if (pass.nextInMs !== null && pass.nextInMs >= 60_000) waited = pass.nextInMs;
    }
    expect(waited).toBeGreaterThanOrEqual(60_000);
    expect((await counts(b, id)).sent).toBe(46);
    expect((await messagingLimitUse(db(), sibling.businessId)).used).toBe(50);
  }, 60_000);

  it("counts only customers reached outside their service window, and reads Meta's webhook and Graph fields", async () => {
    const { b } = await setUp(1, "1472");
    await runCampaignPass(db(), b.businessId);
    expect((await messagingLimitUse(db(), b.businessId)).used).toBe(1);
    // A customer who wrote first: the template reaches them inside their window, which Meta does not count.
    const phone = "+351912345699";
    expect(await b.fake.postInbound(b.fake.inboundPayload({ phoneNumberId: b.phoneNumberId, messages: [{ from: phone, text: "hi" }] }))).toBe(200);
    workers.push(campaignWorker());
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from messages where business_id = ${b.businessId} and direction = 'inbound'`,
      );
      return row.n === 1 ? true : null;
    }, 10_000);
    const sent = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: phone, type: "template", template: { name: "promo", language: "en", variables: ["Zoe"] } },
    });
    expect(sent.status).toBe(200);
    expect((await messagingLimitUse(db(), b.businessId)).used).toBe(1);

    // phone_number_quality_update's max_daily_conversations_per_business (current_limit is deprecated).
    const account = `9${String(Date.now()).slice(-9)}2`;
    await db().update(businesses).set({ whatsappBusinessAccountId: account }).where(eq(businesses.id, b.businessId));
    const update = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: account,
          changes: [
            {
              field: "phone_number_quality_update",
              value: { display_phone_number: "15550783881", event: "UPGRADE", max_daily_conversations_per_business: "10K" },
            },
          ],
        },
      ],
    };
    // Processed as the inbound job does (an account's webhook is not routed by phone number here).
    await processInboundWebhook(db(), JSON.stringify(update), { attempts: 1 });
    expect((await messagingLimitUse(db(), b.businessId)).tier).toBe("TIER_10K");
    expect((await messagingLimitUse(db(), b.businessId)).users).toBe(10_000);
  }, 30_000);
});
