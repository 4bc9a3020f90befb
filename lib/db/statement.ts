import { type SQL, sql } from "drizzle-orm";
import { type Db, dbHandle } from "./client";
import { queryRows } from "./rows";

// The row shape drizzle's PGlite driver asks for on a raw query (drizzle-orm/pglite/session.js): dates,
// times and intervals (and arrays of them, and numeric arrays) as the text Postgres gives, which the
// columns' mapFromDriverValue then read, as on postgres.js where drizzle sets the same on the client.
const asText = (value: string) => value;
const pgliteRaw = {
  rowMode: "object" as const,
  parsers: { 1114: asText, 1184: asText, 1186: asText, 1082: asText, 1231: asText, 1115: asText, 1185: asText, 1187: asText, 1182: asText },
};

// DB_PREPARE=0 (behind a pooler in transaction mode) sends it unnamed, as lib/db/prepared.ts does.
const prepare = process.env.DB_PREPARE !== "0";

export type Statement = (db: Db, params: readonly unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * A hot read's statement, its text written once with `$1..$n` placeholders. On the process's Postgres
 * pool it goes straight to postgres.js as a named (prepared) statement: drizzle builds, renders and
 * executes a query object on every request (about 30 µs of a short page's 1 ms on these machines,
 * docs/performance.md), where this passes a constant string and the parameters. On the embedded
 * database it goes to PGlite the same way, with the row settings drizzle's PGlite driver uses. Inside a
 * transaction it runs through drizzle, as the same text and parameters, so every path gives the same
 * rows (drizzle's client settings, such as timestamps as text, apply to all).
 * Parameters are plain strings and numbers: the statement's text casts what needs a type.
 */
export function statement(text: string): Statement {
  const parts = text.split(/\$(\d+)/);
  const strings = parts.filter((_, i) => i % 2 === 0);
  const positions = parts.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1);
  const template = Object.assign([...strings], { raw: [...strings] }) as unknown as TemplateStringsArray;
  const viaDrizzle = (params: readonly unknown[]): SQL => sql(template, ...positions.map((i) => params[i]));
  return (db, params) => {
    const handle = dbHandle();
    if (db === handle.db && handle.sql) {
      return handle.sql.unsafe(text, params as never[], { prepare }) as unknown as Promise<Record<string, unknown>[]>;
    }
    if (db === handle.db && handle.embedded) {
      return handle.embedded.query(text, params as unknown[], pgliteRaw).then((result) => result.rows as Record<string, unknown>[]);
    }
    return queryRows<Record<string, unknown>>(db, viaDrizzle(params));
  };
}
