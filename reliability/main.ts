// npm run test:reliability: tries to break the service and prints one line per category; exits 1 on any
// failure. RELIABILITY_PROFILE=ci is the reduced run .ci/run calls (about five minutes); the default is
// the full one (docs/reliability.md). The suite owns the database convo_reliab and recreates it.
import fs from "node:fs";
import path from "node:path";
import { appDistDir, buildApp, root, type ServerProcess, startApi, startNext, startServe } from "../bench/servers";
import { hugeBody, keysInLogs, privateWebhooks, provokeLogs } from "./abuse";
import { bookingRace, walletRace } from "./assistant";
import { backtrackingAlone, backtrackingEverywhere } from "./backtracking";
import { badInputs, type Fixture } from "./bad-inputs";
import { concurrentUpserts, rateLimitAcrossInstances, twoWorkers } from "./concurrency";
import { crashRecovery, receiverOutage, type Starter } from "./crash";
import { deepNesting, embeddedFixture } from "./deep-nesting";
import { hostileFilesAlone, hostileFilesEverywhere } from "./hostile-files";
import { noisyTenantOnPglite, noisyTenantOnPostgres, noisyTenantOnServer } from "./noisy-tenant";
import { adminSql, type CategoryResult, call, DATABASE_URL, ENCRYPTION_KEY, freshSuiteDatabase, profile, recreateDatabase } from "./support";

const basePort = Number(process.env.RELIABILITY_PORT ?? 3600);
const log = (line: string) => console.log(line);
const unlimited = { RUN_WORKER: "0", RATE_LIMIT_PER_SECOND: "100000", RATE_LIMIT_BURST: "100000" };

/** The categories RELIABILITY_ONLY runs inside the suite's setup (they need its servers and database). */
const inSuiteAlone = ["deep-nesting", "crash"];

/**
 * What the crash category restarts: what `npm start` serves (scripts/serve.mjs) when there is a build,
 * else `npm run api`; both answer the inbound webhook on node:http (lib/server/node-routes.ts).
 */
const crashStarter =
  (distDir: string | null): Starter =>
  (port, env, name) =>
    distDir ? startServe(port, DATABASE_URL, env, name, distDir) : startApi(port, DATABASE_URL, env, name);

/** Which Next build to run, if any: the full profile builds one; CI reuses the one npm test just built. */
function nextBuild(): string | null {
  if (process.env.RELIABILITY_NEXT_DIST) return process.env.RELIABILITY_NEXT_DIST;
  if (profile.name === "full") {
    buildApp(log);
    return appDistDir;
  }
  return fs.existsSync(path.join(root, ".next", "BUILD_ID")) ? ".next" : null;
}

async function fixture(base: string, key: string, assistantId: string, tag: string): Promise<Fixture> {
  const { readyMadeSkills } = await import("../lib/shared/ready-made-skills");
  const must = async (method: string, p: string, json?: unknown) => {
    const r = await call(base, method, p, { key, json });
    if (r.status !== 200) throw new Error(`fixture ${method} ${p}: ${r.status} ${r.text.slice(0, 300)}`);
    return r.json;
  };
  await must("POST", "/v1/templates", { name: "order_update", language: "en", category: "utility", body: "Hi {{1}}" });
  const sent = await must("POST", "/v1/messages", {
    to: `+1555${tag}000001`,
    type: "template",
    template: { name: "order_update", language: "en", variables: ["Ada"] },
  });
  const item = await must("POST", `/v1/assistants/${assistantId}/knowledge`, { title: "Hours", content: "Open 9 to 5." });
  const skill = readyMadeSkills[0];
  await must("PUT", `/v1/skills/sk_only_${tag}`, { name: skill.name, enabled: false, graph: skill.graph });
  await must("POST", "/v1/catalog/menu/items", { items: [{ externalId: "p1", title: "Pizza" }] });
  await must("POST", "/v1/contacts", { phone: `+1555${tag}000002`, name: "Grace", tags: ["vip"] });
  const endpoint = await must("POST", "/v1/webhook-endpoints", { url: "https://example.com/hook", events: ["*"] });
  const delivery = await must("POST", `/v1/webhook-endpoints/${endpoint.id}/test`);
  const allWeek = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["00:00-24:00"]]));
  const staff = await must("POST", "/v1/staff", { name: "Ana", weekly: allWeek });
  const service = await must("POST", "/v1/services", { name: { en: "Haircut" }, durationMinutes: 30, staffIds: [staff.id] });
  const appointment = await must("POST", "/v1/appointments", { serviceId: service.id, start: "2030-01-07T10:00:00Z", phone: `+1555${tag}000003` });
  return {
    key,
    ids: {
      conversationId: sent.conversationId,
      assistantId,
      itemId: item.id,
      skillId: `sk_only_${tag}`,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
      collection: "menu",
      staffId: staff.id,
      serviceId: service.id,
      appointmentId: appointment.id,
    },
  };
}

