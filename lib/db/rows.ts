import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A json or jsonb value as the driver hands it: parsed already (PGlite) or as text (postgres.js under drizzle). */
export const jsonValue = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

export { sql };
