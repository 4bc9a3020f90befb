import { openApiDocument } from "../openapi";
import { jsonResponse, newRequestId } from "../respond";
import { operations } from "./index";

let cached: unknown = null;

/** GET /v1/openapi.json: needs no key. */
export function openApiJson(): unknown {
  cached ??= openApiDocument(operations);
  return cached;
}

/** The response of GET /v1/openapi.json, for the route file and the standalone server alike. */
export function openApiResponse(): Response {
  return jsonResponse(openApiJson(), 200, { "X-Request-Id": newRequestId(), "Cache-Control": "public, max-age=300" });
}
