// npm run bench: data set, builds, then each scenario against our app, both floors and `npm run api`,
// then event and assistant latency, then the short scenarios on the embedded database (PGlite: ours
// against the bare Next route, bench/pglite.ts). Prints the table and writes bench/results.json.
//   BENCH_DURATION (s, default 20)   BENCH_SLOW_DURATION (s, default 10: analytics and the catalog batch)
//     BENCH_WARMUP (s, default 3)   BENCH_CONNECTIONS (default 32)
//   BENCH_ONLY=id,id (scenarios)     BENCH_TARGETS=ours,bare-next,node-floor,api
//   BENCH_REGENERATE=1 (new data)    BENCH_SKIP_BUILD=1 (reuse the last build)   BENCH_SKIP_LATENCY=1
//   BENCH_CAMPAIGNS_ONLY=1 (only the campaign throughput, against BENCH_DATABASE_URL, no data set or build)
//   BENCH_QUICK=1 (a sanity run in a few minutes: short runs, fewer events and turns; not for the figures)
//   BENCH_SKIP_SCALING=1   BENCH_BACKGROUND (conversations writing during the reply latency, default 200)
//   BENCH_THINK_MS (their pace: ms from an answer to the customer's next message, default 5000-10000)
//   BENCH_SKIP_PGLITE=1 (no embedded-database phase)   BENCH_PGLITE_ONLY=1 (only it: no Postgres data set or phases)
//   BENCH_PGLITE_SCALE (its data set as a fraction of the Postgres one, default 0.1)
//   BENCH_PGLITE_DURATION (s per scenario on PGlite, default 20: turns of 2 s as on Postgres; 2 with BENCH_QUICK)
//   BENCH_SKIP_REPLY=1 (no server-side reply-time phase, bench/reply-time.ts)
//   BENCH_SKIP_COST=1 (no per-stage cost of one inbound message, bench/message-cost.ts)
//   BENCH_ONLY=rate (only the sustained-rate line, bench/rate.ts: builds unless BENCH_SKIP_BUILD=1, no results.json)
//   BENCH_SKIP_RATE=1 (no sustained-rate line)   BENCH_RATE / BENCH_PGLITE_RATE (inbound/s, default 80 / 30)
//   BENCH_RATE_SECONDS (default 60)   BENCH_RATE_CONVERSATIONS (default 400)   BENCH_RATE_WARMUP (s, default 10)
//   BENCH_RATE_WORKERS=N (Postgres: the app with RUN_WORKER=0 and N `npm run worker` processes; default 0, the worker in-process)
//   BENCH_SLICES (turns each target takes per scenario, default 10; 2 with BENCH_QUICK): see measureInTurns
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type BenchMeta, generate, readMeta, schemaHash } from "./generate";
import { campaignThroughput } from "./campaigns";
import { assistantLatency, spawnWorker, webhookThroughput } from "./latency";
import { measure, measureInTurns } from "./load";
import { pglitePhase } from "./pglite";
import { replyTimePhase } from "./reply";
import { messageCostPhase } from "./message-cost-phase";
import { ratePhase } from "./rate-phase";
import { checkLines, checks, loadLine, rateChecks, type Results, TARGETS, type Target, table, targetLabel } from "./report";
import { BENCH_CONTACT_NAME, scenarios as allScenarios } from "./scenarios";
import {
  appDistDir,
  buildApp,
  buildBareNext,
  groupRssMiB,
  nextBin,
  root,
  type ServerProcess,
  startApi,
  startNext,
  startServer,
  tsxBin,
  workDir,
} from "./servers";

