// Noisy tenant: one business registers 25 webhook endpoints that accept the TCP connection and never
// answer, then floods the service twice (contacts and messages over the API at once, each an event and
// so 25 hanging deliveries, and its customers writing in), while another business's assistant replies
// and API sends are timed over HTTP. Passes when the quiet business's times stay within a clear bound
// of its own baseline, the noisy business never holds more deliveries at once than its share of the
// queue (yet is served), and registering a 26th endpoint answers the documented 409.
import fs from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type ServerProcess, startApi, workDir } from "../bench/servers";
import { type CategoryResult, call, DATABASE_URL, ENCRYPTION_KEY, freshSuiteDatabase, errorProblems, profile, sleep, until } from "./support";

type Business = { businessId: string; key: string };
/** A customer of `businessId` writes `text` (the sandbox simulator, in the suite's own process). */
type Simulate = (businessId: string, phone: string, text: string) => Promise<{ conversationId: string }>;
/** How many webhook deliveries of `businessId` workers hold right now (from the jobs table). */
type Held = (businessId: string) => Promise<number>;

const ENDPOINTS = 25;
const SHARE = 3; // JOBS_PER_BUSINESS's default: the server runs with it

/** A receiver that takes every connection and never answers a byte. */
async function startTrap() {
  const open = new Set<net.Socket>();
  let total = 0;
  const server = net.createServer((socket) => {
    open.add(socket);
    total++;
    socket.on("error", () => {});
    socket.on("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ open: open.size, total }),
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const phoneOf = (n: number) => `+1999${String(n % 10_000_000).padStart(7, "0")}`;

export async function noisyTenant(opts: {
  base: string;
  quiet: Business;
  noisy: Business;
  simulate: Simulate;
  held: Held;
  label: string;
}): Promise<CategoryResult> {
  const name = `noisy tenant (${opts.label})`;
  const failures: string[] = [];
  const trap = await startTrap();
  let phones = Math.floor(Math.random() * 1_000_000) * 10;
  const messagesOf = async (conversationId: string) =>
    (await call(opts.base, "GET", `/v1/conversations/${conversationId}/messages?limit=50`, { key: opts.quiet.key })).json?.data ?? [];
  const gone = (m: { status: string }) => m.status === "sent" || m.status === "delivered";

  /** Customer message in, assistant reply out through the channel, as the API shows it. */
  const replyMs = async (timeoutMs: number) => {
    const started = Date.now();
    const { conversationId } = await opts.simulate(opts.quiet.businessId, phoneOf(phones++), "What are your opening hours?");
    const ok = await until(
      async () => (await messagesOf(conversationId)).some((m: { direction: string; status: string }) => m.direction === "outbound" && gone(m)),
      timeoutMs,
      25,
    );
    return ok ? Date.now() - started : Number.POSITIVE_INFINITY;
  };
  /** POST /v1/messages to a customer who wrote today, until the API shows it sent. */
  const sendMs = async (timeoutMs: number) => {
    const phone = phoneOf(phones++);
    const { conversationId } = await opts.simulate(opts.quiet.businessId, phone, "thanks!");
    const started = Date.now();
    const sent = await call(opts.base, "POST", "/v1/messages", {
      key: opts.quiet.key,
      json: { to: phone, type: "text", text: "Your table is ready." },
    });
    if (sent.status !== 200) return Number.NaN;
    const ok = await until(
      async () => (await messagesOf(conversationId)).some((m: { id: string; status: string }) => m.id === sent.json.id && gone(m)),
      timeoutMs,
      25,
    );
    return ok ? Date.now() - started : Number.POSITIVE_INFINITY;
  };
  // The noisy business's own customers (they wrote in, so its API may send to them).
  const noisyCustomers: string[] = [];
  /**
   * A burst over HTTP, as an integration would send it: 20 contacts and 20 messages at once (an event
   * each, so 25 hanging deliveries each, plus the sends themselves), then 5 of its customers write in
   * (assistant turns, more events).
   */
  const burst = async (round: number) => {
    const contacts = Array.from({ length: 20 }, (_, i) =>
      call(opts.base, "POST", "/v1/contacts", { key: opts.noisy.key, json: { phone: `+1555${String(round * 100 + i).padStart(7, "0")}` } }),
    );
    const sends = Array.from({ length: 20 }, (_, i) =>
      call(opts.base, "POST", "/v1/messages", {
        key: opts.noisy.key,
        json: { to: noisyCustomers[i % noisyCustomers.length], type: "text", text: `Offer ${round}.${i}` },
      }),
    );
    const answers = await Promise.all([...contacts, ...sends]);
    for (const phone of noisyCustomers) await opts.simulate(opts.noisy.businessId, phone, "Are you open tonight?");
    return answers.filter((r) => r.status === 200).length + 2 * noisyCustomers.length;
  };

  try {
    // Normal time: the quiet business alone (one warm-up turn first).
    await replyMs(15_000);
    const baseline: number[] = [];
    for (let i = 0; i < 3; i++) baseline.push(await replyMs(15_000));
    for (let i = 0; i < 2; i++) baseline.push(await sendMs(15_000));
    const slowest = Math.max(...baseline);
    if (!Number.isFinite(slowest))
      return { name, summary: `baseline failed: ${baseline.join("/")} ms`, failures: ["the quiet business got no reply even alone"] };
    const bound = 2 * slowest + 1000;

    for (let i = 0; i < ENDPOINTS; i++) {
      const r = await call(opts.base, "POST", "/v1/webhook-endpoints", {
        key: opts.noisy.key,
        json: { url: `${trap.url}/hang-${i}`, events: ["*"] },
      });
      if (r.status !== 200) failures.push(`endpoint ${i + 1} answered ${r.status}: ${r.text.slice(0, 160)}`);
    }
    const over = await call(opts.base, "POST", "/v1/webhook-endpoints", { key: opts.noisy.key, json: { url: `${trap.url}/hang-26`, events: ["*"] } });
    if (over.status !== 409 || over.json?.error?.code !== "conflict")
      failures.push(`endpoint ${ENDPOINTS + 1} answered ${over.status} ${over.text.slice(0, 160)}`);
    failures.push(...errorProblems(over).map((p) => `endpoint ${ENDPOINTS + 1}: ${p}`));
    const listed = await call(opts.base, "GET", "/v1/webhook-endpoints?limit=100", { key: opts.noisy.key });
    if (listed.json?.data?.length !== ENDPOINTS) failures.push(`${listed.json?.data?.length} endpoints stored, not ${ENDPOINTS}`);

    for (let i = 0; i < 5; i++) {
      noisyCustomers.push(phoneOf(phones++));
      await opts.simulate(opts.noisy.businessId, noisyCustomers[i], "hello");
    }
    let events = await burst(1);
    if (!(await until(() => trap.stats().open > 0, 15_000, 50))) failures.push("no delivery of the noisy business ever reached its receivers");
    // The noisy business's share, sampled while the quiet one is timed.
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await opts.held(opts.noisy.businessId).catch(() => 0));
        await sleep(100);
      }
    })();
    const during: number[] = [];
    const rounds = profile.name === "ci" ? 4 : 8;
    try {
      for (let i = 0; i < rounds; i++) {
        during.push(await replyMs(bound + 1000));
        during.push(await sendMs(bound + 1000));
        if (i === Math.floor(rounds / 2)) events += await burst(2); // a second burst mid-way
      }
    } finally {
      sampling = false;
      await sampler;
    }
    const slow = during.filter((ms) => !(ms <= bound));
    if (slow.length) failures.push(`${slow.length} of ${during.length} quiet replies/sends slower than ${bound} ms: ${slow.join(", ")} ms`);
    const { total } = trap.stats();
    if (peak > SHARE) failures.push(`the noisy business held ${peak} webhook deliveries at once (share ${SHARE})`);
    if (peak === 0) failures.push("the noisy business never held a delivery: its share was not served");
    const sorted = [...during].sort((a, b) => a - b);
    return {
      name,
      summary: `${ENDPOINTS} hanging endpoints (26th: ${over.status}), ${events} events in 2 bursts: quiet business baseline ${baseline.join("/")} ms, during the noise median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted[sorted.length - 1]} ms (bound ${bound} ms); noisy business held ${peak} deliveries at once (share ${SHARE}), ${total} connections to its receivers in all`,
      failures,
    };
  } finally {
    // Stop the noise: disabled endpoints end their queued deliveries without a request.
    const listed = await call(opts.base, "GET", "/v1/webhook-endpoints?limit=100", { key: opts.noisy.key }).catch(() => null);
    for (const e of listed?.json?.data ?? []) {
      await call(opts.base, "PATCH", `/v1/webhook-endpoints/${e.id}`, { key: opts.noisy.key, json: { enabled: false } }).catch(() => null);
    }
    await trap.close();
  }
}

