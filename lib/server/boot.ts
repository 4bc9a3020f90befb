import "server-only";
import { databaseKind, dataDir } from "../db/client";
import { migrate } from "../db/migrate";
import { startWorker, type Worker } from "../jobs/worker";
import { redactQueryParametersInLogs } from "../log-redaction";
import { jobHandlers } from "./jobs";

// The composition root: what every server process (the Next app, `npm run api`, `npm run worker`)
// does when it starts, in one place. Rooms below know nothing of each other's background work; this
// file and ./jobs.ts wire them together.

const key = Symbol.for("convo.worker");
type G = typeof globalThis & { [key]?: Worker };

/** Starts this process's job worker once (the app runs one by default; `npm run worker` runs more). */
export function startBackgroundWorker(): Worker {
  const g = globalThis as G;
  g[key] ??= startWorker(jobHandlers);
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

/** Log redaction first (before anything can fail), pending migrations, then the admin socket and the worker. */
export async function boot(opts: BootOptions): Promise<{ worker: Worker | null }> {
  // Errors logged from here on must not print a failed query's parameters.
  redactQueryParametersInLogs();
  await migrate();
  const onDisk = !dataDir().startsWith("memory://");
  if (databaseKind() === "pglite" && (opts.adminSocket === "embedded" || (opts.adminSocket === "embedded-on-disk" && onDisk))) {
    const { startAdminSocket } = await import("../admin/socket");
    startAdminSocket();
  }
  return { worker: opts.worker ? startBackgroundWorker() : null };
}

/** RUN_WORKER=0 runs a process without the worker (a separate `npm run worker` does the jobs). */
export function workerWanted(): boolean {
  return process.env.RUN_WORKER !== "0";
}
