"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { InviteOut } from "@/lib/team/invite-schema";

const day = (iso: string) => new Date(iso).toLocaleDateString("en", { dateStyle: "medium" });

/** The team page's pending invites (not used, revoked or expired), each with Revoke. */
export function PendingInvites() {
  const client = useQueryClient();
  const toast = useToast();
  const [revoking, setRevoking] = useState<InviteOut | null>(null);
  const invites = useQuery({ queryKey: ["team-invites"], queryFn: () => apiFetch<{ data: InviteOut[] }>("/v1/internal/team/invites") });
  const revoke = useMutation({
    mutationFn: (invite: InviteOut) => apiFetch(`/v1/internal/team/invites/${invite.id}`, { method: "DELETE" }),
    onSuccess: (_, invite) => toast.success(`The invite for ${invite.email} was revoked; its link no longer works.`),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      setRevoking(null);
      client.invalidateQueries({ queryKey: ["team-invites"] });
    },
  });
  return (
    <Card title="Pending invites" style={{ marginTop: 16 }} aria-label="Pending invites">
      {invites.isPending ? (
        <Skeleton lines={2} />
      ) : invites.isError ? (
        <ErrorState error={invites.error} title="Could not load the invites" onRetry={() => invites.refetch()} />
      ) : invites.data.data.length === 0 ? (
        <EmptyState title="No pending invites">Invite a teammate to get a one-time link to share.</EmptyState>
      ) : (
        <Table
          caption="Pending invites"
          rows={invites.data.data}
          rowKey={(i) => i.id}
          columns={[
            { key: "email", header: "Email", render: (i) => i.email },
            { key: "role", header: "Role", render: (i) => <Badge tone={i.role === "owner" ? "accent" : "neutral"}>{i.role}</Badge> },
            { key: "sent", header: "Invited", render: (i) => day(i.createdAt) },
            { key: "expires", header: "Expires", render: (i) => day(i.expiresAt) },
            {
              key: "actions",
              header: "Actions",
              render: (i) => (
                <Button size="sm" variant="danger" onClick={() => setRevoking(i)}>
                  Revoke
                </Button>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invite?"
        message={`The link sent to ${revoking?.email ?? ""} stops working at once.`}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
