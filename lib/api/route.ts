import "server-only";
// The Next app's side: it reads the dashboard session (next-auth), which `npm run api` never loads;
// the answers both servers share live in ./route-answers.
import { readSession } from "../auth/session";
import { runOperation } from "./handle";
import { type AnyOperation, type HttpMethod, httpMethods } from "./operation";
import { operations } from "./operations";
import { allowHeader, methodNotAllowed } from "./route-answers";

// Next gives a route without dynamic segments no params at all (undefined), not a promise of {}.
type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

/**
 * A route file's exports: the given operations, and a documented 405 for every other method. In the
 * Next app an operation accepts a bearer key or the dashboard's session cookie.
 */
export function routes(map: Partial<Record<HttpMethod, AnyOperation>>): Record<HttpMethod, Handler> {
  const allow = allowHeader(Object.keys(map) as HttpMethod[]);
  const out = {} as Record<HttpMethod, Handler>;
  for (const method of httpMethods) {
    const op = map[method];
    out[method] = op
      ? (request, context) =>
          context?.params
            ? context.params.then((params) => runOperation(op, request, params as Record<string, string>, { readSession }))
            : runOperation(op, request, {}, { readSession })
      : async () => methodNotAllowed(allow);
  }
  return out;
}

/**
 * A generated route file's exports (scripts/generate-routes.ts): the operations of the table at this
 * OpenAPI-style path, by method. A path the table does not hold is a startup error, not a silent 404.
 */
export function routesFor(path: string): Record<HttpMethod, Handler> {
  const map: Partial<Record<HttpMethod, AnyOperation>> = {};
  for (const op of operations) if (op.path === path) map[op.method as HttpMethod] = op;
  if (!Object.keys(map).length) throw new Error(`No operation has the path ${path}: run npm run routes:generate.`);
  return routes(map);
}

export { allowHeader, endpointNotFound, methodNotAllowed } from "./route-answers";
