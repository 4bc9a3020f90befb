import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startAdminSocket } from "@/lib/admin/socket";
import { adminSocketPath } from "@/lib/admin/socket-client";
import { db } from "@/lib/db/client";
import { businesses } from "@/lib/db/schema";

// Issue 12 item 15: the admin socket was made private only after it was listening, a malformed line
// crashed the process, and a line could run twice (a second chunk re-ran the buffer's first line).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-admin-socket-"));
const server = startAdminSocket(dir);
// Taken in the same tick as listen(): the mode the socket had from bind() on, before any chmod.
const modeAtBind = fs.statSync(adminSocketPath(dir)).mode & 0o777;

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the chunks (pausing between them), ends, and returns the answer lines. */
async function exchange(chunks: string[]): Promise<{ ok: boolean; result?: any; error?: string }[]> {
  const conn = net.createConnection(adminSocketPath(dir));
  let buf = "";
  conn.on("data", (c) => {
    buf += c.toString("utf8");
  });
  const ended = new Promise<void>((resolve, reject) => {
    conn.on("end", () => resolve());
    conn.on("error", reject);
  });
  await new Promise<void>((resolve) => conn.on("connect", () => resolve()));
  for (const chunk of chunks) {
    conn.write(chunk);
    await new Promise((r) => setTimeout(r, 150));
  }
  conn.end();
  await ended;
  return buf
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe("admin socket", () => {
  it("lives in a 0700 directory and is never open to others, not even at bind time", () => {
    expect(fs.statSync(path.join(dir, "admin")).mode & 0o777).toBe(0o700);
    expect(modeAtBind & 0o077).toBe(0);
    expect(fs.statSync(adminSocketPath(dir)).mode & 0o077).toBe(0);
  });

  it("answers a malformed line with an error, and the next line on the same connection still works", async () => {
    const name = `Socket Co ${Date.now()}`;
    const replies = await exchange(["{not json\n", '"just a string"\n', `${JSON.stringify({ command: "create-business", args: { name } })}\n`]);
    expect(replies).toHaveLength(3);
    expect(replies[0]).toMatchObject({ ok: false, error: expect.stringContaining("not JSON") });
    expect(replies[1]).toMatchObject({ ok: false, error: expect.stringContaining("command") });
    expect(replies[2]).toMatchObject({ ok: true, result: { businessId: expect.stringMatching(/^biz_/) } });
    // The server is still up for the next client.
    const again = await exchange([`${JSON.stringify({ command: "frobnicate", args: {} })}\n`]);
    expect(again[0]).toMatchObject({ ok: false, error: expect.stringContaining("frobnicate") });
  });

  it("runs each line exactly once, however the bytes arrive", async () => {
    const name = `Once Co ${Date.now()}`;
    const line = `${JSON.stringify({ command: "create-business", args: { name } })}\n`;
    // The line, then more bytes on the same connection: the old handler ran the first line again.
    const replies = await exchange([line.slice(0, 10), line.slice(10), '{"command":"frob', 'nicate","args":{}}\n']);
    expect(replies.map((r) => r.ok)).toEqual([true, false]);
    const rows = await db().select().from(businesses).where(eq(businesses.name, name));
    expect(rows).toHaveLength(1);
  });
});
