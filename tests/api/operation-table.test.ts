import { describe, expect, it } from "vitest";
import * as exported from "@/lib/api/operations";
import type { AnyOperation } from "@/lib/api/operation";

// The operation index lists each operation by hand (its order is the OpenAPI document's): one defined in
// a resource file but left out of the table would have no route at all.
const isOperation = (v: unknown): v is AnyOperation => typeof v === "object" && v !== null && "handler" in v && "path" in v && "method" in v;

describe("the operation table", () => {
  it("holds every operation the resource files export, each once, with unique ids", () => {
    const { operations } = exported;
    const defined = Object.values(exported).filter(isOperation);
    expect(defined.length).toBeGreaterThan(100);
    expect(defined.filter((op) => !operations.includes(op)).map((op) => op.id)).toEqual([]);
    expect(operations.length).toBe(new Set(operations).size);
    expect(operations.length).toBe(new Set(operations.map((op) => op.id)).size);
    expect(operations.length).toBe(new Set(operations.map((op) => `${op.method} ${op.path}`)).size);
  });

  it("keeps internal operations under /internal/ and public ones outside it", () => {
    for (const op of exported.operations) expect(`${op.id}: ${op.path.startsWith("/internal/")}`).toBe(`${op.id}: ${Boolean(op.internal)}`);
  });
});
