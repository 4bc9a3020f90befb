import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { httpMethods } from "@/lib/api/operation";
import { operations } from "@/lib/api/operations";
import { compileRoutes, createApiServer } from "@/lib/api/standalone-server";
import { type ApiResult, api, makeBusiness, routeFiles, uniquePhone } from "../helpers/api";

// `npm run api` must expose exactly what the Next route files expose, and answer alike.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createApiServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Call = { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> };

async function standalone(method: string, path: string, opts: Call = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined = opts.rawBody;
  if (body === undefined && opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The JSON shape of a body: keys and value types, not the values (ids and times differ per call). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .map(([k, v]) => [k, shape(v)])
        .sort(),
    );
  return value === null ? "null" : typeof value;
}

// A route file's path in the operation table's form: app/v1/conversations/[conversationId]/messages -> /conversations/{conversationId}/messages
const tablePath = (file: string) =>
  file
    .replace(/^.*\/app\/v1/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");

async function routeFileOperations(): Promise<string[]> {
  const exposed: string[] = [];
  for (const route of routeFiles.filter((r) => !tablePath(r.file).startsWith("/internal/"))) {
    if (route.catchAll || route.file.includes("openapi.json")) continue;
    const mod = await import(route.file);
    const params = Object.fromEntries(route.names.map((n) => [n, "x"]));
    for (const method of httpMethods) {
      if (typeof mod[method] !== "function") continue;
      // The generated handler of a method the file does not serve answers 405 before anything else.
      const res: Response = await mod[method](new Request(`http://localhost/v1${tablePath(route.file)}`, { method }), {
        params: Promise.resolve(params),
      });
      if (res.status !== 405) exposed.push(`${method} ${tablePath(route.file)}`);
    }
  }
  return exposed.sort();
}

describe("standalone API server (npm run api)", () => {
  it("exposes exactly the operations the Next route files expose", async () => {
    // Keys only: the dashboard's internal operations are not served by `npm run api`.
    const fromTable = compileRoutes(operations.filter((op) => !op.internal))
      .flatMap((r) => [...r.byMethod.keys()].map((m) => `${m} ${r.path}`))
      .sort();
    // The dashboard's internal operations live in the Next app only (sessions); npm run api answers them 404.
    const fromFiles = await routeFileOperations();
    expect(fromTable).toEqual(fromFiles.filter((e) => !e.split(" ")[1].startsWith("/internal/")));
    for (const op of operations.filter((o) => o.internal)) {
      expect((await standalone(op.method, `/v1${op.path.replace(/\{\w+\}/g, "x")}`)).status, op.path).toBe(404);
    }
    // And every one is reachable over HTTP: a real operation asks for a key, not for another method.
    for (const entry of fromTable) {
      const [method, path] = entry.split(" ");
      const res = await standalone(method, `/v1${path.replace(/\{\w+\}/g, "x")}`);
      expect(res.status, entry).toBe(path.startsWith("/internal/") ? 404 : 401);
    }
  });

  it("answers the same requests the same way", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const cases: [string, string, Call][] = [
      ["POST", "/v1/contacts", { key: b.key, body: { phone, name: "Ada", tags: ["vip"] } }],
      ["GET", "/v1/contacts?tag=vip&limit=5", { key: b.key }],
      ["GET", "/v1/contacts?limit=abc", { key: b.key }],
      ["GET", "/v1/conversations?cursor=garbage", { key: b.key }],
      ["GET", "/v1/conversations/conv_01JD7X4S9C8A3K2M5N6P7Q8R9T/messages", { key: b.key }],
      ["POST", "/v1/contacts", { key: b.key, rawBody: "{nope", headers: { "content-type": "application/json" } }],
      ["POST", "/v1/contacts", { key: b.key, rawBody: "phone=1", headers: { "content-type": "application/x-www-form-urlencoded" } }],
      ["POST", "/v1/messages", { key: b.key, body: { to: uniquePhone(), text: "hi" } }],
      ["GET", "/v1/usage/wallet", { key: b.key }],
      ["GET", "/v1/analytics/summary?window=7d", { key: b.key }],
      ["GET", "/v1/contacts", { key: "cak_live_00000000000000000000000000000000" }],
      ["GET", "/v1/contacts", {}],
      ["DELETE", "/v1/contacts", { key: b.key }],
      ["GET", "/v1/no/such/endpoint", { key: b.key }],
    ];
    for (const [method, path, opts] of cases) {
      const viaNext = await api(method, path, opts);
      const viaStandalone = await standalone(method, path, opts);
      const label = `${method} ${path}`;
      expect(viaStandalone.status, label).toBe(viaNext.status);
      expect(shape(viaStandalone.body), label).toEqual(shape(viaNext.body));
      if (viaNext.status >= 400) expect(viaStandalone.body.error.code, label).toBe(viaNext.body.error.code);
      expect(viaStandalone.headers.get("allow"), label).toBe(viaNext.headers.get("allow"));
      expect(viaStandalone.headers.get("x-request-id"), label).toMatch(/^req_/);
    }
  });

  it("serves the same OpenAPI document", async () => {
    const { GET } = await import("@/app/v1/openapi.json/route");
    const res = await standalone("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await GET().json());
  });

  it("refuses a body over 1 MiB with 413 from its declared length", async () => {
    const b = await makeBusiness();
    const big = JSON.stringify({ phone: uniquePhone(), name: "x".repeat(2 * 1024 * 1024) });
    const res = await standalone("POST", "/v1/contacts", { key: b.key, rawBody: big, headers: { "content-type": "application/json" } }).catch(
      (err) => ({ status: 0, body: String(err), headers: new Headers() }),
    );
    // The declared length alone is enough to refuse it.
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("answers 413 while the client is still sending, throws the rest away and keeps the connection usable", async () => {
    const b = await makeBusiness();
    const { port } = new URL(base);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let received = "";
    socket.on("data", (d) => {
      received += d.toString("latin1");
    });
    const total = 3 * 1024 * 1024;
    const first = 256 * 1024;
    socket.write(
      `POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${b.key}\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(first, 0x61));
    await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 413 /), { timeout: 5_000 });
    expect(received.toLowerCase()).not.toContain("connection: close");
    // The rest of the body arrives after the answer; the server reads past it, then serves the next request.
    socket.write(Buffer.alloc(total - first, 0x61));
    socket.write(`GET /v1/usage/wallet HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${b.key}\r\n\r\n`);
    await vi.waitFor(() => expect(received).toMatch(/HTTP\/1\.1 200 /), { timeout: 10_000 });
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  /** Sends raw bytes on a new connection and returns everything the server writes until it closes. */
  async function rawExchange(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: any }> {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (d) => chunks.push(d));
    socket.write(bytes);
    await new Promise((resolve) => socket.once("close", resolve));
    const text = Buffer.concat(chunks).toString("utf8");
    const [head, body] = text.split("\r\n\r\n");
    const [statusLine, ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
    return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
  }

  it("takes a request line of 20 KiB to the operation, which refuses the bad filter with the documented 400", async () => {
    const b = await makeBusiness();
    const res = await standalone("GET", `/v1/templates?limit=${"x".repeat(20_000)}`, { key: b.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details[0].path).toBe("limit");
  });

  it("answers headers over 64 KiB and bytes that are not HTTP with the documented error body, not Node's bare status line", async () => {
    const b = await makeBusiness();
    const tooLong = await rawExchange(`GET /v1/templates?limit=${"x".repeat(70_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${b.key}\r\n\r\n`);
    expect(tooLong.status).toBe(431);
    expect(tooLong.body.error.code).toBe("headers_too_large");
    expect(tooLong.headers["x-request-id"]).toBe(tooLong.body.error.requestId);
    expect(tooLong.headers["content-type"]).toMatch(/^application\/json/);

    const garbage = await rawExchange("HELLO THERE\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.code).toBe("invalid_request");
    expect(garbage.headers["x-request-id"]).toBe(garbage.body.error.requestId);
  });
});

describe("uploads on the standalone server", () => {
  it("POST /v1/media streams a multipart file in, and refuses a too-large one, as the Next route does", async () => {
    const b = await makeBusiness();
    const form = (bytes: Uint8Array<ArrayBuffer>, type: string, name: string) => {
      const f = new FormData();
      f.set("file", new Blob([bytes], { type }), name);
      return f;
    };
    const pdf = new Uint8Array(300 * 1024).fill(7);
    const ok = await fetch(`${base}/v1/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.key}` },
      body: form(pdf, "application/pdf", "a.pdf"),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ type: "document", size: pdf.length, filename: "a.pdf" });
    const big = await fetch(`${base}/v1/media`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.key}` },
      body: form(new Uint8Array(5 * 1024 * 1024 + 1), "image/png", "big.png"),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe("payload_too_large");
  });
});
