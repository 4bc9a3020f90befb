import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Runs once per `vitest run`, before any test file: migrates one database and lets every test file
// start from a copy of it, instead of creating a database and applying every migration per file.
// - Embedded (no DATABASE_URL): an in-memory PGlite, migrated and dumped to a file that
//   tests/helpers/setup.ts loads into each file's own in-memory database (CONVO_PGLITE_IMAGE).
// - Postgres: the database `<name>_tpl`, migrated; each file's database is created from it with
//   CREATE DATABASE ... TEMPLATE (CONVO_TEST_TEMPLATE_DB) and the template is dropped at the end.

const common = {
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  LOG_LEVEL: "warn",
};

async function adminSql(url: URL) {
  const postgres = (await import("postgres")).default;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return postgres(admin.toString(), { max: 1, onnotice: () => {} });
}

async function migratedImage(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-test-image-"));
  const file = path.join(dir, "migrated.tar");
  const { openPglite, setDbHandle, closeDb, dbHandle } = await import("@/lib/db/client");
  setDbHandle(openPglite("memory://"));
  const { migrate } = await import("@/lib/db/migrate");
  await migrate();
  const image = await dbHandle().embedded?.client.dumpDataDir("none");
  if (!image) throw new Error("the embedded database gave no image");
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  await closeDb();
  process.env.CONVO_PGLITE_IMAGE = file;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function migratedTemplate(): Promise<() => Promise<void>> {
  const base = new URL(process.env.DATABASE_URL as string);
  const name = `${base.pathname.slice(1)}_tpl`;
  const admin = await adminSql(base);
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const own = new URL(base);
  own.pathname = `/${name}`;
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = own.toString();
  try {
    const { migrate } = await import("@/lib/db/migrate");
    await migrate();
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
  } finally {
    process.env.DATABASE_URL = previous;
  }
  process.env.CONVO_TEST_TEMPLATE_DB = name;
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 5 });
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  // vitest.config.ts has two projects (worker threads, and child processes for the files that need
  // one), and each runs its global setup: the first one's database serves both.
  if (process.env.CONVO_TEST_SETUP_DONE) return async () => {};
  process.env.CONVO_TEST_SETUP_DONE = "1";
  for (const [k, v] of Object.entries(common)) process.env[k] ??= v;
  if (process.env.DATABASE_URL) return migratedTemplate();
  process.env.DATA_DIR = "memory://";
  return migratedImage();
}
