// What one inbound WhatsApp message costs, stage by stage (issue 41): database statements, transactions
// and this process's CPU time, from the signed webhook to the three status webhooks that follow each
// reply. A child of `npm run bench` (bench/message-cost-phase.ts), run under the react-server condition
// with DATABASE_URL (a fresh Postgres database) or DATA_DIR (a fresh embedded one). It drives the real
// route handler and the real job handlers one stage at a time, as the worker runs them (the fair claim,
// the handler, the completion, the follow-up claim of the same kind), so each statement is counted
// against the stage that sent it. Counting is exact whatever else runs on the machine; CPU is not.
// Prints one JSON line: the stages' totals per inbound message.
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import { acceptWebhook, setWhatsApp } from "../lib/channels";
import { closeDb, type Db, type DbHandle, openPglite, setDbHandle } from "../lib/db/client";
import { preparingClient } from "../lib/db/prepared";
import { migrate } from "../lib/db/migrate";
import * as schema from "../lib/db/schema";
import { signWhatsAppBody } from "../lib/channels/whatsapp/signature";
import { seedDemo } from "../lib/demo/seed-demo";
import { claimJobsAndNextRun, claimNextOf } from "../lib/jobs/queue";
import { queryRows } from "../lib/db/rows";
import { JOB_COMPLETED } from "../lib/jobs/worker";
import { jobHandlers } from "../lib/server/jobs";
import { conversations as scripts } from "./customer-scripts";

type Tally = { statements: number; transactions: number; cpuUs: number; wallMs: number; runs: number; byStatement: Map<string, number> };
const tallies = new Map<string, Tally>();
let current: Tally | null = null;
// COST_TRACE=1: every statement of the last round's messages, in order, by stage (to stderr, before the
// result line): what each stage runs, to see what it repeats.
const tracing = process.env.COST_TRACE === "1";
let traceLines: string[] | null = null;
let traceStage = "";

// Every statement drizzle sends (raw ones included) passes its logger; transactions are counted where
// they begin. A statement's first words name it in the detail listing.
const counting: Logger = {
  logQuery(query) {
    if (!current) return;
    current.statements++;
    const head = query.replace(/\s+/g, " ").trim().slice(0, 90);
    current.byStatement.set(head, (current.byStatement.get(head) ?? 0) + 1);
    traceLines?.push(`${traceStage.slice(0, 2)} ${head}`);
  },
};

/**
 * Counts a transaction where it begins (its begin and commit are added as two statements). With
 * `savepoints`, a transaction nested in one (a savepoint and its release, which postgres.js sends
 * without drizzle's logger, while PGlite's pass it) counts as those two statements, so both databases
 * count the same round trips.
 */
function countTransactions(db: Db, savepoints: boolean): Db {
  type Transactional = { transaction: (fn: (tx: Db) => unknown, config?: never) => Promise<unknown> };
  const nested = (tx: Db) => {
    const inner = (tx as unknown as Transactional).transaction.bind(tx);
    (tx as unknown as Transactional).transaction = (fn, config) => {
      if (current) current.statements += 2;
      if (current) traceLines?.push(`${traceStage.slice(0, 2)} savepoint (and its release)`);
      return inner((t) => fn(nested(t)), config);
    };
    return tx;
  };
  const original = (db as unknown as Transactional).transaction.bind(db);
  (db as unknown as Transactional).transaction = (fn, config) => {
    if (current) current.transactions++;
    if (current) traceLines?.push(`${traceStage.slice(0, 2)} begin (a transaction: begin and commit)`);
    return original((tx) => fn(savepoints ? nested(tx) : tx), config);
  };
  return db;
}

