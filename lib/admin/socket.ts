import "server-only";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { dataDir } from "../db/client";
import { AppError, errorText } from "../errors";
import { type AdminArgs, runAdminCommand } from "./commands";

// PGlite allows one process per data directory, so while the server runs, `npm run admin` sends its
// command over a local socket in DATA_DIR and the server runs it. Only local users who can read
// DATA_DIR can reach the socket (it is created with mode 0600).
export const adminSocketPath = () => path.join(dataDir(), "admin.sock");

export function startAdminSocket(): net.Server {
  const file = adminSocketPath();
  try {
    fs.unlinkSync(file);
  } catch {}
  const server = net.createServer((conn) => {
    let buf = "";
    conn.on("data", async (chunk) => {
      buf += chunk.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      const { command, args } = JSON.parse(buf.slice(0, nl)) as { command: string; args: AdminArgs };
      try {
        conn.end(`${JSON.stringify({ ok: true, result: await runAdminCommand(command, args) })}\n`);
      } catch (err) {
        conn.end(`${JSON.stringify({ ok: false, error: errorText(err) })}\n`);
      }
    });
  });
  server.listen(file, () => fs.chmodSync(file, 0o600));
  server.unref();
  return server;
}

export function sendAdminCommand(command: string, args: AdminArgs): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(adminSocketPath());
    let buf = "";
    conn.on("connect", () => conn.write(`${JSON.stringify({ command, args })}\n`));
    conn.on("data", (c) => {
      buf += c.toString("utf8");
    });
    conn.on("end", () => {
      try {
        const reply = JSON.parse(buf) as { ok: boolean; result?: unknown; error?: string };
        if (reply.ok) resolve(reply.result);
        else reject(new AppError("invalid_request", reply.error ?? "failed"));
      } catch (err) {
        reject(err);
      }
    });
    conn.on("error", reject);
  });
}
