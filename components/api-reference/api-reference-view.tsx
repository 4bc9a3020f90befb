"use client";
import "@/components/common/common.css";
import "./api-reference.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Card, ErrorState, Input, PageHeader, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { methods, type OpenApiDoc, type Operation } from "./openapi-types";
import { OperationView, operationAnchor } from "./operation-view";

type Entry = { method: string; path: string; op: Operation };

/** /api-reference: the live OpenAPI document of this server, rendered as tags → operations. */
export function ApiReferenceView() {
  const [filter, setFilter] = useState("");
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const doc = useQuery({ queryKey: ["openapi"], queryFn: () => apiFetch<OpenApiDoc>("/v1/openapi.json"), staleTime: Number.POSITIVE_INFINITY });
  const groups = useMemo(() => {
    const byTag = new Map<string, Entry[]>();
    for (const [path, item] of Object.entries(doc.data?.paths ?? {})) {
      for (const method of methods) {
        const op = item[method];
        if (!op) continue;
        const tag = op.tags?.[0] ?? "Other";
        byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
      }
    }
    return [...byTag];
  }, [doc.data]);
  const needle = filter.trim().toLowerCase();
  const visible = groups
    .map(
      ([tag, entries]) =>
        [
          tag,
          entries.filter((e) => !needle || `${tag} ${e.method} ${e.path} ${e.op.summary} ${e.op["x-required-scope"]}`.toLowerCase().includes(needle)),
        ] as const,
    )
    .filter(([, entries]) => entries.length);
  const base = doc.data?.servers?.[0]?.url ?? "";

  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            {doc.data ? `${doc.data.info.title} · version ${doc.data.info.version} · ` : null}
            generated from the same schemas that validate requests. The raw document is at{" "}
            <a href="/v1/openapi.json" target="_blank" rel="noreferrer">
              /v1/openapi.json
            </a>
            .
          </>
        }
      />
      {doc.isPending ? (
        <Card>
          <Skeleton lines={8} />
        </Card>
      ) : doc.isError ? (
        <Card>
          <ErrorState error={doc.error} title="Could not load the OpenAPI document" onRetry={() => doc.refetch()} />
        </Card>
      ) : (
        <div className="reference-layout">
          <nav className="reference-nav" aria-label="Endpoints">
            <Input
              id="reference-filter"
              type="search"
              aria-label="Filter endpoints"
              placeholder="Filter: path, scope…"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            {visible.map(([tag, entries]) => (
              <div key={tag}>
                <a className="reference-tag" href={`#tag-${tag}`}>
                  {tag}
                </a>
                {entries.map((e) => (
                  <a key={`${e.method} ${e.path}`} className="reference-link" href={`#${operationAnchor(e.method, e.path, e.op)}`}>
                    <span className={`method method-${e.method}`}>{e.method.toUpperCase()}</span>
                    <span className="cell-clip">{e.path}</span>
                  </a>
                ))}
              </div>
            ))}
          </nav>
          <div className="stack" style={{ gap: 24, minWidth: 0 }}>
            <Card title="Authentication">
              <p style={{ marginTop: 0 }}>
                Send an API key from the <a href="/api-keys">API keys</a> page with every request: <code>Authorization: Bearer cak_live_…</code>. Each
                operation below names the scope its key needs. Bodies are JSON; every response carries <code>X-Request-Id</code> and the{" "}
                <code>RateLimit-*</code> headers.
              </p>
              <pre className="code-block">{`curl ${origin}${base}/usage/wallet \\\n  -H "Authorization: Bearer $API_KEY"`}</pre>
            </Card>
            {visible.map(([tag, entries]) => (
              <section key={tag} id={`tag-${tag}`} className="stack" style={{ gap: 12 }} aria-label={tag}>
                <h2 className="reference-tag-title">{tag}</h2>
                {entries.map((e) => (
                  <OperationView key={`${e.method} ${e.path}`} doc={doc.data} method={e.method} path={e.path} op={e.op} base={base} />
                ))}
              </section>
            ))}
            {!visible.length ? <p className="muted">Nothing matches “{filter}”.</p> : null}
          </div>
        </div>
      )}
    </>
  );
}
