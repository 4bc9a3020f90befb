import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptWebhookBytes, MAX_WEBHOOK_BYTES } from "../channels";
import { db } from "../db/client";
import { componentLogger } from "../observability/log";
import { securityHeaderObject } from "../security-headers.mjs";
import { discardRest, readNodeBody } from "./node-body";

// Paths a server process answers on node:http itself, without Next's request pipeline: WhatsApp's
// webhook door. Meta posts four bodies for every reply the assistant sends (the customer's message,
// then sent, delivered and read), and the door's own work is small (a signature, one insert), so
// Next's routing, request and response objects were most of its cost. The Next route
// (app/channels/whatsapp/webhook) stays and answers the same (`next start`, `next dev`, the GET
// handshake); scripts/serve.mjs (npm start) and `npm run api` (lib/api/standalone-server.ts) answer
// these paths here. Keyed `METHOD /path`, the path without its query.

export type NodeRoute = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const log = componentLogger("server");
// The site's security headers, as Next adds them to every answer it serves (next.config.mjs).
const headers = { ...securityHeaderObject(), "Content-Type": "text/plain; charset=utf-8" };

function plain(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** POST /channels/whatsapp/webhook: the bytes as received, their signature checked, the body queued. */
async function whatsAppWebhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw: Buffer | null;
  try {
    raw = await readNodeBody(req, MAX_WEBHOOK_BYTES);
  } catch {
    res.destroy(); // the client went away mid-body: nobody to answer
    return;
  }
  try {
    const answer = await acceptWebhookBytes(db(), raw, headerValue(req, "x-hub-signature-256"));
    plain(res, answer.status, answer.body);
  } catch (err) {
    // Not queued: a 500 makes Meta send the body again later.
    log.error({ err: err instanceof Error ? { type: err.name, message: err.message } : String(err) }, "webhook not queued");
    if (!res.headersSent) plain(res, 500, "Internal Server Error");
    else res.destroy();
  }
  if (raw === null && !req.complete) discardRest(req);
}

/** A header as `Headers.get` gives it: every field of that name joined with ", ", or null. */
function headerValue(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
}

export const nodeRoutes: ReadonlyMap<string, NodeRoute> = new Map([["POST /channels/whatsapp/webhook", whatsAppWebhook]]);

/** The route of a request, if this module answers it. */
export function nodeRouteOf(req: IncomingMessage): NodeRoute | undefined {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  return nodeRoutes.get(`${req.method} ${q < 0 ? url : url.slice(0, q)}`);
}