const env = process.env;
const DATABASE_URL = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/convo_bench";
const quick = env.BENCH_QUICK === "1";
// 20 s in 10 turns of 2 s: one turn's ratio spreads by +-0.2 on a 2-core VM, so 10 s in 5 turns left a
// standard error of about 0.05 on a target whose margin is about that (docs/performance.md, ninth round).
const duration = Number(env.BENCH_DURATION ?? (quick ? 3 : 20));
// The slow scenarios (analytics, the catalog batch) run in one turn each: 10 s, as before.
const slowDuration = Number(env.BENCH_SLOW_DURATION ?? (quick ? 3 : 10));
const warmup = Number(env.BENCH_WARMUP ?? (quick ? 1 : 3));
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
// Each scenario's measured seconds are split into this many turns per target (measureInTurns).
const slices = Number(env.BENCH_SLICES ?? (quick ? 2 : 10));
const singleDuration = Number(env.BENCH_SINGLE_DURATION ?? (quick ? 2 : 5));
const background = Number(env.BENCH_BACKGROUND ?? (quick ? 20 : 200));
// The crowd's pace: each customer writes again this long after the assistant's answer (reads it, types).
const thinkMs = (env.BENCH_THINK_MS ?? "5000-10000").split("-").map(Number) as [number, number];
// The scaling line: a read and the send, against one instance and one worker, then two and two.
const SCALING_SCENARIOS = ["wallet", "messages-send"];
const basePort = Number(env.BENCH_PORT ?? 3400);
const pgliteOnly = env.BENCH_PGLITE_ONLY === "1";
const runPglite = pgliteOnly || env.BENCH_SKIP_PGLITE !== "1";
// The PGlite phase: a tenth of the data, shorter runs, so it stays within a few minutes.
const pgliteScale = Number(env.BENCH_PGLITE_SCALE ?? 0.1);
const pgliteDuration = Number(env.BENCH_PGLITE_DURATION ?? (quick ? 2 : 20));
const pgliteWarmup = quick ? 1 : 2;
const log = (line: string) => console.log(line);
// The benchmark measures our rate limiter's cost, not its refusals.
const unlimited = { RUN_WORKER: "0", RATE_LIMIT_PER_SECOND: "1000000", RATE_LIMIT_BURST: "1000000" };

async function dataSet(): Promise<BenchMeta> {
  const existing = env.BENCH_REGENERATE === "1" ? null : await readMeta(DATABASE_URL);
  if (existing && existing.schemaHash === schemaHash()) {
    log(`data set: reusing ${new URL(DATABASE_URL).pathname.slice(1)} from ${existing.generatedAt} (generated in ${existing.generateSeconds} s)`);
    return existing;
  }
  log(`data set: generating into ${new URL(DATABASE_URL).pathname.slice(1)}${existing ? " (the migrations changed)" : ""}`);
  return generate(DATABASE_URL, log);
}

/**
 * Between servers: the previous one's writes leave queued jobs no worker will run (RUN_WORKER=0) and
 * dead tuples autovacuum would clean up in the middle of the next measurement. Settle both first.
 * The contacts POST /v1/contacts created go too: they are the newest of the business, so a search
 * (newest first, walking the created_at index) had to step over every one of them, and each server
 * in turn searched a longer list than the one before it (about 5,000 more per server).
 */
async function settleDatabase() {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await sql`delete from jobs`;
  await sql`delete from contacts where phone like '+19%' and name = ${BENCH_CONTACT_NAME}`;
  for (const t of ["messages", "conversations", "contacts", "catalog_items", "events", "jobs", "rate_limits"])
    await sql.unsafe(`vacuum analyze ${t}`);
  await sql.end();
}

/** The hot conversations' customers wrote an hour ago, whenever the data set was made. */
async function refreshWindow(meta: BenchMeta) {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  await sql`update conversations c set last_inbound_at = now() - interval '1 hour'
    from contacts ct where ct.id = c.contact_id and c.business_id = ${meta.main.businessId} and ct.phone in ${sql(meta.hotPhones)} and c.status <> 'closed'`;
  await sql.end();
}

async function machine() {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  const v = await sql`select version()`.then(
    ([row]) => row,
    () => ({ version: "unavailable" }),
  );
  await sql.end();
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: String(v.version).split(" on ")[0],
    load1: os.loadavg()[0],
  };
}