async function businesses() {
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { createKnowledge } = await import("../lib/assistants/knowledge");
  const make = async (name: string) => {
    const b = await createBusiness(db(), { name, tokens: 1_000_000 });
    await createKnowledge(db(), b.businessId, b.assistantId, { title: "Opening hours", content: "We are open every day from 12:00 to 23:00." });
    const { key } = await createApiKey(db(), b.businessId, { scopes: "all", name: "noisy-tenant" });
    return { businessId: b.businessId, key };
  };
  return { quiet: await make("Quiet Bistro"), noisy: await make("Noisy Co") };
}

async function heldCounter(): Promise<Held> {
  const { db } = await import("../lib/db/client");
  const { queryRows, sql } = await import("../lib/db/rows");
  return async (businessId) => {
    const [row] = await queryRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from jobs where business_id = ${businessId} and queue = 'webhooks.deliver' and status = 'pending' and locked_until > now()`,
    );
    return Number(row.n);
  };
}

async function simulator(): Promise<Simulate> {
  const { db } = await import("../lib/db/client");
  const { simulateInbound } = await import("../lib/channels/sandbox-simulator");
  return (businessId, phone, text) => simulateInbound(db(), businessId, { phone, name: "Customer", text });
}

const serverEnv = { RUN_WORKER: "1", WEBHOOK_ALLOW_PRIVATE: "1", RATE_LIMIT_PER_SECOND: "100000", RATE_LIMIT_BURST: "100000" };

/** In the full suite: an `npm run api` process with its worker on the suite's Postgres database. */
export async function noisyTenantOnServer(opts: { port: number; servers: ServerProcess[] }): Promise<CategoryResult> {
  const { quiet, noisy } = await businesses();
  const server = await startApi(opts.port, DATABASE_URL, serverEnv, "api-noisy");
  opts.servers.push(server);
  try {
    return await noisyTenant({
      base: server.url,
      quiet,
      noisy,
      simulate: await simulator(),
      held: await heldCounter(),
      label: "Postgres, npm run api",
    });
  } finally {
    await server.stop();
  }
}

/**
 * On the embedded database (one process may open it): the suite's process opens a fresh PGlite data
 * directory and serves it as `npm run api` does (the same server and background worker, in-process).
 */
export async function noisyTenantOnPglite(port: number): Promise<CategoryResult> {
  const dir = path.join(workDir, "noisy-tenant-pglite");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  delete process.env.DATABASE_URL;
  Object.assign(process.env, { DATA_DIR: dir, ENCRYPTION_KEY, ...serverEnv });
  const { migrate } = await import("../lib/db/migrate");
  const { closeDb } = await import("../lib/db/client");
  const { createApiServer } = await import("../lib/api/standalone-server");
  const { startBackgroundWorker } = await import("../lib/server/boot");
  await migrate();
  const { quiet, noisy } = await businesses();
  const worker = startBackgroundWorker();
  const server = createApiServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    return await noisyTenant({
      base: `http://127.0.0.1:${port}`,
      quiet,
      noisy,
      simulate: await simulator(),
      held: await heldCounter(),
      label: "PGlite, in-process npm run api",
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await worker.stop();
    await closeDb();
  }
}

/** `RELIABILITY_ONLY=noisy-tenant` on Postgres: its own fresh suite database and server. */
export async function noisyTenantOnPostgres(port: number): Promise<CategoryResult> {
  await freshSuiteDatabase();
  const { closeDb } = await import("../lib/db/client");
  const servers: ServerProcess[] = [];
  try {
    return await noisyTenantOnServer({ port, servers });
  } finally {
    for (const s of servers) await s.stop();
    await closeDb();
  }
}
