"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { OperationOutput } from "@/lib/api/operation";
import type { teamList, teamRemove, teamSetRole } from "@/lib/api/operations";
import { InviteDialog } from "./invite-dialog";
import { KeysLeftNotice } from "./keys-left-notice";
import { LabelsManager } from "./labels-manager";
import { PendingInvites } from "./pending-invites";
import { TeamLoad } from "./team-load";

type Member = OperationOutput<typeof teamList>["data"][number];
type LeftBehind = Pick<OperationOutput<typeof teamRemove>, "invitesRevoked" | "keysLeft">;
type Left = LeftBehind & { member: { id: string; label: string }; why: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** " 1 pending invite they sent was revoked." when there was one. */
const invitesNote = (l: LeftBehind) =>
  l.invitesRevoked.length ? ` ${plural(l.invitesRevoked.length, "pending invite they sent was", "pending invites they sent were")} revoked.` : "";

export function TeamView({ currentUserId }: { currentUserId: string }) {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  // What the last removal or demotion left behind: their API keys still work until revoked here.
  const [left, setLeft] = useState<Left | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const team = useQuery({ queryKey: ["team"], queryFn: () => apiFetch<{ data: Member[] }>("/v1/internal/team") });
  // Both end the member's sessions at once; the server refuses to leave the business without an owner.
  const setRole = useMutation({
    mutationFn: (m: { id: string; role: Member["role"] }) =>
      apiFetch<OperationOutput<typeof teamSetRole>>(`/v1/internal/team/${m.id}`, { method: "PATCH", body: { role: m.role } }),
    onSuccess: (m) => {
      toast.success(`${m.email} is now ${m.role === "owner" ? "an owner" : "an agent"}; they sign in again to continue.${invitesNote(m)}`);
      setLeft(m.keysLeft.length ? { ...m, member: { id: m.id, label: m.email }, why: "they are an agent now" } : null);
      client.invalidateQueries({ queryKey: ["team"] });
      client.invalidateQueries({ queryKey: ["team-invites"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (m: Member) => apiFetch<OperationOutput<typeof teamRemove>>(`/v1/internal/team/${m.id}`, { method: "DELETE" }),
    onSuccess: (r, m) => {
      toast.success(`${m.email} was removed and signed out.${invitesNote(r)}`);
      setRemoving(null);
      setLeft(r.keysLeft.length ? { ...r, member: { id: m.id, label: m.email }, why: "they are no longer on the team" } : null);
      client.invalidateQueries({ queryKey: ["team"] });
      client.invalidateQueries({ queryKey: ["team-invites"] });
    },
    onError: (err) => {
      setRemoving(null);
      toast.error(errorMessage(err));
    },
  });
  return (
    <>
      <PageHeader
        title="Team"
        description="Owners see everything; agents see the inbox, simulator, contacts and records."
        actions={
          <Button variant="primary" onClick={() => setInviting(true)}>
            Invite teammate
          </Button>
        }
      />
      {left ? <KeysLeftNotice creator={left.member} keys={left.keysLeft} why={left.why} onDone={() => setLeft(null)} showLink /> : null}
      {team.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : team.isError ? (
        <Card>
          <ErrorState error={team.error} title="Could not load the team" onRetry={() => team.refetch()} />
        </Card>
      ) : team.data.data.length === 0 ? (
        <Card>
          <EmptyState title="No teammates yet" />
        </Card>
      ) : (
        <Table
          caption="Team members"
          rows={team.data.data}
          rowKey={(m) => m.id}
          columns={[
            {
              key: "name",
              header: "Name",
              render: (m) => (
                <>
                  {m.name ?? "—"} {m.id === currentUserId ? <span className="muted small">(you)</span> : null}
                </>
              ),
            },
            { key: "email", header: "Email", render: (m) => m.email },
            { key: "role", header: "Role", render: (m) => <Badge tone={m.role === "owner" ? "accent" : "neutral"}>{m.role}</Badge> },
            { key: "joined", header: "Added", render: (m) => new Date(m.createdAt).toLocaleDateString("en", { dateStyle: "medium" }) },
            {
              key: "actions",
              header: "Actions",
              render: (m) =>
                m.id === currentUserId ? (
                  <span className="muted small">Change your password under Your account</span>
                ) : (
                  <div className="row" style={{ gap: 6 }}>
                    <Button
                      size="sm"
                      loading={setRole.isPending && setRole.variables?.id === m.id}
                      onClick={() => setRole.mutate({ id: m.id, role: m.role === "owner" ? "agent" : "owner" })}
                    >
                      {m.role === "owner" ? "Make agent" : "Make owner"}
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRemoving(m)}>
                      Remove
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      )}
      <TeamLoad />
      <LabelsManager />
      <PendingInvites />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        message={`${removing?.email ?? ""} is signed out at once and can no longer sign in to this business. Their conversations go back to the unassigned queue and the invites they sent stop working.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
