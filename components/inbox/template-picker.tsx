"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useMemo, useState } from "react";
import { Button, EmptyState, ErrorState, Input, Select, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { placeholderCount, renderTemplate } from "@/lib/shared/template-schema";
import type { Page, Template } from "./types";

/** Outside the 24-hour window: choose an approved template, fill one input per variable, preview, send. */
export function TemplatePicker({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (t: { name: string; language: string; variables: string[] }) => void;
}) {
  const templates = useQuery({
    queryKey: ["templates"],
    queryFn: () => apiFetch<Page<Template>>("/v1/templates", { query: { limit: 200 } }),
  });
  const approved = useMemo(() => (templates.data?.data ?? []).filter((t) => t.status === "approved"), [templates.data]);
  const [selectedId, setSelectedId] = useState("");
  const [variables, setVariables] = useState<string[]>([]);
  const template = approved.find((t) => t.id === selectedId) ?? approved[0];
  const count = template ? placeholderCount(template.body) : 0;
  const values = Array.from({ length: count }, (_, i) => variables[i] ?? "");

  if (templates.isPending) return <Skeleton lines={2} />;
  if (templates.isError) return <ErrorState error={templates.error} title="Could not load templates" onRetry={() => templates.refetch()} />;
  if (!template)
    return (
      <EmptyState title="No templates yet" icon="❏">
        Outside the window only a template can be sent. An owner can add one on the <Link href="/templates">Templates</Link> page.
      </EmptyState>
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!template) return;
    onSend({ name: template.name, language: template.language, variables: values });
  }

  return (
    <form className="stack" style={{ gap: 8 }} onSubmit={submit} aria-label="Send a template">
      <Select
        id="template-select"
        label="Template"
        value={template.id}
        onChange={(e) => {
          setSelectedId(e.target.value);
          setVariables([]);
        }}
        options={approved.map((t) => ({ value: t.id, label: `${t.name} · ${t.language} · ${t.category}` }))}
      />
      {values.length ? (
        <div className="inline-fields">
          {values.map((v, i) => (
            <Input
              key={`${template.id}-${i}`}
              id={`template-var-${i + 1}`}
              label={`Variable {{${i + 1}}}`}
              value={v}
              required
              onChange={(e) => setVariables(values.map((old, j) => (j === i ? e.target.value : old)))}
            />
          ))}
        </div>
      ) : null}
      <div>
        <div className="field-label">Preview</div>
        <div className="template-preview" data-testid="template-preview">
          {renderTemplate(
            template.body,
            values.map((v, i) => v || `{{${i + 1}}}`),
          )}
        </div>
      </div>
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button type="submit" variant="primary" loading={sending} disabled={values.some((v) => !v.trim())}>
          Send template
        </Button>
      </div>
    </form>
  );
}
