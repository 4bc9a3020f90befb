// The printed table, the target checks and bench/results.json.
import type { CampaignsResult } from "./campaigns";
import type { AssistantResult, EventsResult, Unavailable } from "./latency";
import type { LoadResult } from "./load";
import type { Scenario } from "./scenarios";

export const TARGETS = ["ours", "bare-next", "node-floor", "api"] as const;
export type Target = (typeof TARGETS)[number];
export const targetLabel: Record<Target, string> = {
  ours: "ours (next start)",
  "bare-next": "bare Next",
  "node-floor": "node floor",
  api: "npm run api",
};

export type Results = {
  load: Partial<Record<Target, Record<string, LoadResult>>>;
  /** Our Next app at one connection: per-request latency without queueing. */
  single: Record<string, LoadResult>;
  /** Resident memory of each server (MiB, its process group) after its scenarios. */
  memory: Partial<Record<Target, number | null>>;
  /** One app instance and one worker against two and two, on one Postgres. */
  scaling: { scenarios: Record<string, { one?: LoadResult; two?: LoadResult }>; memory: { one: (number | null)[]; two: (number | null)[] } } | null;
  events: EventsResult | Unavailable | null;
  assistant: AssistantResult | Unavailable | null;
  /** The same line under a stress load: the crowd writes again 2-4 s after each answer. */
  assistantStress?: AssistantResult | Unavailable | null;
  campaigns?: CampaignsResult | Unavailable | null;
  /** The same short scenarios on the embedded database: ours against the bare Next route on PGlite. */
  pglite?: PgliteResult | Unavailable | null;
  /** The assistant's server-side turn time without an LLM, one conversation at a time (bench/reply-time.ts). */
  replyTime?: Partial<Record<"postgres" | "pglite", ReplyTimeResult | Unavailable>>;
  /** What one inbound message costs, stage by stage (bench/message-cost.ts). */
  messageCost?: Partial<Record<"postgres" | "pglite", MessageCostResult | Unavailable>>;
  /** The sustained-rate line (bench/rate.ts): inbound messages a second with their status webhooks. */
  rate?: Partial<Record<"postgres" | "pglite", RateResult | Unavailable>>;
};

/** The sustained-rate line (issue 41 item 2, bench/rate.ts). */
export type RateResult = {
  available: true;
  database: "postgres" | "pglite";
  targetPerSecond: number;
  conversations: number;
  seconds: number;
  warmupSeconds: number;
  inboundPerSecond: number;
  posted: number;
  refused: number;
  lateStarts: number;
  replies: { measured: number; answered: number; timeouts: number };
  p50: number;
  p95: number;
  p99: number;
  backlog: { start: number | null; end: number | null; max: number | null; drainedInMs: number | null };
  appCpuMsPerMessage: number;
  machineBusyMsPerMessage: number;
  postgresCpuMsPerMessage: number;
  loadGeneratorCpuMsPerMessage: number;
  memoryMiB: number | null;
  /** The app's own figures (its /metrics): at the end of the run, and after 30 s with nothing to do. */
  memory?: {
    atEnd: RateMemory | null;
    after30sIdle: (RateMemory & { groupRssMiB: number | null }) | null;
  };
  stored: { inbound: number; outbound: number; wamids: number; read: number; pending: number; failed_jobs: number };
  graph: { sends: number; distinctWamids: number; statusCallbacks: number };
  load1: number[];
};

/** The rate each database must sustain (issue 41 item 2) and its reply bounds. */
export const RATE_TARGETS = { postgres: 80, pglite: 30 } as const;
export const RATE_BOUNDS = { p50: 150, p95: 500 };
type RateMemory = { rssMiB: number | null; heapUsedMiB: number | null; heapTotalMiB: number | null; externalMiB: number | null };

/** Issue 41's memory bounds: the app's resident memory after the run, MiB (its process group). */
export const MEMORY_BOUNDS = { postgres: 300, pglite: 500 };

