// The parent side of bench/rate.ts: the sustained-rate line on a fresh Postgres database (80 inbound
// messages a second by default) and a fresh embedded one (30), each in its own process, with the
// machine's load average before and after (the machine is shared: it decides the figures).
import os from "node:os";
import { RATE_TARGETS, type RateResult } from "./report";
import { runOnFreshDatabase, type Unavailable } from "./reply";

const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;

export async function ratePhase(kind: "postgres" | "pglite", quick: boolean, log: (line: string) => void): Promise<RateResult | Unavailable> {
  const env = process.env;
  const rate = Number((kind === "postgres" ? env.BENCH_RATE : env.BENCH_PGLITE_RATE) ?? RATE_TARGETS[kind]);
  const seconds = Number(env.BENCH_RATE_SECONDS ?? (quick ? 10 : 60));
  const conversations = Number(env.BENCH_RATE_CONVERSATIONS ?? 400);
  const warmup = Number(env.BENCH_RATE_WARMUP ?? (quick ? 3 : 10));
  log(`  ${kind}: ${conversations} conversations at ${rate} inbound messages/s for ${seconds} s (after ${warmup} s at that rate), load ${load1()}`);
  const before = load1();
  const out = await runOnFreshDatabase(kind, "rate", "rate.ts", {
    RATE_PER_SECOND: String(rate),
    RATE_CONVERSATIONS: String(conversations),
    RATE_SECONDS: String(seconds),
    RATE_WARMUP: String(warmup),
    RATE_PORT: String(Number(env.BENCH_PORT ?? 3400) + 80),
    RATE_WORKERS: env.BENCH_RATE_WORKERS ?? "0",
  });
  if (typeof out !== "string") return out;
  const line = out
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith('{"rate"'));
  if (!line) return { available: false, reason: `no result line: ${out.slice(-300)}` };
  const { rate: _, ...result } = JSON.parse(line) as { rate: true } & Omit<RateResult, "available" | "load1">;
  const done: RateResult = { available: true, ...result, load1: [before, load1()] };
  log(`  ${JSON.stringify(done)}`);
  return done;
}
