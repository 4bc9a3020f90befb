// Test helper process: plays "the running server" on an embedded database (holds the PGlite lock and
// serves the admin socket, as instrumentation.ts does in the real server).
import { startAdminSocket } from "../../lib/admin/socket";
import { dbHandle } from "../../lib/db/client";
import { migrate } from "../../lib/db/migrate";

async function main() {
  dbHandle();
  await migrate();
  const server = startAdminSocket();
  server.ref();
  server.on("listening", () => process.stdout.write("ready\n"));
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
