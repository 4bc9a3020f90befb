import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { closeDb, dbHandle } from "@/lib/db/client";

export const releasedMigrations = path.resolve(__dirname, "../fixtures/migrations-released");
export const currentMigrations = path.resolve(__dirname, "../../drizzle");

/**
 * Replaces the test process's database by an empty one (tests/helpers/setup.ts migrated the first to
 * the current schema): a new in-memory PGlite, or this process's Postgres database dropped and created.
 */
export async function emptyDatabase(): Promise<void> {
  await closeDb();
  if (process.env.DATABASE_URL) {
    const own = new URL(process.env.DATABASE_URL);
    const name = own.pathname.slice(1);
    const admin = new URL(own);
    admin.pathname = "/postgres";
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"`);
    await sql.end();
  }
}

/** Applies the migrations of `folder` (a drizzle/ layout) to the current database. */
export async function migrateFolder(folder: string, onNotice?: (message: string) => void): Promise<void> {
  const handle = dbHandle();
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as any, { migrationsFolder: folder });
    return;
  }
  const sql = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: (n) => onNotice?.(n.message) });
  try {
    await migratePostgres(drizzlePostgres(sql), { migrationsFolder: folder });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A copy of drizzle/ holding only the migrations up to `lastTag` (e.g. "0013_inbox_team"). */
export function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(currentMigrations, "meta/_journal.json"), "utf8"));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const e of journal.entries) fs.copyFileSync(path.join(currentMigrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}
