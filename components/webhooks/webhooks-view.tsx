"use client";
import "@/components/common/common.css";
import "./webhooks.css";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { EndpointDialog } from "./endpoint-dialog";
import { EndpointPanel } from "./endpoint-panel";
import type { Endpoint, EndpointList } from "./types";

/** /webhooks: endpoints on the left, the chosen one's details and delivery log on the right. */
export function WebhooksView() {
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Endpoint | "new" | null>(null);
  const list = useQuery({ queryKey: ["webhooks"], queryFn: () => apiFetch<EndpointList>("/v1/internal/webhook-endpoints") });
  const endpoints = list.data?.data ?? [];
  const current = endpoints.find((e) => e.id === selected) ?? endpoints[0] ?? null;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed HTTP callbacks to your systems when messages arrive, conversations are handed off, records are created and more."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")} disabled={!list.data}>
            Add endpoint
          </Button>
        }
      />
      {list.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState error={list.error} title="Could not load the endpoints" onRetry={() => list.refetch()} />
        </Card>
      ) : !endpoints.length ? (
        <Card>
          <EmptyState icon="⇄" title="No endpoints yet" action={<Button onClick={() => setEditing("new")}>Add an endpoint</Button>}>
            Add a URL to receive <code>message.received</code>, <code>record.created</code> and the other events as they happen.
          </EmptyState>
        </Card>
      ) : (
        <div className="webhooks-layout">
          {endpoints.length > 1 ? (
            <nav aria-label="Endpoints" className="endpoint-list">
              {endpoints.map((e) => (
                <button key={e.id} type="button" className="endpoint-item" aria-current={current?.id === e.id} onClick={() => setSelected(e.id)}>
                  <span className="cell-clip" style={{ maxWidth: 280, display: "block" }}>
                    {e.url}
                  </span>
                  <span className="row-wrap">
                    {e.disabledReason ? (
                      <Badge tone="warning">auto-disabled</Badge>
                    ) : e.enabled ? (
                      <Badge tone="success">enabled</Badge>
                    ) : (
                      <Badge>disabled</Badge>
                    )}
                    <span className="muted small">
                      {e.events.includes("*") ? "all events" : `${e.events.length} event${e.events.length === 1 ? "" : "s"}`}
                    </span>
                  </span>
                </button>
              ))}
            </nav>
          ) : null}
          {current ? (
            <EndpointPanel key={current.id} endpoint={current} onEdit={() => setEditing(current)} onDeleted={() => setSelected(null)} />
          ) : null}
        </div>
      )}
      {editing ? (
        <EndpointDialog
          endpoint={editing === "new" ? null : editing}
          eventTypes={list.data?.eventTypes ?? []}
          onClose={(created) => {
            if (created) setSelected(created.id);
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}
