// npm run worker: a job worker process of its own, for deployments with several app instances
// (run the app with RUN_WORKER=0 and as many workers as needed; they share the queue safely).
import { flushLogs, logger } from "../lib/observability/log";
import { boot, drain } from "../lib/server/boot";

async function main() {
  const { worker } = await boot({ adminSocket: false, worker: true });
  // The worker's own timers do not hold the process open (they are unref'd for the app's sake), and
  // the embedded database holds no socket: this does, until the drain is over.
  const alive = setInterval(() => {}, 60_000);
  logger().info({ component: "worker" }, `worker ${process.pid} running`);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, "signal received");
    await drain({ worker });
    clearInterval(alive);
    await flushLogs();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  logger().fatal({ err }, "the worker could not start");
  process.exit(1);
});
