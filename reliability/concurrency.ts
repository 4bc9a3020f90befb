// Concurrency: 50 concurrent upserts of one contact give one contact (and one contact.created); the
// per-key rate limit holds across two instances on one database; two workers on one queue deliver
// every event once.
import { randomInt } from "node:crypto";
import type postgres from "postgres";
import { spawnWorker, startReceiver } from "../bench/latency";
import { type ServerProcess, startApi } from "../bench/servers";
import { type CategoryResult, call, DATABASE_URL, ENCRYPTION_KEY, errorProblems, profile, sleep, until } from "./support";

export async function concurrentUpserts(base: string, key: string, businessId: string, sql: postgres.Sql): Promise<CategoryResult> {
  const phone = `+1777${randomInt(1_000_000, 9_999_999)}`;
  const replies = await Promise.all(
    Array.from({ length: profile.upserts }, (_, i) =>
      call(base, "POST", "/v1/contacts", { key, json: { phone, name: `Racer ${i}`, tags: [`t${i % 5}`] } }),
    ),
  );
  const failures: string[] = [];
  const ok = replies.filter((r) => r.status === 200);
  if (ok.length !== replies.length) failures.push(`answers: ${replies.map((r) => r.status).join(",")}`);
  const ids = new Set(ok.map((r) => r.json.id));
  const [row] = await sql`select count(*)::int as n from contacts where business_id = ${businessId} and phone = ${phone}`;
  const [ev] =
    await sql`select count(*)::int as n from events where business_id = ${businessId} and type = 'contact.created' and payload->'contact'->>'phone' = ${phone}`;
  if (row.n !== 1) failures.push(`${row.n} contacts for one phone`);
  if (ids.size !== 1) failures.push(`${ids.size} different contact ids answered`);
  if (ev.n !== 1) failures.push(`${ev.n} contact.created events`);
  return {
    name: "concurrent upserts",
    summary: `${profile.upserts} concurrent upserts of one phone: ${row.n} contact, ${ids.size} id, ${ev.n} contact.created`,
    failures,
  };
}

/** Two instances, one key, a low limit: the sum of admitted requests stays within burst + rate x time. */
export async function rateLimitAcrossInstances(opts: { key: string; ports: [number, number]; servers: ServerProcess[] }): Promise<CategoryResult> {
  const rate = 20;
  const burst = 20;
  const env = { RUN_WORKER: "0", RATE_LIMIT_PER_SECOND: String(rate), RATE_LIMIT_BURST: String(burst) };
  const a = await startApi(opts.ports[0], DATABASE_URL, env, "api-rate-a");
  const b = await startApi(opts.ports[1], DATABASE_URL, env, "api-rate-b");
  opts.servers.push(a, b);
  const failures: string[] = [];
  const results: { at: number; status: number; server: string }[] = [];
  const started = Date.now();
  const stopAt = started + profile.rateSeconds * 1000;
  try {
    const loop = async (s: ServerProcess) => {
      while (Date.now() < stopAt) {
        const r = await call(s.url, "GET", "/v1/usage/wallet", { key: opts.key });
        results.push({ at: Date.now() - started, status: r.status, server: s.name });
        if (r.status === 429) {
          const problems = errorProblems(r);
          if (problems.length || !r.headers.get("retry-after")) failures.push(`429 without a documented body or Retry-After: ${problems.join("; ")}`);
        } else if (r.status !== 200) failures.push(`unexpected ${r.status}`);
      }
    };
    await Promise.all([a, b].flatMap((s) => Array.from({ length: 6 }, () => loop(s))));
  } finally {
    await a.stop();
    await b.stop();
  }
  const elapsed = (Date.now() - started) / 1000;
  const admitted = results.filter((r) => r.status === 200);
  const allowed = burst + rate * elapsed;
  const perSecond = Array.from({ length: Math.ceil(elapsed) }, (_, s) => admitted.filter((r) => r.at >= s * 1000 && r.at < (s + 1) * 1000).length);
  const steady = perSecond.slice(1, -1);
  const bothAdmitted = ["api-rate-a", "api-rate-b"].every((n) => admitted.some((r) => r.server === n));
  if (admitted.length > allowed + rate * 0.25) failures.push(`${admitted.length} admitted, the limit allows ${Math.floor(allowed)}`);
  if (admitted.length < rate * elapsed * 0.6)
    failures.push(`only ${admitted.length} admitted in ${elapsed.toFixed(1)} s (the limit allows ${Math.floor(allowed)})`);
  if (steady.some((n) => n > rate * 1.5)) failures.push(`a second admitted ${Math.max(...steady)} (rate ${rate}/s)`);
  if (!bothAdmitted) failures.push("one instance admitted nothing");
  return {
    name: "rate limit",
    summary: `2 instances, one key at ${rate}/s (burst ${burst}), ${elapsed.toFixed(1)} s: ${admitted.length} of ${results.length} requests admitted (limit ${Math.floor(allowed)}), per second ${perSecond.join("/")}`,
    failures,
  };
}

/** Two `npm run worker` processes on one queue: every event delivered, none twice. */
export async function twoWorkers(opts: { base: string; key: string; events: number }): Promise<CategoryResult> {
  const failures: string[] = [];
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  const created = await call(opts.base, "POST", "/v1/webhook-endpoints", { key: opts.key, json: { url: receiver.url, events: ["contact.created"] } });
  if (created.status !== 200) {
    await receiver.close();
    return {
      name: "two workers",
      summary: `skipped: POST /v1/webhook-endpoints answered ${created.status}`,
      failures: [`endpoint: ${created.text.slice(0, 200)}`],
    };
  }
  secret = created.json.secret;
  const env = { DATABASE_URL, ENCRYPTION_KEY, WEBHOOK_ALLOW_PRIVATE: "1", NODE_ENV: "production" };
  const workers = await Promise.all([spawnWorker(env), spawnWorker(env)]);
  try {
    const base = randomInt(1_000_000, 9_000_000) * 100;
    for (let i = 0; i < opts.events; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          call(opts.base, "POST", "/v1/contacts", { key: opts.key, json: { phone: `+1778${String(base + i + j).padStart(9, "0")}` } }),
        ),
      );
    }
    await until(() => new Set(receiver.deliveries.map((d) => d.eventId)).size >= opts.events, 60_000);
    await sleep(1000);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.close();
  }
  const unique = new Set(receiver.deliveries.map((d) => d.eventId)).size;
  const duplicates = receiver.deliveries.length - unique;
  const bad = receiver.deliveries.filter((d) => !d.signatureOk).length;
  if (unique < opts.events) failures.push(`${opts.events - unique} events never delivered`);
  if (duplicates) failures.push(`${duplicates} events delivered twice`);
  if (bad) failures.push(`${bad} bad signatures`);
  return {
    name: "two workers",
    summary: `2 worker processes, ${opts.events} events: ${unique} delivered, ${duplicates} twice, ${bad} bad signatures`,
    failures,
  };
}
