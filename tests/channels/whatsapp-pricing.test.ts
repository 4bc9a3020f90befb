// Issue 37 item 6: what WhatsApp charges. The fake Graph server's status callbacks carry Meta's
// `pricing` object; the message keeps it, and /v1/usage/whatsapp-charges counts the billable ones per
// day and month, by category and source, priced by the owner's rate card. Another business's figures
// never show, and a status naming another business's message is taken as an unknown one.
import { randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { messages } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { sendMessage } from "../../lib/messages/send-message";
import type { FakeGraphOptions } from "../fakes/graph-server";
import { api, makeBusiness } from "../helpers/api";
import { type AppServer, type Connected, channelWorker, connectedBusiness, message, settle, setChannelEnv, startAppServer, waitFor } from "./harness";

let app: AppServer;
let worker: Worker;
const fakes: Connected[] = [];

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
  worker = channelWorker();
});
afterEach(async () => {
  for (const b of fakes.splice(0)) await b.fake.close();
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

// A Brazilian mobile number (a real plan, so its country is read from it).
const brazilian = () => `+55119${String(randomInt(0, 1e8)).padStart(8, "0")}`;

async function withCustomer(phone: string, opts: FakeGraphOptions = {}) {
  const b = await connectedBusiness(app, opts);
  fakes.push(b);
  expect(await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, name: "Bia", text: "oi" }] }))).toBe(200);
  await settle();
  return b;
}

async function sendText(key: string, to: string, text: string): Promise<string> {
  const res = await api("POST", "/v1/messages", { key, body: { to, text } });
  expect(res.status).toBe(200);
  return res.body.id;
}

const until = (id: string, status: string) => waitFor(async () => ((await message(id))?.status === status ? message(id) : null));
const today = () => new Date().toISOString().slice(0, 10);

describe("WhatsApp's pricing from status webhooks", () => {
  it("keeps the pricing object per message, even from a delivered that arrives after read, once", async () => {
    const phone = brazilian();
    const b = await withCustomer(phone);
    const id = await sendText(b.key, phone, "Seu pedido saiu");
    const sent = await until(id, "sent");
    const wamid = sent.channelMessageId as string;
    // read first, with no pricing (Meta sends it on sent and delivered), then the late delivered.
    expect(await b.fake.postStatus(wamid, "read")).toBe(200);
    expect(await b.fake.postStatus(wamid, "delivered", { timestamp: new Date(Date.now() - 1000) })).toBe(200);
    await settle();
    const row = await message(id);
    expect(row).toMatchObject({
      status: "read",
      pricingBillable: true,
      pricingCategory: "service",
      pricingModel: "PMP",
      pricingType: "regular",
      pricingCountry: "BR",
    });
    const pricedAt = row.pricedAt;
    expect(pricedAt).toBeInstanceOf(Date);
    // A later status with another pricing does not rewrite the first.
    await b.fake.postStatus(wamid, "sent", { pricing: { billable: false, category: "utility" } });
    await settle();
    expect(await message(id)).toMatchObject({ pricingBillable: true, pricingCategory: "service", pricedAt });
  });

  it("counts the charged messages by category and source, with the rate card's estimate, per day and month", async () => {
    const phone = brazilian();
    const b = await withCustomer(phone);
    const free = await sendText(b.key, phone, "free one");
    const paid = await sendText(b.key, phone, "paid one");
    const campaign = await sendText(b.key, phone, "campaign one");
    // The assistant's own reply, charged as service since October 2026.
    const assistant = (await sendMessage(db(), b.businessId, { to: phone, type: "text", text: "Sim, temos mesa" }, { source: "assistant" })).id;
    const rows = await Promise.all([free, paid, campaign, assistant].map((id) => until(id, "sent")));
    await b.fake.postStatus(rows[0].channelMessageId as string, "delivered", {
      pricing: { billable: false, category: "service", type: "free_customer_service" },
    });
    await b.fake.postStatus(rows[1].channelMessageId as string, "delivered");
    await b.fake.postStatus(rows[2].channelMessageId as string, "delivered", { pricing: { billable: true, category: "marketing" } });
    await b.fake.postStatus(rows[3].channelMessageId as string, "delivered");
    await settle();
    // A status that moves the message on but brings another pricing does not rewrite the first.
    await b.fake.postStatus(rows[1].channelMessageId as string, "read", { pricing: { billable: false, category: "utility" } });
    await settle();
    expect(await message(paid)).toMatchObject({ status: "read", pricingBillable: true, pricingCategory: "service" });
    // The third came from a campaign: the source column says who sent it.
    await db().update(messages).set({ source: "campaign" }).where(eq(messages.id, campaign));

    // Without a rate card: counted, not priced.
    const bare = await api("GET", "/v1/usage/whatsapp-charges", { key: b.key });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({
      period: "day",
      currency: null,
      total: { messages: 3, estimatedCost: 0, unrated: 3 },
      byCategory: { service: { messages: 2 }, marketing: { messages: 1 }, utility: { messages: 0 } },
    });

    // A card: Brazil's marketing price, and a `*` price for service.
    const put = await api("PUT", "/v1/usage/whatsapp-rates", {
      key: b.key,
      body: { csv: "country,category,price\nBR,marketing,0.0625\n*,service,0.004\nBR,utility,0.0068\n", currency: "USD" },
    });
    expect(put.status).toBe(200);
    expect(put.body.rates).toHaveLength(3);

    const byDay = await api("GET", "/v1/usage/whatsapp-charges?period=day", { key: b.key });
    expect(byDay.body).toMatchObject({
      currency: "USD",
      total: { messages: 3, estimatedCost: 0.0705, unrated: 0 },
      byCategory: { marketing: { messages: 1, estimatedCost: 0.0625 }, service: { messages: 2, estimatedCost: 0.008 } },
      bySource: {
        api: { messages: 1, estimatedCost: 0.004 },
        campaign: { messages: 1, estimatedCost: 0.0625 },
        assistant: { messages: 1, estimatedCost: 0.004 },
        agent: { messages: 0 },
      },
      buckets: [{ start: today(), total: { messages: 3, estimatedCost: 0.0705 } }],
    });
    const byMonth = await api("GET", "/v1/usage/whatsapp-charges?period=month", { key: b.key });
    expect(byMonth.body.buckets).toEqual([
      expect.objectContaining({ start: `${today().slice(0, 7)}-01`, total: { messages: 3, estimatedCost: 0.0705, unrated: 0 } }),
    ]);

    // Each message over /v1 says what WhatsApp charges for it.
    const thread = await api("GET", `/v1/conversations/${rows[1].conversationId}/messages?limit=50`, { key: b.key });
    const byId = new Map(thread.body.data.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(paid)).toMatchObject({ pricing: { billable: true, category: "service", model: "PMP", type: "regular", country: "BR" } });
    expect(byId.get(free)).toMatchObject({ pricing: { billable: false, category: "service", type: "free_customer_service" } });
    expect(thread.body.data.find((m: { direction: string }) => m.direction === "inbound")).toMatchObject({ pricing: null });
    // A range before today has nothing.
    const before = await api("GET", "/v1/usage/whatsapp-charges?from=2026-01-01&to=2026-01-31", { key: b.key });
    expect(before.body).toMatchObject({ total: { messages: 0 }, buckets: [] });

    // Another business sees none of it, and its own card is empty.
    const other = await makeBusiness();
    const theirs = await api("GET", "/v1/usage/whatsapp-charges", { key: other.key });
    expect(theirs.body).toMatchObject({ currency: null, total: { messages: 0, estimatedCost: 0 }, buckets: [] });
    expect((await api("GET", "/v1/usage/whatsapp-rates", { key: other.key })).body).toEqual({ currency: null, uploadedAt: null, rates: [] });
  });

  it("a status naming another business's message is an unknown message there, and prices nothing", async () => {
    const phone = brazilian();
    const a = await withCustomer(phone);
    const id = await sendText(a.key, phone, "mine");
    const wamid = (await until(id, "sent")).channelMessageId as string;
    const b = await withCustomer(brazilian());
    // B's number reports a status for A's wamid.
    expect(await b.fake.postStatus(wamid, "delivered", { phoneNumberId: b.phoneNumberId, recipient: phone })).toBe(200);
    await settle();
    expect(await message(id)).toMatchObject({ status: "sent", pricingCategory: null, pricedAt: null });
    expect((await api("GET", "/v1/usage/whatsapp-charges", { key: b.key })).body.total.messages).toBe(0);
    expect((await api("GET", "/v1/usage/whatsapp-charges", { key: a.key })).body.total.messages).toBe(0);
  });
});

