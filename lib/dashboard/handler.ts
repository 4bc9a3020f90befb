import "server-only";
import type { z } from "zod";
import { readJsonBody } from "../api/body";
import { errorResponse, jsonResponse, newRequestId } from "../api/respond";
import { roleAllows } from "../auth/roles";
import { type DashboardSession, readSession } from "../auth/session";
import { type Db, db } from "../db/client";
import { AppError } from "../errors";
import type { Role } from "../users/users";
import { zodDetails } from "../validation";
import { assertSameOrigin } from "./csrf";

export type DashboardContext<P, Q, B> = {
  db: Db;
  session: DashboardSession;
  businessId: string;
  userId: string;
  requestId: string;
  params: P;
  query: Q;
  body: B;
};

type Spec<P, Q, B> = { role?: Role; params?: z.ZodType<P>; query?: z.ZodType<Q>; body?: z.ZodType<B> };
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one wrapper of every internal dashboard endpoint: session -> role -> CSRF (writes) -> zod parse
 * -> handler -> JSON. Errors take the public API's body shape. Every lib call is scoped by the
 * session's businessId, so a foreign id answers 404 exactly like a missing one. A handler may return a
 * Response (a file download) instead of a JSON-able value.
 */
export function withSession<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: Spec<P, Q, B>,
  handler: (ctx: DashboardContext<P, Q, B>, request: Request) => Promise<unknown>,
) {
  return async (request: Request, route?: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
    try {
      const session = await readSession();
      if (!session) throw new AppError("unauthorized", "Sign in to use the dashboard.");
      if (!roleAllows(session.role, spec.role)) throw new AppError("forbidden", "Your role is not allowed to do this. Ask an owner of the business.");
      assertSameOrigin(request);

      const details: { path: string; message: string }[] = [];
      const parse = <T>(schema: z.ZodType<T> | undefined, value: unknown): T => {
        if (!schema) return undefined as T;
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        details.push(...zodDetails(result.error));
        return undefined as T;
      };
      const params = parse(spec.params, route ? await route.params : {});
      const query = parse(spec.query, Object.fromEntries(new URL(request.url).searchParams));
      const rawBody = spec.body ? await readJsonBody(request) : undefined;
      const body = spec.body ? parse(spec.body, rawBody?.value ?? {}) : (undefined as B);
      if (details.length) throw new AppError("invalid_request", "The request is invalid.", details);

      const database = db();
      const result = await handler(
        { db: database, session, businessId: session.businessId, userId: session.userId, requestId, params, query, body },
        request,
      );
      if (result instanceof Response) return result;
      return jsonResponse(result ?? { ok: true }, 200, headers);
    } catch (err) {
      return errorResponse(err, requestId, headers);
    }
  };
}
