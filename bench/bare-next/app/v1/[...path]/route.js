// A bare Next route handler: the benchmark's requests answered by the same floor module as the node:http
// floor (no key, no rate limit, no validation), so the difference to it is Next's own request pipeline.
import postgres from "postgres";
import { createFloor } from "../../../../floor/scenario-sql";

const key = Symbol.for("bench.floor");
function floor() {
  globalThis[key] ??= createFloor(
    postgres(process.env.BENCH_DATABASE_URL, { max: Number(process.env.DB_POOL_MAX ?? 10), onnotice: () => {} }),
    process.env.BENCH_BUSINESS_ID,
  );
  return globalThis[key];
}

async function handle(request) {
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.text() : null;
  const out = await floor()({ method: request.method, pathname: url.pathname, search: url.searchParams, body });
  return Response.json(out.body, { status: out.status });
}

export { handle as GET, handle as POST };
