// One scenario against one server (or several instances at once) with autocannon: a warm-up, then
// the measured run. Latency percentiles come from every answer's own time, not autocannon's buckets.
import autocannon from "autocannon";
import type { Scenario } from "./scenarios";

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  sampleStatus?: number;
  sampleBody?: string;
  /** measureInTurns: each turn's requests per second, in the order they ran. */
  turns?: number[];
};

export type LoadOptions = { connections: number; durationSec: number; warmupSec: number; key?: string };

type RunResult = { result: autocannon.Result; latencies: number[] };

function run(baseUrl: string, scenario: Scenario, connections: number, durationSec: number, key?: string): Promise<RunResult> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: durationSec,
        timeout: 30,
        requests: [
          {
            method: scenario.method,
            path: scenario.path,
            headers,
            ...(scenario.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: scenario.body?.() }) } : {}),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, latencies })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

/** One request first, so a broken scenario shows its answer instead of a fast table of errors. */
export async function probe(baseUrl: string, scenario: Scenario, key?: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(baseUrl + scenario.path, { method: scenario.method, headers, body: scenario.body?.() });
  return { status: res.status, body: (await res.text()).slice(0, 500) };
}

export function percentileOf(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

/**
 * Measures a scenario. With several base URLs (instances of one app on one database), the
 * connections are split evenly between them and run at once; the result is their sum.
 */
export async function measure(baseUrl: string | string[], scenario: Scenario, opts: LoadOptions): Promise<LoadResult> {
  const urls = Array.isArray(baseUrl) ? baseUrl : [baseUrl];
  const first = await probe(urls[0], scenario, opts.key);
  const per = (i: number) => Math.floor(opts.connections / urls.length) + (i < opts.connections % urls.length ? 1 : 0);
  if (opts.warmupSec > 0) await Promise.all(urls.map((u, i) => run(u, scenario, per(i), opts.warmupSec, opts.key)));
  const runs = await Promise.all(urls.map((u, i) => run(u, scenario, per(i), opts.durationSec, opts.key)));
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const total = runs.reduce((n, r) => n + r.result.requests.total, 0);
  const seconds = Math.max(...runs.map((r) => durationOf(r.result, opts.durationSec)));
  return {
    rps: Math.round(total / seconds),
    p50: percentileOf(latencies, 50),
    p95: percentileOf(latencies, 95),
    p99: percentileOf(latencies, 99),
    requests: total,
    non2xx: runs.reduce((n, r) => n + r.result.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.result.errors + r.result.timeouts, 0),
    ...(first.status !== 200 ? { sampleStatus: first.status, sampleBody: first.body } : {}),
  };
}

const durationOf = (r: autocannon.Result, fallback: number) => (r.duration > 0 ? r.duration : fallback);

/**
 * One scenario against several servers at once, in turns: `slices` rounds in which each server takes a
 * slice of `durationSec / slices` seconds, the order rotating each round. This machine's speed drifts by
 * up to twice over minutes (other tenants of the host), so servers measured one after another were
 * compared at different speeds; in turns, each server sees the same drift. A server's figures are those
 * of all its slices together: its requests over its seconds, its percentiles over every answer.
 */
export async function measureInTurns(
  servers: { name: string; url: string }[],
  scenario: Scenario,
  opts: LoadOptions & { slices: number },
): Promise<Record<string, LoadResult>> {
  const firsts = await Promise.all(servers.map((s) => probe(s.url, scenario, opts.key)));
  if (opts.warmupSec > 0) for (const s of servers) await run(s.url, scenario, opts.connections, opts.warmupSec, opts.key);
  const slice = opts.durationSec / opts.slices;
  const acc = servers.map(() => ({ latencies: [] as number[], total: 0, seconds: 0, non2xx: 0, errors: 0, turns: [] as number[] }));
  for (let round = 0; round < opts.slices; round++) {
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length;
      const r = await run(servers[i].url, scenario, opts.connections, slice, opts.key);
      const a = acc[i];
      for (const l of r.latencies) a.latencies.push(l);
      a.total += r.result.requests.total;
      a.seconds += durationOf(r.result, slice);
      a.turns.push(Math.round(r.result.requests.total / durationOf(r.result, slice)));
      a.non2xx += r.result.non2xx;
      a.errors += r.result.errors + r.result.timeouts;
    }
  }
  const out: Record<string, LoadResult> = {};
  servers.forEach((s, i) => {
    const a = acc[i];
    const sorted = a.latencies.sort((x, y) => x - y);
    out[s.name] = {
      rps: Math.round(a.total / a.seconds),
      p50: percentileOf(sorted, 50),
      p95: percentileOf(sorted, 95),
      p99: percentileOf(sorted, 99),
      requests: a.total,
      non2xx: a.non2xx,
      errors: a.errors,
      turns: a.turns,
      ...(firsts[i].status !== 200 ? { sampleStatus: firsts[i].status, sampleBody: firsts[i].body } : {}),
    };
  });
  return out;
}
