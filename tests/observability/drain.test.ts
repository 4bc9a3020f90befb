import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { createBusiness } from "@/lib/businesses/businesses";
import { type Db, openPglite } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";
import * as schema from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";

// SIGTERM drains `npm run api` (and the worker inside it) and `npm run worker`: a request and a job
// in flight finish, a job that outlives SHUTDOWN_TIMEOUT_MS goes back to the queue uncounted, and the
// process exits 0. Real child processes on a database of their own: the test's Postgres database, or
// an embedded one on disk (read after the child has let go of it).

const root = path.resolve(__dirname, "../..");
const embedded = !process.env.DATABASE_URL;
const dataDir = embedded ? fs.mkdtempSync(path.join(os.tmpdir(), "convo-drain-")) : undefined;
// On Postgres a database of this file's own, so no other test process's worker takes these jobs.
let drainDatabaseUrl = "";
const childEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  ...(embedded ? { DATA_DIR: dataDir, DATABASE_URL: undefined } : { DATABASE_URL: drainDatabaseUrl }),
  LOG_LEVEL: "info",
  LOG_FILE: undefined,
  NODE_ENV: "production",
});

type Child = { proc: ChildProcess; output: () => string; exited: Promise<number | null>; waitFor(text: string): Promise<void> };
const children: Child[] = [];

function start(script: string, env: Record<string, string> = {}): Child {
  // As `npm run api` / `npm run worker` start it: node itself, so the signal reaches the server directly.
  const proc = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script], {
    cwd: root,
    env: { ...childEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (c: Buffer) => {
    output += c.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  proc.stdout?.on("data", onData);
  proc.stderr?.on("data", onData);
  // "close", not "exit": by then everything the child wrote has been read.
  const exited = new Promise<number | null>((resolve) => proc.once("close", (code) => resolve(code)));
  const child: Child = {
    proc,
    output: () => output,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        const timer = setTimeout(() => reject(new Error(`no "${text}" from ${script}:\n${output}`)), 120_000);
        timer.unref();
        void exited.then((code) => !output.includes(text) && reject(new Error(`${script} exited ${code} before "${text}":\n${output}`)));
      }),
  };
  children.push(child);
  return child;
}

/**
 * `promise`, or a failure after `ms` that shows what every child process wrote: a step that never comes
 * fails with the children's own account of it, not as the test's bare timeout.
 */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const outputs = children.map((c, i) => `--- child ${i} (pid ${c.proc.pid}, exit ${c.proc.exitCode}):\n${c.output().slice(-4000)}`).join("\n");
      reject(new Error(`${what}: not within ${ms} ms\n${outputs}`));
    }, ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The jobs and contacts as the database has them; the embedded one is opened once its server has exited. */
