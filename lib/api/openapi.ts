import { z } from "zod";
import { createDocument } from "zod-openapi";
import { errorStatus, type ErrorCode } from "../errors";
import { eventBody, eventTypes } from "../events/schemas";
import { scopes } from "../shared/scopes";
import { MAX_JSON_DEPTH } from "../request-body";
import type { AnyOperation } from "./operation";

const errorBody = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      requestId: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error" });

const common: ErrorCode[] = ["invalid_request", "unauthorized", "insufficient_scope", "rate_limited", "headers_too_large", "internal_error"];
const withBody: ErrorCode[] = ["invalid_json", "payload_too_large", "unsupported_media_type"];

function errorResponses(op: AnyOperation) {
  const codes = [...common, ...(op.body || op.multipart ? withBody : []), ...(op.errors ?? [])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      { description: `Error: ${[...new Set(list)].join(", ")}`, content: { "application/json": { schema: errorBody } } },
    ]),
  );
}

// Generated from lib/events/schemas.ts, like the README's event table.
function webhooks() {
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          summary: `${type} event`,
          description: "Signed with X-Service-Signature (HMAC-SHA256 of the raw body); any 2xx within 10 s is success.",
          requestBody: {
            content: {
              "application/json": {
                schema: eventBody(type),
              },
            },
          },
          responses: { "200": { description: "Received" } },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function openApiDocument(operations: AnyOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    if (op.internal) continue; // dashboard-only operations are not part of the public contract
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      description: [op.description, `Requires scope \`${op.scope}\`.`].filter(Boolean).join("\n\n"),
      tags: [op.tag],
      security: [{ bearerAuth: [op.scope] }],
      "x-required-scope": op.scope,
      requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
      ...(op.idempotent
        ? { parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 255 } }] }
        : {}),
      ...(op.body ? { requestBody: { required: !op.bodyOptional, content: { "application/json": { schema: op.body } } } } : {}),
      ...(op.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: op.multipart } } } } : {}),
      responses: {
        "200": {
          description: "Success",
          headers: {
            "X-Request-Id": { schema: { type: "string" } },
            "RateLimit-Limit": { schema: { type: "integer" } },
            "RateLimit-Remaining": { schema: { type: "integer" } },
            "RateLimit-Reset": { schema: { type: "integer" } },
          },
          content: { "application/json": { schema: op.response } },
        },
        ...errorResponses(op),
      },
    };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Conversational Assistant Service API",
      version: "1.0.0",
      description: `Every endpoint takes \`Authorization: Bearer <key>\`. Scopes: ${scopes.join(", ")}. JSON bodies are at most 1 MiB and nested at most ${MAX_JSON_DEPTH} levels (deeper: 400 \`invalid_request\` with the path of the first too-deep point); cursors and dates must lie between 1970 and 9999.`,
    },
    servers: [{ url: "/v1" }],
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "cak_live_... API key" } } },
    // `any`: built above from the typed operation table.
    paths: paths as any,
    // `any`: built above from the event list.
    webhooks: webhooks() as any,
  });
}
