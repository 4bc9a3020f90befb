// The parent side of bench/reply-time.ts: runs it once on a fresh Postgres database and once on a fresh
// embedded one, each in its own process (PGlite and the database handle are one per process).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { ReplyTimeResult } from "./report";
import { root, tsxBin, workDir } from "./servers";

export type Unavailable = { available: false; reason: string };

const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/convo_bench";

export async function replyTimePhase(kind: "postgres" | "pglite", quick: boolean): Promise<ReplyTimeResult | Unavailable> {
  const out = await runOnFreshDatabase(kind, "reply", "reply-time.ts", { REPLY_ROUNDS: quick ? "1" : "5" });
  if (typeof out !== "string") return out;
  const line = out
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith('{"turns"'));
  if (!line) return { available: false, reason: `no result line: ${out.slice(-300)}` };
  return { available: true, ...(JSON.parse(line) as Omit<ReplyTimeResult, "available">) };
}

/**
 * Runs a bench script (bench/<script>) in its own process on a fresh database of `kind` named by
 * `suffix`, dropped afterwards; resolves with its output, or why it could not run.
 */
export async function runOnFreshDatabase(
  kind: "postgres" | "pglite",
  suffix: string,
  script: string,
  extraEnv: Record<string, string>,
): Promise<string | Unavailable> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, LOG_LEVEL: "warn" };
  delete env.LLM_BASE_URL;
  let cleanup = async () => {};
  try {
    if (kind === "postgres") {
      const url = new URL(baseUrl);
      const name = `${url.pathname.slice(1)}_${suffix}`;
      const admin = postgres({ ...connectionOf(url), database: "postgres", onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      cleanup = async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
        await admin.end();
      };
    } else {
      delete env.DATABASE_URL;
      const dir = path.join(workDir, `${suffix}-pglite`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      env.DATA_DIR = dir;
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    return await run(script, env);
  } catch (err) {
    return { available: false, reason: String(err instanceof Error ? err.message : err).slice(0, 300) };
  } finally {
    await cleanup();
  }
}

function connectionOf(url: URL) {
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    username: decodeURIComponent(url.username || "postgres"),
    password: decodeURIComponent(url.password) || undefined,
  };
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsxBin, ["--conditions=react-server", path.join(root, "bench", script)], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`bench/${script} exited ${code}: ${err.slice(-300)}`))));
  });
}