/** The private webhook URLs category on a fresh suite database, with a server of its own. */
async function privateWebhooksAlone(): Promise<CategoryResult> {
  await freshSuiteDatabase();
  const { db, closeDb } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const b = await createBusiness(db(), { name: "Reliability A", tokens: 1000 });
  const { key } = await createApiKey(db(), b.businessId, { scopes: "all", name: "reliability" });
  const strict = await startApi(basePort + 4, DATABASE_URL, { RUN_WORKER: "1", RATE_LIMIT_PER_SECOND: "100000" }, "api-strict");
  try {
    return await privateWebhooks({ base: strict.url, key });
  } finally {
    await strict.stop();
    await closeDb();
  }
}

/**
 * `RELIABILITY_ONLY=<category>`: one self-contained category on its own (`noisy-tenant`, also on the
 * embedded database with `RELIABILITY_DB=pglite`; `private-webhooks`).
 */
async function categoryAlone(name: string): Promise<number> {
  const pglite = process.env.RELIABILITY_DB === "pglite";
  const runs: Record<string, () => Promise<CategoryResult>> = {
    "noisy-tenant": () => (pglite ? noisyTenantOnPglite(basePort + 9) : noisyTenantOnPostgres(basePort + 9)),
    "private-webhooks": privateWebhooksAlone,
    backtracking: () => backtrackingAlone(basePort + 9),
    "hostile-files": () => hostileFilesAlone(basePort + 9),
  };
  if (!runs[name] || (pglite && name !== "noisy-tenant")) {
    log(`RELIABILITY_ONLY=${name}: runs alone: ${Object.keys(runs).join(", ")} (PGlite: noisy-tenant); unset it for the whole suite`);
    return 1;
  }
  log(`reliability suite, category ${name} on ${pglite ? "PGlite" : new URL(DATABASE_URL).pathname.slice(1)} (${profile.name} profile)`);
  const r = await runs[name]();
  log(`${r.failures.length ? "FAIL" : "ok  "}  ${r.name}: ${r.summary}`);
  for (const f of r.failures) log(`        ${f}`);
  return r.failures.length ? 1 : 0;
}

