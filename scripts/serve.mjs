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

const PEER_HEADER = "x-convo-peer-address"; // lib/auth/client-address.ts reads it...
process.env.CONVO_PEER_HEADER = "1"; // ...only when this server, which always overwrites it, runs the app
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
server.listen(port, hostname, () => console.log(`  Ready on http://${hostname ?? "localhost"}:${port}`));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
