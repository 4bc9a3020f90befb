// The embedded database's statements with parameters go as named statements (lib/db/pglite-prepared.ts):
// parsed once per instance, then only bound and executed. They must answer exactly as PGlite's own
// query does: rows, types, the row mode and parsers drizzle asks for, errors (and the instance usable
// after one), inside a transaction and after its rollback.
import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { namedQuery, namedWorthIt } from "../../lib/db/pglite-prepared";

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec("create table t (id int primary key, name text, at timestamptz, tags text[], meta jsonb)");
});
afterAll(async () => {
  await pg.close();
});

const insert = "insert into t (id, name, at, tags, meta) values ($1, $2, $3, $4, $5) returning id, name, at, tags, meta";
const prepared = async () => (await pg.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements")).rows;

describe("named statements on the embedded database", () => {
  it("answers as query does, and parses and plans a text once", async () => {
    const at = new Date("2026-12-02T10:00:00Z");
    const a = await namedQuery(pg, insert, [1, "Ana", at, ["x", "y"], { k: 1 }], undefined, false);
    expect(a.rows).toEqual([{ id: 1, name: "Ana", at, tags: ["x", "y"], meta: { k: 1 } }]);
    const b = await namedQuery(pg, insert, [2, null, null, null, null], undefined, false);
    expect(b.rows).toEqual([{ id: 2, name: null, at: null, tags: null, meta: null }]);
    const plain = await pg.query("select id, name, at, tags, meta from t where id = $1", [1]);
    const named = await namedQuery(pg, "select id, name, at, tags, meta from t where id = $1", [1], undefined, false);
    expect(named.rows).toEqual(plain.rows);
    expect(named.fields).toEqual(plain.fields);
    const kept = (await prepared()).filter((p) => p.name.startsWith("convo_"));
    expect(kept.map((p) => p.statement).sort()).toEqual([insert, "select id, name, at, tags, meta from t where id = $1"].sort());
  });

  it("keeps drizzle's row mode and parsers", async () => {
    const options = { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    const named = await namedQuery(pg, "select id, at from t where id = $1", [1], options, false);
    const plain = await pg.query("select id, at from t where id = $1", [1], options);
    expect(named.rows).toEqual(plain.rows);
    expect(typeof (named.rows[0] as unknown[])[1]).toBe("string");
  });

  it("raises Postgres's error and leaves the instance usable", async () => {
    await expect(namedQuery(pg, insert, [1, "again", null, null, null], undefined, false)).rejects.toMatchObject({ code: "23505" });
    await expect(namedQuery(pg, "select $1::int / 0 as x", [1], undefined, false)).rejects.toMatchObject({ code: "22012" });
    expect((await namedQuery(pg, "select count(*)::int as n from t where id > $1", [0], undefined, false)).rows).toEqual([{ n: 2 }]);
  });

  it("works inside a transaction, and a rolled-back one leaves nothing but the statement", async () => {
    await expect(
      pg.transaction(async () => {
        await namedQuery(pg, insert, [3, "Rui", null, null, null], undefined, true);
        expect((await namedQuery(pg, "select count(*)::int as n from t where id > $1", [0], undefined, true)).rows).toEqual([{ n: 3 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await namedQuery(pg, "select count(*)::int as n from t where id > $1", [0], undefined, false)).rows).toEqual([{ n: 2 }]);
    expect((await namedQuery(pg, insert, [3, "Rui", null, null, null], undefined, false)).rows[0]).toMatchObject({ id: 3 });
  });

  it("names only statements with parameters and a text that is kept", () => {
    expect(namedWorthIt("select 1", [])).toBe(false);
    expect(namedWorthIt("select $1", [1])).toBe(true);
    expect(namedWorthIt(`select $1 ${" ".repeat(9000)}`, [1])).toBe(false);
  });
});

describe("a named statement on an instance just opened", () => {
  it("waits for the instance to be ready, as query does", async () => {
    const fresh = new PGlite();
    try {
      expect((await namedQuery(fresh, "select $1::int as n", [7], undefined, false)).rows).toEqual([{ n: 7 }]);
    } finally {
      await fresh.close();
    }
  });
});
