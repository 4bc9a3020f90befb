import dns from "node:dns";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simulateInbound } from "../../lib/channels/sandbox-simulator";
import { db } from "../../lib/db/client";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// Issue 34 item 8: a media.url the server could not fetch told the caller how it resolves names
// ("vm resolves to 127.0.0.1", "getaddrinfo ENOTFOUND ...", "connect ECONNREFUSED 127.0.0.1:443"). The
// caller now gets the webhook delivery log's fixed sentences; the detail goes to the server's log.

afterEach(() => {
  vi.restoreAllMocks();
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
});

/** A business whose customer just wrote (so a document may be sent), and a send of `url` to them. */
async function sender() {
  const b = await makeBusiness();
  const phone = uniquePhone();
  await simulateInbound(db(), b.businessId, { phone, text: "hello" });
  return (url: string) => api("POST", "/v1/messages", { key: b.key, body: { to: phone, type: "document", media: { url } } });
}

/** Names the test resolves itself: `internal.example` to loopback, anything else not at all. */
function fakeResolver() {
  const real = dns.lookup;
  vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (hostname === "internal.example") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    if (hostname.endsWith(".example"))
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }));
    return (real as (...args: unknown[]) => void)(hostname, options, callback);
  }) as unknown as typeof dns.lookup);
}

const leaks = /127\.0\.0\.1|resolves|getaddrinfo|ENOTFOUND|ECONNREFUSED|internal\.example|nowhere\.example|:\d{2,5}\b/;

describe("media.url fetch errors", () => {
  it("say what went wrong in fixed sentences, never the addresses or resolver messages", async () => {
    fakeResolver();
    const send = await sender();
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const refused = await send("https://internal.example/menu.pdf");
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toEqual({ path: "media.url", message: "The file could not be fetched: address not allowed." });

    const unknown = await send("https://nowhere.example/menu.pdf");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].message).toBe("The file could not be fetched: could not resolve the host name.");

    // A port nothing listens on (allowed here: development mode lets loopback through).
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refusedConnection = await send(`http://127.0.0.1:${port}/menu.pdf`);
    expect(refusedConnection.status).toBe(400);
    expect(refusedConnection.body.error.details[0].message).toBe("The file could not be fetched: could not connect.");

    for (const r of [refused, unknown, refusedConnection]) expect(JSON.stringify(r.body)).not.toMatch(leaks);
  });

  it("a file name with malformed escapes neither crashes nor fails the fetch", async () => {
    const send = await sender();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const server = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf", "content-length": String(pdf.length) }).end(pdf),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const res = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/files/%E0%A4%A.pdf`);
      expect(res.status).toBe(200);
    } finally {
      server.close();
    }
  });
});
