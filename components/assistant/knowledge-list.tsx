"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, Skeleton, useToast } from "@/components/ui";
import type { KnowledgeOut } from "@/lib/shared/assistant-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { KnowledgeDialog } from "./knowledge-dialog";

/** The assistant's knowledge items: what it may answer customers from. */
export function KnowledgeList({ assistantId }: { assistantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<KnowledgeOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeOut | null>(null);
  const items = useQuery({
    queryKey: ["knowledge", assistantId],
    queryFn: () => apiFetch<Page<KnowledgeOut>>(`/v1/assistants/${assistantId}/knowledge`, { query: { limit: 200 } }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/v1/assistants/${assistantId}/knowledge/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Deleted “${deleting?.title}”.`);
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["knowledge", assistantId] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const list = items.data?.data ?? [];
  return (
    <Card
      title={`Knowledge${items.data ? ` (${list.length}${items.data.nextCursor ? "+" : ""})` : ""}`}
      actions={
        <Button size="sm" variant="primary" onClick={() => setEditing("new")}>
          Add item
        </Button>
      }
    >
      {items.isPending ? (
        <Skeleton lines={4} />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => items.refetch()} />
      ) : !list.length ? (
        <EmptyState icon="✦" title="No knowledge yet">
          Add your opening hours, address, delivery terms, policies: the assistant answers customers from them.
        </EmptyState>
      ) : (
        <ul className="knowledge-list">
          {list.map((k) => (
            <li key={k.id} data-testid={`knowledge-${k.id}`}>
              <div style={{ minWidth: 0, flex: 1 }}>
                <strong>{k.title}</strong>
                <div className="muted small knowledge-excerpt">{k.content}</div>
              </div>
              <Button size="sm" onClick={() => setEditing(k)} aria-label={`Edit ${k.title}`}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(k)} aria-label={`Delete ${k.title}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? <KnowledgeDialog assistantId={assistantId} item={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this knowledge item?"
        message={
          <p style={{ margin: 0 }}>
            The assistant will no longer answer from <strong>{deleting?.title}</strong>.
          </p>
        }
        confirmLabel="Delete item"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
