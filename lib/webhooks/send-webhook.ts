import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress, privateAddressesAllowed, webhookUrlProblem } from "./address-rules";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_BODY_LIMIT = 2048;

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The customer's reason (delivery log, API, dashboard): one of a few fixed sentences, see publicReason. */
  error: string | null;
  /** What really happened (resolved addresses, socket errors), for the server's log only. */
  detail: string | null;
  responseBody: string | null;
};

/**
 * The reason a customer sees for a failure that is not an HTTP answer. Socket and DNS errors name
 * resolved addresses (`connect ECONNREFUSED 10.0.3.7:443`, our own refusal of an internal address), so
 * they would tell anyone who can register an endpoint what the server's network looks like; the
 * detail goes to the server's log and the customer gets a fixed sentence.
 */
export function publicReason(code: string | undefined): string {
  if (code === "EADDRREFUSED") return "Address not allowed.";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_FAIL" || code === "ENODATA") return "Could not resolve the host name.";
  if (code && (code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)))
    return "TLS handshake failed.";
  return "Could not connect.";
}

/**
 * The socket's DNS lookup: resolves the name and refuses to connect when any address it gives is not
 * public. Because the check runs on the address the socket is about to use, a saved hostname later
 * re-pointed at an internal IP (DNS rebinding) is refused too.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const list = addresses as dns.LookupAddress[];
    const internal = privateAddressesAllowed() ? undefined : list.find((a) => !isPublicAddress(a.address));
    if (internal) {
      const refused = Object.assign(new Error(`Refused: ${hostname} resolves to ${internal.address}, a loopback, private or reserved address.`), {
        code: "EADDRREFUSED",
      });
      return callback(refused, "");
    }
    if (!list.length) return callback(Object.assign(new Error(`No address for ${hostname}.`), { code: "ENOTFOUND" }), "");
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/**
 * One POST of a webhook body. Never throws: every outcome (answer, refusal, network error, timeout)
 * comes back as a result for the delivery log. Redirects are not followed (node:http never does), so a
 * 3xx is a failure like any other non-2xx. Connections are kept alive between sends to one receiver
 * (no new TCP and TLS handshake per event); the address check runs on every new connection, and a
 * kept connection stays bound to the address that was checked when it was opened.
 */
// Idle connections are closed after 4 s (receivers commonly close theirs after 5 s; Node also honours
// a shorter `Keep-Alive: timeout` the receiver announces).
const agentOptions = { keepAlive: true, maxSockets: 32, maxFreeSockets: 32, timeout: 4_000 };
const agents = { "http:": new http.Agent(agentOptions), "https:": new https.Agent(agentOptions) };

export function sendWebhook(input: { url: string; body: string; headers: Record<string, string>; timeoutMs?: number }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(input.url);
  if (problem)
    return Promise.resolve({ ok: false, statusCode: null, durationMs: 0, error: "Address not allowed.", detail: problem, responseBody: null });
  const url = new URL(input.url);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;

    const finish = (error: string | null, detail: string | null = error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const responseBody =
        statusCode === null ? null : Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8").replaceAll("\u0000", ""); // Postgres text cannot hold NUL
      const reason = ok
        ? null
        : statusCode === null
          ? error
          : statusCode >= 300 && statusCode < 400
            ? `Redirect (${statusCode}) not followed.`
            : `Receiver answered ${statusCode}.`;
      resolve({ ok, statusCode, durationMs: elapsed(), error: reason, detail: ok ? null : statusCode === null ? detail : reason, responseBody });
      // A fully read answer leaves the connection to the agent for the next send; anything else
      // (timeout, error, an answer cut off at the size limit) closes it.
      if (!completed) req.destroy();
    };
    let completed = false;

    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(
      url,
      {
        method: "POST",
        headers: { ...input.headers, "Content-Length": String(Buffer.byteLength(input.body)) },
        lookup: guardedLookup,
        agent: agents[url.protocol as "http:" | "https:"],
      },
      (res) => {
        statusCode = res.statusCode ?? null;
        res.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
          // The verdict is already known; a receiver streaming a large answer must not hold the worker.
          if (size >= RESPONSE_BODY_LIMIT) finish(null);
        });
        res.on("end", () => {
          completed = size < RESPONSE_BODY_LIMIT;
          finish(null);
        });
        res.on("error", () => finish(null));
        res.on("aborted", () => finish(null));
      },
    );
    const timer = setTimeout(() => finish(`Timed out after ${timeoutMs / 1000} s.`), timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => finish(publicReason(err.code), `${err.code ?? "error"}: ${err.message}`));
    req.end(input.body);
  });
}
