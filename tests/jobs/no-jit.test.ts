import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows, sql } from "@/lib/db/rows";

// Postgres compiles (JIT) a statement whose estimated cost passes jit_above_cost, on every run. The job
// queue's fair claim passes it once a busy jobs table has statistics: 150-250 ms of compiling for a claim
// that runs in under a millisecond (docs/performance.md). The app's connections never JIT.

// A statement the planner costs far above jit_above_cost (100,000 by default): planned only, never run.
const costly = "explain select count(*) from pg_class a cross join pg_class b cross join pg_class c";
const jitted = (plan: { "QUERY PLAN": string }[]) => plan.some((line) => line["QUERY PLAN"].startsWith("JIT:"));

describe.runIf(Boolean(process.env.DATABASE_URL))("no JIT on the app's connections (Postgres)", () => {
  it("plans a costly statement without JIT, where the server's own setting would compile it", async () => {
    const url = process.env.DATABASE_URL as string;
    const plain = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [{ available }] = await plain<{ available: boolean }[]>`select pg_jit_available() as available`;
      // The server would compile it (when it has JIT at all: Debian's and most packages do).
      if (available) expect(jitted(await plain.unsafe(costly))).toBe(true);
    } finally {
      await plain.end();
    }
    expect(jitted(await queryRows<{ "QUERY PLAN": string }>(db(), sql.raw(costly)))).toBe(false);
    const [setting] = await queryRows<{ jit: string }>(db(), sql`show jit`);
    expect(setting.jit).toBe("off");
  });

  it("keeps JIT off inside a transaction too (every pooled connection)", async () => {
    const plans = await db().transaction(async (tx) => queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(costly)));
    expect(jitted(plans)).toBe(false);
  });
});