function startTarget(target: Target, port: number, meta: BenchMeta): Promise<ServerProcess> {
  const floorEnv = { BENCH_DATABASE_URL: DATABASE_URL, BENCH_BUSINESS_ID: meta.main.businessId, NODE_ENV: "production" };
  switch (target) {
    case "ours":
      return startNext(port, DATABASE_URL, unlimited, "ours");
    case "api":
      return startApi(port, DATABASE_URL, unlimited, "api");
    case "bare-next":
      return startServer({
        name: "bare-next",
        command: process.execPath,
        // BENCH_BARE_NODE_ARGS: flags for bare Next's node (as BENCH_NODE_ARGS for ours), to profile the two alike.
        args: [
          ...(env.BENCH_BARE_NODE_ARGS ?? "").split(" ").filter(Boolean),
          nextBin,
          "start",
          "bench/bare-next",
          "-p",
          String(port),
          "-H",
          "127.0.0.1",
        ],
        port,
        env: floorEnv,
        readyPath: "/v1/usage/wallet",
      });
    case "node-floor":
      return startServer({
        name: "node-floor",
        command: tsxBin,
        args: ["bench/floor/node-floor.ts"],
        port,
        env: floorEnv,
        readyPath: "/v1/usage/wallet",
      });
  }
}

export async function main() {
  process.env.DATABASE_URL = DATABASE_URL;
  process.env.ENCRYPTION_KEY = Buffer.alloc(32, 11).toString("base64");
  const started = Date.now();
  if (env.BENCH_CAMPAIGNS_ONLY === "1") {
    const { migrate } = await import("../lib/db/migrate");
    await migrate();
    log("== campaigns: recipients per second against the fake Graph server's throughput limit");
    const campaigns = await campaignThroughput({ log });
    log(JSON.stringify(campaigns));
    const { closeDb } = await import("../lib/db/client");
    await closeDb();
    return;
  }
  if (env.BENCH_ONLY === "rate") {
    if (env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(root, appDistDir, "BUILD_ID"))) log(`build: reusing ${appDistDir}`);
    else buildApp(log);
    log("\n== sustained rate: inbound messages with their status webhooks (bench/rate.ts)");
    const rate: NonNullable<Results["rate"]> = {};
    if (!pgliteOnly) rate.postgres = await ratePhase("postgres", quick, log);
    if (runPglite) rate.pglite = await ratePhase("pglite", quick, log);
    log(JSON.stringify(rate));
    log(checkLines(Object.entries(rate).flatMap(([db, r]) => (r.available ? rateChecks(db, r) : []))));
    return;
  }
  const meta = pgliteOnly ? null : await dataSet();
  if (meta) {
    await refreshWindow(meta);
    const { migrate } = await import("../lib/db/migrate");
    await migrate();
  }

  const only = env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const scenarios = meta ? allScenarios(meta).filter((s) => !only || only.includes(s.id)) : [];
  const targets = pgliteOnly ? [] : ((env.BENCH_TARGETS?.split(",").map((s) => s.trim()) as Target[] | undefined) ?? [...TARGETS]);
  const latency = !pgliteOnly && env.BENCH_SKIP_LATENCY !== "1";

  if (targets.includes("ours") || latency || runPglite) {
    if (env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(root, appDistDir, "BUILD_ID"))) log(`build: reusing ${appDistDir}`);
    else buildApp(log);
  }
  if (targets.includes("bare-next") || runPglite) buildBareNext(log);

  const results: Results = { load: {}, single: {}, memory: {}, scaling: null, events: null, assistant: null, campaigns: null, pglite: null };
  if (meta) await postgresLoad(meta, scenarios, targets, results);

  if (latency) {
    await settleDatabase();
    log(`\n== webhooks: ${quick ? 300 : 1000} queued events to a loopback receiver`);
    results.events = await webhookThroughput({ databaseUrl: DATABASE_URL, port: basePort + 10, log, queued: quick ? 300 : 1000 }).catch((err) => ({
      available: false as const,
      reason: String(err instanceof Error ? err.message : err).slice(0, 300),
    }));
    log("== campaigns: recipients per second against the fake Graph server's throughput limit");
    results.campaigns = await campaignThroughput({ log }).catch((err) => ({
      available: false as const,
      reason: String(err instanceof Error ? err.message : err).slice(0, 300),
    }));
    await settleDatabase();
    log(`== inbound WhatsApp webhook -> assistant reply, while ${background} other conversations write at once`);
    const unavailable = (err: unknown) => ({ available: false as const, reason: String(err instanceof Error ? err.message : err).slice(0, 300) });
    results.assistant = await assistantLatency({
      databaseUrl: DATABASE_URL,
      port: basePort + 11,
      log,
      background,
      turns: quick ? 10 : 40,
      thinkMs,
    }).catch(unavailable);
    if (!quick) {
      await settleDatabase();
      log(`== the same under stress: the ${background} conversations write again 2-4 s after each answer`);
      results.assistantStress = await assistantLatency({
        databaseUrl: DATABASE_URL,
        port: basePort + 12,
        log,
        background,
        turns: 40,
        thinkMs: [2000, 4000],
      }).catch(unavailable);
    }
  }

  if (env.BENCH_SKIP_REPLY !== "1") {
    log("\n== assistant reply, server-side, without an LLM, one conversation at a time (bench/reply-time.ts)");
    results.replyTime = {};
    if (!pgliteOnly) results.replyTime.postgres = await replyTimePhase("postgres", quick);
    if (runPglite) results.replyTime.pglite = await replyTimePhase("pglite", quick);
  }

  if (env.BENCH_SKIP_COST !== "1") {
    log("\n== one inbound message's cost, stage by stage (bench/message-cost.ts)");
    results.messageCost = {};
    if (!pgliteOnly) results.messageCost.postgres = await messageCostPhase("postgres", quick);
    if (runPglite) results.messageCost.pglite = await messageCostPhase("pglite", quick);
  }

  if (env.BENCH_SKIP_RATE !== "1" && (!only || only.includes("rate"))) {
    log("\n== sustained rate: inbound messages with their status webhooks (bench/rate.ts)");
    results.rate = {};
    if (!pgliteOnly) results.rate.postgres = await ratePhase("postgres", quick, log);
    if (runPglite) results.rate.pglite = await ratePhase("pglite", quick, log);
  }

  if (runPglite) {
    results.pglite = await pglitePhase({
      scale: pgliteScale,
      connections,
      durationSec: pgliteDuration,
      warmupSec: pgliteWarmup,
      slices,
      port: basePort + 30,
      regenerate: env.BENCH_REGENERATE === "1",
      only,
      env: unlimited,
      log,
    }).catch((err) => ({ available: false as const, reason: String(err instanceof Error ? err.message : err).slice(0, 300) }));
  }

  const list = checks(scenarios, results);
  const out = {
    generatedAt: new Date().toISOString(),
    machine: await machine(),
    config: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      singleConnectionSeconds: singleDuration,
      database: pgliteOnly ? "PGlite only (BENCH_PGLITE_ONLY)" : "Postgres (DB_POOL_MAX 10 per process)",
      quick,
      background,
    },
    data: meta ? { counts: meta.counts, generateSeconds: meta.generateSeconds, generatedAt: meta.generatedAt } : null,
    scenarios: scenarios.map((s) => ({
      id: s.id,
      label: s.label,
      kind: s.kind,
      method: s.method,
      path: meta ? s.path.replace(meta.deepCursor, "<cursor>") : s.path,
    })),
    results,
    checks: list,
    runSeconds: Math.round((Date.now() - started) / 1000),
  };
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results.json"), `${JSON.stringify(out, null, 2)}\n`);
  log(`\n${table(scenarios, results)}\n\n${checkLines(list)}\n\nmachine: ${JSON.stringify(out.machine)}\nwritten: bench/results.json`);
  const { closeDb } = await import("../lib/db/client");
  await closeDb();
}

