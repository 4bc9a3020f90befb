// npm run worker: a job worker process of its own, for deployments with several app instances
// (run the app with RUN_WORKER=0 and as many workers as needed; they share the queue safely).
import { closeDb } from "../lib/db/client";
import { boot } from "../lib/server/boot";

async function main() {
  const { worker } = await boot({ adminSocket: false, worker: true });
  console.log(`worker ${process.pid} running`);
  const stop = async () => {
    await worker?.stop();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
