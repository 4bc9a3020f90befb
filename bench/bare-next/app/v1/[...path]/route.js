// A bare Next route handler: the benchmark's requests answered by the same floor module as the node:http
// floor (no key, no rate limit, no validation), so the difference to it is Next's own request pipeline.
// With BENCH_PGLITE_DIR set (the bench's PGlite phase) it runs the same statements on the embedded
// database in that directory instead, one PGlite instance per process. PGlite allows one process per data
// directory: the bench never runs this beside our app on it (and takes no lock here, as our app does).
import postgres from "postgres";
import { pgliteSql } from "../../../../floor/pglite-sql";
import { createFloor } from "../../../../floor/scenario-sql";

const key = Symbol.for("bench.floor");
function floor() {
  globalThis[key] ??= process.env.BENCH_PGLITE_DIR
    ? openPgliteFloor(process.env.BENCH_PGLITE_DIR)
    : createFloor(
        postgres(process.env.BENCH_DATABASE_URL, { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => {} }),
        process.env.BENCH_BUSINESS_ID,
      );
  return globalThis[key];
}

// The same extensions as our app's (lib/db/client.ts): the data directory's indexes use pg_trgm.
async function openPgliteFloor(dataDir) {
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  const pg = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  return createFloor(pgliteSql(pg), process.env.BENCH_BUSINESS_ID);
}

async function handle(request) {
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.text() : null;
  const current = floor();
  const run = typeof current === "function" ? current : await current;
  const out = await run({ method: request.method, pathname: url.pathname, search: url.searchParams, body });
  return Response.json(out.body, { status: out.status });
}

export { handle as GET, handle as POST };
