// npm run api: the /v1 operations on a bare node:http server (no Next request pipeline), for
// deployments that need more API throughput. Same operation table, same handlers, same errors.
import { createApiServer } from "../lib/api/standalone-server";
import { flushLogs, logger } from "../lib/observability/log";
import { boot, drain, workerWanted } from "../lib/server/boot";

const port = Number(process.env.API_PORT ?? process.env.PORT ?? 3001);
const host = process.env.API_HOST ?? "0.0.0.0";

async function main() {
  // As under `npm start`: `npm run admin` reaches an embedded database on disk through this process.
  const { worker } = await boot({ adminSocket: "embedded-on-disk", worker: workerWanted() });
  const server = createApiServer();
  server.keepAliveTimeout = 65_000;
  server.listen(port, host, () => logger().info({ host, port, worker: Boolean(worker) }, `API server on http://${host}:${port}/v1`));

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, "signal received");
    await drain({ server, worker });
    await flushLogs();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  logger().fatal({ err }, "the API server could not start");
  process.exit(1);
});
