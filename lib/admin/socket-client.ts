import "server-only";
import net from "node:net";
import path from "node:path";
import { dataDir } from "../db/client";
import { AppError } from "../errors";
import type { AdminArgs } from "./args";

// The client's side of the admin socket (./socket.ts serves it): what `npm run admin` needs to hand a
// command to the running server, without loading the commands themselves and the app behind them.

export const adminSocketDir = (dir = dataDir()) => path.join(dir, "admin");
export const adminSocketPath = (dir = dataDir()) => path.join(adminSocketDir(dir), "admin.sock");

/** Sends one command to the running server's socket and returns its result (or throws its error). */
export function sendAdminCommand(command: string, args: AdminArgs): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(adminSocketPath());
    let buf = "";
    conn.on("connect", () => conn.end(`${JSON.stringify({ command, args })}\n`));
    conn.on("data", (c) => {
      buf += c.toString("utf8");
    });
    conn.on("end", () => {
      try {
        const reply = JSON.parse(buf.split("\n")[0]) as { ok: boolean; result?: unknown; error?: string };
        if (reply.ok) resolve(reply.result);
        else reject(new AppError("invalid_request", reply.error ?? "failed"));
      } catch (err) {
        reject(err);
      }
    });
    conn.on("error", reject);
  });
}
