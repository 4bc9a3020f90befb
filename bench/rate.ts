// The sustained-rate line (issue 41 item 2): what `npm start` serves (scripts/serve.mjs, its worker in-process) on a fresh database,
// RATE_CONVERSATIONS customers writing at a combined RATE_PER_SECOND inbound messages a second for
// RATE_SECONDS (after RATE_WARMUP seconds at the same rate, not counted), each reply followed by its
// sent, delivered and read webhooks (the fake Graph server's autoStatuses), as Meta sends them. A child
// of `npm run bench` (bench/rate-phase.ts), run with DATABASE_URL (a fresh Postgres database) or
// DATA_DIR (a fresh embedded one). Prints one JSON line: inbound-to-reply p50/p95/p99, the job backlog
// (GET /metrics, every second) at the start and the end of the measured window, the app's CPU and
// memory, and what was lost or sent twice, counted in the database once the server has stopped.
import fs from "node:fs";
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { percentile } from "./latency";
import { groupRssMiB, startNext, startServe } from "./servers";
import { watchReplies } from "./reply-watch";
import { spawnWorker } from "./latency";

const rate = Number(process.env.RATE_PER_SECOND ?? 80);
const conversations = Number(process.env.RATE_CONVERSATIONS ?? 400);
const seconds = Number(process.env.RATE_SECONDS ?? 60);
const warmup = Number(process.env.RATE_WARMUP ?? 10);
const port = Number(process.env.RATE_PORT ?? 3480);
// RATE_WORKERS=N (Postgres only): the app with RUN_WORKER=0 and N `npm run worker` processes beside it,
// the deployment of several processes on one database; 0 (the default) is `npm start` as it ships.
const workerCount = process.env.DATABASE_URL ? Number(process.env.RATE_WORKERS ?? 0) : 0;
const REPLY_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds used so far by a process group (utime + stime of each of its processes, /proc). */
function groupCpuSeconds(pgid: number): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid) total += (Number(f[11]) + Number(f[12])) / tick;
    } catch {}
  }
  return total;
}

/** CPU seconds used so far by every process named `postgres` (the database server's backends and its own processes). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) / 100;
    } catch {}
  }
  return total;
}

/** This process's CPU seconds so far: the load generator, the reply watch and the fake Graph server. */
const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** The machine's busy CPU seconds so far, every process (/proc/stat): an upper bound for ours plus Postgres's. */
function machineBusySeconds(): number {
  const [cpu] = fs.readFileSync("/proc/stat", "utf8").split("\n");
  const v = cpu.split(/\s+/).slice(1).map(Number);
  const idle = v[3] + v[4];
  return (v.reduce((a, b) => a + b, 0) - idle) / 100;
}

