import dns from "node:dns/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { sign } from "@octokit/webhooks-methods";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, webhookUrlProblem } from "@/lib/webhooks/address-rules";
import { guardedLookup, publicReason, sendWebhook } from "@/lib/webhooks/send-webhook";
import { newWebhookSecret, signatureHeader } from "@/lib/webhooks/signature";
import { retryDelayMs } from "@/lib/webhooks/retry-schedule";

// The outgoing request on its own: address rules at connect time, timeout, redirects, response capture.

let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    req.resume();
    if (req.url === "/slow") return; // never answers
    if (req.url === "/redirect") return void res.writeHead(302, { Location: "/target" }).end();
    if (req.url === "/big") return void res.writeHead(500).end("x".repeat(10_000));
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const savedAllow = process.env.WEBHOOK_ALLOW_PRIVATE;
const savedSchedule = process.env.WEBHOOK_RETRY_SCHEDULE;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = savedAllow;
  process.env.WEBHOOK_RETRY_SCHEDULE = savedSchedule;
});

const post = (url: string, timeoutMs?: number) => sendWebhook({ url, body: "{}", headers: { "Content-Type": "application/json" }, timeoutMs });

describe("address rules", () => {
  it("lets only public unicast addresses through", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001::200e"]) expect(isPublicAddress(ip), ip).toBe(true);
    const internal = [
      "127.0.0.1",
      "127.9.9.9",
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.251",
      "239.255.255.250",
      "255.255.255.255",
      "192.0.2.1",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:192.168.1.1",
      "64:ff9b::a00:1",
      "2002:a00:1::1",
      // Only global unicast IPv6 (2000::/3) outside its special-purpose ranges.
      "::7f00:1", // IPv4-compatible ::127.0.0.1
      "::a00:1",
      "::808:808", // IPv4-compatible, even around a public IPv4 address
      "::ffff:8.8.8.8",
      "::ffff:0:a00:1", // SIIT (RFC 6145)
      "64:ff9b:1::a00:1",
      "2001:0:a00:1::1", // Teredo
      "2001:2::1", // benchmarking
      "2001:db8::1", // documentation
      "3fff::1",
      "2620:4f:8000::1", // AS112
      "100::1", // discard
      "fec0::1", // deprecated site-local
      "5f00::1", // segment routing
      "4000::1", // not yet allocated
      "not-an-ip",
    ];
    for (const ip of internal) expect(isPublicAddress(ip), ip).toBe(false);
  });

  it("checks the scheme and literal addresses of a URL, not only on save", () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    expect(webhookUrlProblem("https://hooks.example.com/x")).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x")).toMatch(/https/);
    expect(webhookUrlProblem("https://[::ffff:7f00:1]/x")).toMatch(/address/);
    expect(webhookUrlProblem("https://[::127.0.0.1]/x")).toMatch(/address/);
    expect(webhookUrlProblem("https://[2a00:1450:4001::200e]/x")).toBeNull();
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    expect(webhookUrlProblem("http://127.0.0.1:9/x")).toBeNull();
  });

  it("refuses at connect time a hostname that resolves to an internal address", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const err = await new Promise<Error | null>((resolve) => guardedLookup("localhost", {}, (e) => resolve(e)));
    expect(err?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);

    // A saved name (not "localhost", so the save-time rules let it through) re-pointed at loopback.
    const name = hostname();
    const resolved = await dns.lookup(name).catch(() => null);
    if (resolved && !isPublicAddress(resolved.address)) {
      const port = new URL(base).port;
      expect(webhookUrlProblem(`https://${name}:${port}/x`)).toBeNull();
      const before = hits.length;
      const result = await post(`https://${name}:${port}/x`);
      expect(result.ok).toBe(false);
      expect(result.statusCode).toBeNull();
      // The customer's reason names no address; the server's log gets the resolved one.
      expect(result.error).toBe("Address not allowed.");
      expect(result.detail).toContain(`${name} resolves to ${resolved.address}`);
      expect(hits.length).toBe(before);
    }
    const plain = await post(`${base}/x`);
    expect(plain).toMatchObject({ error: "Address not allowed.", detail: expect.stringMatching(/^url must use https/) });
  });

  it("connects by name when private addresses are allowed", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const result = await post(base.replace("127.0.0.1", "localhost") + "/ok");
    expect(result).toMatchObject({ ok: true, statusCode: 204, error: null });
  });
});

describe("sending", () => {
  it("gives up after the timeout", async () => {
    const result = await post(`${base}/slow`, 200);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "Timed out after 0.2 s." });
    expect(result.durationMs).toBeGreaterThanOrEqual(190);
    expect(result.durationMs).toBeLessThan(2000);
  });

  it("does not follow redirects: a 3xx is a failure", async () => {
    const result = await post(`${base}/redirect`);
    expect(result).toMatchObject({ ok: false, statusCode: 302, error: "Redirect (302) not followed." });
    await new Promise((r) => setTimeout(r, 50));
    expect(hits).not.toContain("/target");
  });

  it("keeps the first 2 KiB of the answer", async () => {
    const result = await post(`${base}/big`);
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: "Receiver answered 500." });
    expect(result.responseBody).toBe("x".repeat(2048));
  });

  it("reports a receiver that is down with a fixed reason, the socket's error only as the detail", async () => {
    const result = await post("http://127.0.0.1:1/x");
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "Could not connect." });
    expect(result.detail).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
  });

  it("reports a name that does not resolve without the resolver's answer", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const result = await post("http://no-such-host.invalid/x");
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "Could not resolve the host name." });
    expect(result.detail).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it("maps every socket error code to one of the fixed reasons", () => {
    expect(publicReason("EADDRREFUSED")).toBe("Address not allowed.");
    expect(publicReason("ENOTFOUND")).toBe("Could not resolve the host name.");
    expect(publicReason("EAI_AGAIN")).toBe("Could not resolve the host name.");
    expect(publicReason("DEPTH_ZERO_SELF_SIGNED_CERT")).toBe("TLS handshake failed.");
    expect(publicReason("ERR_TLS_CERT_ALTNAME_INVALID")).toBe("TLS handshake failed.");
    for (const code of ["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET", "EPIPE", undefined])
      expect(publicReason(code)).toBe("Could not connect.");
  });
});

describe("signing and schedule", () => {
  it("signs like the documented algorithm (checked against @octokit/webhooks-methods)", async () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const body = JSON.stringify({ id: "evt_1", type: "record.created", text: "olá 👋" });
    expect(signatureHeader(secret, body)).toBe(await sign(secret, body));
  });

  it("retries after 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h with ±10% jitter, then stops", () => {
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
    const expected = [10, 60, 300, 1800, 7200, 21600, 43200, 86400];
    expected.forEach((s, i) => {
      expect(retryDelayMs(i + 1, () => 0.5)).toBe(s * 1000);
      expect(retryDelayMs(i + 1, () => 0)).toBe(s * 900);
      expect(retryDelayMs(i + 1, () => 1)).toBe(s * 1100);
    });
    expect(retryDelayMs(9)).toBeNull();
    process.env.WEBHOOK_RETRY_SCHEDULE = "1, 2.5";
    expect(retryDelayMs(2, () => 0.5)).toBe(2500);
    expect(retryDelayMs(3)).toBeNull();
  });
});
