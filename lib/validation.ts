import type { z } from "zod";
import { type ErrorDetail, invalid } from "./errors";
import { formatPath } from "./shared/field-path";

export function zodDetails(error: z.ZodError, prefix = ""): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path, prefix) || prefix || "body", message: issue.message }));
}

/** Parses with a schema or throws a 400 with one detail per problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(zodDetails(result.error, prefix));
  return result.data;
}
