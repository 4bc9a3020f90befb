// Shared set-up for the channel tests: the real webhook route on a loopback port (so the fake Graph
// server can call it over HTTP), a WhatsApp-connected business per test, and a worker that only
// runs the jobs of businesses and numbers made here (on Postgres the files of a worker thread share its
// database, emptied of jobs per file by tests/helpers/setup.ts).
import { randomBytes, randomInt } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import * as webhookRoute from "../../app/channels/whatsapp/webhook/route";
import { nodeRouteOf } from "../../lib/server/node-routes";
import { setWhatsApp } from "../../lib/channels";
import { inboundJob, inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { events, messages } from "../../lib/db/schema";
import { jobHandlers } from "../../lib/server/jobs";
import { type JobHandler, RetryLater, startWorker, type Worker } from "../../lib/jobs/worker";
import { whatsappSignal } from "../../lib/messages/message-signals";
import { messageDelivery } from "../../lib/messages/outbound";
import { type FakeGraph, type FakeGraphOptions, startFakeGraph } from "../fakes/graph-server";
import { makeBusiness, type TestBusiness } from "../helpers/api";

export const APP_SECRET = "test-app-secret";
export const VERIFY_TOKEN = "test-verify-token";
export const CHANNEL_QUEUES = [messageDelivery.name, inboundWebhook.name, whatsappSignal.name];

export function setChannelEnv(graphUrl = "http://127.0.0.1:9/v26.0") {
  process.env.WHATSAPP_APP_SECRET = APP_SECRET;
  process.env.WHATSAPP_VERIFY_TOKEN = VERIFY_TOKEN;
  process.env.WHATSAPP_GRAPH_URL = graphUrl;
}

// ---- this process's jobs ----

const ownedBusinesses = new Set<string>();
const ownedNumbers = new Set<string>();
const ownedAccounts = new Set<string>();

export function own(opts: { businessId?: string; phoneNumberId?: string; businessAccountId?: string }) {
  if (opts.businessId) ownedBusinesses.add(opts.businessId);
  if (opts.phoneNumberId) ownedNumbers.add(opts.phoneNumberId);
  if (opts.businessAccountId) ownedAccounts.add(opts.businessAccountId);
}

function owns(queue: string, payload: Record<string, unknown>): boolean {
  if (queue === inboundWebhook.name) {
    return (
      ((payload.phoneNumberIds as string[] | undefined) ?? []).some((id) => ownedNumbers.has(id)) ||
      ((payload.businessAccountIds as string[] | undefined) ?? []).some((id) => ownedAccounts.has(id))
    );
  }
  return ownedBusinesses.has(String(payload.businessId));
}

/** The registered channel handlers, handing back jobs another test process created. */
export function channelWorker(): Worker {
  return startWorker(ownChannelHandlers(), { pollMs: 50 });
}

/**
 * The channel queues' handlers for this process's own jobs (another test process's are handed back).
 * The channel tests run the assistant's turns themselves (or look at a thread the assistant has not
 * answered yet), so the inbound bodies run as the channel defines their job (`inboundJob`: each turn
 * queued as a job of its own), as a server with a model runs them. The server's own inbound job, which
 * without a model answers the turn in its message's transaction, is tested in
 * tests/channels/answer-with-message.test.ts.
 */
export function ownChannelHandlers(): Record<string, JobHandler> {
  return ownHandlers(CHANNEL_QUEUES, (queue) => (queue === inboundJob.job.name ? inboundJob : jobHandlers[queue]));
}

/**
 * The server's own handlers (lib/server/jobs.ts) for this process's jobs of `queues`: its inbound job
 * answers a turn in its message's transaction when no model is configured.
 */
export function ownServerHandlers(queues: readonly string[]): Record<string, JobHandler> {
  return ownHandlers(queues, (queue) => jobHandlers[queue]);
}

/** `handlerOf(queue)` for each queue registered in lib/server/jobs.ts, handing back another test process's jobs. */
function ownHandlers(queues: readonly string[], handlerOf: (queue: string) => JobHandler): Record<string, JobHandler> {
  return Object.fromEntries(
    queues.map((queue) => {
      if (!jobHandlers[queue]) throw new Error(`${queue} is not registered in lib/server/jobs.ts`);
      const handler = handlerOf(queue);
      return [
        queue,
        async (payload: Record<string, unknown>, job: Parameters<JobHandler>[1]) => {
          if (!owns(queue, payload)) throw new RetryLater(20, "another test process's job", false);
          return handler(payload, job);
        },
      ];
    }),
  );
}

type JobRow = {
  id: number;
  queue: string;
  order_key: string | null;
  business_id: string | null;
  numbers: string[] | null;
  accounts: string[] | null;
  run_at: Date;
  attempts: number;
  last_error: string | null;
  /** A body of statuses only (its first run waits STATUS_BATCH_DELAY_MS for others to batch with). */
  statuses_only: boolean;
};

/** This process's pending channel jobs. */
export async function ownJobs(): Promise<JobRow[]> {
  const rows = await queryRows<JobRow>(
    db(),
    sql`select id, queue, order_key, payload->>'businessId' as business_id, payload->'phoneNumberIds' as numbers,
               payload->'businessAccountIds' as accounts, run_at, attempts, last_error,
               coalesce((payload->>'statusesOnly')::boolean, false) as statuses_only
        from jobs where queue in (${messageDelivery.name}, ${inboundWebhook.name}, ${whatsappSignal.name}) and status = 'pending' order by id`,
  );
  return rows
    .map((r) => ({ ...r, id: Number(r.id), run_at: new Date(r.run_at) }))
    .filter((r) => owns(r.queue, { businessId: r.business_id, phoneNumberIds: r.numbers ?? [], businessAccountIds: r.accounts ?? [] }));
}

/**
 * Waits until none of this process's channel jobs is due (running ones included; later retries, and jobs
 * waiting behind them, excluded). A status body not tried yet counts as due: its wait is the batching
 * delay (inbound.ts, statusBatchDelayMs), not a retry's.
 */
export async function settle(timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const pending = await ownJobs();
    // A job queued behind an earlier one of its orderKey is not due until that one is done.
    const heads = pending.filter((j, i) => !j.order_key || !pending.slice(0, i).some((p) => p.queue === j.queue && p.order_key === j.order_key));
    const due = heads.filter((j) => j.run_at.getTime() <= Date.now() + 200 || (j.statuses_only && j.attempts === 0));
    if (!due.length) return;
    if (Date.now() > until) throw new Error(`jobs still due after ${timeoutMs} ms: ${JSON.stringify(due)}`);
    await sleep(25);
  }
}

