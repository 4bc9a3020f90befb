import "server-only";
import { createServer, type IncomingMessage, STATUS_CODES, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { AppError } from "../errors";
import { metricsResponse } from "../server/metrics-endpoint";
import { livenessResponse, readinessResponse } from "../server/readiness";
import { answerOperation, type RequestSource } from "./handle";
import type { AnyOperation } from "./operation";
import { operations as allOperations } from "./operations";
import { openApiResponse } from "./operations/public";
import { MAX_HEADER_BYTES } from "./limits";
import { type Answer, errorAnswer, errorResponse, newRequestId } from "./respond";
import { allowHeader, endpointNotFound, methodNotAllowed } from "./route-answers";
import { discardRest } from "../server/node-body";
import { nodeRouteOf } from "../server/node-routes";

/** One path of the table, e.g. `/conversations/{conversationId}/messages`, with its operations by method. */
export type CompiledRoute = { path: string; regex: RegExp; names: string[]; byMethod: Map<string, AnyOperation>; allow: string };

/**
 * Compiles the operation table's paths into matchers. Static segments win over parameters at the same
 * depth, as Next's router resolves the route folders.
 */
export function compileRoutes(operations: AnyOperation[]): CompiledRoute[] {
  const byPath = new Map<string, AnyOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const compiled = [...byPath].map(([path, ops]) => {
    const names: string[] = [];
    const pattern = path
      .split("/")
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(param[1]);
        return "([^/]+)";
      })
      .join("/");
    const methods = ops.map((op) => op.method);
    return { path, regex: new RegExp(`^/v1${pattern}$`), names, byMethod: new Map(ops.map((op) => [op.method, op])), allow: allowHeader(methods) };
  });
  const shape = (path: string) => path.split("/").map((s) => (s.startsWith("{") ? "1" : "0"));
  return compiled.sort((a, b) => shape(a.path).join("").localeCompare(shape(b.path).join("")));
}

export type RouteMatch = { route: CompiledRoute; params: Record<string, string> };

export function matchRoute(routes: CompiledRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1]);
    });
    return { route, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const cutOff = () => new AppError("invalid_request", "The request body was cut off.");

/**
 * The IncomingMessage as a web stream that reads only as fast as it is consumed: runOperation stops
 * reading past 1 MiB, and what the client sends after that is never pulled into memory.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        // After a cancel (an upload refused mid-body), the rest of the body is drained by the server:
        // its end must not touch the closed stream.
        req.once("end", () => !cancelled && controller.close());
        req.once("aborted", () => !cancelled && controller.error(cutOff()));
        req.once("error", () => !cancelled && controller.error(cutOff()));
      },
      pull() {
        req.resume();
      },
      cancel() {
        cancelled = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function hasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function toWebRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  const body = hasBody(req) ? bodyStream(req) : undefined;
  return new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit);
}

/** What dispatch answers: a Response (health, metrics, OpenAPI, 404/405) or an operation's Answer. */
type Reply = Response | Answer;

async function sendResponse(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  if (reply instanceof Response) {
    const headers = Object.fromEntries(reply.headers);
    const payload = Buffer.from(await reply.arrayBuffer());
    headers["content-length"] = String(payload.byteLength);
    res.writeHead(reply.status, headers);
    res.end(payload);
  } else {
    // The answer's headers are its own object (jsonAnswer made it): its length goes in without a copy.
    reply.headers["Content-Length"] = String(Buffer.byteLength(reply.body));
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  }
  if (hasBody(req) && !req.complete) discardRest(req);
}

/** `Headers.get` on the raw header list: every field of that name, joined with ", " (null if none). */
function rawHeader(raw: string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/** The operation's view of a node:http request; the web Request is built only if something asks for it. */
function nodeRequestSource(req: IncomingMessage, url: URL): RequestSource {
  let web: Request | null = null;
  return {
    method: req.method ?? "GET",
    header: (name) => rawHeader(req.rawHeaders, name),
    searchParams: url.searchParams,
    web() {
      if (web) return web;
      try {
        web = toWebRequest(req, url);
      } catch {
        throw new AppError("invalid_request", "The request headers are invalid.");
      }
      return web;
    },
  };
}

/** Answers one /v1 request from the operation table: the same operations, 405s and 404s as the Next routes. */
export async function dispatch(routes: CompiledRoute[], req: IncomingMessage): Promise<Reply> {
  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://localhost");
  } catch {
    return endpointNotFound();
  }
  if (url.pathname === "/healthz") return req.method === "GET" ? livenessResponse() : methodNotAllowed("GET");
  if (url.pathname === "/readyz") return req.method === "GET" ? readinessResponse() : methodNotAllowed("GET");
  if (url.pathname === "/metrics")
    return req.method === "GET"
      ? metricsResponse(new Request(url, { headers: { authorization: req.headers.authorization ?? "" } }))
      : methodNotAllowed("GET");
  if (url.pathname === "/v1/openapi.json") return req.method === "GET" ? openApiResponse() : methodNotAllowed("GET");
  const match = matchRoute(routes, url.pathname);
  if (!match) return endpointNotFound();
  const op = match.route.byMethod.get(req.method ?? "");
  if (!op) return methodNotAllowed(match.route.allow);
  return answerOperation(op, nodeRequestSource(req, url), match.params);
}

/** `npm run api`: the /v1 operations (and WhatsApp's webhook door, ../server/node-routes.ts) on node:http, without Next's request pipeline. */
export function createApiServer(operations: AnyOperation[] = allOperations): Server {
  // Keys only here: the dashboard's internal operations answer 404 like any unknown path.
  const routes = compileRoutes(operations.filter((op) => !op.internal));
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const own = nodeRouteOf(req);
    if (own) {
      own(req, res).catch(() => res.destroy());
      return;
    }
    dispatch(routes, req)
      .then((response) => sendResponse(req, res, response))
      .catch((err) => {
        const fallback = errorAnswer(err, newRequestId());
        if (!res.headersSent) return sendResponse(req, res, fallback);
        res.destroy();
      })
      .catch(() => res.destroy());
  });
  server.on("clientError", answerClientError);
  return server;
}

/**
 * Requests node:http refuses before they reach us (headers over MAX_HEADER_BYTES, bytes that are not
 * HTTP) get the documented error body instead of Node's bare status line; the connection then closes,
 * since the parser cannot tell where the next request would start.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end(`HTTP/1.1 408 ${STATUS_CODES[408]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    return;
  }
  const error =
    err.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers_too_large", `The request line and headers are larger than ${MAX_HEADER_BYTES / 1024} KiB.`)
      : new AppError("invalid_request", "The request is not valid HTTP/1.1.");
  const response = errorResponse(error, newRequestId(), { Connection: "close" });
  void response.text().then((body) => {
    const head = [`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`, `Content-Length: ${Buffer.byteLength(body)}`];
    for (const [name, value] of response.headers) head.push(`${name}: ${value}`);
    socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  });
}
