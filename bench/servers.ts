// Starting and stopping the server processes the benchmark and the reliability suite measure. Each
// runs in its own process group so a stop (or a kill -9) reaches the node process under npx/tsx too.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { withHeaderLimit } from "../lib/api/limits";
import { embeddedDatabaseEnv, embeddedDatabaseNodeArgs } from "../lib/db/embedded-env";
import { isProcessAlive } from "../lib/process-alive";

export const root = path.resolve(__dirname, "..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
export const tsxBin = path.join(root, "node_modules", ".bin", "tsx");
/** Ignored by git, biome and tsc: builds, logs and scratch files of the bench and the reliability suite. */
export const workDir = path.join(root, ".data", "bench");

export type ServerProcess = {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (read from its log file). */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL to the whole group, no shutdown of any kind. */
  kill9(): Promise<void>;
  exited: Promise<number | null>;
};

export type StartOptions = {
  name: string;
  command: string;
  args: string[];
  port: number;
  env?: Record<string, string | undefined>;
  cwd?: string;
  readyPath?: string;
};

/**
 * Where this process's servers write their stdout and stderr: a file each, under a folder of this
 * process (folders of processes no longer running are removed on first use). The child writes to the
 * file itself, so a server logging a line per request costs the benchmark's process nothing: through a
 * pipe, this process read and kept every line while it was also the load generator.
 */
let logDir: string | null = null;
let logCount = 0;
function serverLogFile(name: string): string {
  if (!logDir) {
    const parent = path.join(workDir, "logs");
    fs.mkdirSync(parent, { recursive: true });
    for (const entry of fs.readdirSync(parent))
      if (!isProcessAlive(Number(entry))) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
    logDir = path.join(parent, String(process.pid));
    fs.mkdirSync(logDir, { recursive: true });
  }
  return path.join(logDir, `${++logCount}-${name.replace(/[^\w.-]/g, "_")}.log`);
}

export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const env = { ...process.env, ...opts.env, PORT: String(opts.port) } as NodeJS.ProcessEnv;
  delete env.CONVO_REACT_SERVER;
  delete env.NODE_OPTIONS;
  const logFile = serverLogFile(opts.name);
  const fd = fs.openSync(logFile, "w");
  let child: ChildProcess;
  try {
    child = spawn(opts.command, opts.args, { cwd: opts.cwd ?? root, env, detached: true, stdio: ["ignore", fd, fd] });
  } finally {
    fs.closeSync(fd);
  }
  const output = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "");
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(child.pid as number), sig);
    } catch {}
    const timer = new Promise((r) => setTimeout(r, graceMs));
    await Promise.race([exited, timer]);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
      await exited;
    }
  };
  const server: ServerProcess = {
    name: opts.name,
    url,
    pid: child.pid as number,
    child,
    output,
    stop: () => signal("SIGTERM", 8000),
    kill9: () => signal("SIGKILL", 5000),
    exited,
  };
  const ready = await waitForHttp(url + (opts.readyPath ?? "/"), 120_000, exited);
  if (!ready) {
    await server.stop();
    throw new Error(`${opts.name} did not start on ${url}:\n${output().slice(-3000)}`);
  }
  return server;
}

/** Resolves true once the URL answers at all (any status), false on timeout or if the process exits. */
export async function waitForHttp(url: string, timeoutMs: number, exited?: Promise<unknown>): Promise<boolean> {
  let dead = false;
  void exited?.then(() => {
    dead = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !dead) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return false;
}

/** `databaseUrl` null: the embedded database (PGlite) in the DATA_DIR the caller passes in `extra`. */
// On PGlite every server, ours and bare Next alike, starts as `npm start` starts its server: with the
// embedded database's malloc setting (lib/db/embedded-env.ts).
const sharedEnv = (databaseUrl: string | null, extra: Record<string, string | undefined> = {}) => ({
  DATABASE_URL: databaseUrl ?? undefined,
  ...(databaseUrl ? {} : embeddedDatabaseEnv()),
  NODE_ENV: "production",
  ENCRYPTION_KEY: Buffer.alloc(32, 11).toString("base64"),
  NEXTAUTH_SECRET: "bench-and-reliability-only-secret",
  NEXT_TELEMETRY_DISABLED: "1",
  ...extra,
});

/** BENCH_NODE_ARGS: flags for our app's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const benchNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** `next start` on the benchmark's own build (see buildApp); `databaseUrl` null with DATA_DIR in `env` for PGlite. */
export function startNext(
  port: number,
  databaseUrl: string | null,
  env: Record<string, string | undefined> = {},
  name = "next",
  distDir = appDistDir,
) {
  return startServer({
    name,
    command: process.execPath,
    args: [...benchNodeArgs(), nextBin, "start", "-p", String(port), "-H", "127.0.0.1"],
    port,
    env: { ...sharedEnv(databaseUrl, env), NEXT_DIST_DIR: distDir, NODE_OPTIONS: withHeaderLimit(process.env.NODE_OPTIONS) },
    readyPath: "/v1/openapi.json",
  });
}

/**
 * What `npm start` serves (scripts/serve.mjs: Next's request handler on node:http, with the paths
 * lib/server/node-routes.ts answers itself, WhatsApp's webhook door among them) on the benchmark's
 * build, without the build and migration steps of scripts/start.ts before it.
 */
export function startServe(
  port: number,
  databaseUrl: string | null,
  env: Record<string, string | undefined> = {},
  name = "serve",
  distDir = appDistDir,
) {
  return startServer({
    name,
    command: process.execPath,
    args: [...benchNodeArgs(), ...(databaseUrl ? [] : embeddedDatabaseNodeArgs()), path.join(root, "scripts", "serve.mjs")],
    port,
    env: { ...sharedEnv(databaseUrl, env), NEXT_DIST_DIR: distDir, HOSTNAME: "127.0.0.1" },
    readyPath: "/v1/openapi.json",
  });
}

/**
 * `npm run api`'s command line (package.json), its `node` this process's: the same flags (its young
 * generation's size among them) without npm in between.
 */
export function apiCommandArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts.api.split(/\s+/);
  if (node !== "node") throw new Error(`package.json's api script does not start with node: ${pkg.scripts.api}`);
  return args;
}

