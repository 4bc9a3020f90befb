import type { z } from "zod";
import type { Db } from "../db/client";
import type { ErrorCode } from "../errors";
import type { KeyContext } from "../keys/api-keys";
import type { Scope } from "../keys/scopes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const httpMethods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type OperationContext = {
  db: Db;
  businessId: string;
  key: KeyContext;
  requestId: string;
  request: Request;
};

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * One public API operation: its place in the contract (id, method, path, scope), the zod schemas that
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
  scope: Scope;
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

export function defineOperation<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return op;
}

// biome-ignore lint/suspicious/noExplicitAny: a table of heterogeneous operations.
export type AnyOperation = Operation<any, any, any, any>;
