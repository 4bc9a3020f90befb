import "server-only";
import { jobHandlers } from "./registry";
import { startWorker, type Worker } from "./worker";

const key = Symbol.for("convo.worker");
type G = typeof globalThis & { [key]?: Worker };

/** Starts this process's job worker once (the app runs one by default; `npm run worker` runs more). */
export function startBackgroundWorker(): Worker {
  const g = globalThis as G;
  g[key] ??= startWorker(jobHandlers);
  return g[key];
}
