import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as healthz } from "@/app/healthz/route";
import { GET as readyz } from "@/app/readyz/route";
import { createApiServer } from "@/lib/api/standalone-server";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { waitFor } from "../channels/harness";

let worker: Worker | null = null;
afterAll(async () => {
  await worker?.stop();
});

const ready = async () => {
  const res = await readyz();
  return { status: res.status, body: await res.json() };
};

type MigrationRow = { id: number; hash: string; created_at: string };

// This build's migrations, from drizzle's journal: how many there are, and the number of the last one.
const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
const migrationCount = journal.entries.length;
const lastMigration = journal.entries[migrationCount - 1].tag.slice(0, 4);

describe("GET /readyz and GET /healthz", () => {
  it("/healthz answers 200 while the process runs, without asking the database", async () => {
    const res = healthz();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("is 200 with every check when the database answers, the migrations are current and a worker's heartbeat is fresh", async () => {
    worker = startWorker({ "readyz.idle": async () => {} }, { pollMs: 200 });
    const res = await waitFor(async () => {
      const r = await ready();
      return r.status === 200 ? r : null;
    });
    expect(res.body).toEqual({
      status: "ok",
      checks: {
        database: { ok: true },
        migrations: { ok: true, detail: `${migrationCount} applied` },
        workers: { ok: true, detail: expect.stringMatching(/^\d+ alive$/) },
      },
    });
  });

  it("is 503 naming the migration that is not applied, and one the build does not know", async () => {
    const [last] = await queryRows<MigrationRow>(
      db(),
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("unavailable");
      expect(res.body.checks.migrations).toEqual({ ok: false, detail: `not applied: ${lastMigration}` });
      expect(res.body.checks.database.ok).toBe(true);
      expect(res.body.checks.workers.ok).toBe(true);
    } finally {
      await db().execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await ready()).status).toBe(200);

    await db().execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', 9999999999999)`);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations.ok).toBe(false);
      expect(res.body.checks.migrations.detail).toMatch(/1 applied migration\(s\) this build does not have/);
    } finally {
      await db().execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`);
    }
    expect((await ready()).status).toBe(200);
  });

  it("is 503 when no worker's heartbeat is fresh, and 200 again once one is", async () => {
    await worker?.stop();
    worker = null;
    await db().execute(sql`delete from workers`);
    await db().execute(sql`insert into workers (id, host, pid, heartbeat_at) values ('stale-worker', 'elsewhere', 1, now() - interval '1 minute')`);
    const res = await ready();
    expect(res.status).toBe(503);
    expect(res.body.checks.workers).toEqual({ ok: false, detail: "no worker heartbeat in the last 20 s" });
    expect(res.body.checks.migrations.ok).toBe(true);
    await db().execute(sql`update workers set heartbeat_at = now() where id = 'stale-worker'`);
    expect((await ready()).status).toBe(200);
    await db().execute(sql`delete from workers where id = 'stale-worker'`);
  });

  it("is served by npm run api too", async () => {
    await db().execute(sql`insert into workers (id, host, pid) values ('api-check', 'here', 2) on conflict (id) do update set heartbeat_at = now()`);
    const server = createApiServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(200);
      expect((await res.json()).checks.migrations.ok).toBe(true);
      await db().execute(sql`delete from workers`);
      const stale = await fetch(`${base}/readyz`);
      expect(stale.status).toBe(503);
      expect((await stale.json()).checks.workers.ok).toBe(false);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
