// Runs once when a Next server process starts: pending migrations (so `next dev` and a bare `next start`
// work on a fresh database too; npm start has already applied them), the background job worker (unless
// RUN_WORKER=0) and, on the embedded database, the admin socket `npm run admin` talks to.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything can fail: errors Next logs itself must not print a failed query's parameters.
  const { redactQueryParametersInLogs } = await import("./lib/log-redaction");
  redactQueryParametersInLogs();
  const { databaseKind } = await import("./lib/db/client");
  const { migrate } = await import("./lib/db/migrate");
  await migrate();
  if (databaseKind() === "pglite") {
    const { startAdminSocket } = await import("./lib/admin/socket");
    startAdminSocket();
  }
  if (process.env.RUN_WORKER !== "0") {
    const { startBackgroundWorker } = await import("./lib/jobs/background");
    startBackgroundWorker();
  }
}
