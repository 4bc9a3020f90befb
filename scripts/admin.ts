// npm run admin -- <command> [--flags]: operator commands, JSON on stdout, message and exit 1 on error.
import path from "node:path";
import { parseAdminArgs } from "../lib/admin/args";
import { sendAdminCommand } from "../lib/admin/socket-client";
import { closeDb, DataDirLockedError, dbHandle } from "../lib/db/client";
import { errorText } from "../lib/errors";

// What runs here is loaded when it runs: a command handed to the running server's socket needs none of
// the commands' modules (about 650 with the app behind them, a second of CPU to load), and only backup
// and restore need the embedded database's own code.

async function main() {
  const { command, args } = parseAdminArgs(process.argv.slice(2));
  // Files are named from here: the server that may run the command has another working directory.
  for (const name of ["out", "in"]) if (typeof args[name] === "string") args[name] = path.resolve(args[name] as string);
  let result: unknown;
  if (command === "restore") {
    // Never through a running server: the directory lock taken inside refuses while one holds it.
    if (typeof args.in !== "string") throw new Error("--in is required.");
    const { restoreEmbedded } = await import("../lib/admin/backup");
    process.stdout.write(`${JSON.stringify(await restoreEmbedded(args.in, args.force === true))}\n`);
    return;
  }
  try {
    dbHandle();
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The embedded database belongs to a running server: ask it to run the command.
    try {
      result = await sendAdminCommand(command, args);
    } catch (socketErr) {
      if ((socketErr as NodeJS.ErrnoException).code === "ECONNREFUSED" || (socketErr as NodeJS.ErrnoException).code === "ENOENT") {
        throw new Error(`${err.message} (its admin socket did not answer: is it still starting?)`);
      }
      throw socketErr;
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const [{ migrate }, { runAdminCommand }] = await Promise.all([import("../lib/db/migrate"), import("../lib/admin/commands")]);
  if (command !== "migrate") await migrate();
  result = await runAdminCommand(command, args);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await closeDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`error: ${errorText(err)}\n`);
    process.exit(1);
  },
);
