import "server-only";
import { AppError } from "../errors";
import type { HttpMethod } from "./operation";
import { httpMethods } from "./operation";
import { errorResponse, newRequestId } from "./respond";

// The answers the Next route files and the standalone server (`npm run api`) give alike, kept apart
// from ./route so that the standalone server never loads next-auth.

/** The Allow header value for a path's methods, in one fixed order whoever lists them. */
export function allowHeader(methods: HttpMethod[]): string {
  return httpMethods.filter((m) => methods.includes(m)).join(", ");
}

export function methodNotAllowed(allow: string): Response {
  return errorResponse(new AppError("method_not_allowed", `Use ${allow} on this path.`, undefined, { Allow: allow }), newRequestId());
}

/** Any unknown path under /v1 (the catch-all route file and the standalone server answer this). */
export function endpointNotFound(): Response {
  return errorResponse(new AppError("not_found", "No such endpoint."), newRequestId());
}
