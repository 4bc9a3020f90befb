import "server-only";
import type { z } from "zod";
import { assertSameOrigin } from "../dashboard/csrf";
import { db } from "../db/client";
import { AppError } from "../errors";
import { requestFinished } from "../observability/request-log";
import { zodDetails } from "../validation";
import { readJsonBody } from "../request-body";
import { type Caller, requireCallerRole, requireCallerScope, resolveCaller } from "./caller";
import { withIdempotency } from "./idempotency";
import type { AnyOperation } from "./operation";
import { consumeRateLimit } from "./rate-limit";
import { type Answer, errorAnswer, jsonAnswer, newRequestId, toResponse } from "./respond";

export type RunOptions = {
  /** Reads the dashboard session cookie; given by the Next app, absent on `npm run api` (keys only). */
  readSession?: Parameters<typeof resolveCaller>[2];
};

/**
 * What an operation reads of its request. A web Request gives it (webRequestSource); `npm run api`
 * gives it from node:http's request and builds a web Request only when something needs one (a body to
 * read, a handler reading `ctx.request`), so a GET costs no Request, Headers or Response object.
 */
export type RequestSource = {
  method: string;
  /** A header's value as `Headers.get` gives it (repeated headers joined with ", "), or null. */
  header(name: string): string | null;
  searchParams: URLSearchParams;
  /** The request as a web Request (built once, when first asked for). */
  web(): Request;
};

export function webRequestSource(request: Request): RequestSource {
  // In a Next route handler the request is a NextRequest, whose URL is parsed already.
  const parsed = (request as Request & { nextUrl?: URL }).nextUrl;
  return {
    method: request.method,
    header: (name) => request.headers.get(name),
    searchParams: parsed ? parsed.searchParams : new URL(request.url).searchParams,
    web: () => request,
  };
}

/**
 * The one wrapper every operation runs through, from Next route files and from the standalone
 * server alike, for API keys and dashboard sessions alike:
 * caller -> (session writes: same origin) -> rate limit -> scope -> parse -> handler -> one error mapper.
 */
export function runOperation(op: AnyOperation, request: Request, rawParams: Record<string, string>, options: RunOptions = {}): Promise<Response> {
  return answerOperation(op, webRequestSource(request), rawParams, options).then(toResponse);
}

/**
 * runOperation's answer before it is a web Response (the standalone server writes it as it is). Its
 * layers are plain promise steps, not async functions awaiting each other: each of those is a promise
 * more (and its hooks) on every request.
 */
export function answerOperation(
  op: AnyOperation,
  source: RequestSource,
  rawParams: Record<string, string>,
  options: RunOptions = {},
): Promise<Answer> {
  const trace: Trace = { startedAt: performance.now(), requestId: newRequestId(), businessId: null };
  // answer() never rejects: every error becomes its documented answer.
  return answer(op, source, rawParams, options, trace).then((result) => {
    requestFinished(op.id, trace.requestId, trace.businessId, result.status, trace.startedAt);
    return result;
  });
}

/** What the request's log line needs to know from inside the answer. */
type Trace = { startedAt: number; requestId: string; businessId: string | null };

async function answer(
  op: AnyOperation,
  source: RequestSource,
  rawParams: Record<string, string>,
  options: RunOptions,
  trace: Trace,
): Promise<Answer> {
  const requestId = trace.requestId;
  const headers: Record<string, string> = { "X-Request-Id": requestId };
  try {
    const database = db();
    // Neither the caller (a cached key) nor the rate limit (a leased token) is a promise on the usual
    // path: each await would be a turn of the microtask queue, on every request.
    const resolved = resolveCaller(database, source, options.readSession);
    const caller = resolved instanceof Promise ? await resolved : resolved;
    trace.businessId = caller.businessId;
    if (caller.kind === "key" && op.internal) throw new AppError("not_found", "No such endpoint.");
    if (caller.kind === "user") {
      // A member's answers are theirs alone: never kept by a shared cache.
      headers["Cache-Control"] = "no-store";
      assertSameOrigin(source.web());
    }
    const limit = consumeRateLimit(rateKey(caller), caller.kind === "key" ? caller.rateLimitPerSecond : null);
    Object.assign(headers, limit instanceof Promise ? await limit : limit);
    requireCallerRole(caller, op.role);
    if (op.scope) requireCallerScope(caller, op.scope);

    const body = op.body ? await readJsonBody(source.web()) : undefined;
    if (op.precheck && body) op.precheck(body.value);
    const input = parseInput(op, rawParams, source.searchParams, body?.value);
    const ctx = {
      db: database,
      businessId: caller.businessId,
      caller,
      requestId,
      get request() {
        return source.web();
      },
    };
    if (!op.idempotent) return jsonAnswer(await op.handler(ctx, input), 200, headers);
    const run = async () => ({ status: 200, body: await op.handler(ctx, input) });
    const result = await withIdempotency(database, caller.businessId, op.id, source.header("idempotency-key"), body?.raw ?? "", run);
    return jsonAnswer(result.body, result.status, headers);
  } catch (err) {
    return errorAnswer(err, requestId, headers);
  }
}

// Keys are limited per key; members per member, at the default rate.
function rateKey(caller: Caller): string {
  return caller.kind === "key" ? caller.keyId : `user:${caller.userId}`;
}

function parseInput(op: AnyOperation, rawParams: Record<string, string>, search: URLSearchParams, body: unknown) {
  const details: { path: string; message: string }[] = [];
  const parse = (schema: z.ZodType | undefined, value: unknown, prefix: string) => {
    if (!schema) return {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    details.push(...zodDetails(result.error, prefix));
    return undefined;
  };
  const params = parse(op.params, rawParams, "");
  const query = parse(op.query, queryObject(search, details), "");
  const parsedBody =
    op.body && body === undefined && op.bodyOptional ? {} : op.body && body === undefined ? missingBody(details) : parse(op.body, body, "");
  if (details.length) throw new AppError("invalid_request", "The request is invalid.", details);
  return { params, query, body: parsedBody };
}

function missingBody(details: { path: string; message: string }[]) {
  details.push({ path: "body", message: "A JSON body is required." });
  return undefined;
}

// Repeated query parameters are ambiguous; refuse them rather than guess.
function queryObject(search: URLSearchParams, details: { path: string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const [k, v] of search) {
    if (k in out) details.push({ path: k, message: `The query parameter ${k} is given more than once.` });
    out[k] = v;
  }
  return out;
}
