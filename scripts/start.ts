// npm start: build if needed, migrate, seed a demo on a fresh embedded database, then serve.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { withHeaderLimit } from "../lib/api/limits";
import { closeDb, databaseKind, dataDir, db } from "../lib/db/client";
import { embeddedDatabaseEnv, embeddedDatabaseNodeArgs } from "../lib/db/embedded-env";
import { migrate } from "../lib/db/migrate";
import { businesses } from "../lib/db/schema";
import { createInterface } from "node:readline/promises";
import { type DemoChoice, demoChoices, parseDemoChoice, type SeededDemo, seedDemos } from "../lib/demo/demo-choice";
import { logger } from "../lib/observability/log";

const port = process.env.PORT ?? "3000";
const root = path.resolve(__dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** DEMO names the demo; else a terminal is asked (never in CI or without a TTY); else the bistro. */
async function demoChoice(): Promise<DemoChoice> {
  if (process.env.DEMO !== undefined) {
    const chosen = parseDemoChoice(process.env.DEMO);
    if (!chosen) throw new Error(`DEMO must be one of ${demoChoices.join(", ")}; got ${process.env.DEMO}.`);
    return chosen;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY || process.env.CI) return parseDemoChoice("") as DemoChoice;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      // Nobody answering in 30 s gets the default: a start left alone still starts.
      const answer = await rl.question("Which demo? bistro, salon or both [bistro]: ", { signal: AbortSignal.timeout(30_000) }).catch(() => "");
      const chosen = parseDemoChoice(answer);
      if (chosen) return chosen;
    }
  } finally {
    rl.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")) || process.env.FORCE_BUILD === "1") {
    logger().info("building the app (first start)");
    const built = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  await migrate();
  let demos: SeededDemo[] = [];
  if (databaseKind() === "pglite") {
    const existing = await db().select({ id: businesses.id }).from(businesses).limit(1);
    if (!existing.length) demos = await seedDemos(db(), await demoChoice());
  }
  await closeDb(); // hand the embedded database to the server process

  // scripts/serve.mjs: `next start` plus the socket's peer address for sign-in throttling.
  const embedded = databaseKind() === "pglite";
  const server = spawn(process.execPath, [...(embedded ? embeddedDatabaseNodeArgs() : []), path.join(root, "scripts", "serve.mjs")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      ...(embedded ? embeddedDatabaseEnv() : {}),
      PORT: port,
      NODE_ENV: "production",
      NODE_OPTIONS: withHeaderLimit(process.env.NODE_OPTIONS),
    },
  });
  const url = `http://localhost:${port}`;
  logger().info({ port, database: databaseKind() === "pglite" ? `embedded, ${dataDir()}` : "Postgres" }, `serving on ${url}`);
  for (const demo of demos) {
    // Shown once to the person who started the demo, on the terminal: not a log line (never through the logger).
    const lines = [
      `  ${demo.name}: business ${demo.businessId} created.`,
      `  API key (all scopes, shown once): ${demo.apiKey}`,
      ...(demo.user ? [`  Dashboard login: ${demo.user.email} / ${demo.user.password}`] : []),
      `  Try: curl -H "Authorization: Bearer ${demo.apiKey}" ${url}/v1/business`,
    ];
    process.stdout.write(`\n${lines.join("\n")}\n\n`);
  }
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.kill(sig));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  logger().fatal({ err }, "npm start failed");
  process.exit(1);
});
