import "server-only";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { dbHandle } from "../db/client";
import { checkHealth } from "../db/health";
import { queryRows, sql } from "../db/rows";
import { WORKER_STALE_SECONDS } from "../jobs/queue";

// GET /healthz (liveness: restart me if this fails) and GET /readyz (readiness: send me traffic), on
// both servers. Readiness is three checks: the database answers, its applied migrations are exactly
// this build's (none missing, none from a newer build), and some job worker's heartbeat is fresh.

export type Check = { ok: boolean; detail?: string };
export type Readiness = { status: "ok" | "unavailable"; checks: { database: Check; migrations: Check; workers: Check } };

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

/** This build's migrations, by their journal time (what drizzle's migrator records as created_at). */
let expected: { tag: string; at: number }[] | null = null;
function buildMigrations() {
  const folder = path.join(process.cwd(), "drizzle");
  expected ??= readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({ tag: String(i).padStart(4, "0"), at: m.folderMillis }));
  return expected;
}

function compareMigrations(applied: number[]): Check {
  const build = buildMigrations();
  const have = new Set(applied);
  const missing = build.filter((m) => !have.has(m.at)).map((m) => m.tag);
  const known = new Set(build.map((m) => m.at));
  const unknown = applied.filter((at) => !known.has(at)).length;
  if (missing.length) return { ok: false, detail: `not applied: ${missing.join(", ")}` };
  if (unknown) return { ok: false, detail: `${unknown} applied migration(s) this build does not have (a newer version ran here)` };
  return { ok: true, detail: `${build.length} applied` };
}

export async function checkReadiness(): Promise<Readiness> {
  const handle = dbHandle();
  const health = await checkHealth(handle);
  if (health.status !== "ok") {
    const skipped = { ok: false, detail: "database unavailable" };
    return { status: "unavailable", checks: { database: { ok: false, detail: health.database }, migrations: skipped, workers: skipped } };
  }
  // One round trip for both: drizzle's own migrations table and the workers' heartbeats.
  const [row] = await queryRows<{ applied: (number | string)[] | null; fresh: number }>(
    handle.db,
    sql`select
      (select coalesce(json_agg(created_at), '[]'::json) from drizzle.__drizzle_migrations) as applied,
      (select count(*)::int from workers where heartbeat_at > now() - make_interval(secs => ${WORKER_STALE_SECONDS})) as fresh`,
  ).catch(() => [{ applied: null, fresh: 0 }]);
  const migrations = row.applied ? compareMigrations(row.applied.map(Number)) : { ok: false, detail: "no migrations table" };
  const fresh = Number(row.fresh);
  const workers =
    fresh > 0 ? { ok: true, detail: `${fresh} alive` } : { ok: false, detail: `no worker heartbeat in the last ${WORKER_STALE_SECONDS} s` };
  const checks = { database: { ok: true }, migrations, workers };
  return { status: migrations.ok && workers.ok ? "ok" : "unavailable", checks };
}

/** GET /readyz: 200 with the checks when all pass, 503 naming the one(s) that failed. */
export async function readinessResponse(): Promise<Response> {
  const readiness = await checkReadiness();
  return json(readiness, readiness.status === "ok" ? 200 : 503);
}

/**
 * GET /healthz: the process is alive and its event loop answers. No query: a database outage is
 * /readyz's business (and a restart would not cure it). The one exception is an embedded database that
 * failed to reopen after a crash of its engine, which only a restart of the process repairs.
 */
export function livenessResponse(): Response {
  const embedded = dbHandle().embedded?.health();
  if (embedded?.state === "failed") return json({ status: "unavailable", database: "failed" }, 503);
  return json({ status: "ok" }, 200);
}
