"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import type { FlowOut } from "@/lib/shared/flow-schema";
import { FlowDialog } from "./flow-dialog";

/** /flows: the WhatsApp Flows the business built in Meta's Flow builder, registered to send them and read their answers. */
export function FlowsView() {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<FlowOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<FlowOut | null>(null);
  const flows = useQuery({ queryKey: ["flows"], queryFn: () => apiFetch<Page<FlowOut>>("/v1/flows", { query: { limit: 100 } }) });
  const remove = useMutation({
    mutationFn: (f: FlowOut) => apiFetch(`/v1/flows/${encodeURIComponent(f.id)}`, { method: "DELETE" }),
    onSuccess: (_, f) => toast.success(`Removed ${f.name}.`),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["flows"] });
    },
  });
  const rows = [...(flows.data?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <PageHeader
        title="WhatsApp Flows"
        description="Forms built in Meta's Flow builder (WhatsApp Manager › Flows). Register one with its Flow id and the fields it returns: skills, the inbox and the API can then send it, and its answers land in the thread, the webhooks and a skill's variables."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            Register a Flow
          </Button>
        }
      />
      {flows.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : flows.isError ? (
        <Card>
          <ErrorState error={flows.error} title="Could not load the Flows" onRetry={() => flows.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon="☰" title="No Flows registered yet" action={<Button onClick={() => setEditing("new")}>Register a Flow</Button>}>
            A booking form, a survey, a sign-up: build it in Meta's Flow builder, publish it, then register it here. Flows with a data endpoint are
            not supported.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="WhatsApp Flows"
          rows={rows}
          rowKey={(f) => f.id}
          columns={[
            { key: "name", header: "Name", render: (f) => <strong>{f.name}</strong> },
            { key: "flowId", header: "Flow id", render: (f) => <code>{f.flowId}</code> },
            { key: "cta", header: "Button", render: (f) => f.cta },
            {
              key: "fields",
              header: "Returns",
              className: "cell-clip",
              render: (f) => (
                <span title={f.fields.map((x) => `${x.name} (${x.kind})`).join(", ")}>{f.fields.map((x) => x.label ?? x.name).join(", ")}</span>
              ),
            },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (f) => (
                <div className="row" style={{ justifyContent: "flex-end" }}>
                  <Button size="sm" onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(f)} aria-label={`Remove ${f.name}`}>
                    Remove
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {editing ? <FlowDialog flow={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Remove this Flow?"
        message={`${deleting?.name ?? ""} can no longer be sent from here; messages that sent it keep what they sent, and skills that send it hand the conversation to a person.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