/** `npm run api`, the standalone server, without npm in between. */
export function startApi(port: number, databaseUrl: string, env: Record<string, string | undefined> = {}, name = "api") {
  return startServer({
    name,
    command: process.execPath,
    args: apiCommandArgs(),
    port,
    env: { ...sharedEnv(databaseUrl, env), API_PORT: String(port), API_HOST: "127.0.0.1" },
    readyPath: "/v1/openapi.json",
  });
}

/** The benchmark's build of the app: its own dist dir and tsconfig, so .next and tsconfig.json stay untouched. */
export const appDistDir = path.join(".data", "bench", "next");
const benchTsconfig = path.join(".data", "bench", "tsconfig.json");

export function buildApp(log: (line: string) => void): void {
  fs.mkdirSync(path.join(root, ".data", "bench"), { recursive: true });
  // Next adds its type globs to the tsconfig it is given unless they are there already.
  const tsconfig = {
    extends: "../../tsconfig.json",
    compilerOptions: { paths: { "@/*": ["../../*"] } },
    include: ["../../next-env.d.ts", "../../**/*.ts", "../../**/*.tsx", `${appDistDir}/types/**/*.ts`, `${appDistDir}/dev/types/**/*.ts`],
    exclude: ["../../node_modules", "../../.data", "../../bench", "../../reliability"],
  };
  fs.writeFileSync(path.join(root, benchTsconfig), `${JSON.stringify(tsconfig, null, 2)}\n`);
  // next build rewrites next-env.d.ts to point at its dist dir: put back what was there.
  const envFile = path.join(root, "next-env.d.ts");
  const before = fs.existsSync(envFile) ? fs.readFileSync(envFile, "utf8") : null;
  const started = Date.now();
  log(`  building the app into ${appDistDir} (next build)...`);
  try {
    const env = { ...process.env };
    delete env.DATABASE_URL; // a build needs no database
    const r = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: root,
      env: {
        ...env,
        NEXT_DIST_DIR: appDistDir,
        NEXT_TSCONFIG_PATH: benchTsconfig,
        NEXT_SKIP_TYPECHECK: "1",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_OPTIONS: "",
      },
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`next build failed:\n${(r.stdout + r.stderr).slice(-4000)}`);
  } finally {
    if (before === null) fs.rmSync(envFile, { force: true });
    else fs.writeFileSync(envFile, before);
  }
  log(`  built in ${Math.round((Date.now() - started) / 1000)} s`);
}

export function buildBareNext(log: (line: string) => void): void {
  const started = Date.now();
  const r = spawnSync(process.execPath, [nextBin, "build", "bench/bare-next"], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: "" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`bare Next build failed:\n${(r.stdout + r.stderr).slice(-4000)}`);
  log(`  bare Next app built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Resident memory of a server: the sum of VmRSS over its process group (`next start` and whatever it
 * forks), in MiB. Linux only (/proc); null elsewhere.
 */
export function groupRssMiB(pgid: number): number | null {
  let kib = 0;
  let found = false;
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  for (const pid of entries) {
    try {
      // pgrp is the 5th field of /proc/<pid>/stat, after the parenthesised command name.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) {
        kib += Number(rss[1]);
        found = true;
      }
    } catch {}
  }
  return found ? Math.round(kib / 1024) : null;
}
