import type postgres from "postgres";

/**
 * Statements longer than this stay unnamed: they are the ones whose text varies with the data (a batch
 * of a thousand rows, a long IN list), and naming each variant would only fill every connection's
 * statement cache. The job queue's fair claim (lib/jobs/queue.ts, about 5,200 characters, the same text
 * on every claim of a worker) must fit: unnamed, Postgres planned it on every claim, 3 ms of its CPU
 * each time, more than running it (docs/performance.md).
 */
export const MAX_PREPARED_TEXT = 8192;

/**
 * The postgres.js client drizzle is given, with its statements prepared. drizzle's postgres-js session
 * sends every query unnamed, so Postgres parses and plans the same text on every run, and postgres.js
 * describes it again; as named statements, each connection parses a text once and then only binds and
 * executes it (what a plain `sql\`...\`` template does). On machines where Postgres shares the CPU
 * with the app this is a large share of a short request's cost (docs/performance.md).
 *
 * Set `DB_PREPARE=0` behind a pooler in transaction mode (PgBouncer before 1.21), which cannot keep
 * named statements across transactions; postgres.js recycles its connections within an hour, which
 * bounds each connection's cache of statement texts.
 */
export function preparingClient<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  return new Proxy(sql, {
    get(target, prop) {
      if (prop === "unsafe") {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { prepare: Boolean(params?.length) && query.length <= MAX_PREPARED_TEXT, ...options });
      }
      // Transactions and savepoints hand their callback a client of their own: it prepares too.
      if (prop === "begin" || prop === "savepoint") {
        const original = Reflect.get(target, prop, target) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const fn = args[args.length - 1] as (tx: postgres.TransactionSql) => unknown;
          return original.apply(target, [...args.slice(0, -1), (tx: postgres.TransactionSql) => fn(preparingClient(tx))]);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
