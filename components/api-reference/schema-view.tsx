"use client";
import { type OpenApiDoc, resolve, type Schema } from "./openapi-types";

const MAX_DEPTH = 6;

function typeLabel(doc: OpenApiDoc, s: Schema): string {
  if (s.$ref) return s.$ref.split("/").pop() ?? "object";
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map((a) => typeLabel(doc, resolve(doc, a) ?? a)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? (s.properties ? "object" : "any"));
  if (t === "array" && s.items) return `${typeLabel(doc, s.items)}[]`;
  return t;
}

function constraints(s: Schema): string[] {
  const out: string[] = [];
  if (s.enum) out.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (s.format) out.push(s.format);
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push(`length ${s.minLength ?? 0}..${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined || s.maximum !== undefined) out.push(`${s.minimum ?? "−∞"}..${s.maximum ?? "∞"}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push(`${s.minItems ?? 0}..${s.maxItems ?? "∞"} items`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.example !== undefined) out.push(`e.g. ${JSON.stringify(s.example)}`);
  return out;
}

/** The fields of a schema as a nested list: name, type, required, constraints, description. */
export function SchemaView({ doc, schema, depth = 0 }: { doc: OpenApiDoc; schema: Schema | undefined; depth?: number }) {
  const s = resolve(doc, schema);
  if (!s) return <span className="muted small">No body.</span>;
  const alternatives = (s.anyOf ?? s.oneOf)?.map((a) => resolve(doc, a) ?? a).filter((a) => a.type !== "null");
  if (alternatives && alternatives.length === 1) return <SchemaView doc={doc} schema={alternatives[0]} depth={depth} />;
  const target = s.type === "array" && s.items ? (resolve(doc, s.items) ?? s.items) : s;
  if (!target.properties || depth > MAX_DEPTH) {
    const extra = constraints(target);
    return (
      <span className="small">
        <code>{typeLabel(doc, s)}</code>
        {extra.length ? <span className="muted"> · {extra.join(" · ")}</span> : null}
        {target.description ? <span className="muted"> · {target.description}</span> : null}
      </span>
    );
  }
  const required = new Set(target.required ?? []);
  return (
    <ul className="schema-tree">
      {s.type === "array" ? <li className="muted small">an array of objects with:</li> : null}
      {Object.entries(target.properties).map(([name, raw]) => {
        const prop = resolve(doc, raw) ?? raw;
        const inner = prop.type === "array" && prop.items ? (resolve(doc, prop.items) ?? prop.items) : prop;
        const nested = inner.properties && depth < MAX_DEPTH;
        const extra = constraints(prop);
        return (
          <li key={name}>
            <div className="schema-field">
              <code className="schema-name">{name}</code>
              <span className="schema-type">{typeLabel(doc, raw)}</span>
              {required.has(name) ? <span className="schema-required">required</span> : null}
              {extra.length ? <span className="muted small">{extra.join(" · ")}</span> : null}
            </div>
            {prop.description ? <div className="muted small">{prop.description}</div> : null}
            {nested ? <SchemaView doc={doc} schema={inner} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