/** Makes this business's delayed delivery retries due now (instead of waiting out the backoff). */
export async function fastForward(businessId: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`update jobs set run_at = now() where queue = ${messageDelivery.name} and status = 'pending' and payload->>'businessId' = ${businessId} returning id`,
  );
  return rows.length;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error("waitFor: timed out");
    await sleep(25);
  }
}

// ---- the app's webhook door on loopback ----

export type AppServer = { url: string; webhookUrl: string; close(): Promise<void> };

export async function startAppServer(): Promise<AppServer> {
  const server: Server = createServer(async (req, res) => {
    // POSTs take the node:http door npm start and npm run api use (lib/server/node-routes.ts); the GET
    // handshake the Next route. tests/channels/webhook-inbound.test.ts holds the Next route's POST to the same answers.
    const own = nodeRouteOf(req);
    if (own) return own(req, res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const response = req.method === "GET" ? await webhookRoute.GET(request) : await webhookRoute.POST(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    webhookUrl: `${url}/channels/whatsapp/webhook`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- a business connected to a fake Graph server ----

export type Connected = TestBusiness & { fake: FakeGraph; phoneNumberId: string; accessToken: string };

export const newPhoneNumberId = () => `1${String(randomInt(0, 1e9)).padStart(9, "0")}${String(randomInt(0, 1e5)).padStart(5, "0")}`;

export const newBusinessAccountId = () => `9${String(randomInt(0, 1e9)).padStart(9, "0")}${String(randomInt(0, 1e5)).padStart(5, "0")}`;

export async function connectedBusiness(app: AppServer, opts: FakeGraphOptions = {}): Promise<Connected> {
  const phoneNumberId = newPhoneNumberId();
  const accessToken = `EAAG${randomBytes(12).toString("hex")}`;
  const fake = await startFakeGraph({
    appWebhookUrl: app.webhookUrl,
    appSecret: APP_SECRET,
    accessTokens: { [phoneNumberId]: accessToken },
    ...opts,
  });
  setChannelEnv(fake.url);
  const business = await makeBusiness();
  await setWhatsApp(db(), business.businessId, { phoneNumberId, accessToken, displayNumber: "+15550783881" });
  own({ businessId: business.businessId, phoneNumberId });
  return { ...business, fake, phoneNumberId, accessToken };
}

// ---- reading what happened ----

export async function messagesOf(businessId: string) {
  return db().select().from(messages).where(eq(messages.businessId, businessId)).orderBy(messages.createdAt, messages.id);
}

export async function message(id: string) {
  const [row] = await db().select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function eventsOf(businessId: string, type?: string) {
  const rows = await db().select().from(events).where(eq(events.businessId, businessId)).orderBy(events.createdAt, events.id);
  return type ? rows.filter((e) => e.type === type) : rows;
}

export async function jobsFor(queue: string, key: string, value: string) {
  return queryRows<{ id: number; payload: Record<string, unknown>; order_key: string | null }>(
    db(),
    sql`select id, payload, order_key from jobs where queue = ${queue} and payload->>${key} = ${value} order by id`,
  );
}
