// The embedded database's phase (issue 19: ours / a bare Next route on PGlite >= 0.8): a smaller copy of
// the data set in a PGlite data directory, then the short scenarios against our app on it (`next start`,
// DATABASE_URL unset, DATA_DIR pointing there) and against the bare Next route running the
// floor's SQL on a copy of the directory, the two taking turns per scenario (measureInTurns). PGlite
// allows one process per data directory (our app locks it), hence the copy.
import fs from "node:fs";
import path from "node:path";
import type { DbHandle } from "../lib/db/client";
import { type BenchMeta, embeddedExec, generateEmbedded, readEmbeddedMeta, schemaHash } from "./generate";
import { type LoadResult, measure, measureInTurns } from "./load";
import { loadLine, type PgliteResult, SHORT_READS, SHORT_WRITES } from "./report";
import { BENCH_CONTACT_NAME, scenarios as allScenarios } from "./scenarios";
import { groupRssMiB, nextBin, root, type ServerProcess, startNext, startServer, workDir } from "./servers";

export type PgliteOptions = {
  /** The data set's size as a fraction of the Postgres one (0.1: a tenth). */
  scale: number;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Turns each server takes per scenario (measureInTurns). */
  slices: number;
  /** Ours listens on `port`, the bare Next route on `port + 1`. */
  port: number;
  regenerate: boolean;
  /** BENCH_ONLY: scenario ids, among the short ones. */
  only?: string[];
  /** Our app's environment (rate limit raised, no worker), as on Postgres. */
  env: Record<string, string>;
  log: (line: string) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fraction = (scale: number) => `1/${Math.round(1 / scale)}`;

/** One directory per size, so a run at another BENCH_PGLITE_SCALE leaves this one's data set alone. */
export const pgliteDataDir = (scale: number) => path.join(workDir, `pglite-1-${Math.round(1 / scale)}`);

/** Opens the directory in this process (taking its lock: a server that just stopped may still hold it a moment). */
async function withEmbedded<T>(dir: string, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const { DataDirLockedError, openPglite } = await import("../lib/db/client");
  const deadline = Date.now() + 15_000;
  let handle: DbHandle;
  for (;;) {
    try {
      handle = openPglite(dir);
      break;
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

async function dataSet(opts: PgliteOptions, dir: string): Promise<{ meta: BenchMeta; reused: boolean }> {
  const rel = path.relative(root, dir);
  if (!opts.regenerate && fs.existsSync(path.join(dir, "pglite"))) {
    const existing = await withEmbedded(dir, readEmbeddedMeta).catch(() => null);
    if (existing && existing.schemaHash === schemaHash() && existing.scale === opts.scale) {
      opts.log(
        `  data set: reusing ${rel} from ${existing.generatedAt} (generated in ${existing.generateSeconds} s): ${JSON.stringify(existing.counts)}`,
      );
      return { meta: existing, reused: true };
    }
  }
  opts.log(`  data set: generating ${fraction(opts.scale)} of the Postgres one into ${rel} (the same statements, on PGlite)`);
  return { meta: await generateEmbedded(dir, opts.scale, opts.log), reused: false };
}

/**
 * Before each server, as settleDatabase does on Postgres: no queued jobs left by the previous one's
 * writes, fresh statistics, and the hot conversations' customers wrote an hour ago.
 */
async function settle(dir: string, meta: BenchMeta) {
  await withEmbedded(dir, async (handle) => {
    const sql = embeddedExec(handle);
    await sql.unsafe("delete from jobs");
    // As between the Postgres servers (bench/main.ts): every server searches the same contacts.
    await sql.unsafe("delete from contacts where phone like '+19%' and name = $1", [BENCH_CONTACT_NAME]);
    await sql.unsafe(
      `update conversations c set last_inbound_at = now() - interval '1 hour' from contacts ct
       where ct.id = c.contact_id and c.business_id = $1 and ct.phone = any($2::text[]) and c.status <> 'closed'`,
      [meta.main.businessId, meta.hotPhones],
    );
    for (const t of ["messages", "conversations", "contacts", "events", "jobs", "rate_limits"]) await sql.unsafe(`vacuum analyze ${t}`);
  });
}

/** Resolves once no process of the server's group is left (the directory is free again). */
async function gone(server: ServerProcess) {
  const deadline = Date.now() + 10_000;
  while (groupRssMiB(server.pid) !== null && Date.now() < deadline) await sleep(100);
}

function startBare(port: number, dir: string, meta: BenchMeta): Promise<ServerProcess> {
  return startServer({
    name: "bare-next-pglite",
    command: process.execPath,
    args: [nextBin, "start", "bench/bare-next", "-p", String(port), "-H", "127.0.0.1"],
    port,
    env: {
      BENCH_PGLITE_DIR: path.join(dir, "pglite"),
      BENCH_BUSINESS_ID: meta.main.businessId,
      BENCH_DATABASE_URL: undefined,
      DATABASE_URL: undefined,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    readyPath: "/v1/usage/wallet",
  });
}

export async function pglitePhase(opts: PgliteOptions): Promise<PgliteResult> {
  const started = Date.now();
  const { log } = opts;
  const dir = pgliteDataDir(opts.scale);
  const ids = [...SHORT_READS, ...SHORT_WRITES].filter((id) => !opts.only || opts.only.includes(id));
  if (!ids.length) throw new Error("BENCH_ONLY names none of the short scenarios the PGlite phase measures");
  log(
    `\n== PGlite (embedded database), ${fraction(opts.scale)} of the data set: ours and a bare Next route on PGlite, each on its own copy, taking turns; ${opts.connections} connections, ${opts.warmupSec} s warm-up, then ${opts.durationSec} s per short scenario in ${opts.slices} turns`,
  );
  const { meta, reused } = await dataSet(opts, dir);
  const picked = allScenarios(meta).filter((s) => ids.includes(s.id));
  const result: PgliteResult = {
    available: true,
    scale: opts.scale,
    counts: meta.counts,
    generateSeconds: meta.generateSeconds,
    scenarios: picked.map((s) => ({ id: s.id, label: s.label })),
    reused,
    connections: opts.connections,
    durationSeconds: opts.durationSec,
    warmupSeconds: opts.warmupSec,
    load: {},
    memory: {},
    seconds: 0,
  };
  const loadOpts = { connections: opts.connections, durationSec: opts.durationSec, warmupSec: opts.warmupSec, key: meta.main.key };
  // One directory each (a copy made after settling): both servers run at once and take turns per
  // scenario (measureInTurns), as on Postgres.
  await settle(dir, meta);
  const bareDir = `${dir}-bare`;
  fs.rmSync(bareDir, { recursive: true, force: true });
  // Regular files and folders only: the admin socket our app leaves in the directory cannot be copied.
  fs.cpSync(dir, bareDir, { recursive: true, filter: (src) => !fs.lstatSync(src).isSocket() });
  const servers: { target: "ours" | "bare-next"; server: ServerProcess }[] = [];
  try {
    servers.push({ target: "ours", server: await startNext(opts.port, null, { ...opts.env, DATA_DIR: dir }, "ours-pglite") });
    servers.push({ target: "bare-next", server: await startBare(opts.port + 1, bareDir, meta) });
    for (const { server } of servers)
      for (const s of picked.filter((x) => x.kind === "read"))
        await measure(server.url, s, { ...loadOpts, connections: 8, durationSec: 1, warmupSec: 0 });
    result.load = { ours: {}, "bare-next": {} };
    for (const s of picked) {
      const byTarget = await measureInTurns(
        servers.map(({ target, server }) => ({ name: target, url: server.url })),
        s,
        { ...loadOpts, slices: s.slow ? 1 : opts.slices },
      );
      log(`  ${s.label}`);
      for (const { target } of servers) {
        (result.load[target] as Record<string, LoadResult>)[s.id] = byTarget[target];
        log(loadLine(target === "ours" ? "    ours" : "    bare Next on PGlite", byTarget[target]));
      }
    }
    for (const { target, server } of servers) {
      result.memory[target] = groupRssMiB(server.pid);
      log(`  memory after the run, ${target}: ${result.memory[target] ?? "-"} MiB resident`);
    }
  } finally {
    for (const { server } of servers) {
      await server.stop();
      await gone(server);
    }
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  log(`  PGlite phase: ${result.seconds} s`);
  return result;
}
