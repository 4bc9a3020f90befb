import fs from "node:fs";
import { isMainThread } from "node:worker_threads";

const isWorkerThread = !isMainThread;
import { afterAll, beforeAll } from "vitest";

// Each test process (a worker thread, or the child process of an isolated file) gets its own
// database, so one process's job worker never takes another's jobs: an in-memory PGlite, or (when
// DATABASE_URL is set) a Postgres database of its own created fresh from that URL's name plus the
// vitest pool id. Both start as a copy of the database that tests/helpers/global-setup.ts migrated
// once for the run; migrate() then finds nothing to do. The files a worker thread runs one after
// another share its database on both kinds, as they share its modules (vitest.config.ts): each file
// makes its own businesses, and starts with no jobs queued. Opening an in-memory PGlite from the image
// cost about a second of CPU per file (issue 33). A file that replaced or closed the database
// (tests/helpers/migrations.ts) leaves it to be closed, and the next file starts from a fresh copy.
if (!process.env.DATABASE_URL) process.env.DATA_DIR = "memory://";
process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret";
// The dashboard's public URL: CSRF checks compare Origin with it (tests/dashboard/harness.ts sends this one).
process.env.NEXTAUTH_URL ??= "http://localhost";
// Requests carry the socket's peer address as scripts/serve.mjs sets it (lib/auth/client-address.ts).
process.env.CONVO_PEER_HEADER ??= "1";
process.env.WEBHOOK_ALLOW_PRIVATE ??= "1";
// Quiet by default: warnings and errors only (tests/observability sets its own level and file).
process.env.LOG_LEVEL ??= "warn";
// Passwords hashed at bcrypt's least cost (lib/users/users.ts): the suite makes thousands of accounts.
process.env.PASSWORD_HASH_COST ??= "4";
process.env.RATE_LIMIT_PER_SECOND ??= "1000";
process.env.RATE_LIMIT_BURST ??= "4000";

async function ownPostgresDatabase() {
  process.env.CONVO_TEST_BASE_URL ??= process.env.DATABASE_URL;
  const base = new URL(process.env.CONVO_TEST_BASE_URL as string);
  // Worker threads and child processes (the two projects of vitest.config.ts) count their pool ids
  // separately: `p` keeps a child process's database apart from the thread with the same id.
  const name = `${base.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? "1"}${isMainThread ? "p" : ""}`;
  if (process.env.CONVO_TEST_DB !== name) {
    const postgres = (await import("postgres")).default;
    const adminUrl = new URL(base);
    adminUrl.pathname = "/postgres";
    const sql = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    const template = process.env.CONVO_TEST_TEMPLATE_DB;
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
    await sql.end();
    process.env.CONVO_TEST_DB = name;
  }
  const own = new URL(base);
  own.pathname = `/${name}`;
  process.env.DATABASE_URL = own.toString();
}

// The in-memory PGlite this worker thread opened from the image, kept from file to file.
const keptKey = Symbol.for("convo.test.keptPglite");
type WithKept = typeof globalThis & { [keptKey]?: unknown };

async function embeddedCopy() {
  const g = globalThis as WithKept;
  const { currentDbHandle, closeDb, openPglite, setDbHandle } = await import("@/lib/db/client");
  const current = currentDbHandle();
  if (current && current === g[keptKey]) return;
  await closeDb();
  g[keptKey] = undefined;
  const image = process.env.CONVO_PGLITE_IMAGE;
  if (!image || !fs.existsSync(image)) return;
  const handle = openPglite("memory://", { loadDataDir: new Blob([fs.readFileSync(image)]) });
  setDbHandle(handle);
  g[keptKey] = handle;
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) await ownPostgresDatabase();
  else await embeddedCopy();
  const { migrate } = await import("@/lib/db/migrate");
  await migrate();
  // The files of one worker thread share its database: the jobs an earlier file left (retries backing
  // off, work for businesses it made) are not this file's, and a worker of this file would take them.
  // Each file starts with none.
  const [{ db }, { sql }] = await Promise.all([import("@/lib/db/client"), import("drizzle-orm")]);
  await db().execute(sql`delete from jobs`);
});

afterAll(async () => {
  // The dashboard session a file named (tests/dashboard/harness.ts) ends with it: the next file in
  // this worker thread starts signed out.
  delete (globalThis as { __convoTestSession?: unknown }).__convoTestSession;
  const { closeDb, currentDbHandle } = await import("@/lib/db/client");
  // The kept in-memory PGlite stays open for the thread's next file; it ends with the thread. Any
  // other handle (a Postgres pool, a database a file replaced) is closed, as before.
  const g = globalThis as WithKept;
  if (!process.env.DATABASE_URL && isWorkerThread && currentDbHandle() === g[keptKey] && g[keptKey]) return;
  g[keptKey] = undefined;
  await closeDb();
});