async function main() {
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 11).toString("base64");
  const { startFakeGraph } = await import("../tests/fakes/graph-server");
  const { db, closeDb } = await import("../lib/db/client");
  const { migrate } = await import("../lib/db/migrate");
  const { queryRows } = await import("../lib/db/rows");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { verifyWhatsApp } = await import("../lib/channels");
  const { createKnowledge } = await import("../lib/assistants/knowledge");

  const appSecret = "bench-rate-secret";
  const phoneNumberId = String(randomInt(100_000_000, 999_999_999));
  const accessToken = "bench-rate-token";
  const fake = await startFakeGraph({
    appWebhookUrl: `http://127.0.0.1:${port}/channels/whatsapp/webhook`,
    appSecret,
    accessTokens: { [phoneNumberId]: accessToken },
    autoStatuses: true,
    // BENCH_GRAPH_LATENCY_MS: each send answered after this long, as Meta's servers take (0 by default).
    sendLatencyMs: Number(process.env.BENCH_GRAPH_LATENCY_MS ?? 0),
  });
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  await migrate();
  const { businessId, assistantId } = await createBusiness(db(), {
    name: "Bench Rate Co",
    tokens: 1_000_000_000,
    whatsapp: await verifyWhatsApp({ phoneNumberId, accessToken }),
  });
  await createKnowledge(db(), businessId, assistantId, {
    title: "Opening hours",
    content: "We are open from 9 am to 6 pm, Monday to Saturday, and closed on Sundays and public holidays.",
  });
  // The embedded database allows one process per directory: the app opens it next.
  await closeDb();
  // BENCH_RATE_SERVER=next: `next start` instead (every webhook through Next's pipeline), to compare.
  const server = await (process.env.BENCH_RATE_SERVER === "next" ? startNext : startServe)(
    port,
    process.env.DATABASE_URL ?? null,
    {
      RUN_WORKER: workerCount > 0 ? "0" : "1",
      DATA_DIR: process.env.DATA_DIR,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_GRAPH_URL: fake.url,
      WHATSAPP_VERIFY_TOKEN: "bench",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      METRICS_TOKEN: "bench-rate-metrics",
      LOG_LEVEL: "warn",
    },
    `${process.env.BENCH_RATE_SERVER === "next" ? "next" : "serve"}-rate`,
  );

  const workerEnv = {
    DATABASE_URL: process.env.DATABASE_URL,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
    NODE_ENV: "production",
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_GRAPH_URL: fake.url,
    // spawnWorker waits for the worker's "running" line, an info line.
    LOG_LEVEL: "info",
  };
  const workers = await Promise.all(Array.from({ length: workerCount }, () => spawnWorker(workerEnv)));
  /** The app's CPU: its server's process group and its workers'. */
  const appCpuSeconds = () => workers.reduce((sum, w) => sum + groupCpuSeconds(w.pid), groupCpuSeconds(server.pid));

  const backlog = async (): Promise<number | null> => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer bench-rate-metrics" } }).catch(() => null);
    if (res?.status !== 200) return null;
    let n = 0;
    for (const line of (await res.text()).split("\n")) if (line.startsWith("convo_jobs_queued{")) n += Number(line.slice(line.lastIndexOf(" ") + 1));
    return n;
  };

  const { turn, stop: stopWatching } = watchReplies(fake, REPLY_TIMEOUT_MS);

  const lines = ["Do you deliver on Sundays?", "what time do you close today", "ok thanks", "Do you have gluten free options?"];
  const period = (conversations / rate) * 1000;
  const startedAt = Date.now() + 500;
  const measureFrom = startedAt + warmup * 1000;
  const stopAt = measureFrom + seconds * 1000;
  let posted = 0;
  let refused = 0;
  let measured = 0;
  let late = 0;
  const latencies: number[] = [];
  // Each answer's latency by the 10-second stretch of the measured window its message was sent in.
  const stretches: number[][] = [];
  const samples: { at: number; backlog: number | null }[] = [];
  // The warm-up, for diagnosis (not counted): answers' p50 by second sent, and the backlog each second.
  const warmStretches: number[][] = [];
  const warmBacklog: (number | null)[] = [];
  // Open loop: customer i writes at startedAt + i/rate + k*period, or as soon as its last answer came
  // if that was later (a customer does not write twice before an answer).
  const crowd = Array.from({ length: conversations }, async (_, i) => {
    const from = `1444${String(randomInt(0, 9_999_999)).padStart(7, "0")}${String(i).padStart(3, "0")}`;
    for (let k = 0; ; k++) {
      const due = startedAt + (i / rate) * 1000 + k * period;
      if (due >= stopAt) return;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -1000) late++;
      const sentAt = Date.now();
      const counted = sentAt >= measureFrom;
      posted++;
      const took = await turn(from, lines[(i + k) % lines.length]);
      if (took === "refused") refused++;
      else if (!counted && took !== null) {
        const second = Math.max(0, Math.floor((sentAt - startedAt) / 1000));
        const list = warmStretches[second] ?? [];
        list.push(took);
        warmStretches[second] = list;
      } else if (counted) {
        measured++;
        if (took !== null) {
          latencies.push(took);
          const stretch = Math.floor((sentAt - measureFrom) / 10_000);
          const list = stretches[stretch] ?? [];
          list.push(took);
          stretches[stretch] = list;
        }
      }
    }
  });
  // A database in service has its planner statistics; this one was empty ten seconds ago, and
  // autovacuum gives a new table its first ANALYZE only at its next round (autovacuum_naptime, a minute
  // by default), so until then Postgres plans for empty tables. Taken here, at the end of the warm-up,
  // as autovacuum would within the measured minute. (The embedded database's one process is the app's.)
  // The crowd's first messages are only being written now: wait for the warm-up's last second, or
  // the statistics would describe the empty tables of the start.
  while (Date.now() < measureFrom - 1000) {
    const at = Date.now();
    if (at >= startedAt) warmBacklog.push(await backlog());
    await sleep(Math.max(0, Math.min(1000 - (Date.now() - at), measureFrom - 1000 - Date.now())));
  }
  if (process.env.DATABASE_URL) {
    const { default: postgres } = await import("postgres");
    const { postgresTarget } = await import("../lib/db/url");
    const target = postgresTarget(process.env.DATABASE_URL);
    const admin = postgres(target.url, { ...(target.path ? { path: target.path } : {}), max: 1, onnotice: () => {} });
    await admin`analyze`;
    await admin.end();
  }
  while (Date.now() < measureFrom) await sleep(100);
  const cpu0 = appCpuSeconds();
  const busy0 = machineBusySeconds();
  const pg0 = postgresCpuSeconds();
  const own0 = ownCpuSeconds();
  const posted0 = posted;
  while (Date.now() < stopAt) {
    const at = Date.now();
    samples.push({ at: at - measureFrom, backlog: await backlog() });
    await sleep(Math.max(0, 1000 - (Date.now() - at)));
  }
  const cpu1 = appCpuSeconds();
  const busy1 = machineBusySeconds();
  const pg1 = postgresCpuSeconds();
  const own1 = ownCpuSeconds();
  const postedInWindow = posted - posted0;
  await Promise.all(crowd);
  // Every reply's statuses come back, and the queue empties (a server far behind keeps sending replies,
  // and their statuses: waited for 60 s at most, then counted as they are).
  await Promise.race([fake.idle(), sleep(60_000)]);
  let drainedIn: number | null = null;
  const drainStart = Date.now();
  for (let i = 0; i < 60; i++) {
    const n = await backlog();
    if (n === 0) {
      drainedIn = Date.now() - drainStart;
      break;
    }
    await sleep(500);
  }
  const memoryMiB = groupRssMiB(server.pid);
  const workerMemoryMiB = workers.map((w) => groupRssMiB(w.pid));
  // What that memory is, from the app's own /metrics (prom-client's process and V8 heap figures): at
  // once, and again after 30 s with nothing to do (V8 shrinks an idle heap on its own schedule).
  const heap = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer bench-rate-metrics" } }).catch(() => null);
    if (res?.status !== 200) return null;
    const values = new Map<string, number>();
    for (const line of (await res.text()).split("\n")) {
      const m =
        /^convo_(process_resident_memory_bytes|nodejs_heap_size_used_bytes|nodejs_heap_size_total_bytes|nodejs_external_memory_bytes) (\S+)$/.exec(
          line,
        );
      if (m) values.set(m[1], Math.round(Number(m[2]) / 1048576));
    }
    return {
      rssMiB: values.get("process_resident_memory_bytes") ?? null,
      heapUsedMiB: values.get("nodejs_heap_size_used_bytes") ?? null,
      heapTotalMiB: values.get("nodejs_heap_size_total_bytes") ?? null,
      externalMiB: values.get("nodejs_external_memory_bytes") ?? null,
    };
  };
  const memoryNow = await heap();
  // BENCH_HEAP_SNAPSHOT=1 (with BENCH_NODE_ARGS=--heapsnapshot-signal=SIGUSR2): a heap snapshot of the
  // app at this moment, written in its working directory, to see what holds the memory.
  if (process.env.BENCH_HEAP_SNAPSHOT === "1" && server.pid) process.kill(server.pid, "SIGUSR2");
  await sleep(30_000);
  const memoryIdle = { ...(await heap()), groupRssMiB: groupRssMiB(server.pid) };
  stopWatching();
  await Promise.all(workers.map((w) => w.stop()));
  await server.stop();

  // Counted in the database: every inbound message stored once, every reply sent once, every reply read.
  const [counts] = await queryRows<{ inbound: number; outbound: number; wamids: number; read: number; pending: number; failed_jobs: number }>(
    db(),
    sql`select
      (select count(*)::int from messages where business_id = ${businessId} and direction = 'inbound') as inbound,
      (select count(*)::int from messages where business_id = ${businessId} and direction = 'outbound') as outbound,
      (select count(distinct channel_message_id)::int from messages where business_id = ${businessId} and direction = 'outbound') as wamids,
      (select count(*)::int from messages where business_id = ${businessId} and direction = 'outbound' and status = 'read') as read,
      (select count(*)::int from jobs where status = 'pending') as pending,
      (select count(*)::int from jobs where status = 'failed') as failed_jobs`,
  );
  await closeDb();
  await fake.close();
  const sentWamids = new Set(fake.sent.map((s) => s.wamid));
  const statusCallbacks = fake.callbacks.filter((c) => c.httpStatus === 200).length;
  const window = samples.filter((s) => s.backlog !== null);
  const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  const edge = Math.min(5, Math.floor(window.length / 2));
  console.log(
    JSON.stringify({
      rate: true,
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      targetPerSecond: rate,
      conversations,
      seconds,
      warmupSeconds: warmup,
      inboundPerSecond: Math.round((postedInWindow / seconds) * 10) / 10,
      posted,
      refused,
      lateStarts: late,
      replies: { measured, answered: latencies.length, timeouts: measured - latencies.length },
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      p50By10s: Array.from(stretches, (xs) => (xs?.length ? percentile(xs, 50) : null)),
      warmup: {
        p50BySecond: Array.from(warmStretches, (xs) => (xs?.length ? percentile(xs, 50) : null)),
        backlogBySecond: warmBacklog,
      },
      p95By10s: Array.from(stretches, (xs) => (xs?.length ? percentile(xs, 95) : null)),
      backlog: {
        start: mean(window.slice(0, edge).map((s) => s.backlog as number)),
        end: mean(window.slice(-edge).map((s) => s.backlog as number)),
        max: window.length ? Math.max(...window.map((s) => s.backlog as number)) : null,
        drainedInMs: drainedIn,
      },
      appCpuMsPerMessage: Math.round(((cpu1 - cpu0) * 1000 * 10) / postedInWindow) / 10,
      machineBusyMsPerMessage: Math.round(((busy1 - busy0) * 1000 * 10) / postedInWindow) / 10,
      // Where the machine's CPU went: Postgres's processes (none on PGlite), and this process (the load
      // generator and the fake Graph server, which stand in for Meta: not part of a real deployment).
      postgresCpuMsPerMessage: Math.round(((pg1 - pg0) * 1000 * 10) / postedInWindow) / 10,
      loadGeneratorCpuMsPerMessage: Math.round(((own1 - own0) * 1000 * 10) / postedInWindow) / 10,
      memoryMiB,
      ...(workerCount > 0 ? { workers: workerCount, workerMemoryMiB } : {}),
      memory: { atEnd: memoryNow, after30sIdle: memoryIdle },
      stored: counts,
      graph: { sends: fake.sent.length, distinctWamids: sentWamids.size, statusCallbacks },
    }),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
