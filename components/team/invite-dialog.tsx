"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { SecretReveal } from "@/components/common/secret-reveal";
import { Button, Dialog, Input, Select } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { InviteOut } from "@/lib/team/invite-schema";

type Created = InviteOut & { url: string; emailed: boolean };
type InviteErrors = Partial<Record<"email" | "role", string>>;

/** Email and role; then the one-time link, shown once, to share (also emailed when the server has SMTP). */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<InviteErrors>({});
  const [created, setCreated] = useState<Created | null>(null);
  const invite = useMutation({
    mutationFn: (input: Record<string, string>) => apiFetch<Created>("/v1/internal/team/invites", { body: input }),
    onSuccess: (made) => {
      setCreated(made);
      client.invalidateQueries({ queryKey: ["team-invites"] });
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
    },
  });
  function close() {
    setCreated(null);
    setErrors({});
    invite.reset();
    onClose();
  }
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    invite.mutate(Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>);
  }
  const formError = invite.isError && !(invite.error instanceof DashboardError && invite.error.details?.length) ? errorMessage(invite.error) : null;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? "Share the invite link" : "Invite a teammate"}
      footer={
        created ? (
          <Button variant="primary" onClick={close}>
            Done
          </Button>
        ) : undefined
      }
    >
      {created ? (
        <div className="stack">
          <p style={{ margin: 0 }}>
            Send this link to <strong>{created.email}</strong>. They choose their own name and password and join as{" "}
            {created.role === "owner" ? "an owner" : "an agent"}. It works once and expires on{" "}
            {new Date(created.expiresAt).toLocaleDateString("en", { dateStyle: "medium" })}.
          </p>
          {created.emailed ? <div className="alert alert-success">We also emailed it to {created.email}.</div> : null}
          <SecretReveal
            label="Invite link"
            secret={created.url}
            note="Copy it now: it will not be shown again. Revoke the invite if it goes astray."
          />
        </div>
      ) : (
        <form className="stack" onSubmit={onSubmit} id="invite-form">
          <p className="muted" style={{ margin: 0 }}>
            You get a one-time link to share. Whoever opens it sets their own password; it expires in 7 days.
          </p>
          {formError ? (
            <div className="alert" role="alert">
              {formError}
            </div>
          ) : null}
          <Input id="invite-email" name="email" type="email" label="Email" required error={errors.email} />
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
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" loading={invite.isPending}>
              Create invite link
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