/** The rate line's printed line and its met/MISS checks. */
export function rateChecks(db: string, r: RateResult): Check[] {
  const label = `${db}: ${r.conversations} conversations at ${r.targetPerSecond} inbound/s for ${r.seconds} s, with status webhooks`;
  const grew = r.backlog.start === null || r.backlog.end === null ? null : r.backlog.end - r.backlog.start;
  const lost = r.posted - r.refused - r.stored.inbound;
  return [
    {
      target: `${label}: inbound messages/s >= ${Math.round(r.targetPerSecond * 0.95)}`,
      met: r.inboundPerSecond >= r.targetPerSecond * 0.95,
      detail:
        `${r.inboundPerSecond}/s; CPU a message: app ${r.appCpuMsPerMessage} ms, Postgres ${r.postgresCpuMsPerMessage}, ` +
        `load generator and fake Graph ${r.loadGeneratorCpuMsPerMessage}, whole machine ${r.machineBusyMsPerMessage}`,
    },
    {
      target: `${label}: inbound-to-reply p50 < ${RATE_BOUNDS.p50} ms`,
      met: r.p50 < RATE_BOUNDS.p50,
      detail: `${fmt(r.p50)} ms (load ${r.load1.join(" -> ")})`,
    },
    {
      target: `${label}: inbound-to-reply p95 < ${RATE_BOUNDS.p95} ms`,
      met: r.p95 < RATE_BOUNDS.p95,
      detail: `${fmt(r.p95)} ms (p99 ${fmt(r.p99)} ms)`,
    },
    {
      // Not growing: the last 5 s hold no more than one second's arrivals more than the first 5 s.
      target: `${label}: job backlog does not grow`,
      met: grew !== null && grew <= r.targetPerSecond,
      detail: `${r.backlog.start} -> ${r.backlog.end} queued (max ${r.backlog.max}), drained ${r.backlog.drainedInMs === null ? "not within 30 s" : `in ${r.backlog.drainedInMs} ms`} after`,
    },
    {
      target: `${label}: nothing lost or sent twice`,
      met:
        r.refused === 0 &&
        lost === 0 &&
        r.replies.timeouts === 0 &&
        r.graph.sends === r.stored.outbound &&
        r.stored.wamids === r.stored.outbound &&
        r.stored.read === r.stored.outbound &&
        r.stored.pending === 0 &&
        r.stored.failed_jobs === 0,
      detail:
        `${r.stored.inbound}/${r.posted - r.refused} inbound stored, ${r.refused} refused, ${r.replies.timeouts} replies not seen in 15 s, ` +
        `${r.graph.sends} sends for ${r.stored.outbound} replies (${r.stored.wamids} wamids), ${r.stored.read} read, ` +
        `${r.graph.statusCallbacks} status webhooks, ${r.stored.pending} jobs left, ${r.stored.failed_jobs} failed`,
    },
    memoryCheck(`${label}: app memory after the run`, db === "pglite" ? "pglite" : "postgres", r.memoryMiB, rateMemoryDetail(r)),
  ];
}

function memoryCheck(label: string, db: keyof typeof MEMORY_BOUNDS, mib: number | null | undefined, detail = ""): Check {
  const bound = MEMORY_BOUNDS[db];
  return {
    target: `${label} < ${bound} MiB`,
    met: mib === null || mib === undefined ? null : mib < bound,
    detail: `${mib ?? "-"} MiB resident${detail}`,
  };
}

function rateMemoryDetail(r: RateResult): string {
  const end = r.memory?.atEnd;
  const idle = r.memory?.after30sIdle;
  if (!end && !idle) return "";
  const heap = (m: typeof end) => (m ? `V8 heap ${m.heapUsedMiB ?? "-"} used of ${m.heapTotalMiB ?? "-"}` : "-");
  return ` at the end (${heap(end)}), ${idle?.groupRssMiB ?? "-"} MiB after 30 s idle (${heap(idle)})`;
}

/** One inbound message's cost by stage (bench/message-cost.ts), per inbound message. */
export type MessageCostResult = {
  available: true;
  inbound: number;
  replies: number;
  repliesPerInbound: number;
  graphCallsPerInbound: number;
  graphMsPerInbound: number;
  jobsLeft: number;
  stages: { stage: string; statements: number; transactions: number; cpuMs: number; wallMs: number; detail: Record<string, number> }[];
};

export type ReplyTimeResult = { available: true; turns: number; p50: number; p95: number; p99: number; max: number };

export type PgliteResult = {
  available: true;
  /** The data set's size as a fraction of the Postgres one. */
  scale: number;
  counts: Record<string, number>;
  generateSeconds: number;
  /** The scenarios measured, labelled for this data set (the deep page is shallower). */
  scenarios: { id: string; label: string }[];
  /** Whether the data set was left by an earlier run (true) or generated by this one. */
  reused: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  load: { ours?: Record<string, LoadResult>; "bare-next"?: Record<string, LoadResult> };
  memory: { ours?: number | null; "bare-next"?: number | null };
  seconds: number;
};