/**
 * Each scenario against every target on Postgres, the targets in turns (measureInTurns: the machine's
 * speed drifts, so servers measured one after another were compared at different speeds), then the
 * scaling line. All the targets run at once; the ones not taking their turn are idle.
 */
async function postgresLoad(meta: BenchMeta, scenarios: ReturnType<typeof allScenarios>, targets: Target[], results: Results) {
  const loadOpts = { connections, durationSec: duration, warmupSec: warmup, key: meta.main.key };
  if (!targets.length) return;
  log(
    `\n== ${targets.map((t) => targetLabel[t]).join(", ")}: ${connections} connections, ${warmup} s warm-up, then ${duration} s per scenario ` +
      `in ${slices} turns of ${duration / slices} s each, the targets taking turns`,
  );
  await settleDatabase();
  const servers: { target: Target; server: ServerProcess }[] = [];
  try {
    for (const [i, target] of targets.entries()) servers.push({ target, server: await startTarget(target, basePort + i, meta) });
    // Warm every route once (lazy route loading, JIT, the connection pool) before any measurement.
    for (const { server } of servers)
      for (const s of scenarios.filter((x) => x.kind === "read" && !x.oursOnly))
        await measure(server.url, s, { ...loadOpts, connections: 8, durationSec: 1, warmupSec: 0 });
    const load = Object.fromEntries(targets.map((t) => [t, {}])) as Record<Target, NonNullable<Results["load"][Target]>>;
    Object.assign(results.load, load);
    for (const s of scenarios.filter((x) => !x.oursOnly)) {
      const byTarget = await measureInTurns(
        servers.map(({ target, server }) => ({ name: target, url: server.url })),
        s,
        { ...loadOpts, ...(s.slow ? { slices: 1, durationSec: slowDuration } : { slices }) },
      );
      log(`  ${s.label}${s.slow ? " (slow requests: one turn each)" : ""}`);
      for (const t of targets) {
        load[t][s.id] = byTarget[t];
        log(loadLine(`  ${targetLabel[t]}`, byTarget[t]));
      }
    }
    for (const { target, server } of servers) {
      results.memory[target] = groupRssMiB(server.pid);
      log(`  memory after the run, ${targetLabel[target]}: ${results.memory[target] ?? "-"} MiB resident`);
    }
    const ours = servers.find((x) => x.target === "ours")?.server;
    if (ours) {
      log(`  -- ours, one connection, ${singleDuration} s per scenario (latency without queueing)`);
      for (const s of scenarios) {
        const r = await measure(ours.url, s, { ...loadOpts, connections: 1, durationSec: singleDuration, warmupSec: 1 });
        results.single[s.id] = r;
        log(`  ${s.label.padEnd(36)} p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms`);
      }
    }
  } finally {
    for (const { server } of servers) await server.stop();
  }

  if (env.BENCH_SKIP_SCALING !== "1" && targets.includes("ours")) {
    const picked = scenarios.filter((s) => SCALING_SCENARIOS.includes(s.id));
    if (picked.length) results.scaling = await scaling(picked, loadOpts);
  }
}

