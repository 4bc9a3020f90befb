// No "server-only" here: the scripts that spawn a server (npm start, the benchmark, the reliability
// run) read it before any of the app's modules load.

/**
 * The environment a process that opens the embedded database starts with (given to its child by the
 * process that spawns it; the C library reads it only at start): one malloc arena, so that what V8's
 * background compilation of PGlite's WebAssembly frees is reused rather than left in an arena of its
 * own (./client.ts, embeddedDatabaseCompilation). A value already set is kept.
 */
export function embeddedDatabaseEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "1" };
}

/**
 * Node's flags for `npm start`'s server on the embedded database: a young generation of 8 MiB a
 * half-space instead of 16. The embedded database shares the server's one process and its memory
 * bound (500 MiB); after the sustained-rate line the server held 483 MiB (V8's heap 125 MiB used of
 * 205) against 515 (179 of 223) with the default, at the same CPU a message (docs/performance.md,
 * ninth round). Not for Postgres: there its cold start queued longer in both runs tried.
 */
export function embeddedDatabaseNodeArgs(): string[] {
  return ["--max-semi-space-size=8"];
}
