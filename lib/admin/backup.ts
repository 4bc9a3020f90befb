import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { DataDirLockedError, dataDir, dbHandle, lockDataDir } from "../db/client";
import { AppError } from "../errors";

// Backups of the embedded database (README, "Operations"). Postgres has pg_dump for that.

const embeddedOnly = () =>
  new AppError(
    "invalid_request",
    "backup and restore are for the embedded database; with DATABASE_URL set, use pg_dump and pg_restore (README, Operations).",
  );

/** The file must not exist, unless --force says to replace it. */
function refuseExisting(file: string, force: boolean, what: string): void {
  if (fs.existsSync(file) && !force) throw new AppError("invalid_request", `${file} already exists: pass --force to overwrite ${what}.`);
}

/**
 * A consistent snapshot of the embedded database as a gzipped tar of its data directory, taken by
 * the process that holds it (the running server, through the admin socket, or the CLI when no server
 * runs). It is taken inside a transaction after a CHECKPOINT: PGlite runs one statement or
 * transaction at a time, so no write lands while the files are read. Written to a temporary file
 * (mode 0600: it holds every customer's data) and renamed into place.
 */
export async function backupEmbedded(out: string, force: boolean): Promise<{ out: string; bytes: number }> {
  const handle = dbHandle();
  if (handle.kind !== "pglite" || !handle.embedded) throw embeddedOnly();
  if (dataDir().startsWith("memory://"))
    throw new AppError("invalid_request", "An in-memory database (DATA_DIR=memory://) has nothing on disk to back up.");
  const file = path.resolve(out);
  refuseExisting(file, force, "it");
  const embedded = handle.embedded;
  const tar = await embedded.transaction(async (tx) => {
    await tx.exec("checkpoint");
    return embedded.client.dumpDataDir("gzip");
  });
  const bytes = Buffer.from(await tar.arrayBuffer());
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bytes, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return { out: file, bytes: bytes.length };
}

/**
 * Loads a backup into DATA_DIR. Only with no server on the directory (its lock is taken here, so a
 * running server makes this fail), and only into an empty one unless --force, which keeps the
 * current database beside it as pglite.before-restore-<time> rather than deleting it.
 */
export async function restoreEmbedded(input: string, force: boolean): Promise<{ dataDir: string; restoredFrom: string; previous: string | null }> {
  if (process.env.DATABASE_URL) throw embeddedOnly();
  const dir = dataDir();
  if (dir.startsWith("memory://")) throw new AppError("invalid_request", "Set DATA_DIR to a directory to restore into.");
  const file = path.resolve(input);
  if (!fs.existsSync(file)) throw new AppError("invalid_request", `${file} does not exist.`);
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new AppError("invalid_request", `restore refuses to run while a server holds the database in ${dir}: stop it, then run restore again.`);
    }
    throw err;
  }
  try {
    const target = path.join(dir, "pglite");
    const occupied = fs.existsSync(target) && fs.readdirSync(target).length > 0;
    if (occupied && !force) {
      throw new AppError(
        "invalid_request",
        `${dir} already holds a database: pass --force to replace it (it is kept as pglite.before-restore-<time>).`,
      );
    }
    let previous: string | null = null;
    if (occupied) {
      previous = path.join(dir, `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      fs.renameSync(target, previous);
    } else fs.rmSync(target, { recursive: true, force: true });
    const pg = new PGlite({ dataDir: target, loadDataDir: new Blob([fs.readFileSync(file)]), extensions: { pg_trgm, unaccent, btree_gist } });
    try {
      await pg.query("select 1 from businesses limit 1");
    } finally {
      await pg.close();
    }
    return { dataDir: dir, restoredFrom: file, previous };
  } finally {
    release();
  }
}
