import { describe, expect, it } from "vitest";
import fs from "node:fs";
import postgres from "postgres";
import { postgresTarget } from "@/lib/db/url";

// DATABASE_URL may name a Unix socket directory as libpq does (`?host=/dir`); postgres.js alone would
// send `host` to the server as a setting, which refuses it.
describe("postgresTarget", () => {
  it("turns libpq's host=/dir into the socket's path and leaves the rest of the address", () => {
    expect(postgresTarget("postgres://app:secret@localhost:6543/convo?host=/var/run/postgresql&sslmode=disable")).toEqual({
      url: "postgres://app:secret@localhost:6543/convo?sslmode=disable",
      path: "/var/run/postgresql/.s.PGSQL.6543",
    });
    expect(postgresTarget("postgres://app@localhost/convo?host=/tmp/").path).toBe("/tmp/.s.PGSQL.5432");
  });

  it("leaves a TCP address alone", () => {
    const url = "postgres://postgres@127.0.0.1:5432/test";
    expect(postgresTarget(url)).toEqual({ url });
    const named = "postgres://p@db.example.com/x?host=db2.example.com";
    expect(postgresTarget(named)).toEqual({ url: named });
  });

  const socketDir = "/var/run/postgresql";
  it.skipIf(!process.env.DATABASE_URL || !fs.existsSync(`${socketDir}/.s.PGSQL.5432`))(
    "connects through the socket of the test database's server",
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      url.searchParams.set("host", socketDir);
      const target = postgresTarget(url.toString());
      const sql = postgres(target.url, { path: target.path, max: 1, onnotice: () => {} });
      try {
        const [row] = await sql<{ addr: string | null }[]>`select inet_client_addr()::text as addr`;
        expect(row.addr).toBeNull(); // a Unix socket has no client address
      } finally {
        await sql.end();
      }
    },
  );
});
