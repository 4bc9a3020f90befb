import "server-only";
import type { z } from "zod";
import { assertSameOrigin } from "../dashboard/csrf";
import { db } from "../db/client";
import { AppError } from "../errors";
import { requestFinished } from "../observability/request-log";
import { zodDetails } from "../validation";
import { readJsonBody } from "./body";
import { type Caller, requireCallerRole, requireCallerScope, resolveCaller } from "./caller";
import { withIdempotency } from "./idempotency";
import type { AnyOperation } from "./operation";
import { consumeRateLimit } from "./rate-limit";
import { errorResponse, jsonResponse, newRequestId } from "./respond";

export type RunOptions = {
  /** Reads the dashboard session cookie; given by the Next app, absent on `npm run api` (keys only). */
  readSession?: Parameters<typeof resolveCaller>[2];
};

/**
 * The one wrapper every operation runs through, from Next route files and from the standalone
 * server alike, for API keys and dashboard sessions alike:
 * caller -> (session writes: same origin) -> rate limit -> scope -> parse -> handler -> one error mapper.
 */
export async function runOperation(
  op: AnyOperation,
  request: Request,
  rawParams: Record<string, string>,
  options: RunOptions = {},
): Promise<Response> {
  const trace: Trace = { startedAt: performance.now(), requestId: newRequestId(), businessId: null };
  const response = await answer(op, request, rawParams, options, trace);
  requestFinished(op.id, trace.requestId, trace.businessId, response.status, trace.startedAt);
  return response;
}

/** What the request's log line needs to know from inside the answer. */
type Trace = { startedAt: number; requestId: string; businessId: string | null };

async function answer(op: AnyOperation, request: Request, rawParams: Record<string, string>, options: RunOptions, trace: Trace): Promise<Response> {
  const requestId = trace.requestId;
  let headers: Record<string, string> = { "X-Request-Id": requestId };
  try {
    const database = db();
    const caller = await resolveCaller(database, request, options.readSession);
    trace.businessId = caller.businessId;
    if (caller.kind === "key" && op.internal) throw new AppError("not_found", "No such endpoint.");
    if (caller.kind === "user") {
      // A member's answers are theirs alone: never kept by a shared cache.
      headers["Cache-Control"] = "no-store";
      assertSameOrigin(request);
    }
    headers = { ...headers, ...(await consumeRateLimit(rateKey(caller), caller.kind === "key" ? caller.rateLimitPerSecond : null)) };
    requireCallerRole(caller, op.role);
    if (op.scope) requireCallerScope(caller, op.scope);

    const body = op.body ? await readJsonBody(request) : undefined;
    if (op.precheck && body) op.precheck(body.value);
    const input = parseInput(op, rawParams, new URL(request.url).searchParams, body?.value);
    const ctx = { db: database, businessId: caller.businessId, caller, requestId, request };
    const run = async () => ({ status: 200, body: await op.handler(ctx, input) });
    const result = op.idempotent
      ? await withIdempotency(database, caller.businessId, op.id, request.headers.get("idempotency-key"), body?.raw ?? "", run)
      : await run();
    return jsonResponse(result.body, result.status, headers);
  } catch (err) {
    return errorResponse(err, requestId, headers);
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
