"use client";
import { Badge } from "@/components/ui";
import type { OpenApiDoc, Operation } from "./openapi-types";
import { SchemaView } from "./schema-view";

export const operationAnchor = (method: string, path: string, op: Operation) => op.operationId ?? `${method}-${path}`.replace(/[^\w-]/g, "-");

/** One endpoint: method and path, scope, parameters, request body, success response and errors. */
export function OperationView({ doc, method, path, op, base }: { doc: OpenApiDoc; method: string; path: string; op: Operation; base: string }) {
  const description = (op.description ?? "").replace(/\n*Requires scope `[^`]+`\.\s*$/, "");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {});
  const success = responses.filter(([status]) => status.startsWith("2"));
  const errors = responses.filter(([status]) => !status.startsWith("2"));
  return (
    <article className="operation card" id={operationAnchor(method, path, op)} aria-labelledby={`${operationAnchor(method, path, op)}-title`}>
      <header className="operation-head">
        <span className={`method method-${method}`}>{method.toUpperCase()}</span>
        <code className="operation-path">
          {base}
          {path}
        </code>
        {op["x-required-scope"] ? (
          <Badge tone="accent" title="The API key needs this scope">
            {op["x-required-scope"]}
          </Badge>
        ) : null}
      </header>
      <div className="card-body stack" style={{ gap: 10 }}>
        <h3 id={`${operationAnchor(method, path, op)}-title`}>{op.summary ?? `${method.toUpperCase()} ${path}`}</h3>
        {description ? <p className="operation-description">{description}</p> : null}
        {op.parameters?.length ? (
          <section>
            <h4>Parameters</h4>
            <table className="table param-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Schema</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}:${p.name}`}>
                    <td>
                      <code>{p.name}</code> {p.required ? <span className="schema-required">required</span> : null}
                    </td>
                    <td>{p.in}</td>
                    <td>
                      <SchemaView doc={doc} schema={p.schema} />
                      {p.description ? <div className="muted small">{p.description}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
        {body ? (
          <section>
            <h4>Request body {op.requestBody?.required ? null : <span className="muted small">(optional)</span>}</h4>
            <SchemaView doc={doc} schema={body} />
          </section>
        ) : null}
        {success.map(([status, r]) => (
          <section key={status}>
            <h4>
              Response <Badge tone="success">{status}</Badge>
            </h4>
            <SchemaView doc={doc} schema={r.content?.["application/json"]?.schema} />
          </section>
        ))}
        {errors.length ? (
          <section>
            <h4>Errors</h4>
            <ul className="error-list">
              {errors.map(([status, r]) => (
                <li key={status}>
                  <Badge tone="danger">{status}</Badge> <span className="small">{(r.description ?? "").replace(/^Error: /, "")}</span>
                </li>
              ))}
            </ul>
            <div className="muted small">
              Every error body is <code>{"{ error: { code, message, requestId, details? } }"}</code>.
            </div>
          </section>
        ) : null}
      </div>
    </article>
  );
}
