"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { SecretReveal } from "@/components/common/secret-reveal";
import { Button, Dialog, Input, Select } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { Scope } from "@/lib/shared/scopes";
import { ScopePicker } from "./scope-picker";
import type { OperationOutput } from "@/lib/api/operation";
import type { apiKeysCreate } from "@/lib/api/operations";

type Created = OperationOutput<typeof apiKeysCreate>;

const expiryOptions = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "custom", label: "On a date…" },
];

function expiresAt(choice: string, date: string): string | null {
  if (choice === "never") return null;
  if (choice === "custom") return date ? new Date(`${date}T23:59:59`).toISOString() : null;
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/** Name, scopes and expiry; then the key, shown once with a copy button. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState("never");
  const [date, setDate] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () => apiFetch<Created>("/v1/internal/api-keys", { body: { name, scopes, expiresAt: expiresAt(expiry, date) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["api-keys"] }),
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length)
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.split(".")[0], d.message])));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = "Give the key a name, such as the app that will use it.";
    if (!scopes.length) problems.scopes = "Pick at least one scope.";
    if (expiry === "custom" && (!date || new Date(`${date}T23:59:59`).getTime() <= Date.now())) problems.expiresAt = "Pick a date in the future.";
    setErrors(problems);
    if (!Object.keys(problems).length) create.mutate();
  }

  const created = create.data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={created ? "Your new API key" : "Create an API key"}
      footer={
        created ? (
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        ) : undefined
      }
    >
      {created ? (
        <div className="stack">
          <p style={{ margin: 0 }}>
            <strong>{created.name}</strong> can use {created.scopes.length} scope{created.scopes.length === 1 ? "" : "s"}. Send it as{" "}
            <code>Authorization: Bearer …</code>.
          </p>
          <SecretReveal label="API key" secret={created.key} />
        </div>
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          {create.isError && !(create.error instanceof DashboardError && create.error.details?.length) ? (
            <div className="alert" role="alert">
              {errorMessage(create.error)}
            </div>
          ) : null}
          <Input
            id="key-name"
            label="Name"
            placeholder="Order sync"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors(({ name: _n, ...rest }) => rest);
            }}
          />
          <ScopePicker
            value={scopes}
            onChange={(next) => {
              setScopes(next);
              setErrors(({ scopes: _s, ...rest }) => rest);
            }}
            error={errors.scopes}
          />
          <div className="inline-fields">
            <Select id="key-expiry" label="Expires" value={expiry} options={expiryOptions} onChange={(e) => setExpiry(e.target.value)} />
            {expiry === "custom" ? (
              <Input
                id="key-expiry-date"
                type="date"
                label="Expiry date"
                value={date}
                error={errors.expiresAt}
                onChange={(e) => setDate(e.target.value)}
              />
            ) : null}
          </div>
          <div className="row" style={{ justifyContent: "flex-end" }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" loading={create.isPending}>
              Create key
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