describe("the rate card", () => {
  it("names every line that is not a rate and keeps the previous card", async () => {
    const b = await makeBusiness();
    expect((await api("PUT", "/v1/usage/whatsapp-rates", { key: b.key, body: { csv: "US,utility,0.004" } })).status).toBe(200);
    const bad = await api("PUT", "/v1/usage/whatsapp-rates", {
      key: b.key,
      body: { csv: "country,category,price\nUSA,marketing,0.02\nUS,sms,0.01\nUS,marketing,cheap\nUS,marketing\nUS,utility,0.01\nus,UTILITY,0.02" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      "csv line 2",
      "csv line 3",
      "csv line 4",
      "csv line 5",
      "csv line 7",
    ]);
    expect((await api("PUT", "/v1/usage/whatsapp-rates", { key: b.key, body: { csv: "\n" } })).status).toBe(400);
    expect((await api("GET", "/v1/usage/whatsapp-rates", { key: b.key })).body).toMatchObject({
      currency: "USD",
      rates: [{ country: "US", category: "utility", price: 0.004 }],
    });
    // The accepted upload is on the audit trail; the refused ones are not.
    const audit = await queryRows<{ details: Record<string, unknown> }>(
      db(),
      sql`select details from audit_events where business_id = ${b.businessId} and action = 'settings.whatsapp_rates_changed'`,
    );
    expect(audit.map((a) => a.details)).toEqual([{ rates: 1, currency: "USD" }]);
  });

  it("reads with usage:read and is replaced with business:write", async () => {
    const reader = await makeBusiness({ scopes: ["usage:read"] });
    expect((await api("GET", "/v1/usage/whatsapp-rates", { key: reader.key })).status).toBe(200);
    expect((await api("GET", "/v1/usage/whatsapp-charges", { key: reader.key })).status).toBe(200);
    expect((await api("PUT", "/v1/usage/whatsapp-rates", { key: reader.key, body: { csv: "US,utility,0.004" } })).status).toBe(403);
    // A range backwards, too long, or a period it does not know is refused.
    for (const q of ["from=2026-02-01&to=2026-01-01", "from=2020-01-01&to=2026-01-01", "period=week", "from=2026-13-01"])
      expect((await api("GET", `/v1/usage/whatsapp-charges?${q}`, { key: reader.key })).status, q).toBe(400);
    const writer = await makeBusiness({ scopes: ["business:write"] });
    expect((await api("GET", "/v1/usage/whatsapp-charges", { key: writer.key })).status).toBe(403);
  });
});
