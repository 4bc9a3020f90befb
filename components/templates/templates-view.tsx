"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/lib/dashboard/fetcher";
import type { Page } from "@/lib/pagination";
import type { TemplateOut } from "@/lib/templates/template-schema";
import { TemplateDialog } from "./template-dialog";

/** /templates: the pre-approved messages the business may send outside the 24-hour window. */
export function TemplatesView() {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<TemplateOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<TemplateOut | null>(null);
  const templates = useQuery({
    queryKey: ["templates", "all"],
    queryFn: () => apiFetch<Page<TemplateOut>>("/api/dashboard/templates", { query: { limit: 200 } }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/dashboard/templates/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Deleted ${deleting?.name}.`);
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["templates"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const rows = templates.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="Templates"
        description="Messages your WhatsApp channel has approved. Outside the 24-hour window, only these can be sent, from the inbox or the API."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            New template
          </Button>
        }
      />
      {templates.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : templates.isError ? (
        <Card>
          <ErrorState error={templates.error} title="Could not load the templates" onRetry={() => templates.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon="❏" title="No templates yet" action={<Button onClick={() => setEditing("new")}>Add a template</Button>}>
            Register each template your channel approved, with the same name and language.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="Templates"
          rows={rows}
          rowKey={(t) => t.id}
          columns={[
            { key: "name", header: "Name", render: (t) => <span className="mono">{t.name}</span> },
            { key: "language", header: "Language", render: (t) => <code>{t.language}</code> },
            {
              key: "category",
              header: "Category",
              render: (t) => <Badge tone={t.category === "marketing" ? "info" : "neutral"}>{t.category}</Badge>,
            },
            { key: "body", header: "Body", className: "cell-clip", render: (t) => <span title={t.body}>{t.body}</span> },
            { key: "placeholders", header: "Variables", numeric: true, render: (t) => t.placeholders },
            { key: "status", header: "Status", render: (t) => <Badge tone={t.status === "approved" ? "success" : "warning"}>{t.status}</Badge> },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (t) => (
                <div className="row" style={{ justifyContent: "flex-end" }}>
                  <Button size="sm" onClick={() => setEditing(t)} aria-label={`Edit ${t.name} ${t.language}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name} ${t.language}`}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing ? <TemplateDialog template={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        message={
          <p style={{ margin: 0 }}>
            <span className="mono">{deleting?.name}</span> ({deleting?.language}) can no longer be sent from the inbox or the API.
          </p>
        }
        confirmLabel="Delete template"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
