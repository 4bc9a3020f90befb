import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAdmin } from "../helpers/run-admin";

const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

const admin = (args: string[], env: Record<string, string | undefined>) => runAdmin(args, { ...process.env, ...env });

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

// Runs only in the embedded pass: the admin CLI on Postgres is the same code minus the socket.
describe.skipIf(!!process.env.DATABASE_URL)("admin CLI on the embedded database", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-admin-"));
  const env = { DATA_DIR: dir, DATABASE_URL: undefined, ENCRYPTION_KEY: undefined };

  it("runs commands directly, and through the running server's socket while it holds the database", async () => {
    const created = await admin(["create-business", "--name", "Pizza Roma", "--tokens", "500", "--time-zone", "Europe/Rome"], env);
    expect(created.code, created.stderr).toBe(0);
    const { businessId, assistantId } = JSON.parse(created.stdout);
    expect(businessId).toMatch(/^biz_/);
    expect(assistantId).toMatch(/^as_/);

    const holder = spawn(tsx, ["--conditions=react-server", "tests/helpers/hold-embedded-db.ts"], { cwd: root, env: { ...process.env, ...env } });
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout?.on("data", (d) => String(d).includes("ready") && resolve());
      holder.on("exit", (code) => reject(new Error(`holder exited ${code}`)));
      setTimeout(() => reject(new Error("holder did not start")), 45_000);
    });

    const key = await admin(["create-key", "--business", businessId, "--scopes", "contacts:read,messages:write", "--name", "ci"], env);
    expect(key.code, key.stderr).toBe(0);
    const keyOut = JSON.parse(key.stdout);
    expect(keyOut).toMatchObject({ scopes: ["contacts:read", "messages:write"] });
    expect(keyOut.key).toMatch(/^cak_live_/);
    expect(keyOut.id).toMatch(/^key_/);

    const revoked = await admin(["revoke-key", "--id", keyOut.id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    const user = await admin(
      ["create-user", "--business", businessId, "--email", `a${Date.now()}@x.test`, "--password", "longenough", "--role", "agent"],
      env,
    );
    expect(user.code, user.stderr).toBe(0);
    expect(JSON.parse(user.stdout).role).toBe("agent");
    const grant = await admin(["grant-tokens", "--business", businessId, "--tokens", "250"], env);
    expect(JSON.parse(grant.stdout)).toEqual({ balanceTokens: 750 });

    const bad = await admin(["create-key", "--business", businessId, "--scopes", "nope:read"], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/nope:read/);
    holder.kill("SIGTERM");
  }, 240_000);

  it("fails with a clear message and exit 1 on a missing flag or unknown command", async () => {
    const missing = await admin(["create-business"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--name is required");
    const unknown = await admin(["frobnicate"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown command frobnicate");
  }, 120_000);
});
