import "server-only";
import http from "node:http";
import https from "node:https";
import { webhookUrlProblem } from "../webhooks/address-rules";
import { guardedLookup, publicReason } from "../webhooks/send-webhook";
import { AppError, invalid } from "../errors";
import { componentLogger } from "../observability/log";
import type { MediaBytes } from "./media-store";

// `media: {url}` on POST /v1/messages: we fetch a file from an address the caller names, so it gets
// the webhooks' SSRF guard: https only (http too with WEBHOOK_ALLOW_PRIVATE=1), no private or loopback
// address (checked again on the address the socket connects to, so DNS rebinding fails), no redirects,
// a time limit, and the body streamed straight into the store. A failure is told in the delivery log's
// few fixed sentences (publicReason): socket and DNS errors name resolved addresses and this server's
// resolver, which the caller must not learn; the detail goes to the server's log.

const FETCH_TIMEOUT_MS = 30_000;

export type FetchedFile = { mimeType: string; size: number | null; filename: string | null; body: MediaBytes };

export function fetchMediaUrl(raw: string): Promise<FetchedFile> {
  const problem = webhookUrlProblem(raw);
  if (problem) return Promise.reject(invalid([{ path: "media.url", message: problem.replace(/^url /, "media.url ") }]));
  const url = new URL(raw);
  const unreachable = (why: string) => invalid([{ path: "media.url", message: `The file could not be fetched: ${why}` }]);
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.get(url, { lookup: guardedLookup, timeout: FETCH_TIMEOUT_MS }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(unreachable(status >= 300 && status < 400 ? `redirect (${status}) not followed.` : `the server answered ${status}.`));
      }
      const length = Number(res.headers["content-length"]);
      const fromPath = fileNameOf(url);
      resolve({
        mimeType: String(res.headers["content-type"] ?? "application/octet-stream"),
        size: Number.isFinite(length) ? length : null,
        filename: fromPath,
        body: res,
      });
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof AppError) return reject(err);
      componentLogger("media").warn({ host: url.host, code: err.code, reason: err.message }, "media.url fetch failed");
      const reason = err.code === "ETIMEDOUT" ? `Timed out after ${FETCH_TIMEOUT_MS / 1000} s.` : publicReason(err.code);
      reject(unreachable(reason.charAt(0).toLowerCase() + reason.slice(1)));
    });
  });
}

// The last path segment, decoded; one with malformed escapes (`%E0%A4%A`) is kept as it is, not thrown
// inside the response callback, where nothing would catch it.
function fileNameOf(url: URL): string | null {
  const last = url.pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}
