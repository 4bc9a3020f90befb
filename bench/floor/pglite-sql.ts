// The floor's statements on the embedded database: a postgres.js-shaped tagged template over one PGlite
// instance, with just what scenario-sql.ts uses (queries, nested fragments, `sql.begin`, `sql.json`),
// so the bare Next route runs the very same SQL text on PGlite as on Postgres. Parameters go through
// PGlite's own serializers (by the types Postgres infers, as postgres.js does); `sql(rows)` (the catalog
// batch's bulk insert) is not supported: the PGlite phase measures the short scenarios only.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type postgres from "postgres";

const FRAGMENT = Symbol("bench.fragment");
type Fragment = { [FRAGMENT]: true; strings: readonly string[]; values: unknown[] };
type Client = Pick<Transaction, "query">;

const isFragment = (v: unknown): v is Fragment => typeof v === "object" && v !== null && FRAGMENT in v;

/** `$n` placeholders in order, nested fragments inlined (their values numbered after the ones before them). */
function compile(fragment: Fragment, params: unknown[]): string {
  let text = fragment.strings[0];
  fragment.values.forEach((value, i) => {
    if (isFragment(value)) text += compile(value, params);
    else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += fragment.strings[i + 1];
  });
  return text;
}

function tag(client: Client) {
  return (strings: TemplateStringsArray | unknown, ...values: unknown[]) => {
    if (!Array.isArray(strings)) throw new Error("pglite-sql: sql(rows) helpers are not supported");
    const fragment: Fragment = { [FRAGMENT]: true, strings, values };
    // Lazy, like postgres.js: a fragment runs only when awaited, so it can be nested instead.
    let running: Promise<unknown[]> | null = null;
    const run = () => {
      if (!running) {
        const params: unknown[] = [];
        const text = compile(fragment, params);
        running = client.query<Record<string, unknown>>(text, params).then((r) => r.rows);
      }
      return running;
    };
    return Object.assign(fragment, {
      // biome-ignore lint/suspicious/noThenProperty: a query is a thenable, as in postgres.js.
      then: (ok?: (rows: unknown[]) => unknown, fail?: (err: unknown) => unknown) => run().then(ok, fail),
    });
  };
}

function make(client: PGlite | Transaction) {
  const sql = tag(client);
  return Object.assign(sql, {
    json: (value: unknown) => value,
    begin: <T>(fn: (tx: ReturnType<typeof make>) => Promise<T>) => {
      if (!("transaction" in client)) throw new Error("pglite-sql: no nested transactions");
      return client.transaction((tx) => fn(make(tx)));
    },
  });
}

/** The PGlite instance behind the postgres.js interface scenario-sql.ts is written against. */
export function pgliteSql(pg: PGlite): postgres.Sql {
  return make(pg) as unknown as postgres.Sql;
}
