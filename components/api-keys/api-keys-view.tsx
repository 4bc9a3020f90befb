"use client";
import "./api-keys.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { KeysLeftNotice } from "@/components/team/keys-left-notice";
import { CreateKeyDialog } from "./create-key-dialog";
import type { OperationOutput } from "@/lib/api/operation";
import type { apiKeysList } from "@/lib/api/operations";

type ApiKey = OperationOutput<typeof apiKeysList>["data"][number];

const date = (iso: string | null, empty = "—") => (iso ? new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : empty);

const working = (k: ApiKey) => !k.revokedAt && !(k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now());

/** Working keys whose creator was removed or made an agent, by creator: each gets a "Revoke all" notice. */
function leftBehind(keys: ApiKey[]) {
  const groups = new Map<string, { creator: NonNullable<ApiKey["createdBy"]>; keys: ApiKey[] }>();
  for (const k of keys) {
    if (!k.createdBy || k.createdBy.standing === "owner" || !working(k)) continue;
    const group = groups.get(k.createdBy.id) ?? { creator: k.createdBy, keys: [] };
    group.keys.push(k);
    groups.set(k.createdBy.id, group);
  }
  return [...groups.values()];
}

function status(k: ApiKey) {
  if (k.revokedAt) return <Badge tone="danger">Revoked {date(k.revokedAt)}</Badge>;
  if (k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now()) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** /api-keys: keys with their hint, scopes, last use and expiry; create (secret shown once) and revoke. */
export function ApiKeysView() {
  const client = useQueryClient();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: () => apiFetch<{ data: ApiKey[] }>("/v1/internal/api-keys") });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/v1/internal/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Revoked ${revoking?.name || "the key"}: it stops working on its next request.`);
      setRevoking(null);
      client.invalidateQueries({ queryKey: ["api-keys"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys for the public API under <code>/v1</code>. Each key only does what its scopes allow; the secret is shown once.
          </>
        }
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            Create key
          </Button>
        }
      />
      {keys.data
        ? leftBehind(keys.data.data).map((g) => (
            <KeysLeftNotice
              key={g.creator.id}
              creator={g.creator}
              keys={g.keys}
              why={g.creator.standing === "removed" ? "they are no longer on the team" : "they are an agent now"}
            />
          ))
        : null}
      {keys.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : keys.isError ? (
        <Card>
          <ErrorState error={keys.error} title="Could not load the keys" onRetry={() => keys.refetch()} />
        </Card>
      ) : keys.data.data.length === 0 ? (
        <Card>
          <EmptyState icon="⚿" title="No API keys yet" action={<Button onClick={() => setCreating(true)}>Create your first key</Button>}>
            Create a key to send messages, sync your catalog or read records from your own systems.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="API keys"
          rows={keys.data.data}
          rowKey={(k) => k.id}
          columns={[
            { key: "name", header: "Name", render: (k) => <strong>{k.name || "Unnamed"}</strong> },
            { key: "hint", header: "Key", render: (k) => <code style={{ whiteSpace: "nowrap" }}>cak_live_…{k.hint}</code> },
            {
              key: "scopes",
              header: "Scopes",
              render: (k) => (
                <div className="scope-list" title={k.scopes.join(", ")}>
                  {k.scopes.length > 6 ? <Badge tone="accent">{k.scopes.length} scopes</Badge> : k.scopes.map((s) => <Badge key={s}>{s}</Badge>)}
                </div>
              ),
            },
            {
              key: "created",
              header: "Created",
              render: (k) => (
                <>
                  {date(k.createdAt)}
                  {k.createdBy ? <div className="muted small">by {k.createdBy.label}</div> : null}
                </>
              ),
            },
            { key: "used", header: "Last used", render: (k) => date(k.lastUsedAt, "Never") },
            { key: "expires", header: "Expires", render: (k) => date(k.expiresAt, "Never") },
            { key: "status", header: "Status", render: status },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (k) =>
                k.revokedAt ? null : (
                  <Button size="sm" variant="ghost" aria-label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
                    Revoke
                  </Button>
                ),
            },
          ]}
        />
      )}
      {creating ? <CreateKeyDialog open onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        message={
          <p style={{ margin: 0 }}>
            Anything using <strong>{revoking?.name}</strong> (<code>…{revoking?.hint}</code>) gets <code>401 unauthorized</code> from its next
            request. This cannot be undone.
          </p>
        }
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
