import http from "node:http";
import https from "node:https";
import { webhookUrlProblem } from "./address-rules";
import { guardedLookup, publicReason } from "./send-webhook";

// A GET of a URL a business gave us (a staff member's busy-times calendar feed) through the same guard
// as webhook deliveries: the URL's own rules (https, no loopback or private literal unless
// WEBHOOK_ALLOW_PRIVATE=1) and the address the socket really connects to (guardedLookup, against DNS
// rebinding). Redirects are not followed; an answer over `maxBytes` or slower than `timeoutMs` is cut off.

export type GuardedGetResult = { ok: true; body: string } | { ok: false; error: string; detail: string };

export function guardedGet(raw: string, opts: { maxBytes: number; timeoutMs: number; accept?: string }): Promise<GuardedGetResult> {
  const problem = webhookUrlProblem(raw);
  if (problem) return Promise.resolve({ ok: false, error: "Address not allowed.", detail: problem });
  const url = new URL(raw);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: GuardedGetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(url, { method: "GET", headers: { accept: opts.accept ?? "*/*" }, lookup: guardedLookup }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        const why = status >= 300 && status < 400 ? `Redirect (${status}) not followed.` : `The server answered ${status}.`;
        return finish({ ok: false, error: why, detail: why });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) return finish({ ok: false, error: `Too big: over ${opts.maxBytes} bytes.`, detail: "size limit" });
        chunks.push(chunk);
      });
      res.on("end", () => finish({ ok: true, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", () => finish({ ok: false, error: "Could not read the answer.", detail: "response error" }));
    });
    const timer = setTimeout(() => finish({ ok: false, error: `Timed out after ${opts.timeoutMs / 1000} s.`, detail: "timeout" }), opts.timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ ok: false, error: publicReason(err.code), detail: `${err.code ?? "error"}: ${err.message}` }),
    );
    req.end();
  });
}