/** Issue 19: ours / a bare Next route on PGlite, every scenario the phase measures. */
export const PGLITE_TARGET = 0.8;

/** The short scenarios of issue 19's targets. */
export const SHORT_READS = ["messages-first", "messages-deep", "conversations-status", "contacts-search", "wallet"];
export const SHORT_WRITES = ["messages-send", "contacts-upsert"];

export type Check = { target: string; met: boolean | null; detail: string };

const fraction = (scale: number) => (scale >= 1 ? "all" : `1/${Math.round(1 / scale)}`);
const ratio = (a?: LoadResult, b?: LoadResult) => (a && b && b.rps > 0 ? a.rps / b.rps : Number.NaN);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const ms = (n: number) => fmt(n, n < 10 ? 1 : 0);
/**
 * How far a ratio measured in turns can be trusted: each round's ratio (ours' turn over bare's turn of
 * the same round), their range and the standard error of their mean. On a 2-core VM whose speed drifts,
 * one 2 s turn's ratio spreads by +-0.2; the run's figure is the ratio of all requests over all seconds.
 */
export function turnSpread(a?: LoadResult, b?: LoadResult): string {
  const n = Math.min(a?.turns?.length ?? 0, b?.turns?.length ?? 0);
  if (!a?.turns || !b?.turns || n < 2) return "";
  const rs = a.turns.slice(0, n).map((x, i) => x / Math.max(b.turns?.[i] ?? 0, 1));
  const mean = rs.reduce((x, y) => x + y, 0) / n;
  const se = Math.sqrt(rs.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1) / n);
  return ` (${n} turns: ${fmt(Math.min(...rs), 2)}-${fmt(Math.max(...rs), 2)}, standard error ${fmt(se, 2)})`;
}
const cell = (r?: LoadResult) =>
  r ? `${r.rps} / ${ms(r.p50)} / ${ms(r.p95 ?? Number.NaN)} / ${ms(r.p99)}${r.non2xx || r.errors ? ` (!${r.non2xx + r.errors})` : ""}` : "-";

/** One scenario's line as the run prints it. */
export function loadLine(label: string, r: LoadResult): string {
  const note = r.sampleStatus ? `  first answer ${r.sampleStatus}: ${r.sampleBody}` : "";
  return `  ${label.padEnd(36)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(5)}  p95 ${String(r.p95).padStart(5)}  p99 ${String(r.p99).padStart(5)} ms  non-2xx ${r.non2xx}${note}`;
}