export async function main(): Promise<number> {
  // deep-nesting runs inside the suite (it needs its servers); the self-contained ones run alone.
  if (process.env.RELIABILITY_ONLY && !inSuiteAlone.includes(process.env.RELIABILITY_ONLY)) return categoryAlone(process.env.RELIABILITY_ONLY);
  process.env.DATABASE_URL = DATABASE_URL;
  process.env.ENCRYPTION_KEY = ENCRYPTION_KEY;
  const started = Date.now();
  log(`reliability suite, ${profile.name} profile (seed ${profile.seed}) on ${new URL(DATABASE_URL).pathname.slice(1)}`);
  await recreateDatabase();
  const { migrate } = await import("../lib/db/migrate");
  await migrate();
  const { db, closeDb } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  // The public API, as clients call it with keys: internal (dashboard-only) operations answer keys 404.
  const operations = (await import("../lib/api/operations")).operations.filter((op) => !op.internal);
  const { openApiJson } = await import("../lib/api/operations/public");
  const sql = adminSql();
  const servers: ServerProcess[] = [];
  const results: CategoryResult[] = [];
  const record = (r: CategoryResult) => {
    results.push(r);
    log(`${r.failures.length ? "FAIL" : "ok  "}  ${r.name}: ${r.summary}`);
    for (const f of r.failures.slice(0, 10)) log(`        ${f}`);
    if (r.failures.length > 10) log(`        ... and ${r.failures.length - 10} more`);
  };
  // RELIABILITY_ONLY=deep-nesting (both servers, both databases) or crash runs that category alone.
  const only = process.env.RELIABILITY_ONLY;
  const skipTheRest = new Error("RELIABILITY_ONLY");
  const business = async (name: string) => {
    const b = await createBusiness(db(), { name, tokens: 100_000 });
    const { key } = await createApiKey(db(), b.businessId, { scopes: "all", name: "reliability" });
    return { ...b, key };
  };

  // kill -9 under load, restarting what `npm start` serves (or `npm run api` without a build).
  const crash = async (distDir: string | null) => {
    const label = distDir ? "npm start's server" : "npm run api";
    for (const r of await crashRecovery({ port: basePort + 6, sql, servers, log, start: crashStarter(distDir), label })) record(r);
  };

  try {
    const distDir = nextBuild();
    if (!only || only === "deep-nesting") await deepNestingEverywhere(distDir, servers, await business("Reliability Deep"), record);
    if (only === "deep-nesting") throw skipTheRest;
    if (only === "crash") {
      await crash(distDir);
      throw skipTheRest;
    }
    const a = await business("Reliability A");
    const b = await business("Reliability B");

    // Bad input, then 50 MiB bodies and the concurrent upserts, against npm run api (and next start).
    const api = await startApi(basePort, DATABASE_URL, unlimited, "api");
    servers.push(api);
    const own = await fixture(api.url, a.key, a.assistantId, "10");
    const foreign = await fixture(api.url, b.key, b.assistantId, "20");
    const doc = openApiJson();
    record(await badInputs({ base: api.url, label: "npm run api", operations, doc, own, foreign, sql }));
    record(await hugeBody({ base: api.url, key: a.key, pgid: api.pid, label: "npm run api" }));
    record(await concurrentUpserts(api.url, a.key, a.businessId, sql));
    await provokeLogs(api.url, a.key);
    await api.stop();

    if (distDir) {
      const next = await startNext(basePort + 1, DATABASE_URL, unlimited, "next", distDir);
      servers.push(next);
      if (profile.name === "full") record(await badInputs({ base: next.url, label: "next start", operations, doc, own, foreign, sql }));
      record(await hugeBody({ base: next.url, key: a.key, pgid: next.pid, label: "next start" }));
      await provokeLogs(next.url, a.key);
      await next.stop();
    }

    const rate = await business("Reliability Rate");
    record(await rateLimitAcrossInstances({ key: rate.key, ports: [basePort + 2, basePort + 3], servers }));

    // Webhook URL rules on a server that does not allow private receivers, with its worker running.
    const strict = await startApi(basePort + 4, DATABASE_URL, { RUN_WORKER: "1", RATE_LIMIT_PER_SECOND: "100000" }, "api-strict");
    servers.push(strict);
    try {
      record(await privateWebhooks({ base: strict.url, key: a.key }));
    } finally {
      await strict.stop();
    }

    const events = await business("Reliability Events");
    const quiet = await startApi(basePort + 5, DATABASE_URL, { ...unlimited, WEBHOOK_ALLOW_PRIVATE: "1" }, "api-events");
    servers.push(quiet);
    try {
      record(await twoWorkers({ base: quiet.url, key: events.key, events: profile.name === "ci" ? 60 : 300 }));
    } finally {
      await quiet.stop();
    }

    await crash(distDir);
    const outage = await business("Reliability Outage");
    record(await receiverOutage({ port: basePort + 7, key: outage.key, servers }));

    const worker = await startApi(basePort + 8, DATABASE_URL, { RUN_WORKER: "1", RATE_LIMIT_PER_SECOND: "100000" }, "api-assistant");
    servers.push(worker);
    try {
      record(await walletRace({ base: worker.url, sql, turns: profile.walletTurns }));
      record(await bookingRace({ base: worker.url, sql }));
    } finally {
      await worker.stop();
    }
    for (const r of await hostileFilesEverywhere({ distDir, servers, port: basePort + 9 })) record(r);
    for (const r of await backtrackingEverywhere({ servers, port: basePort + 9 })) record(r);
    // Last: the noisy business's backlog (disabled endpoints, drained quickly) stays out of the others.
    record(await noisyTenantOnServer({ port: basePort + 9, servers }));
  } catch (err) {
    if (err !== skipTheRest)
      record({ name: "suite", summary: "stopped by an error", failures: [err instanceof Error ? (err.stack ?? err.message) : String(err)] });
  } finally {
    for (const s of servers) await s.stop();
    record(keysInLogs(servers.map((s) => ({ name: s.name, text: s.output() }))));
    await sql.end();
    await closeDb();
  }
  const failed = results.filter((r) => r.failures.length);
  log(
    `\n${results.length - failed.length} of ${results.length} categories passed in ${Math.round((Date.now() - started) / 1000)} s${failed.length ? `; failed: ${failed.map((r) => r.name).join(", ")}` : ""}`,
  );
  return failed.length ? 1 : 0;
}

/** The deep-nesting category on npm run api and next start, on Postgres and on the embedded database. */
async function deepNestingEverywhere(
  distDir: string | null,
  servers: ServerProcess[],
  postgresBusiness: { key: string },
  record: (r: CategoryResult) => void,
): Promise<void> {
  // The public API, as clients call it with keys: internal (dashboard-only) operations answer keys 404.
  const operations = (await import("../lib/api/operations")).operations.filter((op) => !op.internal);
  const { openApiJson } = await import("../lib/api/operations/public");
  const doc = openApiJson();
  const embedded = await embeddedFixture();
  const databases = [
    { name: "Postgres", url: DATABASE_URL, env: {}, key: postgresBusiness.key },
    { name: "embedded", url: "", env: { DATA_DIR: embedded.dir }, key: embedded.key },
  ];
  try {
    for (const [i, database] of databases.entries()) {
      const env = { ...unlimited, ...database.env };
      const starters = [{ label: "npm run api", start: (port: number) => startApi(port, database.url, env, `api-deep-${i}`) }];
      if (distDir) starters.push({ label: "next start", start: (port: number) => startNext(port, database.url, env, `next-deep-${i}`, distDir) });
      for (const starter of starters) {
        // One server at a time: the embedded database allows one process per data directory.
        const server = await starter.start(basePort + 9);
        servers.push(server);
        try {
          record(await deepNesting({ base: server.url, key: database.key, label: `${starter.label}, ${database.name}`, operations, doc }));
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    fs.rmSync(embedded.dir, { recursive: true, force: true });
  }
}
