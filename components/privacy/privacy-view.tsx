"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { PrivacySettingsOut } from "@/lib/privacy/retention";
import { StorageCard } from "./storage-card";

/** Settings › Privacy: how long messages are kept (owners), where a customer's requests are answered, and the files' storage. */
export function PrivacyView() {
  const settings = useQuery({ queryKey: ["privacy-settings"], queryFn: () => apiFetch<PrivacySettingsOut>("/v1/privacy-settings") });
  return (
    <>
      <PageHeader
        title="Privacy"
        description="How long customers' messages are kept. A customer's request to see or erase their data is answered from their contact (Contacts › Edit › Export data / Erase contact) or with the API."
      />
      {settings.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : settings.isError ? (
        <Card>
          <ErrorState error={settings.error} title="Could not load the privacy settings" onRetry={() => settings.refetch()} />
        </Card>
      ) : (
        <RetentionForm key={settings.data.updatedAt ?? "new"} initial={settings.data} />
      )}
      <StorageCard />
    </>
  );
}

function RetentionForm({ initial }: { initial: PrivacySettingsOut }) {
  const client = useQueryClient();
  const toast = useToast();
  const [limited, setLimited] = useState(initial.messageRetentionDays !== null);
  const [days, setDays] = useState(String(initial.messageRetentionDays ?? 365));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<PrivacySettingsOut>("/v1/privacy-settings", {
        method: "PUT",
        body: { messageRetentionDays: limited ? Number(days) : null },
      }),
    onSuccess: (data) => {
      setError(null);
      client.setQueryData(["privacy-settings"], data);
      toast.success("Privacy settings saved.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setError(err.details.map((d) => d.message).join(" "));
      else toast.error(errorMessage(err));
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (limited && !/^\d+$/.test(days.trim())) {
      setError("Enter a whole number of days.");
      return;
    }
    save.mutate();
  }
  return (
    <Card>
      <form className="stack" onSubmit={submit} aria-label="Message retention">
        <h2 style={{ margin: 0 }}>Message retention</h2>
        {initial.messageRetentionDays === null ? (
          <EmptyState title="Messages are kept" icon="🔒">
            No retention is set: messages stay for as long as your business exists. Set a number of days to delete older messages automatically.
          </EmptyState>
        ) : (
          <p data-testid="retention-current">
            Messages older than <strong>{initial.messageRetentionDays} days</strong> are deleted every hour, with the files only they used.
            Conversations, contacts and records stay.
          </p>
        )}
        <label className="row">
          <input type="checkbox" checked={limited} onChange={(e) => setLimited(e.target.checked)} /> Delete messages after a number of days
        </label>
        {limited ? (
          <div style={{ maxWidth: 220 }}>
            <Input
              id="retention-days"
              label="Keep messages for (days)"
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={error}
              hint="1 to 3650."
            />
          </div>
        ) : null}
        <div className="row">
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
