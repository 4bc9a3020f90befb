import "server-only";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { dataDir } from "../db/client";
import { AppError, errorText } from "../errors";
import type { AdminArgs } from "./args";
import { runAdminCommand } from "./commands";
import { adminSocketDir, adminSocketPath } from "./socket-client";

// PGlite allows one process per data directory, so while the server runs, `npm run admin` sends its
// command over a local socket and the server runs it. Whoever can connect can create businesses, keys
// and users, so the socket lives in a directory only this user can enter (DATA_DIR/admin, mode 0700)
// and is created under umask 077: it is never reachable by another local user, not even in the moment
// between bind() and a chmod.
//
// The protocol: one JSON line `{"command","args"}` per request, one JSON line `{"ok",...}` per answer,
// in order; the server closes the connection once the client has ended its side.

const MAX_LINE_BYTES = 64 * 1024;

/** DATA_DIR/admin, made (or made again) a real directory of ours with mode 0700. */
function privateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} must be a directory (it is a link or a file): the admin socket is not started.`);
  if (typeof process.getuid === "function" && st.uid !== process.getuid()) {
    throw new Error(`${dir} belongs to another user: the admin socket is not started.`);
  }
  fs.chmodSync(dir, 0o700);
}

/** Runs bind() with umask 077 where the process may change it (not in worker threads); the 0700 directory protects either way. */
function withPrivateUmask(fn: () => void): void {
  let previous: number | null = null;
  try {
    previous = process.umask(0o077);
  } catch {}
  try {
    fn();
  } finally {
    if (previous !== null) process.umask(previous);
  }
}

async function answer(line: string): Promise<string> {
  try {
    const request = JSON.parse(line) as { command?: unknown; args?: unknown };
    if (typeof request?.command !== "string") throw new AppError("invalid_request", 'Send {"command": "...", "args": {...}} as one JSON line.');
    const args = request.args && typeof request.args === "object" && !Array.isArray(request.args) ? (request.args as AdminArgs) : {};
    return JSON.stringify({ ok: true, result: await runAdminCommand(request.command, args) });
  } catch (err) {
    const error = err instanceof SyntaxError ? `The line is not JSON: ${err.message}` : errorText(err);
    return JSON.stringify({ ok: false, error });
  }
}

export function startAdminSocket(dir = dataDir()): net.Server {
  const folder = adminSocketDir(dir);
  const file = adminSocketPath(dir);
  privateDirectory(folder);
  for (const stale of [file, path.join(dir, "admin.sock")]) {
    try {
      fs.unlinkSync(stale); // a socket left by a process that died (or by an older version, beside DATA_DIR)
    } catch {}
  }
  const server = net.createServer({ allowHalfOpen: true }, (conn) => {
    let buf = "";
    // Lines are answered one after another, each exactly once: a line leaves the buffer as it is queued.
    let queue: Promise<void> = Promise.resolve();
    conn.setEncoding("utf8");
    conn.on("error", () => {});
    conn.on("data", (chunk: string) => {
      buf += chunk;
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        queue = queue.then(async () => {
          const reply = await answer(line);
          if (conn.writable) conn.write(`${reply}\n`);
        });
      }
      if (Buffer.byteLength(buf) > MAX_LINE_BYTES) {
        buf = "";
        queue = queue.then(() => {
          conn.end(`${JSON.stringify({ ok: false, error: "The line is longer than 64 KiB." })}\n`);
        });
      }
    });
    conn.on("end", () => {
      void queue.then(() => conn.end());
    });
  });
  withPrivateUmask(() => server.listen(file));
  // Belt and braces: the socket is reachable only through the 0700 directory anyway.
  server.on("listening", () => fs.chmodSync(file, 0o600));
  server.unref();
  return server;
}