export function table(scenarios: Scenario[], res: Results): string {
  const head = ["scenario", ...TARGETS.map((t) => `${targetLabel[t]} req/s / p50 / p95 / p99 ms`), "ours/bare", "ours/floor", "api/floor"];
  const rows = scenarios
    .filter((s) => !s.oursOnly)
    .map((s) => {
      const r = (t: Target) => res.load[t]?.[s.id];
      return [
        s.label,
        ...TARGETS.map((t) => cell(r(t))),
        fmt(ratio(r("ours"), r("bare-next")), 2),
        fmt(ratio(r("ours"), r("node-floor")), 2),
        fmt(ratio(r("api"), r("node-floor")), 2),
      ];
    });
  // BENCH_PGLITE_ONLY measures nothing on Postgres: no empty table then.
  const lines = rows.length ? [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)] : [];
  const mem = TARGETS.filter((t) => res.memory?.[t] !== undefined).map((t) => `${targetLabel[t]} ${res.memory[t] ?? "-"} MiB`);
  if (mem.length) lines.push("", `memory after the run (resident, whole process group): ${mem.join(", ")}`);
  if (res.scaling) {
    lines.push("", "| scaling (one Postgres) | 1 app + 1 worker req/s / p50 / p95 / p99 ms | 2 apps + 2 workers | 2 / 1 |", "|---|---|---|---|");
    for (const s of scenarios) {
      const sc = res.scaling.scenarios[s.id];
      if (sc) lines.push(`| ${s.label} | ${cell(sc.one)} | ${cell(sc.two)} | ${fmt(ratio(sc.two, sc.one), 2)} |`);
    }
    const sum = (list: (number | null)[]) => list.map((x) => x ?? "-").join(" + ");
    lines.push(`memory (MiB, apps then workers): one ${sum(res.scaling.memory.one)}; two ${sum(res.scaling.memory.two)}`);
  }
  if (Object.keys(res.single).length) {
    lines.push("", "| scenario, one connection (ours) | p50 ms | p99 ms | req/s |", "|---|---|---|---|");
    for (const s of scenarios) {
      const r = res.single[s.id];
      if (r) lines.push(`| ${s.label} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.rps} |`);
    }
  }
  lines.push("");
  const pg = res.pglite;
  if (pg?.available) {
    lines.push(
      `| PGlite (${fraction(pg.scale)} of the data), ${pg.connections} connections | ours req/s / p50 / p95 / p99 ms | bare Next on PGlite | ours/bare |`,
      "|---|---|---|---|",
    );
    for (const s of pg.scenarios) {
      const ours = pg.load.ours?.[s.id];
      const bare = pg.load["bare-next"]?.[s.id];
      if (ours || bare) lines.push(`| ${s.label} | ${cell(ours)} | ${cell(bare)} | ${fmt(ratio(ours, bare), 2)} |`);
    }
    lines.push(
      `memory on PGlite (resident, whole process group): ours ${pg.memory.ours ?? "-"} MiB, bare Next ${pg.memory["bare-next"] ?? "-"} MiB`,
      "",
    );
  } else if (pg) lines.push(`PGlite: not available: ${pg.reason}`, "");
  const ev = res.events;
  if (ev) {
    lines.push(
      ev.available
        ? `webhooks: ${ev.perSecond} deliveries/s from ${ev.queued} queued events (${ev.delivered} delivered, ${ev.duplicates} duplicates, ${ev.badSignatures} bad signatures); event-to-delivery p50 ${fmt(ev.p50)} ms, p99 ${fmt(ev.p99)} ms (${ev.samples} events); worker ${ev.workerRssMiB ?? "-"} MiB resident`
        : `webhooks: not available: ${ev.reason}`,
    );
  }
  const cp = res.campaigns;
  if (cp) {
    if (!cp.available) lines.push(`campaigns: not available: ${cp.reason}`);
    else
      for (const r of cp.runs)
        lines.push(
          `campaign at a ${r.limit}/s throughput limit: ${r.perSecond} recipients/s (${r.sent} of ${r.recipients} in ${r.seconds} s; peak ${r.peakPerSecond} in any second, ${r.throttled} throttled, ${r.duplicates} duplicates)`,
        );
  }
  for (const [label, as] of [
    ["", res.assistant],
    ["stress ", res.assistantStress],
  ] as const) {
    if (!as) continue;
    lines.push(as.available ? assistantLine(label, as) : `${label}inbound -> assistant reply: not available: ${as.reason}`);
  }
  for (const [db, rt] of Object.entries(res.replyTime ?? {})) {
    lines.push(
      rt.available
        ? `assistant reply, server-side, no LLM, one conversation at a time (${db}): p50 ${fmt(rt.p50)} ms, p95 ${fmt(rt.p95)} ms, p99 ${fmt(rt.p99)} ms, max ${fmt(rt.max)} ms over ${rt.turns} turns`
        : `assistant reply, server-side (${db}): not available: ${rt.reason}`,
    );
  }
  for (const [db, mc] of Object.entries(res.messageCost ?? {}))
    lines.push(mc.available ? messageCostTable(db, mc) : `message cost (${db}): not available: ${mc.reason}`);
  return lines.join("\n");
}

/** The per-stage table of one inbound message's cost; statements are exact, CPU and wall time depend on the machine's load. */
export function messageCostTable(db: string, mc: MessageCostResult): string {
  const total = mc.stages.reduce(
    (t, s) => ({
      statements: t.statements + s.statements,
      transactions: t.transactions + s.transactions,
      cpuMs: t.cpuMs + s.cpuMs,
      wallMs: t.wallMs + s.wallMs,
    }),
    { statements: 0, transactions: 0, cpuMs: 0, wallMs: 0 },
  );
  const row = (name: string, s: { statements: number; transactions: number; cpuMs: number; wallMs: number }) =>
    `| ${name} | ${fmt(s.statements, 1)} | ${fmt(s.transactions, 2)} | ${fmt(s.cpuMs, 1)} | ${fmt(s.wallMs, 1)} |`;
  return [
    `\none inbound message, stage by stage (${db}; ${mc.inbound} messages, ${fmt(mc.repliesPerInbound, 2)} replies each, each reply followed by its sent, delivered and read webhooks; ${fmt(mc.graphCallsPerInbound, 2)} Graph calls taking ${fmt(mc.graphMsPerInbound, 1)} ms; ${mc.jobsLeft} jobs left)`,
    "statements are round trips to the database, begin and commit included (exact); CPU is this process's (app, worker and, on PGlite, the database), so it grows with the machine's load",
    "| stage, per inbound message | statements | transactions | CPU ms | wall ms |",
    "|---|---|---|---|---|",
    ...mc.stages.map((s) => row(s.stage, s)),
    row("total", total),
  ].join("\n");
}

