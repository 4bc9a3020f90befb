// Abuse: a 50 MiB body refused with 413 before it is read (the answer arrives while the client is still
// sending, and the server's memory does not grow by the body), webhook URLs that point at this machine
// or a private network refused (also through DNS: names that resolve to loopback are refused when the
// delivery connects), and API keys never written to the logs.
import dns from "node:dns/promises";
import fs from "node:fs";
import net from "node:net";
import { type CategoryResult, call, sleep, until } from "./support";

/** Resident memory of every process in the server's process group (npx/tsx wrappers included). */
export function groupRssMiB(pgid: number): number {
  let kib = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
      kib += Number(rss?.[1] ?? 0);
    } catch {}
  }
  return kib / 1024;
}

type Upload = { status: number | null; sentBytes: number; answeredAfterMs: number | null };

/** Streams a body of `total` bytes in chunks (chunked or with Content-Length) and stops once answered. */
function upload(base: string, key: string, total: number, chunked: boolean): Promise<Upload> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let sent = 0;
    let status: number | null = null;
    let answeredAt: number | null = null;
    const started = Date.now();
    let response = "";
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    chunk.write('{"phone":"+15550001111","name":"');
    const finish = () => {
      socket.destroy();
      resolve({ status, sentBytes: sent, answeredAfterMs: answeredAt === null ? null : answeredAt - started });
    };
    socket.on("data", (d) => {
      response += d.toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(response);
      if (m && status === null) {
        status = Number(m[1]);
        answeredAt = Date.now();
        setTimeout(finish, 50);
      }
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", async () => {
      const head = [
        "POST /v1/contacts HTTP/1.1",
        `Host: ${hostname}:${port}`,
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`,
        "",
        "",
      ].join("\r\n");
      socket.write(head);
      while (sent < total && status === null && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        const ok = chunked ? socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write("\r\n") : socket.write(piece);
        sent += piece.length;
        if (!ok) await new Promise((r) => socket.once("drain", r));
        // Paced like a slow client, so an answer can arrive while the body is still being sent.
        if (sent % (1024 * 1024) < chunk.length) await sleep(20);
      }
      if (chunked && status === null && !socket.destroyed) socket.write("0\r\n\r\n");
      await until(() => status !== null || socket.destroyed, 10_000, 20);
      finish();
    });
  });
}

export async function hugeBody(opts: { base: string; key: string; pgid: number; label: string }): Promise<CategoryResult> {
  const failures: string[] = [];
  const total = 50 * 1024 * 1024;
  const lines: string[] = [];
  for (const chunked of [false, true]) {
    const before = groupRssMiB(opts.pgid);
    const r = await upload(opts.base, opts.key, total, chunked);
    await sleep(300);
    const grew = groupRssMiB(opts.pgid) - before;
    const how = chunked ? "chunked" : "Content-Length";
    lines.push(`${how}: ${r.status ?? "no answer"} after ${((r.sentBytes / total) * 100).toFixed(1)}% sent, RSS +${grew.toFixed(0)} MiB`);
    if (r.status !== 413) failures.push(`50 MiB (${how}): answered ${r.status}`);
    if (r.sentBytes >= total) failures.push(`50 MiB (${how}): the whole body was sent before any answer`);
    if (grew > 40) failures.push(`50 MiB (${how}): server memory grew by ${grew.toFixed(0)} MiB`);
  }
  // The connection is usable again for the next client: the server is not stuck on the old body.
  const after = await call(opts.base, "GET", "/v1/usage/wallet", { key: opts.key });
  if (after.status !== 200) failures.push(`after the uploads the server answered ${after.status}`);
  return { name: `50 MiB body (${opts.label})`, summary: lines.join("; "), failures };
}

/** Names that resolve to this machine or a private network here (no internet DNS on this machine). */
async function loopbackNames(): Promise<string[]> {
  const out: string[] = [];
  for (const name of ["localhost", "vm", "runsc", "ip6-localhost"]) {
    try {
      const { address } = await dns.lookup(name);
      if (/^(127\.|::1$|10\.|192\.168\.)/.test(address)) out.push(name);
    } catch {}
  }
  return out;
}

/**
 * Every way IPv6 can carry an internal IPv4 address (IPv4-compatible, mapped, SIIT, NAT64, local NAT64,
 * 6to4, Teredo with its inverted client address), for each of a few internal addresses, and IPv6
 * ranges outside global unicast: only global unicast may pass, so each variant of the class is refused.
 */
export function ipv6Embeddings(): string[] {
  const out: string[] = [];
  for (const v4 of ["127.0.0.1", "10.0.0.7", "169.254.169.254", "192.168.1.10"]) {
    const [a, b, c, d] = v4.split(".").map(Number);
    const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
    const inverted = (x: number, y: number) => (0xffff ^ ((x << 8) | y)).toString(16);
    for (const host of [
      `::${v4}`,
      `::${hex(a, b)}:${hex(c, d)}`,
      `::ffff:${v4}`,
      `::ffff:0:${v4}`,
      `64:ff9b::${v4}`,
      `64:ff9b:1::${v4}`,
      `2002:${hex(a, b)}:${hex(c, d)}::1`,
      `2001:0:4136:e378:8000:63bf:${inverted(a, b)}:${inverted(c, d)}`,
    ])
      out.push(`https://[${host}]/hook`);
  }
  for (const host of ["fe80::1", "fec0::1", "100::1", "2001:db8::1", "2001:2::1", "3fff::1", "ff05::1", "5f00::1", "4000::1"])
    out.push(`https://[${host}]/hook`);
  return out;
}

/** On a server without WEBHOOK_ALLOW_PRIVATE, with its worker running. */
export async function privateWebhooks(opts: { base: string; key: string }): Promise<CategoryResult> {
  const failures: string[] = [];
  const literal = [
    ...ipv6Embeddings(),
    "https://127.0.0.1/hook",
    "https://127.1.2.3:8443/hook",
    "https://10.0.0.7/hook",
    "https://172.16.5.4/hook",
    "https://192.168.1.10/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[fd00::1]/hook",
    "https://0.0.0.0/hook",
    "https://100.64.0.1/hook",
    "https://localhost/hook",
    "https://LOCALHOST./hook",
    "https://app.localhost/hook",
    "http://example.com/hook",
  ];
  let refused = 0;
  for (const url of literal) {
    const r = await call(opts.base, "POST", "/v1/webhook-endpoints", { key: opts.key, json: { url, events: ["*"] } });
    if (r.status === 400) refused++;
    else failures.push(`${url} answered ${r.status}`);
  }

  // Through DNS: a name that is not an IP literal but resolves to loopback. Saving may pass (names are
  // resolved when a delivery connects); the delivery must then be refused without connecting.
  const names = await loopbackNames();
  const connections: string[] = [];
  const trap = net.createServer((s) => {
    connections.push(String(s.remoteAddress));
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, "0.0.0.0", r));
  const port = (trap.address() as net.AddressInfo).port;
  const dnsLines: string[] = [];
  try {
    for (const name of names) {
      const url = `https://${name}:${port}/hook`;
      const saved = await call(opts.base, "POST", "/v1/webhook-endpoints", { key: opts.key, json: { url, events: ["*"] } });
      if (saved.status === 400) {
        dnsLines.push(`${name} refused on save`);
        refused++;
        continue;
      }
      if (saved.status !== 200) {
        failures.push(`${url}: save answered ${saved.status}`);
        continue;
      }
      const test = await call(opts.base, "POST", `/v1/webhook-endpoints/${saved.json.id}/test`, { key: opts.key });
      if (test.status !== 200) {
        failures.push(`${url}: test event answered ${test.status}`);
        continue;
      }
      const settled = await until(async () => {
        const list = await call(opts.base, "GET", `/v1/webhook-endpoints/${saved.json.id}/deliveries`, { key: opts.key });
        return (list.json?.data ?? []).some((d: { attempts?: number; status?: string }) => (d.attempts ?? 0) > 0 || d.status !== "pending");
      }, 15_000);
      const list = await call(opts.base, "GET", `/v1/webhook-endpoints/${saved.json.id}/deliveries`, { key: opts.key });
      const delivery = list.json?.data?.[0];
      if (!settled) failures.push(`${url}: no delivery attempt within 15 s`);
      else if (delivery?.status === "succeeded") failures.push(`${url}: delivered to a loopback address`);
      else {
        dnsLines.push(`${name} refused on send`);
        refused++;
      }
    }
    await sleep(300);
  } finally {
    trap.close();
  }
  if (connections.length) failures.push(`${connections.length} connections reached the loopback trap`);
  return {
    name: "private webhook URLs",
    summary: `${refused} of ${literal.length + names.length} refused (${literal.length} literal and scheme cases; DNS: ${dnsLines.join(", ") || "no loopback names"}), ${connections.length} connections reached the trap`,
    failures,
  };
}

/** Asks for things that put a key in odd places, so a logger that echoes requests would show it. */
export async function provokeLogs(base: string, key: string): Promise<void> {
  await call(base, "GET", `/v1/contacts?api_key=${key}`, { key }).catch(() => {});
  await call(base, "GET", `/v1/${key}`, { key }).catch(() => {});
  await call(base, "POST", "/v1/contacts", { key, body: `{"phone": "${key}"`, headers: { "content-type": "application/json" } }).catch(() => {});
  await call(base, "GET", "/v1/contacts", { headers: { authorization: `Bearer ${key.slice(0, -1)}!` } }).catch(() => {});
  await call(base, "GET", "/v1/contacts", { headers: { authorization: `Token ${key}` } }).catch(() => {});
}

export function keysInLogs(outputs: { name: string; text: string }[]): CategoryResult {
  const hits = outputs.filter((o) => o.text.includes("cak_live_"));
  const bytes = outputs.reduce((n, o) => n + o.text.length, 0);
  return {
    name: "keys in logs",
    summary: `${outputs.length} server logs (${(bytes / 1024).toFixed(0)} KiB) searched for cak_live_: ${hits.length} with a key`,
    failures: hits.map((h) => `${h.name}: ${h.text.slice(Math.max(0, h.text.indexOf("cak_live_") - 100), h.text.indexOf("cak_live_") + 60)}`),
  };
}
