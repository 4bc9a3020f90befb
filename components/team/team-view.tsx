"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  Input,
  PageHeader,
  Select,
  Skeleton,
  Table,
  useToast,
} from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/lib/dashboard/fetcher";

type Member = { id: string; email: string; name: string | null; role: "owner" | "agent"; createdAt: string };
type InviteErrors = Partial<Record<"email" | "name" | "password" | "role", string>>;

export function TeamView({ currentUserId }: { currentUserId: string }) {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const team = useQuery({ queryKey: ["team"], queryFn: () => apiFetch<{ data: Member[] }>("/api/dashboard/team") });
  // Both end the member's sessions at once; the server refuses to leave the business without an owner.
  const setRole = useMutation({
    mutationFn: (m: { id: string; role: Member["role"] }) =>
      apiFetch<Member>(`/api/dashboard/team/${m.id}`, { method: "PATCH", body: { role: m.role } }),
    onSuccess: (m) => {
      toast.success(`${m.email} is now ${m.role === "owner" ? "an owner" : "an agent"}; they sign in again to continue.`);
      client.invalidateQueries({ queryKey: ["team"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (m: Member) => apiFetch(`/api/dashboard/team/${m.id}`, { method: "DELETE" }),
    onSuccess: (_, m) => {
      toast.success(`${m.email} was removed and signed out.`);
      setRemoving(null);
      client.invalidateQueries({ queryKey: ["team"] });
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
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        message={`${removing?.email ?? ""} is signed out at once and can no longer sign in to this business. Their conversations go back to the unassigned queue.`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [errors, setErrors] = useState<InviteErrors>({});
  const invite = useMutation({
    mutationFn: (input: Record<string, string>) => apiFetch<Member>("/api/dashboard/team", { body: input }),
    onSuccess: (member) => {
      toast.success(`${member.email} can now sign in with the temporary password.`);
      client.invalidateQueries({ queryKey: ["team"] });
      onClose();
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
    },
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    invite.mutate(Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>);
  }
  const formError = invite.isError && !(invite.error instanceof DashboardError && invite.error.details?.length) ? errorMessage(invite.error) : null;
  return (
    <Dialog open={open} onClose={onClose} title="Invite a teammate">
      <form className="stack" onSubmit={onSubmit} id="invite-form">
        <p className="muted" style={{ margin: 0 }}>
          This creates their account. Share the temporary password with them privately.
        </p>
        {formError ? (
          <div className="alert" role="alert">
            {formError}
          </div>
        ) : null}
        <Input id="invite-name" name="name" label="Name" required error={errors.name} />
        <Input id="invite-email" name="email" type="email" label="Email" required error={errors.email} />
        <Input
          id="invite-password"
          name="password"
          type="text"
          label="Temporary password"
          required
          minLength={8}
          hint="At least 8 characters."
          error={errors.password}
          autoComplete="off"
        />
        <Select
          id="invite-role"
          name="role"
          label="Role"
          defaultValue="agent"
          error={errors.role}
          options={[
            { value: "agent", label: "Agent: inbox, simulator, contacts, records" },
            { value: "owner", label: "Owner: everything" },
          ]}
        />
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={invite.isPending}>
            Create account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
