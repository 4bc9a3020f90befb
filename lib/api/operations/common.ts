import { z } from "zod";
import { cursorParam, INSTANT_RANGE_MESSAGE, instantInRange, limitParam } from "../../pagination";

export const pageQuery = z.object({ limit: limitParam, cursor: cursorParam });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe("Pass as `cursor` (or `before`) for the next page; null on the last page."),
  });
/** A path parameter `{name}` holding an id: typed by its name, so handlers read `params.name` as a string. */
export const idParam = <N extends string>(name: N, example: string) =>
  z.object({ [name]: z.string().min(1).max(100).meta({ example }) } as Record<N, z.ZodString>);
/**
 * The answer of an internal (dashboard-only) operation, typed by the lib function that builds it: these
 * read models are not part of the public contract, so they are typed for the dashboard's components
 * (`z.infer`) and not described in the OpenAPI document.
 */
export const returns = <T>() => z.custom<T>(() => true);

/** ISO 8601 date or date-time in a query (`from=2026-01-01`), as a Date within the supported range. */
export const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "Must be an ISO 8601 date or date-time.")
  .transform((s) => new Date(s))
  .refine(instantInRange, INSTANT_RANGE_MESSAGE);
