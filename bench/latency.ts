// Event and assistant latency: webhook deliveries per second from 1,000 queued events to a loopback
// receiver, event-to-delivery time, and inbound WhatsApp webhook -> assistant reply at a fake Graph server.
import { spawn } from "node:child_process";
import { createHmac, randomInt } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { groupRssMiB, root, type ServerProcess, startNext, startServer, tsxBin } from "./servers";
import { watchReplies } from "./reply-watch";

export type Unavailable = { available: false; reason: string };
export type EventsResult = {
  available: true;
  queued: number;
  delivered: number;
  duplicates: number;
  badSignatures: number;
  perSecond: number;
  p50: number;
  p99: number;
  samples: number;
  /** The worker's resident memory after the run. */
  workerRssMiB?: number | null;
};
export type AssistantResult = {
  available: true;
  turns: number;
  p50: number;
  p99: number;
  timeouts: number;
  /** Other conversations writing at once during the measured turns, and the inbound messages they sent. */
  background?: number;
  backgroundMessages?: number;
  /** p50/p99 above are over every reply measured: the probe turns (new customers) and the crowd's. */
  probe?: { turns: number; p50: number; p99: number; timeouts: number };
  crowd?: { replies: number; p50: number; p99: number; timeouts: number; messagesPerSecond: number };
  /** The crowd's think time between an answer and its next message, ms. */
  thinkMs?: [number, number];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export type Delivery = { eventId: string; deliveryId: string; type: string; createdAt: number; arrivedAt: number; signatureOk: boolean };

/** A loopback webhook receiver that checks every signature; `up` false answers 503 (an outage). */
export async function startReceiver(secret: () => string | null, port = 0) {
  const deliveries: Delivery[] = [];
  let up = true;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (!up) {
        res.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const s = secret();
      const expected = s ? `sha256=${createHmac("sha256", s).update(raw).digest("hex")}` : "";
      let body: { id?: string; type?: string; createdAt?: string } = {};
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {}
      deliveries.push({
        eventId: String(body.id),
        deliveryId: String(req.headers["x-service-delivery"]),
        type: String(body.type),
        createdAt: Date.parse(String(body.createdAt)),
        arrivedAt: Date.now(),
        signatureOk: req.headers["x-service-signature"] === expected,
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    deliveries,
    setUp(value: boolean) {
      up = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function post(base: string, key: string, p: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + p, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** A `npm run worker` process (the same queue consumer the app runs in-process). */
export function startWorker(env: Record<string, string | undefined>, name = "worker"): Promise<ServerProcess> {
  return startServer({ name, command: tsxBin, args: ["--conditions=react-server", "scripts/worker.ts"], port: 0, env, readyPath: undefined }).catch(
    (err) => {
      throw err;
    },
  );
}

/** Starts the worker and resolves once it says it runs (it serves no HTTP). */
export async function spawnWorker(env: Record<string, string | undefined>) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(tsxBin, [...nodeArgs, "--conditions=react-server", "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, ...env, CONVO_REACT_SERVER: undefined, NODE_OPTIONS: "" } as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c;
      if (/worker \d+ running/.test(out)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c) => {
      out += c;
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
  });
  await ready;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  return {
    pid: child.pid as number,
    output: () => out,
    async stop() {
      try {
        process.kill(-(child.pid as number), "SIGTERM");
      } catch {}
      await Promise.race([exited, sleep(8000)]);
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
    },
  };
}

export async function webhookThroughput(opts: {
  databaseUrl: string;
  port: number;
  log: (s: string) => void;
  queued?: number;
}): Promise<EventsResult | Unavailable> {
  const { operations } = await import("../lib/api/operations");
  if (!operations.some((op) => op.method === "POST" && op.path === "/webhook-endpoints")) {
    return { available: false, reason: "POST /v1/webhook-endpoints is not in the operation table" };
  }
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { businessId } = await createBusiness(db(), { name: "Bench Events Co", tokens: 1000 });
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "bench-events" });

  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  const env = { RUN_WORKER: "0", WEBHOOK_ALLOW_PRIVATE: "1", RATE_LIMIT_PER_SECOND: "100000", RATE_LIMIT_BURST: "100000" };
  const server = await startNext(opts.port, opts.databaseUrl, env, "next-events");
  let worker: Awaited<ReturnType<typeof spawnWorker>> | null = null;
  try {
    const created = await post(server.url, key, "/v1/webhook-endpoints", { url: receiver.url, events: ["*"] });
    if (created.status !== 200)
      return { available: false, reason: `POST /v1/webhook-endpoints answered ${created.status} ${JSON.stringify(created.body).slice(0, 200)}` };
    secret = created.body.secret;

    const queued = opts.queued ?? 1000;
    const base = randomInt(1_000_000, 9_000_000) * 1000;
    for (let i = 0; i < queued; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) => post(server.url, key, "/v1/contacts", { phone: `+1800${String(base + i + j).padStart(10, "0")}` })),
      );
    }
    opts.log(`  ${queued} contact.created events queued; starting a worker`);
    worker = await spawnWorker({
      ...env,
      DATABASE_URL: opts.databaseUrl,
      ENCRYPTION_KEY: Buffer.alloc(32, 11).toString("base64"),
      NODE_ENV: "production",
    });
    const deadline = Date.now() + 120_000;
    while (new Set(receiver.deliveries.map((d) => d.eventId)).size < queued && Date.now() < deadline) await sleep(100);
    const backlog = [...receiver.deliveries];
    const first = Math.min(...backlog.map((d) => d.arrivedAt));
    const last = Math.max(...backlog.map((d) => d.arrivedAt));
    const unique = new Set(backlog.map((d) => d.eventId)).size;

    // Event-to-delivery with the worker idle: one event every 50 ms.
    const before = receiver.deliveries.length;
    const samples = 100;
    for (let i = 0; i < samples; i++) {
      await post(server.url, key, "/v1/contacts", { phone: `+1801${String(base + i).padStart(10, "0")}` });
      await sleep(50);
    }
    const until = Date.now() + 30_000;
    while (receiver.deliveries.length - before < samples && Date.now() < until) await sleep(50);
    const lat = receiver.deliveries.slice(before).map((d) => d.arrivedAt - d.createdAt);
    return {
      available: true,
      queued,
      delivered: unique,
      duplicates: backlog.length - unique,
      badSignatures: receiver.deliveries.filter((d) => !d.signatureOk).length,
      perSecond: unique > 1 ? Math.round(((unique - 1) * 1000) / Math.max(1, last - first)) : 0,
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
      samples: lat.length,
      workerRssMiB: worker ? groupRssMiB(worker.pid) : null,
    };
  } finally {
    await worker?.stop();
    await server.stop();
    await receiver.close();
  }
}

export async function assistantLatency(opts: {
  databaseUrl: string;
  port: number;
  log: (s: string) => void;
  turns?: number;
  /**
   * Other customers in conversation at once while the turns are measured. Each writes, waits for the
   * assistant's answer, reads and types for a think time (`thinkMs`, uniform), and writes again.
   */
  background?: number;
  thinkMs?: [number, number];
}): Promise<AssistantResult | Unavailable> {
  for (const file of ["app/channels/whatsapp/webhook/route.ts", "lib/channels/whatsapp/inbound.ts"]) {
    if (!fs.existsSync(path.join(root, file))) return { available: false, reason: `${file} is missing` };
  }
  const { startFakeGraph } = await import("../tests/fakes/graph-server");
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { verifyWhatsApp } = await import("../lib/channels");
  const { createKnowledge } = await import("../lib/assistants/knowledge");

  const appSecret = "bench-app-secret";
  const phoneNumberId = String(randomInt(100_000_000, 999_999_999));
  const accessToken = "bench-access-token";
  const fake = await startFakeGraph({
    appWebhookUrl: `http://127.0.0.1:${opts.port}/channels/whatsapp/webhook`,
    appSecret,
    accessTokens: { [phoneNumberId]: accessToken },
  });
  // Saving the number asks the Graph API (the fake) whether the token may use it.
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  const { businessId, assistantId } = await createBusiness(db(), {
    name: "Bench Assistant Co",
    tokens: 10_000_000,
    whatsapp: await verifyWhatsApp({ phoneNumberId, accessToken }),
  });
  await createKnowledge(db(), businessId, assistantId, {
    title: "Opening hours",
    content: "We are open from 9 am to 6 pm, Monday to Saturday, and closed on Sundays and public holidays.",
  });
  const server = await startNext(
    opts.port,
    opts.databaseUrl,
    {
      RUN_WORKER: "1",
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_GRAPH_URL: fake.url,
      WHATSAPP_VERIFY_TOKEN: "bench",
      RATE_LIMIT_PER_SECOND: "100000",
    },
    "next-assistant",
  );
  const { turn, stop: stopWatching } = watchReplies(fake, 10_000);

  let loadRunning = true;
  let measuring = false;
  let backgroundMessages = 0;
  const backgroundLatencies: number[] = [];
  let backgroundTimeouts = 0;
  const crowd = opts.background ?? 0;
  const [thinkMin, thinkMax] = opts.thinkMs ?? [2000, 4000];
  const lines = ["Do you deliver on Sundays?", "what time do you close today", "ok thanks", "Do you have gluten free options?"];
  const load = Array.from({ length: crowd }, async (_, i) => {
    const from = `1444${String(randomInt(0, 9_999_999)).padStart(7, "0")}${i % 10}`;
    await sleep(Math.random() * thinkMax);
    for (let k = 0; loadRunning; k++) {
      const counted = measuring;
      const took = await turn(from, lines[(i + k) % lines.length]);
      backgroundMessages++;
      if (counted && measuring) {
        if (typeof took === "number") backgroundLatencies.push(took);
        else backgroundTimeouts++;
      }
      await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
    }
  });
  try {
    if (crowd) {
      // Every customer has written at least once (they start within one think time) before measuring.
      const settle = Math.max(5000, thinkMax + 2000);
      opts.log(
        `  ${crowd} other conversations writing (each writes again ${thinkMin / 1000}-${thinkMax / 1000} s after its answer); measuring after ${settle / 1000} s`,
      );
      await sleep(settle);
    }
    measuring = true;
    const startedAt = Date.now();
    const messagesAtStart = backgroundMessages;
    const turns = opts.turns ?? 40;
    const latencies: number[] = [];
    let timeouts = 0;
    for (let i = 0; i < turns; i++) {
      const from = `1555${randomInt(1_000_000, 9_999_999)}`;
      const took = await turn(from, "What are your opening hours?");
      if (took === "refused") return { available: false, reason: "the inbound webhook refused a message" };
      if (took === null) {
        timeouts++;
        if (latencies.length === 0 && timeouts >= 3)
          return { available: false, reason: "no assistant reply reached the fake Graph server within 10 s" };
      } else latencies.push(took);
      await sleep(100);
    }
    measuring = false;
    const seconds = (Date.now() - startedAt) / 1000;
    const all = [...latencies, ...backgroundLatencies];
    return {
      available: true,
      turns: latencies.length,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      timeouts: timeouts + backgroundTimeouts,
      background: crowd,
      backgroundMessages,
      probe: { turns: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), timeouts },
      crowd: {
        replies: backgroundLatencies.length,
        p50: percentile(backgroundLatencies, 50),
        p99: percentile(backgroundLatencies, 99),
        timeouts: backgroundTimeouts,
        messagesPerSecond: Math.round(((backgroundMessages - messagesAtStart) / seconds) * 10) / 10,
      },
      thinkMs: [thinkMin, thinkMax],
    };
  } finally {
    loadRunning = false;
    await Promise.race([Promise.all(load), sleep(12_000)]);
    stopWatching();
    await server.stop();
    await fake.close();
  }
}
