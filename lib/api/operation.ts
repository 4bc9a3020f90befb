import type { z } from "zod";
import type { Caller } from "./caller";
import type { Db } from "../db/client";
import type { ErrorCode } from "../errors";
import type { Scope } from "../shared/scopes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const httpMethods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type OperationContext = {
  db: Db;
  businessId: string;
  /** The API key or the signed-in member the request came from (lib/api/caller.ts). */
  caller: Caller;
  requestId: string;
  request: Request;
};

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * One operation of the HTTP surface (the public API and the dashboard alike): its place in the contract (id, method, path, scope), the zod schemas that
 * validate it and document it in OpenAPI, and the handler that calls the lib/ business function.
 * Route files, the standalone API server and the OpenAPI document all read this one table.
 */
export type Operation<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path under /v1, e.g. `/conversations/{conversationId}/messages`. */
  path: string;
  /**
   * The scope a key needs; a member's role gives the scopes (lib/api/caller.ts). Omitted only on an
   * internal operation every signed-in member may use (changing one's own password).
   */
  scope?: Scope;
  /**
   * `owner`: an owners-only action from the dashboard (team, channel, API keys, ...). Agents get 403
   * forbidden even where their role's scopes would cover it; a key needs the operation's scope.
   */
  role?: "owner";
  /**
   * A dashboard-only read or action (inbox rows, delivery log, simulator, team, channel): served to
   * signed-in members only, answered like an unknown path to API keys, and left out of the public
   * OpenAPI document. Its path lives under `/internal/`.
   */
  internal?: boolean;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A multipart/form-data body, documented by this schema and read by the handler itself from
   * `ctx.request` (streamed: files are never parsed into memory as JSON bodies are).
   */
  multipart?: z.ZodType;
  /** When true the body may be absent (e.g. handoff's optional reason). */
  bodyOptional?: boolean;
  response: R;
  /** Honours the Idempotency-Key header. */
  idempotent?: boolean;
  /** Runs on the raw JSON body before validation (limits answered with their own status, e.g. 413). */
  precheck?: (body: unknown) => void;
  /** Error codes this operation can answer besides the common ones. */
  errors?: ErrorCode[];
  handler: (ctx: OperationContext, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }) => Promise<z.input<R>>;
};

/** The `{name}` parameters of an OpenAPI-style path, as a union of names (never when it has none). */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/**
 * A path with `{name}` parameters needs a `params` schema whose keys are exactly those names (a typo on
 * either side is a type error, and handlers read `params.name` as a string with no cast); a path
 * without parameters takes none.
 */
type ParamsFor<Path extends string, P extends AnyObject> = [PathParamNames<Path>] extends [never]
  ? { params?: undefined }
  : [keyof z.output<P>] extends [PathParamNames<Path>]
    ? [PathParamNames<Path>] extends [keyof z.output<P>]
      ? { params: P }
      : { params: P; missingPathParams: Exclude<PathParamNames<Path>, keyof z.output<P>> }
    : { params: P; unknownPathParams: Exclude<keyof z.output<P>, PathParamNames<Path>> };

export function defineOperation<Path extends string, P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R> & { path: Path } & ParamsFor<Path, P>,
): Operation<P, Q, B, R> {
  if (!op.internal && !op.scope) throw new Error(`Operation ${op.id}: a public operation needs a scope.`);
  if (Boolean(op.internal) !== op.path.startsWith("/internal/")) {
    throw new Error(`Operation ${op.id}: internal operations, and only they, live under /internal/.`);
  }
  return op;
}

// `any`: a table of heterogeneous operations.
export type AnyOperation = Operation<any, any, any, any>;

/**
 * What an operation answers, as its response schema types it: the dashboard's components import this
 * (`import type`) instead of re-declaring the server's shapes, e.g. `OperationOutput<typeof teamList>`.
 */
export type OperationOutput<O> = O extends Operation<AnyObject, AnyObject, z.ZodType, infer R> ? z.output<R> : never;