/**
 * How throughput grows with instances: one app instance (RUN_WORKER=0) and one `npm run worker`, then
 * two and two, all on the one Postgres, the same connections split evenly between the instances.
 * The workers drain what the sends queue, as they would in a deployment.
 */
async function scaling(picked: ReturnType<typeof allScenarios>, loadOpts: Parameters<typeof measure>[2]) {
  const out: NonNullable<Results["scaling"]> = { scenarios: {}, memory: { one: [], two: [] } };
  for (const n of [1, 2] as const) {
    log(`\n== scaling: ${n} app instance${n > 1 ? "s" : ""} and ${n} worker${n > 1 ? "s" : ""} on one Postgres, ${connections} connections in all`);
    await settleDatabase();
    const servers: ServerProcess[] = [];
    const workers: Awaited<ReturnType<typeof spawnWorker>>[] = [];
    try {
      for (let i = 0; i < n; i++) servers.push(await startNext(basePort + 20 + i, DATABASE_URL, { ...unlimited }, `next-scale-${i}`));
      for (let i = 0; i < n; i++)
        workers.push(
          await spawnWorker({ ...unlimited, DATABASE_URL, ENCRYPTION_KEY: Buffer.alloc(32, 11).toString("base64"), NODE_ENV: "production" }),
        );
      for (const s of picked) {
        for (const server of servers) await measure(server.url, s, { ...loadOpts, connections: 8, durationSec: 1, warmupSec: 0 });
        const r = await measure(
          servers.map((x) => x.url),
          s,
          loadOpts,
        );
        out.scenarios[s.id] ??= {};
        out.scenarios[s.id][n === 1 ? "one" : "two"] = r;
        log(`  ${s.label.padEnd(36)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50}  p95 ${r.p95}  p99 ${r.p99} ms  non-2xx ${r.non2xx}`);
      }
      out.memory[n === 1 ? "one" : "two"] = [...servers.map((x) => groupRssMiB(x.pid)), ...workers.map((w) => groupRssMiB(w.pid))];
    } finally {
      for (const w of workers) await w.stop();
      for (const server of servers) await server.stop();
    }
  }
  return out;
}
