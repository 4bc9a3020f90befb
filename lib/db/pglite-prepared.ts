import "server-only";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { MAX_PREPARED_TEXT } from "./prepared";

// PGlite's own `query` sends every statement unnamed (Parse, Describe, Bind, Describe, Execute), so the
// embedded database parses and plans the same text on every run, on the app's one thread: the job
// queue's fair claim spent 5-7 ms planning against 0.6 ms running (docs/performance.md). This sends a
// statement with parameters as a named one instead: parsed and described once per instance, then only
// bound and executed, so Postgres keeps its plan (custom for the first runs, generic once that costs no
// more: its usual rule for prepared statements), as the Postgres path does (./prepared.ts). SQL's own
// PREPARE cannot stand in: EXECUTE takes no bound parameters. Same results, parsers and errors as
// `query`; the protocol messages are PGlite's own (its exported `protocol` and `parse`).

type Protocol = typeof import("@electric-sql/pglite")["protocol"];
type Parse = typeof import("@electric-sql/pglite")["parse"];
type Statement = { name: string; paramTypes: number[] };

const named = new WeakMap<PGlite, Map<string, Statement>>();
let counter = 0;
let lib: { protocol: Protocol; parse: Parse } | null = null;
// Loaded on first use, as lib/db/client.ts loads PGlite: a Postgres process never loads its code.
const pglite = () => {
  lib ??= require("@electric-sql/pglite") as { protocol: Protocol; parse: Parse };
  return lib;
};

/** Whether a statement goes the named way: it has parameters and a text short enough to keep (MAX_PREPARED_TEXT). */
export const namedWorthIt = (text: string, params: unknown[] | undefined): boolean => Boolean(params?.length) && text.length <= MAX_PREPARED_TEXT;

/**
 * `client.query(text, params, options)` as a named statement. `inTransaction`: the caller holds a
 * transaction (PGlite then leaves the file system's sync to the commit, as its own query does).
 */
export async function namedQuery<T>(
  client: PGlite,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  inTransaction: boolean,
): Promise<Results<T>> {
  const { protocol, parse } = pglite();
  const ser = protocol.serialize;
  const step = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  // As PGlite's own query does first: an instance just opened (a restart, a reopen after a trap) is not ready yet.
  if (!client.ready) await client.waitReady;
  return client.runExclusive(async () => {
    let statements = named.get(client);
    if (!statements) {
      statements = new Map();
      named.set(client, statements);
    }
    const messages: Awaited<ReturnType<typeof step>> = [];
    try {
      let statement = statements.get(text);
      if (!statement) {
        const name = `convo_${++counter}`;
        await step(ser.parse({ name, text, types: options?.paramTypes }));
        const paramTypes = parse.parseDescribeStatementResults(await step(ser.describe({ type: "S", name })));
        statement = { name, paramTypes };
        statements.set(text, statement);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(...(await step(ser.bind({ statement: statement.name, values }))));
      messages.push(...(await step(ser.describe({ type: "P" }))));
      messages.push(...(await step(ser.execute({}))));
    } finally {
      messages.push(...(await step(ser.sync())));
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  });
}
