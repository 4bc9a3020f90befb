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
  campaigns?: CampaignsResult | Unavailable | null;
};

/** The short scenarios of issue 19's targets. */
export const SHORT_READS = ["messages-first", "messages-deep", "conversations-status", "contacts-search", "wallet"];
export const SHORT_WRITES = ["messages-send", "contacts-upsert"];

export type Check = { target: string; met: boolean | null; detail: string };

const ratio = (a?: LoadResult, b?: LoadResult) => (a && b && b.rps > 0 ? a.rps / b.rps : Number.NaN);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const ms = (n: number) => fmt(n, n < 10 ? 1 : 0);
const cell = (r?: LoadResult) =>
  r ? `${r.rps} / ${ms(r.p50)} / ${ms(r.p95 ?? Number.NaN)} / ${ms(r.p99)}${r.non2xx || r.errors ? ` (!${r.non2xx + r.errors})` : ""}` : "-";

export function table(scenarios: Scenario[], res: Results): string {
  const head = ["scenario", ...TARGETS.map((t) => `${targetLabel[t]} req/s / p50 / p95 / p99 ms`), "ours/bare", "ours/floor", "api/floor"];
  const rows = scenarios.map((s) => {
    const r = (t: Target) => res.load[t]?.[s.id];
    return [
      s.label,
      ...TARGETS.map((t) => cell(r(t))),
      fmt(ratio(r("ours"), r("bare-next")), 2),
      fmt(ratio(r("ours"), r("node-floor")), 2),
      fmt(ratio(r("api"), r("node-floor")), 2),
    ];
  });
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)];
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
  const as = res.assistant;
  if (as) {
    lines.push(
      as.available
        ? `inbound WhatsApp webhook -> assistant reply at the fake Graph server: p50 ${fmt(as.p50)} ms, p99 ${fmt(as.p99)} ms (${as.turns} turns, ${as.timeouts} timeouts) while ${as.background ?? 0} other conversations wrote at once (${as.backgroundMessages ?? 0} messages)`
        : `inbound -> assistant reply: not available: ${as.reason}`,
    );
  }
  return lines.join("\n");
}

export function checks(scenarios: Scenario[], res: Results): Check[] {
  const out: Check[] = [];
  const ours = res.load.ours ?? {};
  // Issue 19's targets: short reads >= 0.85 of a bare Next route, the two short writes >= 0.75.
  for (const s of scenarios) {
    const r = ratio(ours[s.id], res.load["bare-next"]?.[s.id]);
    const floor = SHORT_READS.includes(s.id) ? 0.85 : SHORT_WRITES.includes(s.id) ? 0.75 : s.kind === "read" ? 0.8 : 0.7;
    if (Number.isFinite(r)) out.push({ target: `ours/bare-Next >= ${floor} (${s.label})`, met: r >= floor, detail: fmt(r, 2) });
  }
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
  single("analytics-30d", 100, "analytics 30d");
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
  const as = res.assistant;
  if (as?.available) {
    out.push({
      target: "inbound-to-reply p50 < 100 ms",
      met: as.p50 < 100,
      detail: `${fmt(as.p50)} ms (${as.background ?? 0} conversations writing)`,
    });
    out.push({ target: "inbound-to-reply p99 < 400 ms", met: as.p99 < 400, detail: `${fmt(as.p99)} ms` });
  } else if (as) out.push({ target: "inbound-to-reply", met: null, detail: `not available: ${as.reason}` });
  return out;
}

export function checkLines(list: Check[]): string {
  return list.map((c) => `${c.met === null ? "n/a " : c.met ? "met " : "MISS"}  ${c.target}: ${c.detail}`).join("\n");
}
