"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import type { TemplateAccountOut, TemplateOut } from "@/lib/shared/template-schema";
import { TemplateAccountCard, TemplateStatus } from "./template-account";
import { TemplateDialog } from "./template-dialog";
import "./templates.css";

// Every page of the business's templates (an imported WhatsApp account may hold hundreds).
async function allTemplates(): Promise<TemplateOut[]> {
  const out: TemplateOut[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<TemplateOut> = await apiFetch<Page<TemplateOut>>("/v1/templates", { query: { limit: 200, cursor } });
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** /templates: the pre-approved messages the business may send outside the 24-hour window. */
export function TemplatesView() {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<TemplateOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<TemplateOut | null>(null);
  const templates = useQuery({ queryKey: ["templates", "all"], queryFn: allTemplates });
  const account = useQuery({
    queryKey: ["templates", "account"],
    queryFn: () => apiFetch<TemplateAccountOut>("/v1/internal/templates/account"),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/v1/internal/templates/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Deleted ${deleting?.name}.`);
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["templates"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const rows = templates.data ?? [];
  const reviewedByMeta = account.data?.reviewedByMeta ?? false;
  return (
    <>
      <PageHeader
        title="Templates"
        description="Messages WhatsApp has approved. Outside the 24-hour window, only approved templates can be sent, from the inbox, campaigns or the API."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            New template
          </Button>
        }
      />
      <TemplateAccountCard account={account} />
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
            {reviewedByMeta
              ? "Add a template to submit it to Meta for review, or sync to import the ones your WhatsApp account already has."
              : "Register each template your channel approved, with the same name and language."}
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
            { key: "status", header: "Status", render: (t) => <TemplateStatus template={t} /> },
            {
              key: "quality",
              header: "Quality",
              render: (t) => (t.qualityRating ? <Badge tone={qualityTone(t.qualityRating)}>{t.qualityRating.toLowerCase()}</Badge> : "—"),
            },
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
      {editing ? (
        <TemplateDialog template={editing === "new" ? null : editing} reviewedByMeta={reviewedByMeta} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        message={
          <p style={{ margin: 0 }}>
            <span className="mono">{deleting?.name}</span> ({deleting?.language}) can no longer be sent from the inbox or the API.
            {deleting?.reviewedByMeta ? " It is deleted from your WhatsApp Business Account too." : ""}
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

export function qualityTone(rating: string): "success" | "warning" | "danger" | "neutral" {
  return rating === "GREEN" ? "success" : rating === "YELLOW" ? "warning" : rating === "RED" ? "danger" : "neutral";
}
