import "server-only";
import { AppError } from "../errors";
import { runOperation } from "./handle";
import { type AnyOperation, type HttpMethod, httpMethods } from "./operation";
import { errorResponse, newRequestId } from "./respond";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

/** A route file's exports: the given operations, and a documented 405 for every other method. */
export function routes(map: Partial<Record<HttpMethod, AnyOperation>>): Record<HttpMethod, Handler> {
  const allow = allowHeader(Object.keys(map) as HttpMethod[]);
  const out = {} as Record<HttpMethod, Handler>;
  for (const method of httpMethods) {
    const op = map[method];
    out[method] = op
      ? async (request, context) => runOperation(op, request, (await context.params) as Record<string, string>)
      : async () => methodNotAllowed(allow);
  }
  return out;
}

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
