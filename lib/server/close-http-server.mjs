// Stops an HTTP server the way a drain needs (plain JavaScript: scripts/serve.mjs runs it without a
// TypeScript loader). New connections are refused at once; requests already in flight get their
// answer, and their connections close as each goes idle; whatever is still open after `timeoutMs` is
// cut. Resolves when the server has closed.

/**
 * @param {import("node:http").Server} server
 * @param {number} timeoutMs
 * @returns {Promise<void>}
 */
export function closeHttpServer(server, timeoutMs) {
  return new Promise((resolve) => {
    // A request that still arrives on a kept-alive connection is answered, then that connection closes.
    server.on("request", (_req, res) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
