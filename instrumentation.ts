// Runs once when a Next server process starts: pending migrations (so `next dev` and a bare `next start`
// work on a fresh database too; npm start has already applied them), the background job worker (unless
// RUN_WORKER=0) and, on the embedded database, the admin socket `npm run admin` talks to. The steps
// are lib/server/boot.ts's, shared with `npm run api` and `npm run worker`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot, workerWanted } = await import("./lib/server/boot");
  await boot({ adminSocket: "embedded", worker: workerWanted() });
}
