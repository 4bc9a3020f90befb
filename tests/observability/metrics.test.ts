import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { createApiServer } from "@/lib/api/standalone-server";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { jobHandlers } from "@/lib/server/jobs";
import { createUser } from "@/lib/users/users";
import { type AppServer, connectedBusiness, startAppServer, waitFor } from "../channels/harness";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { testJob } from "../helpers/test-job";

const TOKEN = "metrics-token-for-tests";
let app: AppServer;
let worker: Worker;
let receiver: Server;
let receiverUrl: string;

const scrape = async (token: string | null = TOKEN) => {
  const res = await metricsRoute(new Request("http://localhost/metrics", { headers: token === null ? {} : { authorization: `Bearer ${token}` } }));
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
};

/** The sample of `name` whose labels include `labels` (0 when there is none yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

const value = async (name: string, labels: Record<string, string> = {}) => sample((await scrape()).text, name, labels);

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN;
  app = await startAppServer();
  worker = startWorker(jobHandlers, { pollMs: 50 });
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await worker.stop();
  await app.close();
  await new Promise((r) => receiver.close(r));
});

// Job-driven counters wait up to 45 s: on a loaded machine the worker can be slow to get to them.
describe("GET /metrics", { timeout: 120_000 }, () => {
  it("is 404 without METRICS_TOKEN, 401 without the right bearer token, Prometheus text with it", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape()).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape("wrong")).status).toBe(401);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      "convo_http_request_duration_seconds",
      "convo_jobs_queued",
      "convo_jobs_oldest_age_seconds",
      "convo_jobs_failed",
      "convo_webhook_deliveries_total",
      "convo_whatsapp_send_errors_total",
      "convo_assistant_turn_duration_seconds",
      "convo_rate_limit_refusals_total",
      "convo_process_cpu_seconds_total",
    ]) {
      expect(ok.text, name).toContain(`# TYPE ${name} `);
    }
  });

  it("is served by npm run api too, with the same token check", async () => {
    const server = createApiServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("# TYPE convo_jobs_queued gauge");
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(405);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("counts requests by operation and status, and rate-limit refusals", async () => {
    const { key, businessId } = await makeBusiness();
    const labels = { operation: "contacts-list", status: "200" };
    const before = await value("convo_http_request_duration_seconds_count", labels);
    for (let i = 0; i < 3; i++) expect((await api("GET", "/v1/contacts", { key })).status).toBe(200);
    expect(await value("convo_http_request_duration_seconds_count", labels)).toBe(before + 3);
    expect(await value("convo_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(before + 3);

    // A key limited to 1 request a second (bursts of a few): a quick run of requests meets 429s.
    const refusedBefore = await value("convo_rate_limit_refusals_total", { limiter: "api" });
    const statuses: number[] = [];
    const limited = await makeBusiness();
    await db().update(apiKeys).set({ rateLimitPerSecond: 1 }).where(eq(apiKeys.businessId, limited.businessId));
    for (let i = 0; i < 12; i++) statuses.push((await api("GET", "/v1/contacts", { key: limited.key })).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(await value("convo_rate_limit_refusals_total", { limiter: "api" })).toBe(refusedBefore + refused);
    expect(await value("convo_http_request_duration_seconds_count", { operation: "contacts-list", status: "429" })).toBeGreaterThanOrEqual(refused);

    // The dashboard's sign-in throttle counts too.
    const email = `metrics-${Date.now()}@example.test`;
    await createUser(db(), { businessId, email, password: "right-password-1", role: "owner", name: "O" });
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize(c: Record<string, string>, req: { headers: Record<string, string> }): Promise<unknown> };
    };
    const signInBefore = await value("convo_rate_limit_refusals_total", { limiter: "sign_in" });
    let throttled = 0;
    for (let i = 0; i < 8; i++) {
      await provider.options.authorize({ email, password: "wrong" }, { headers: { [PEER_HEADER]: "198.51.100.77" } }).catch(() => throttled++);
    }
    expect(throttled).toBeGreaterThan(0);
    expect(await value("convo_rate_limit_refusals_total", { limiter: "sign_in" })).toBe(signInBefore + throttled);
  });

  it("reads each queue's depth, failed jobs and oldest due age from the jobs table when scraped", async () => {
    const queue = `metrics.idle.${Date.now()}`; // a queue no worker runs
    expect(await value("convo_jobs_queued", { queue })).toBe(0);
    await enqueue(db(), testJob(queue), {}, { runAt: new Date(Date.now() - 90_000) });
    await enqueue(db(), testJob(queue), {}, { runAt: new Date(Date.now() + 600_000) }); // queued, not due yet
    await enqueue(db(), testJob(queue), {});
    await db().execute(sql`update jobs set status = 'failed' where id = (select max(id) from jobs where queue = ${queue})`);
    const text = (await scrape()).text;
    expect(sample(text, "convo_jobs_queued", { queue })).toBe(2);
    expect(sample(text, "convo_jobs_failed", { queue })).toBe(1);
    const age = sample(text, "convo_jobs_oldest_age_seconds", { queue });
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(200);
    await db().execute(sql`delete from jobs where queue = ${queue}`);
    expect(await value("convo_jobs_queued", { queue })).toBe(0);
  });

  it("counts webhook deliveries by outcome", async () => {
    const { key } = await makeBusiness();
    const good = (await api("POST", "/v1/webhook-endpoints", { key, body: { url: receiverUrl, events: ["*"] } })).body;
    const gone = (await api("POST", "/v1/webhook-endpoints", { key, body: { url: "http://127.0.0.1:9/hook", events: ["*"] } })).body;
    const succeeded = await value("convo_webhook_deliveries_total", { outcome: "succeeded" });
    const failed = await value("convo_webhook_deliveries_total", { outcome: "failed" });
    expect((await api("POST", `/v1/webhook-endpoints/${good.id}/test`, { key })).status).toBe(200);
    expect((await api("POST", `/v1/webhook-endpoints/${gone.id}/test`, { key })).status).toBe(200);
    await waitFor(async () => (await value("convo_webhook_deliveries_total", { outcome: "failed" })) === failed + 1, 45_000);
    await waitFor(async () => (await value("convo_webhook_deliveries_total", { outcome: "succeeded" })) === succeeded + 1, 45_000);
  });

  it("times assistant turns and counts WhatsApp send errors by code", async () => {
    const biz = await connectedBusiness(app);
    try {
      const turns = await value("convo_assistant_turn_duration_seconds_count", { outcome: "answered" });
      const phone = uniquePhone();
      expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, name: "Ana", text: "hello there" }] }))).toBe(200);
      await waitFor(async () => (await value("convo_assistant_turn_duration_seconds_count", { outcome: "answered" })) >= turns + 1, 45_000);

      const errors = await value("convo_whatsapp_send_errors_total", { code: "131026" });
      biz.fake.failNext(131026, 1);
      expect((await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, text: "this one fails" } })).status).toBe(200);
      await waitFor(async () => (await value("convo_whatsapp_send_errors_total", { code: "131026" })) === errors + 1, 45_000);
    } finally {
      await biz.fake.close();
    }
  });
});
