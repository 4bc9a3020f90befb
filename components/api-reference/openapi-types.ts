// The parts of an OpenAPI 3.1 document the reference page reads (the document is /v1/openapi.json).

export type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
};

export type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  "x-required-scope"?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

export type OpenApiDoc = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export const methods = ["get", "post", "put", "patch", "delete"] as const;

/** Follows a local `#/components/schemas/X` reference. */
export function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split("/").pop() ?? "";
  return doc.components?.schemas?.[name] ?? schema;
}
