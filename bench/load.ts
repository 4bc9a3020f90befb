// One scenario against one server with autocannon: a warm-up, then the measured run.
import autocannon from "autocannon";
import type { Scenario } from "./scenarios";

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  sampleStatus?: number;
  sampleBody?: string;
};

export type LoadOptions = { connections: number; durationSec: number; warmupSec: number; key?: string };

function run(baseUrl: string, scenario: Scenario, connections: number, durationSec: number, key?: string): Promise<autocannon.Result> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  return new Promise((resolve, reject) => {
    autocannon(
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
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** One request first, so a broken scenario shows its answer instead of a fast table of errors. */
export async function probe(baseUrl: string, scenario: Scenario, key?: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(baseUrl + scenario.path, { method: scenario.method, headers, body: scenario.body?.() });
  return { status: res.status, body: (await res.text()).slice(0, 500) };
}

export async function measure(baseUrl: string, scenario: Scenario, opts: LoadOptions): Promise<LoadResult> {
  const first = await probe(baseUrl, scenario, opts.key);
  if (opts.warmupSec > 0) await run(baseUrl, scenario, opts.connections, opts.warmupSec, opts.key);
  const r = await run(baseUrl, scenario, opts.connections, opts.durationSec, opts.key);
  return {
    rps: Math.round(r.requests.total / durationOf(r, opts.durationSec)),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    ...(first.status !== 200 ? { sampleStatus: first.status, sampleBody: first.body } : {}),
  };
}

const durationOf = (r: autocannon.Result, fallback: number) => (r.duration > 0 ? r.duration : fallback);