async function rows<T>(query: string): Promise<T[]> {
  if (!embedded) {
    const client = postgres(drainDatabaseUrl, { max: 1, onnotice: () => {} });
    try {
      return (await client.unsafe(query)) as unknown as T[];
    } finally {
      await client.end();
    }
  }
  const handle = openPglite(dataDir);
  try {
    return await queryRows<T>(handle.db, sql.raw(query));
  } finally {
    await handle.close();
  }
}

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A webhook receiver that holds each request until the test lets it answer. */
async function slowReceiver() {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  let arrival = new Promise<void>((r) => {
    arrived = r;
  });
  const server = http.createServer((req: IncomingMessage, res) => {
    req.resume();
    held.push(res);
    arrived();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** Resolves when the next request arrives. */
    next: () => arrival,
    answerAll() {
      for (const res of held.splice(0)) res.writeHead(200).end("ok");
      arrival = new Promise<void>((r) => {
        arrived = r;
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Kills a child the test left running (after a failure), so the next one can open the database. */
async function stop(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill("SIGKILL");
  await child.exited;
}

let key = "";

/**
 * The database migrated, with a business of the tests' own and its key in `key`, made in this process
 * while no server holds the database (as `npm run admin create-business` / `create-key` do, which
 * tests/admin/admin-cli.test.ts covers: two child processes fewer on a slow host).
 */
async function migratedWithBusiness(): Promise<void> {
  const migrationsFolder = path.join(root, "drizzle");
  const make = async (db: Db) => {
    const { businessId } = await createBusiness(db, { name: "Drain Co", tokens: 100 });
    key = (await createApiKey(db, businessId, { name: "drain", scopes: "all" })).key;
  };
  if (embedded) {
    const handle = openPglite(dataDir);
    try {
      await migratePglite(handle.db as never, { migrationsFolder });
      await make(handle.db);
    } finally {
      await handle.close();
    }
    return;
  }
  const client = postgres(drainDatabaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await make(drizzlePostgres(client, { schema }) as unknown as Db);
  } finally {
    await client.end();
  }
}

const adminUrl = () => {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = "/postgres";
  return url.toString();
};

beforeAll(async () => {
  if (embedded) return migratedWithBusiness();
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `${url.pathname}_drain`;
  drainDatabaseUrl = url.toString();
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
  await admin.unsafe(`create database "${url.pathname.slice(1)}"`);
  await admin.end();
  await migratedWithBusiness();
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (drainDatabaseUrl) {
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${new URL(drainDatabaseUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
});

async function call(base: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

// Child processes start slowly on a loaded machine (tsx compiles, the embedded database opens).
describe("SIGTERM drains", { timeout: 240_000 }, () => {
  it("npm run api: the request and the job in flight finish, new connections are refused, exit 0", async () => {
    const receiver = await slowReceiver();
    const port = await freePort();
    const api = start("scripts/api-server.ts", { API_PORT: String(port), API_HOST: "127.0.0.1", SHUTDOWN_TIMEOUT_MS: "20000" });
    try {
      await api.waitFor("API server on");
      const base = `http://127.0.0.1:${port}`;
      const endpoint = await call(base, "POST", "/v1/webhook-endpoints", { url: receiver.url, events: ["record.created"] });
      expect(endpoint.status).toBe(200);
      const delivery = await call(base, "POST", `/v1/webhook-endpoints/${endpoint.body.id}/test`);
      expect(delivery.status).toBe(200);
      await receiver.next(); // the delivery job is now running, waiting for the receiver

      // A request in flight: its body is only half sent when SIGTERM arrives.
      const body = JSON.stringify({ phone: "+15550100200", name: "Sent during the drain" });
      const half = Math.floor(body.length / 2);
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          `${base}/v1/contacts`,
          {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            let text = "";
            res.on("data", (c) => {
              text += c;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, half));
        void api.waitFor("shutting down").then(() => setTimeout(() => req.end(body.slice(half)), 300));
      });
      await new Promise((r) => setTimeout(r, 200)); // the request has reached the server
      api.proc.kill("SIGTERM");
      await api.waitFor("shutting down");
      await expect(fetch(`${base}/v1/contacts`, { headers: { authorization: `Bearer ${key}` } })).rejects.toThrow();

      const done = await answer;
      expect(done.status, done.text).toBe(200);
      expect(JSON.parse(done.text).name).toBe("Sent during the drain");
      expect(api.proc.exitCode).toBeNull(); // still waiting for the job
      receiver.answerAll();
      expect(await api.exited, api.output()).toBe(0);
      expect(api.output()).toMatch(/"releasedJobs":0/);

      const deliveries = await rows<{ status: string }>(`select status from webhook_deliveries where id = '${delivery.body.id}'`);
      expect(deliveries).toEqual([{ status: "succeeded" }]);
      expect(await rows(`select id from jobs where queue = 'webhooks.deliver'`)).toEqual([]);
      expect(await rows(`select id from workers`)).toEqual([]);
    } finally {
      await receiver.close();
      await stop(api);
    }
  });

  it("npm run worker: a job that outlives SHUTDOWN_TIMEOUT_MS goes back to the queue, not counted as an attempt, and the process exits 0", async () => {
    const receiver = await slowReceiver();
    const port = await freePort();
    // The API server (no worker) takes the request; on the embedded database it must stop before the
    // worker process can open the data directory.
    const api = start("scripts/api-server.ts", { API_PORT: String(port), API_HOST: "127.0.0.1", RUN_WORKER: "0" });
    let deliveryId = "";
    try {
      await api.waitFor("API server on");
      const base = `http://127.0.0.1:${port}`;
      const endpoint = await call(base, "POST", "/v1/webhook-endpoints", { url: receiver.url, events: ["record.created"] });
      const delivery = await call(base, "POST", `/v1/webhook-endpoints/${endpoint.body.id}/test`);
      expect(delivery.status).toBe(200);
      deliveryId = delivery.body.id;
      api.proc.kill("SIGTERM");
      expect(await within(api.exited, 60_000, "the API server's exit")).toBe(0);

      const worker = start("scripts/worker.ts", { SHUTDOWN_TIMEOUT_MS: "500" });
      await worker.waitFor(`worker ${worker.proc.pid} running`);
      await within(receiver.next(), 60_000, "the delivery reaching the receiver"); // the job is running and will not finish by itself
      const signalled = Date.now();
      worker.proc.kill("SIGTERM");
      expect(await within(worker.exited, 60_000, "the worker's exit"), worker.output()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(8_000);
      expect(worker.output()).toMatch(/"releasedJobs":1/);
    } finally {
      await receiver.close();
      for (const c of children) await stop(c);
    }
    const jobs = await rows<{
      status: string;
      attempts: number;
      locked_by: string | null;
      locked_until: string | null;
      payload: { deliveryId: string };
    }>(`select status, attempts, locked_by, locked_until, payload from jobs where queue = 'webhooks.deliver'`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "pending", attempts: 0, locked_by: null, locked_until: null });
    expect(jobs[0].payload.deliveryId).toBe(deliveryId);
  });
});
