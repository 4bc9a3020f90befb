// The production HTTP server (npm start runs it instead of `next start`). It does what `next start`
// does, plus one thing Next cannot: it tells the app the socket's peer address. Next only fills in
// X-Forwarded-For when the client sent none, so a client could name any address it liked; this header
// is always overwritten here, and lib/auth/client-address.ts trusts X-Forwarded-For only when this
// peer is one of TRUSTED_PROXIES. Plain JavaScript: it runs under node without the react-server
// condition that scripts/start.ts needs.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import pino from "pino";
import { closeHttpServer } from "../lib/server/close-http-server.mjs";

const PEER_HEADER = "x-convo-peer-address"; // lib/auth/client-address.ts reads it...
process.env.CONVO_PEER_HEADER = "1"; // ...only when this server, which always overwrites it, runs the app
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// The app's logger (lib/observability/log.ts, created when instrumentation booted), or a plain one.
const log = () => globalThis[Symbol.for("convo.logger")] ?? pino();

// The paths the app answers without Next's request pipeline (lib/server/node-routes.ts: WhatsApp's
// webhook door), registered when the app booted; until then, and for every other path, Next answers.
const nodeRoutesKey = Symbol.for("convo.nodeRoutes");
const nodeRouteOf = (req) => globalThis[nodeRoutesKey]?.(req);

const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  const own = nodeRouteOf(req);
  if (own) {
    own(req, res).catch(() => res.destroy());
    return;
  }
  handle(req, res).catch((err) => {
    log().error({ err: err instanceof Error ? { type: err.name, message: err.message } : String(err) }, "unhandled error in the request handler");
    if (!res.headersSent) res.writeHead(500).end();
  });
});
// Idle keep-alive connections stay open longer than browsers and proxies keep theirs idle: with Node's
// default 5 s the server closed a connection at the moment a client reused it, and that request failed
// with ECONNRESET (seen in the browser suite under load). Draining closes idle connections at once.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => log().info({ port }, `Ready on http://${hostname ?? "localhost"}:${port}`));

// SIGTERM drains (lib/server/boot.ts): no new connections, in-flight requests and jobs finish within
// SHUTDOWN_TIMEOUT_MS, jobs still running go back to the queue, the database closes, exit 0.
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    log().info({ signal: sig }, "signal received");
    const drain = globalThis[Symbol.for("convo.drain")];
    if (drain) await drain(server);
    else await closeHttpServer(server, Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000));
    await new Promise((resolve) => log().flush(() => resolve(undefined)));
    process.exit(0);
  });
}
