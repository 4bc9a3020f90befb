"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import type { SavedReplyOut } from "@/lib/shared/saved-reply-schema";
import { SavedReplyDialog } from "./saved-reply-dialog";
import "./saved-replies.css";

/** /saved-replies: the business's canned responses, inserted in the inbox by typing /shortcut. */
export function SavedRepliesView() {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<SavedReplyOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<SavedReplyOut | null>(null);
  const replies = useQuery({
    queryKey: ["saved-replies"],
    queryFn: () => apiFetch<Page<SavedReplyOut>>("/v1/saved-replies", { query: { limit: 200 } }),
  });
  const remove = useMutation({
    mutationFn: (r: SavedReplyOut) => apiFetch(`/v1/saved-replies/${encodeURIComponent(r.id)}`, { method: "DELETE" }),
    onSuccess: (_, r) => toast.success(`Deleted /${r.shortcut}.`),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["saved-replies"] });
    },
  });
  const rows = [...(replies.data?.data ?? [])].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  return (
    <>
      <PageHeader
        title="Saved replies"
        description={
          <>
            Answers your team sends often. In the inbox, type <code>/</code> and the shortcut; <code>{"{{contact.first_name}}"}</code> and{" "}
            <code>{"{{contact.name}}"}</code> become the customer's name.
          </>
        }
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            New saved reply
          </Button>
        }
      />
      {replies.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : replies.isError ? (
        <Card>
          <ErrorState error={replies.error} title="Could not load the saved replies" onRetry={() => replies.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon="⌁" title="No saved replies yet" action={<Button onClick={() => setEditing("new")}>Add a saved reply</Button>}>
            Opening hours, directions, the menu link: write them once, send them with /shortcut.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="Saved replies"
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { key: "shortcut", header: "Shortcut", render: (r) => <code className="saved-reply-shortcut">/{r.shortcut}</code> },
            { key: "text", header: "Reply", className: "cell-clip", render: (r) => <span title={r.text}>{r.text}</span> },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (r) => (
                <div className="row" style={{ justifyContent: "flex-end" }}>
                  <Button size="sm" onClick={() => setEditing(r)} aria-label={`Edit /${r.shortcut}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(r)} aria-label={`Delete /${r.shortcut}`}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing ? <SavedReplyDialog reply={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this saved reply?"
        message={`/${deleting?.shortcut ?? ""} will no longer be offered in the reply box.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