function assistantLine(label: string, as: AssistantResult): string {
  const think = as.thinkMs ? `, each writing again ${as.thinkMs[0] / 1000}-${as.thinkMs[1] / 1000} s after its answer` : "";
  const crowd = as.crowd
    ? `; the crowd's own ${as.crowd.replies} replies p50 ${fmt(as.crowd.p50)} ms, p99 ${fmt(as.crowd.p99)} ms at ${as.crowd.messagesPerSecond} inbound messages/s; the ${as.probe?.turns ?? as.turns} new customers' p50 ${fmt(as.probe?.p50 ?? as.p50)} ms, p99 ${fmt(as.probe?.p99 ?? as.p99)} ms`
    : "";
  return `${label}inbound WhatsApp webhook -> assistant reply at the fake Graph server: p50 ${fmt(as.p50)} ms, p99 ${fmt(as.p99)} ms over every reply measured (${as.timeouts} timeouts) while ${as.background ?? 0} other conversations wrote${think}${crowd}`;
}

export function checks(scenarios: Scenario[], res: Results): Check[] {
  const out: Check[] = [];
  const ours = res.load.ours ?? {};
  // Issue 19's targets: short reads >= 0.85 of a bare Next route, the two short writes >= 0.75.
  for (const s of scenarios) {
    const bare = res.load["bare-next"]?.[s.id];
    const r = ratio(ours[s.id], bare);
    const floor = SHORT_READS.includes(s.id) ? 0.85 : SHORT_WRITES.includes(s.id) ? 0.75 : s.kind === "read" ? 0.8 : 0.7;
    if (Number.isFinite(r))
      out.push({ target: `ours/bare-Next >= ${floor} (${s.label})`, met: r >= floor, detail: fmt(r, 2) + turnSpread(ours[s.id], bare) });
  }
  const pg = res.pglite;
  if (pg?.available) {
    for (const s of pg.scenarios) {
      const [mine, bare] = [pg.load.ours?.[s.id], pg.load["bare-next"]?.[s.id]];
      const r = ratio(mine, bare);
      if (Number.isFinite(r))
        out.push({
          target: `PGlite: ours/bare-Next >= ${PGLITE_TARGET} (${s.label})`,
          met: r >= PGLITE_TARGET,
          detail: fmt(r, 2) + turnSpread(mine, bare),
        });
    }
  } else if (pg) out.push({ target: "PGlite: ours/bare-Next", met: null, detail: `not available: ${pg.reason}` });
  // Issue 41 item 3: ours (next start) after its load scenarios, on each database.
  if (res.memory?.ours !== undefined)
    out.push(
      memoryCheck("ours (next start): memory after the load run", "postgres", res.memory.ours, `; bare Next ${res.memory["bare-next"] ?? "-"} MiB`),
    );
  if (pg?.available && pg.memory.ours !== undefined)
    out.push(memoryCheck("PGlite: ours: memory after the load run", "pglite", pg.memory.ours, `; bare Next ${pg.memory["bare-next"] ?? "-"} MiB`));
  const first = ours["messages-first"];
  const deep = ours["messages-deep"];
  if (first && deep) {
    const slower = deep.p50 / Math.max(first.p50, 0.001) - 1;
    const fewer = 1 - deep.rps / Math.max(first.rps, 1);
    out.push({
      target: "deep page within 20% of the first",
      met: slower <= 0.2 && fewer <= 0.2,
      detail: `p50 ${fmt(first.p50)} -> ${fmt(deep.p50)} ms, ${first.rps} -> ${deep.rps} req/s`,
    });
  }
  const single = (id: string, limit: number, label: string) => {
    const r = res.single[id] ?? null;
    if (r)
      out.push({
        target: `${label} p50 < ${limit} ms (one connection)`,
        met: r.p50 < limit,
        detail: `${fmt(r.p50)} ms (at 32 connections: ${fmt(ours[id]?.p50 ?? Number.NaN)} ms)`,
      });
  };
  single("analytics-30d", 20, "analytics 30d");
  single("reports-30d", 150, "reports 30 days");
  single("reports-365d", 1000, "reports a year by agent");
  single("catalog-batch", 300, "catalog 1,000-item batch");
  const apiRatios = scenarios
    .filter((s) => SHORT_READS.includes(s.id) || SHORT_WRITES.includes(s.id))
    .map((s) => ratio(res.load.api?.[s.id], res.load["node-floor"]?.[s.id]))
    .filter(Number.isFinite);
  if (apiRatios.length) {
    const low = Math.min(...apiRatios);
    const geo = Math.exp(apiRatios.reduce((a, b) => a + Math.log(b), 0) / apiRatios.length);
    out.push({
      target: "npm run api >= 0.6 of the node floor (every short scenario)",
      met: low >= 0.6,
      detail: `lowest ${fmt(low, 2)}, geometric mean ${fmt(geo, 2)}`,
    });
  }
  const ev = res.events;
  if (ev?.available) {
    out.push({ target: "webhooks >= 400 deliveries/s (one worker)", met: ev.perSecond >= 400, detail: `${ev.perSecond}/s` });
    out.push({ target: "event-to-delivery p50 < 50 ms", met: ev.p50 < 50, detail: `${fmt(ev.p50)} ms` });
  } else if (ev) out.push({ target: "webhooks", met: null, detail: `not available: ${ev.reason}` });
  const cp = res.campaigns;
  if (cp?.available) {
    for (const r of cp.runs) {
      out.push({
        target: `campaign never above the ${r.limit}/s limit, nobody twice`,
        met: r.peakPerSecond <= r.limit && r.throttled === 0 && r.duplicates === 0 && r.sent === r.recipients,
        detail: `peak ${r.peakPerSecond}/s, ${r.throttled} throttled, ${r.duplicates} duplicates, ${r.sent}/${r.recipients} sent`,
      });
    }
    const meta = cp.runs.find((r) => r.limit === 80);
    if (meta)
      out.push({
        target: "campaign >= 60 recipients/s at Meta's default 80/s (90% of it, 1.08 s windows)",
        met: meta.perSecond >= 60,
        detail: `${meta.perSecond}/s`,
      });
  } else if (cp) out.push({ target: "campaigns", met: null, detail: `not available: ${cp.reason}` });
  for (const [label, as] of [
    ["", res.assistant],
    ["stress (crowd writes again 2-4 s after each answer): ", res.assistantStress],
  ] as const) {
    if (as?.available) {
      const load = `${as.background ?? 0} conversations writing${as.crowd ? `, ${as.crowd.messagesPerSecond} messages/s` : ""}`;
      out.push({ target: `${label}inbound-to-reply p50 < 100 ms`, met: as.p50 < 100, detail: `${fmt(as.p50)} ms (${load})` });
      out.push({ target: `${label}inbound-to-reply p99 < 400 ms`, met: as.p99 < 400, detail: `${fmt(as.p99)} ms` });
    } else if (as) out.push({ target: `${label}inbound-to-reply`, met: null, detail: `not available: ${as.reason}` });
  }
  for (const [db, r] of Object.entries(res.rate ?? {})) {
    if (r.available) out.push(...rateChecks(db, r));
    else out.push({ target: `sustained rate (${db})`, met: null, detail: `not available: ${r.reason}` });
  }
  // Issue 35: the reply without an LLM stays under 50 ms at p95, one conversation at a time.
  for (const [db, rt] of Object.entries(res.replyTime ?? {})) {
    if (rt.available)
      out.push({
        target: `assistant reply p95 < 50 ms, server-side, no LLM (${db})`,
        met: rt.p95 < 50,
        detail: `${fmt(rt.p95)} ms over ${rt.turns} turns`,
      });
    else out.push({ target: `assistant reply, server-side (${db})`, met: null, detail: `not available: ${rt.reason}` });
  }
  return out;
}

export function checkLines(list: Check[]): string {
  return list.map((c) => `${c.met === null ? "n/a " : c.met ? "met " : "MISS"}  ${c.target}: ${c.detail}`).join("\n");
}
