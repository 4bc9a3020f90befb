import "server-only";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { dbHandle } from "./client";
import { postgresTarget } from "./url";

const migrationsFolder = path.join(process.cwd(), "drizzle");
const MIGRATION_LOCK = 72_410_001;

/** Applies pending migrations. Safe when several instances start at once on one Postgres. */
export async function migrate(): Promise<void> {
  const handle = dbHandle();
  if (handle.kind === "pglite") {
    // The migrator wants the driver-specific type.
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  // A dedicated single connection, so the advisory lock and the migration share one session.
  const target = postgresTarget(process.env.DATABASE_URL as string);
  const sql = postgres(target.url, { ...(target.path ? { path: target.path } : {}), max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(sql), { migrationsFolder });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
