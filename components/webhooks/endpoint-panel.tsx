"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SecretReveal } from "@/components/common/secret-reveal";
import { Switch } from "@/components/common/switch";
import { Badge, Button, ConfirmDialog, Dialog, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { DeliveryLog } from "./delivery-log";
import { type Endpoint, type EndpointWithSecret, endpointUrl } from "./types";

/** One endpoint: its events and state, the actions on it, and its delivery log. */
export function EndpointPanel({ endpoint, onEdit, onDeleted }: { endpoint: Endpoint; onEdit: () => void; onDeleted: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ["webhooks"] });

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => apiFetch<Endpoint>(endpointUrl(endpoint.id), { method: "PATCH", body: { enabled } }),
    onSuccess: (e) => {
      toast.success(e.enabled ? "Endpoint enabled." : "Endpoint disabled: nothing more is sent to it.");
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const test = useMutation({
    mutationFn: () => apiFetch(endpointUrl(endpoint.id, "/test"), { method: "POST" }),
    onSuccess: () => {
      toast.success("Test event queued: watch the log below.");
      client.invalidateQueries({ queryKey: ["webhooks", endpoint.id, "deliveries"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const rotate = useMutation({
    mutationFn: () => apiFetch<EndpointWithSecret>(endpointUrl(endpoint.id, "/rotate-secret"), { method: "POST" }),
    onSuccess: () => {
      setConfirm(null);
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(endpointUrl(endpoint.id), { method: "DELETE" }),
    onSuccess: () => {
      setConfirm(null);
      toast.success("Endpoint deleted.");
      onDeleted();
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  return (
    <section className="card">
      <header className="card-header">
        <div style={{ minWidth: 0 }}>
          <h2 className="cell-clip" style={{ maxWidth: 560 }} title={endpoint.url}>
            {endpoint.url}
          </h2>
          <div className="row-wrap" style={{ marginTop: 6 }}>
            {endpoint.events.map((e) => (
              <Badge key={e} tone="info">
                {e === "*" ? "all events" : e}
              </Badge>
            ))}
          </div>
        </div>
        <div style={{ marginLeft: "auto" }}>
          <Switch checked={endpoint.enabled} onChange={(on) => toggle.mutate(on)} label="Enabled" showLabel disabled={toggle.isPending} />
        </div>
      </header>
      <div className="card-body stack">
        {endpoint.disabledReason ? (
          <div className="alert alert-warning" role="status">
            <strong>Disabled by the service:</strong> {endpoint.disabledReason} Fix the receiver, then switch the endpoint on again.
          </div>
        ) : !endpoint.enabled ? (
          <div className="alert alert-info">Disabled: events are not sent to this endpoint. Test events still are.</div>
        ) : null}
        <div className="row-wrap">
          <Button variant="primary" size="sm" onClick={() => test.mutate()} loading={test.isPending}>
            Send test event
          </Button>
          <Button size="sm" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" onClick={() => setConfirm("rotate")}>
            Rotate secret
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirm("delete")}>
            Delete
          </Button>
          <span className="muted small" style={{ marginLeft: "auto" }}>
            <code>{endpoint.id}</code>
          </span>
        </div>
        <h3>Delivery log</h3>
        <DeliveryLog endpointId={endpoint.id} />
      </div>
      <ConfirmDialog
        open={confirm === "rotate"}
        title="Rotate the signing secret?"
        message="The new secret signs every delivery from now on, retries included; the old one stops working at once. Update your receiver right away."
        confirmLabel="Rotate secret"
        danger
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        title="Delete this endpoint?"
        message={
          <p style={{ margin: 0 }}>
            <code>{endpoint.url}</code> stops receiving events and its delivery log is deleted.
          </p>
        }
        confirmLabel="Delete endpoint"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <Dialog
        open={rotate.data !== undefined}
        onClose={() => rotate.reset()}
        title="New signing secret"
        footer={
          <Button variant="primary" onClick={() => rotate.reset()}>
            Done
          </Button>
        }
      >
        {rotate.data ? <SecretReveal label="Signing secret" secret={rotate.data.secret} /> : null}
      </Dialog>
    </section>
  );
}
