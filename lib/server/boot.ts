import "server-only";
import type { Server } from "node:http";
import { setFlagsFromString } from "node:v8";
import { closeDb, databaseKind, dataDir } from "../db/client";
import { migrate } from "../db/migrate";
import type { Worker } from "../jobs/worker";
import { redactQueryParametersInLogs } from "../log-redaction";
import { componentLogger } from "../observability/log";
import { watchQueues } from "./metrics-endpoint";
import { closeHttpServer } from "./close-http-server.mjs";
import { jobHandlers, startServerWorkers } from "./jobs";
import { nodeRouteOf } from "./node-routes";
import { warmUp } from "./warm-up";

// The composition root: what every server process (the Next app, `npm run api`, `npm run worker`)
// does when it starts, and how it stops on SIGTERM, in one place. Rooms below know nothing of each
// other's background work; this file and ./jobs.ts wire them together.

const key = Symbol.for("convo.worker");
const drainKey = Symbol.for("convo.drain");
const nodeRoutesKey = Symbol.for("convo.nodeRoutes");
type G = typeof globalThis & { [key]?: Worker; [drainKey]?: (server?: Server) => Promise<void>; [nodeRoutesKey]?: typeof nodeRouteOf };
const log = componentLogger("server");

/**
 * Starts this process's job worker once (the app runs one by default; `npm run worker` runs more): two
 * pools, one for the jobs that wait on WhatsApp's servers and one for the rest (./jobs.ts).
 */
export function startBackgroundWorker(): Worker {
  const g = globalThis as G;
  g[key] ??= startServerWorkers();
  return g[key];
}

export type BootOptions = {
  /**
   * The admin socket `npm run admin` talks to, served by the process that holds the embedded database:
   * "embedded" on any embedded database, "embedded-on-disk" not for an in-memory one, false never.
   */
  adminSocket: "embedded" | "embedded-on-disk" | false;
  /** Run the background job worker in this process. */
  worker: boolean;
};

/**
 * How far V8 lets the heap grow past what a full collection left alive before it collects again
 * (HEAP_GROWING_PERCENT, default 50; 0 leaves V8's own choice). V8's own factor runs up to four
 * under a busy allocation rate, and the heap it grew stays resident: a server with about 110 MiB
 * alive held 400-650 MiB after a busy minute (docs/performance.md, memory). Not a limit: the heap
 * still grows with what is alive; collections come sooner, at a few per cent of CPU.
 */
export function heapGrowingPercent(): number {
  const raw = process.env.HEAP_GROWING_PERCENT?.trim();
  const n = raw ? Number(raw) : 50;
  return Number.isInteger(n) && n >= 0 ? n : 50;
}

/** Log redaction first (before anything can fail), pending migrations, then the admin socket and the worker. */
export async function boot(opts: BootOptions): Promise<{ worker: Worker | null }> {
  // Errors logged from here on must not print a failed query's parameters.
  redactQueryParametersInLogs();
  const growing = heapGrowingPercent();
  if (growing > 0) setFlagsFromString(`--heap-growing-percent=${growing}`);
  await migrate();
  watchQueues(Object.keys(jobHandlers));
  const onDisk = !dataDir().startsWith("memory://");
  if (databaseKind() === "pglite" && (opts.adminSocket === "embedded" || (opts.adminSocket === "embedded-on-disk" && onDisk))) {
    const { startAdminSocket } = await import("../admin/socket");
    startAdminSocket();
  }
  // scripts/serve.mjs (plain JavaScript, outside Next's bundles) finds the drain here on SIGTERM.
  (globalThis as G)[drainKey] = (server) => drain({ server, worker: (globalThis as G)[key] ?? null });
  // ...and the paths it answers without Next's pipeline (./node-routes.ts).
  (globalThis as G)[nodeRoutesKey] = nodeRouteOf;
  // A process that runs the worker rehearses customers' messages first (./warm-up.ts): its first real
  // ones are then answered at a warm process's cost.
  if (opts.worker) await warmUp();
  return { worker: opts.worker ? startBackgroundWorker() : null };
}

/** RUN_WORKER=0 runs a process without the worker (a separate `npm run worker` does the jobs). */
export function workerWanted(): boolean {
  return process.env.RUN_WORKER !== "0";
}

/** How long a SIGTERM lets in-flight requests and jobs finish (SHUTDOWN_TIMEOUT_MS, default 10 s). */
export function shutdownTimeoutMs(): number {
  const n = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  return Number.isFinite(n) && n >= 0 ? n : 10_000;
}

/**
 * SIGTERM's drain, the same in every server process: stop accepting connections and claiming jobs,
 * let what is in flight finish within the timeout, hand jobs still running back to the queue, then
 * close the database. The caller exits 0 afterwards.
 */
export async function drain(opts: { server?: Server; worker: Worker | null }): Promise<void> {
  const timeoutMs = shutdownTimeoutMs();
  const started = performance.now();
  log.info({ timeoutMs }, "shutting down: finishing in-flight requests and jobs");
  const [, stopped] = await Promise.all([opts.server ? closeHttpServer(opts.server, timeoutMs) : null, opts.worker?.stop({ timeoutMs })]);
  await closeDb();
  log.info({ releasedJobs: stopped?.released ?? 0, durationMs: Math.round(performance.now() - started) }, "stopped");
}
