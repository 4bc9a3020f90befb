import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

function admin(args: string[], env: Record<string, string | undefined>) {
  const res = spawnSync(tsx, ["--conditions=react-server", "scripts/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { code: res.status, stdout: res.stdout.trim(), stderr: res.stderr.trim() };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

async function startServer(env: Record<string, string | undefined>): Promise<ChildProcess> {
  const holder = spawn(tsx, ["--conditions=react-server", "tests/helpers/hold-embedded-db.ts"], { cwd: root, env: { ...process.env, ...env } });
  children.push(holder);
  await new Promise<void>((resolve, reject) => {
    holder.stdout?.on("data", (d) => String(d).includes("ready") && resolve());
    holder.on("exit", (code) => reject(new Error(`holder exited ${code}`)));
    setTimeout(() => reject(new Error("holder did not start")), 60_000);
  });
  return holder;
}

const stopped = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

// The embedded database only: Postgres is backed up with pg_dump (README, Operations).
describe.skipIf(!!process.env.DATABASE_URL)("backup and restore of the embedded database", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "convo-backup-"));
  const live = { DATA_DIR: path.join(work, "live"), DATABASE_URL: undefined, ENCRYPTION_KEY: undefined };
  const fresh = { DATA_DIR: path.join(work, "fresh"), DATABASE_URL: undefined, ENCRYPTION_KEY: undefined };
  const file = path.join(work, "backup.tar.gz");

  it("backs up through the running server, refuses to restore while it runs, and restores into a fresh directory", async () => {
    const created = admin(["create-business", "--name", "Kept Bakery", "--tokens", "321"], live);
    expect(created.code, created.stderr).toBe(0);
    const { businessId } = JSON.parse(created.stdout);

    const server = await startServer(live);
    // Written through the server's socket while it runs, so only the server's own process has it.
    const grant = admin(["grant-tokens", "--business", businessId, "--tokens", "79"], live);
    expect(JSON.parse(grant.stdout)).toEqual({ balanceTokens: 400 });

    const backup = admin(["backup", "--out", file], live);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ out: file });
    expect(fs.statSync(file).size).toBe(JSON.parse(backup.stdout).bytes);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = admin(["backup", "--out", file], live);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");
    expect(admin(["backup", "--out", file, "--force"], live).code).toBe(0);

    const whileRunning = admin(["restore", "--in", file, "--force"], live);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain("refuses to run while a server holds the database");
    server.kill("SIGTERM");
    await stopped(server);

    const restored = admin(["restore", "--in", file], fresh);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ dataDir: fresh.DATA_DIR, previous: null });
    // Read back from the restored directory: the business, with the balance the running server wrote.
    const status = admin(["whatsapp-status", "--business", businessId], fresh);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ businessId, channel: "sandbox" });
    const balance = admin(["grant-tokens", "--business", businessId, "--tokens", "1"], fresh);
    expect(JSON.parse(balance.stdout)).toEqual({ balanceTokens: 401 });

    // A directory that holds a database is replaced only with --force, and kept beside.
    const over = admin(["restore", "--in", file], fresh);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("already holds a database");
    const forced = admin(["restore", "--in", file, "--force"], fresh);
    expect(forced.code, forced.stderr).toBe(0);
    const { previous } = JSON.parse(forced.stdout);
    expect(fs.existsSync(previous)).toBe(true);
  }, 240_000);
});