function openCounted(): DbHandle {
  const url = process.env.DATABASE_URL;
  if (url) {
    const client = postgres(url, { max: 10, onnotice: () => {}, connection: { application_name: "convo-bench-cost" } });
    const db = countTransactions(drizzlePostgres(preparingClient(client), { schema, logger: counting }) as unknown as Db, true);
    return {
      db,
      kind: "postgres",
      sql: client,
      async listen(channel, fn, onListen) {
        const sub = await client.listen(channel, fn, onListen);
        return async () => sub.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const handle = openPglite();
  const db = countTransactions(drizzlePglite(handle.embedded as unknown as PGlite, { schema, logger: counting }) as unknown as Db, false);
  return { ...handle, db, listen: handle.listen, close: handle.close };
}

/** Runs `fn` as stage `name`: what it sends and the CPU it takes are added to that stage. */
async function stage<T>(name: string, fn: () => Promise<T>): Promise<T> {
  let tally = tallies.get(name);
  if (!tally) {
    tally = { statements: 0, transactions: 0, cpuUs: 0, wallMs: 0, runs: 0, byStatement: new Map() };
    tallies.set(name, tally);
  }
  const outer = current;
  current = tally;
  traceStage = name;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  try {
    return await fn();
  } finally {
    const used = process.cpuUsage(cpu);
    tally.cpuUs += used.user + used.system;
    tally.wallMs += performance.now() - wall;
    tally.runs++;
    current = outer;
  }
}

const WORKER = "bench-cost:1";

/** Whether a job of `queue` is ready, uncounted (the worker learns it from a NOTIFY, not a statement). */
async function ready(db: Db, queue: string): Promise<boolean> {
  const outer = current;
  current = null;
  try {
    const rows = await queryRows(db, sql`select 1 from jobs where queue = ${queue} and status = 'pending' and run_at <= now() limit 1`);
    return rows.length > 0;
  } finally {
    current = outer;
  }
}

/**
 * What the worker does for the ready jobs of `queue`, woken by their NOTIFY: the fair claim (which also
 * says when the next job is due), then each job's handler, its completion and the follow-up claim of the
 * same kind and business (which takes the next one straight away when there is one).
 */
async function runJobs(db: Db, queue: string): Promise<number> {
  let ran = 0;
  while (await ready(db, queue)) {
    let [job] = (await claimJobsAndNextRun(db, [queue], WORKER, 1)).jobs;
    while (job) {
      const outcome = await jobHandlers[queue](job.payload, job);
      ran++;
      // As the worker does: a job its handler did not remove goes with the follow-up claim.
      const finished = outcome === JOB_COMPLETED ? undefined : job.id;
      const next = await claimNextOf(db, queue, job.businessId ?? null, WORKER, undefined, undefined, finished);
      if (!next) break;
      job = next;
    }
  }
  return ran;
}

async function postWebhook(body: unknown) {
  const raw = JSON.stringify(body);
  const request = new Request("http://127.0.0.1/channels/whatsapp/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsAppBody(raw, process.env.WHATSAPP_APP_SECRET ?? "") },
    body: raw,
  });
  const res = await acceptWebhook(setup.db, request);
  if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
}

const setup = { db: null as unknown as Db };

/** The tallies so far as per-message figures by stage, over `inbound` messages. */
function summarize(inbound: number) {
  const per = (n: number) => Math.round((n / inbound) * 100) / 100;
  return [...tallies].map(([name, t]) => ({
    stage: name,
    statements: per(t.statements + 2 * t.transactions),
    transactions: per(t.transactions),
    cpuMs: Math.round((t.cpuUs / 1000 / inbound) * 100) / 100,
    wallMs: Math.round((t.wallMs / inbound) * 100) / 100,
    detail: Object.fromEntries([...t.byStatement].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, per(v)])),
  }));
}

