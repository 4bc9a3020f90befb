import "server-only";
import { z } from "zod";
import { MAX_JSON_DEPTH, tooDeepPath } from "../../request-body";
import { MAX_METADATA_BYTES } from "../../shared/contact-schema";
import { recordFieldsIn } from "../../records/record-fields";
import { collectionName } from "../../shared/graph-schema";
import { formatPath } from "../../shared/field-path";

// The arguments of every tool the assistant offers the model, read with the rules a request body
// meets (lib/request-body.ts): at most 16 KiB, parseable, nested at most 32 levels, then a zod schema per
// tool. The model is a caller like any other: a call that fails is refused with a short reason the
// model can act on, and changes nothing (no record, no skill, no search).

export const MAX_TOOL_ARGUMENTS_BYTES = MAX_METADATA_BYTES;

export const toolArgs = {
  start_skill: z.object({ skillId: z.string().min(1).max(100) }),
  search_catalog: z.object({ query: z.string().max(500), collection: z.union([collectionName, z.literal("")]).optional() }),
  create_record: z.object({ collection: collectionName, fields: recordFieldsIn }),
  handoff: z.object({ reason: z.string().max(500) }),
};

export type ToolArgs<T> = { ok: true; value: T } | { ok: false; problem: string };

export function readToolArguments<S extends z.ZodType>(schema: S, raw: string | undefined): ToolArgs<z.output<S>> {
  const text = raw?.trim() ? raw : "{}";
  if (new TextEncoder().encode(text).byteLength > MAX_TOOL_ARGUMENTS_BYTES) {
    return { ok: false, problem: `the arguments are larger than ${MAX_TOOL_ARGUMENTS_BYTES / 1024} KiB` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "the arguments are not JSON" };
  }
  const deep = tooDeepPath(text);
  if (deep !== null) return { ok: false, problem: `${deep}: nested deeper than ${MAX_JSON_DEPTH} levels` };
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problem = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${formatPath(i.path) || "arguments"}: ${i.message}`)
      .join("; ");
    return { ok: false, problem };
  }
  return { ok: true, value: parsed.data };
}
