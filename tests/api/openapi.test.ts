import { describe, expect, it } from "vitest";
import { z } from "zod";
import { httpMethods } from "@/lib/api/operation";
import { api, routeFiles } from "../helpers/api";

// The document is the contract: it must be valid OpenAPI 3.1 and list exactly what the route files serve.

const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
});
const mediaTypes = z.record(z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/), z.object({ schema: z.record(z.string(), z.unknown()) }));
const operationObject = z.object({
  operationId: z.string().regex(/^[A-Za-z0-9_.-]+$/),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: mediaTypes }).optional(),
  responses: z.record(z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/), z.object({ description: z.string(), content: mediaTypes.optional() })),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
const documentSchema = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.literal("1.0.0") }),
  servers: z.array(z.object({ url: z.string() })).optional(),
  paths: z.record(
    z.string().regex(/^\//),
    z.partialRecord(z.enum(["get", "put", "post", "delete", "options", "head", "patch", "trace"]), operationObject),
  ),
  components: z
    .object({ schemas: z.record(z.string(), z.unknown()).optional(), securitySchemes: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});

function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

const resolve = (doc: unknown, ref: string) =>
  ref
    .replace(/^#\//, "")
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), doc);

const tablePath = (file: string) =>
  file
    .replace(/^.*\/app\/v1/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");

describe("GET /v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, version 1.0.0, needing no key", async () => {
    const res = await api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = documentSchema.parse(res.body);
    expect(doc.openapi).toBe("3.1.0");

    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op?.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, item] of Object.entries(doc.paths)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const declared = (op?.parameters ?? []).filter((p) => p.in === "path");
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(templated);
        for (const p of declared) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
        expect(op?.responses["200"], `${method} ${path}`).toBeDefined();
        expect(
          Object.keys(op?.responses ?? {}).some((s) => s.startsWith("4")),
          `${method} ${path} documents errors`,
        ).toBe(true);
      }
    }
    for (const ref of refs(res.body)) {
      expect(ref, "local reference").toMatch(/^#\//);
      expect(resolve(res.body, ref), ref).toBeDefined();
    }
  });

  it("documents every method the route files serve, and nothing else", async () => {
    const doc = documentSchema.parse((await api("GET", "/v1/openapi.json")).body);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();

    const served: string[] = [];
    for (const route of routeFiles) {
      if (route.catchAll || route.file.includes("openapi.json")) continue;
      const mod = await import(route.file);
      const params = Object.fromEntries(route.names.map((n) => [n, "x"]));
      for (const method of httpMethods) {
        if (typeof mod[method] !== "function") continue;
        // A method the file does not serve is the generated 405; a served one asks for a key first.
        const res: Response = await mod[method](new Request(`http://localhost/v1${tablePath(route.file)}`, { method }), {
          params: Promise.resolve(params),
        });
        if (res.status !== 405) served.push(`${method} ${tablePath(route.file)}`);
      }
    }
    // The dashboard's internal operations are served but never documented.
    expect(served.some((e) => e.includes(" /internal/"))).toBe(true);
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/internal/"))).toBe(false);
    expect(documented).toEqual(served.filter((e) => !e.includes(" /internal/")).sort());
  });
});