async function main() {
  const rounds = Number(process.env.COST_ROUNDS ?? 3);
  const statusesEach = process.env.COST_STATUSES === "each";
  delete process.env.LLM_BASE_URL;
  process.env.WHATSAPP_APP_SECRET = "bench-cost-secret";
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
  const { startFakeGraph, metaEnvelope } = await import("../tests/fakes/graph-server");
  const phoneNumberId = `1${String(Date.now()).slice(-9)}${process.pid}`;
  const accessToken = "bench-cost-token";
  const fake = await startFakeGraph({ accessTokens: { [phoneNumberId]: accessToken } });
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  const handle = openCounted();
  setDbHandle(handle);
  setup.db = handle.db;
  await migrate();
  // As a server's boot does before its worker starts (lib/server/warm-up.ts; WARM_UP_MESSAGES, 0 for a
  // cold start): the rounds then measure a process that rehearsed. Its statements fall in no stage.
  const { warmUp } = await import("../lib/server/warm-up");
  const warmCpu = process.cpuUsage();
  const warmed = await warmUp();
  const warmCpuUsed = process.cpuUsage(warmCpu);
  const warmUpResult = warmed && { ...warmed, cpuMs: Math.round((warmCpuUsed.user + warmCpuUsed.system) / 1000) };
  const db = handle.db;
  const { businessId } = await seedDemo(db);
  await setWhatsApp(db, businessId, { phoneNumberId, accessToken, displayNumber: "+15550783881" });

  // Graph calls: counted and timed where they leave (the fake answers in this process).
  let graphCalls = 0;
  let graphMs = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(fake.url)) return realFetch(input, init);
    const started = performance.now();
    try {
      return await realFetch(input, init);
    } finally {
      if (current) {
        graphCalls++;
        graphMs += performance.now() - started;
      }
    }
  };

  let inbound = 0;
  let replies = 0;
  // Round 0's stages (the process's first messages, after the warm-up above), printed beside the counted rounds' as `cold`.
  let cold: ReturnType<typeof summarize> | null = null;
  let phone = 351_910_000_000;
  // Round 0 warms the process (module loading, JIT, statement preparation) and is not counted.
  for (let round = 0; round <= rounds; round++) {
    if (round === 1) {
      cold = summarize(scripts.reduce((n, messages) => n + messages.length, 0));
      tallies.clear();
      graphCalls = 0;
      graphMs = 0;
    }
    for (const [c, messages] of scripts.entries()) {
      const from = `+${phone++}`;
      for (const [m, text] of messages.entries()) {
        if (tracing && round === rounds) {
          if (traceLines) console.error(traceLines.join("\n"));
          traceLines = [];
          console.error(`\n--- conversation ${c}, message ${m}: ${text}`);
        }
        const sentBefore = fake.sent.length;
        // What fake.postInbound would do: the customer's 24-hour window opens at the fake as at Meta.
        fake.customerWrote(from);
        await stage("1 webhook accepted (HTTP handler)", () =>
          postWebhook(fake.inboundPayload({ messages: [{ from, text, name: "Bench Customer" }] })),
        );
        await stage("2 inbound job (message stored)", () => runJobs(db, "whatsapp.inbound"));
        await stage("3 assistant turn (understanding, skill, records, reply stored)", () => runJobs(db, "assistant.turn"));
        await stage("4 read receipt / typing job", () => runJobs(db, "whatsapp.signals"));
        await stage("5 send job (Graph call, sent recorded)", () => runJobs(db, "messages.deliver"));
        await stage("6 events (dispatch, none subscribed)", async () => {
          await runJobs(db, "events.dispatch");
          await runJobs(db, "webhooks.deliver");
        });
        const sent = fake.sent.slice(sentBefore);
        for (const status of ["sent", "delivered", "read"] as const) {
          for (const s of sent) {
            const entry: Record<string, unknown> = {
              id: s.wamid,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: from.slice(1),
              ...(status !== "read"
                ? {
                    pricing: { billable: true, pricing_model: "PMP", type: "regular", category: "service" },
                    conversation: { id: "c", origin: { type: "service" } },
                  }
                : {}),
            };
            const body = metaEnvelope([{ phoneNumberId, displayPhoneNumber: "15550783881", value: { statuses: [entry] } }]);
            await stage("7 status webhooks accepted (3 a reply)", () => postWebhook(body));
            if (statusesEach) await stage("8 status jobs (3 a reply)", () => runJobs(db, "whatsapp.inbound"));
          }
        }
        // Meta sends a reply's sent and delivered within about a second of the send, and read when the
        // customer has the chat open: the worker finds them queued together (COST_STATUSES=each: one by one).
        if (!statusesEach) await stage("8 status jobs (3 a reply)", () => runJobs(db, "whatsapp.inbound"));
        if (round > 0) {
          inbound++;
          replies += sent.length;
        }
      }
    }
  }
  if (traceLines) console.error(traceLines.join("\n"));
  traceLines = null;
  const [{ left }] = await queryRows<{ left: number }>(db, sql`select count(*)::int as left from jobs where status = 'pending'`);
  const stages = summarize(inbound);
  const per = (n: number) => Math.round((n / inbound) * 100) / 100;
  console.log(
    JSON.stringify({
      cost: true,
      inbound,
      replies,
      statuses: statusesEach ? "each" : "per reply",
      repliesPerInbound: per(replies),
      graphCallsPerInbound: per(graphCalls),
      graphMsPerInbound: Math.round((graphMs / inbound) * 100) / 100,
      jobsLeft: Number(left),
      stages,
      cold: cold?.map(({ stage, cpuMs, wallMs }) => ({ stage, cpuMs, wallMs })),
      warmUp: warmUpResult,
    }),
  );
  await fake.close();
  await closeDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
