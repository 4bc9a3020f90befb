import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verify } from "@octokit/webhooks-methods";

// A real HTTP receiver on loopback: every delivery is verified with an independent implementation
// (@octokit/webhooks-methods checks exactly `sha256=<hex>` over the raw body) and recorded.

export type Received = {
  path: string;
  deliveryId: string;
  eventType: string;
  signature: string;
  verified: boolean;
  raw: string;
  payload: any;
  headers: IncomingHttpHeaders;
  at: number;
};

export type Answer = number | { status: number; body?: string; headers?: Record<string, string> };

export type Hook = {
  url: string;
  path: string;
  /** The secret the receiver verifies with (set it from the create/rotate response). */
  secret: string | null;
  /** What to answer to the n-th request (1-based) of this hook (a promise holds the answer back until it settles). */
  answer: (n: number, r: Received) => Answer | Promise<Answer>;
  received: Received[];
  ofType(type: string): Received[];
};

export type Receiver = { port: number; all: Received[]; hook(answer?: Hook["answer"]): Hook; close(): Promise<void> };

export async function startReceiver(): Promise<Receiver> {
  const hooks = new Map<string, Hook>();
  const all: Received[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      const hook = hooks.get(path);
      const signature = String(req.headers["x-service-signature"] ?? "");
      const verified = Boolean(hook?.secret && signature && raw && (await verify(hook.secret, raw, signature)));
      let payload: any = null;
      try {
        payload = JSON.parse(raw);
      } catch {}
      const r: Received = {
        path,
        deliveryId: String(req.headers["x-service-delivery"] ?? ""),
        eventType: String(req.headers["x-service-event"] ?? ""),
        signature,
        verified,
        raw,
        payload,
        headers: req.headers,
        at: Date.now(),
      };
      all.push(r);
      if (!hook) {
        res.writeHead(404).end();
        return;
      }
      hook.received.push(r);
      const answer = await hook.answer(hook.received.length, r);
      const a = typeof answer === "number" ? { status: answer } : answer;
      res.writeHead(a.status, { "Content-Type": "text/plain", ...(a.headers ?? {}) });
      res.end(a.body ?? (a.status < 300 ? "ok" : "nope"));
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    all,
    hook(answer = () => 200) {
      const path = `/hook-${++counter}`;
      const received: Received[] = [];
      const hook: Hook = {
        url: `http://127.0.0.1:${port}${path}`,
        path,
        secret: null,
        answer,
        received,
        ofType: (type) => received.filter((r) => r.payload?.type === type),
      };
      hooks.set(path, hook);
      return hook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening: a receiver that is down. */
export async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
