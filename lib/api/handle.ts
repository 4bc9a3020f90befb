import "server-only";
import type { z } from "zod";
import { db } from "../db/client";
import { AppError } from "../errors";
import { authenticateKey, requireScope } from "../keys/api-keys";
import { zodDetails } from "../validation";
import { readJsonBody } from "./body";
import { withIdempotency } from "./idempotency";
import type { AnyOperation } from "./operation";
import { consumeRateLimit } from "./rate-limit";
import { errorResponse, jsonResponse, newRequestId } from "./respond";

/**
 * The one wrapper every /v1 operation runs through, from Next route files and from the standalone
 * server alike: bearer key -> rate limit -> scope -> parse -> handler -> one error mapper.
 */
export async function runOperation(op: AnyOperation, request: Request, rawParams: Record<string, string>): Promise<Response> {
  const requestId = newRequestId();
  let headers: Record<string, string> = { "X-Request-Id": requestId };
  try {
    const database = db();
    const key = await authenticateKey(database, request.headers.get("authorization"));
    headers = { ...headers, ...(await consumeRateLimit(key.keyId, key.rateLimitPerSecond)) };
    requireScope(key, op.scope);

    const body = op.body ? await readJsonBody(request) : undefined;
    if (op.precheck && body) op.precheck(body.value);
    const input = parseInput(op, rawParams, new URL(request.url).searchParams, body?.value);
    const ctx = { db: database, businessId: key.businessId, key, requestId, request };
    const run = async () => ({ status: 200, body: await op.handler(ctx, input) });
    const result = op.idempotent
      ? await withIdempotency(database, key.businessId, op.id, request.headers.get("idempotency-key"), body?.raw ?? "", run)
      : await run();
    return jsonResponse(result.body, result.status, headers);
  } catch (err) {
    return errorResponse(err, requestId, headers);
  }
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
