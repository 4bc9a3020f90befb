"use client";
import "./skill-editor.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/shell/intent-link";
import { useState } from "react";
import { Switch } from "@/components/common/switch";
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { NewSkillDialog } from "./new-skill-dialog";
import { skillActionUrl } from "./use-skill-save";
import type { OperationOutput } from "@/lib/api/operation";
import type { skillsList } from "@/lib/api/operations";

type SkillRow = OperationOutput<typeof skillsList>["data"][number];

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

/** /skills: every skill with its enable toggle; create from a template or blank; delete with confirmation. */
export function SkillList() {
  const client = useQueryClient();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SkillRow | null>(null);
  const skills = useQuery({ queryKey: ["skills"], queryFn: () => apiFetch<Page<SkillRow>>("/v1/skills", { query: { limit: 200 } }) });

  const toggle = useMutation({
    mutationFn: (s: { id: string; enabled: boolean }) => apiFetch<SkillRow>(skillActionUrl(s.id), { method: "PATCH", body: { enabled: s.enabled } }),
    onMutate: async (s) => {
      await client.cancelQueries({ queryKey: ["skills"] });
      const before = client.getQueryData<Page<SkillRow>>(["skills"]);
      client.setQueryData<Page<SkillRow>>(
        ["skills"],
        (p) => p && { ...p, data: p.data.map((r) => (r.id === s.id ? { ...r, enabled: s.enabled } : r)) },
      );
      return { before };
    },
    onError: (err, _s, ctx) => {
      client.setQueryData(["skills"], ctx?.before);
      toast.error(errorMessage(err));
    },
    onSuccess: (s) => toast.success(`${s.name} is ${s.enabled ? "on" : "off"}.`),
    onSettled: () => client.invalidateQueries({ queryKey: ["skills"] }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(skillActionUrl(id), { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Deleted ${deleting?.name ?? "the skill"}.`);
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["skills"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const rows = skills.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="Skills"
        description="Small conversation programs your assistant runs: bookings, orders, leads. Only enabled skills answer customers."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)} disabled={skills.isPending}>
            New skill
          </Button>
        }
      />
      {skills.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : skills.isError ? (
        <Card>
          <ErrorState error={skills.error} title="Could not load the skills" onRetry={() => skills.refetch()} />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon="⑂"
            title="No skills yet"
            action={
              <Button variant="primary" onClick={() => setCreating(true)}>
                Start from a ready-made skill
              </Button>
            }
          >
            Table booking, order taking and lead capture are ready to switch on, or draw your own.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="Skills"
          rows={rows}
          rowKey={(s) => s.id}
          columns={[
            {
              key: "name",
              header: "Skill",
              render: (s) => (
                <div>
                  <IntentLink href={`/skills/${encodeURIComponent(s.id)}`} style={{ fontWeight: 600 }}>
                    {s.name}
                  </IntentLink>
                  <div className="muted small mono">{s.id}</div>
                </div>
              ),
            },
            {
              key: "enabled",
              header: "Enabled",
              render: (s) => <Switch checked={s.enabled} label={`${s.name} enabled`} onChange={(enabled) => toggle.mutate({ id: s.id, enabled })} />,
            },
            { key: "version", header: "Version", numeric: true, render: (s) => `v${s.version}` },
            { key: "updated", header: "Last saved", render: (s) => when(s.updatedAt) },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (s) => (
                <div className="row" style={{ justifyContent: "flex-end" }}>
                  <IntentLink className="btn btn-sm" href={`/skills/${encodeURIComponent(s.id)}`}>
                    Edit
                  </IntentLink>
                  <IntentLink className="btn btn-sm btn-ghost" href={`/simulator?skill=${encodeURIComponent(s.id)}`}>
                    Test
                  </IntentLink>
                  <Button size="sm" variant="ghost" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      {creating ? <NewSkillDialog open onClose={() => setCreating(false)} takenIds={rows.map((r) => r.id)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this skill?"
        message={
          <p style={{ margin: 0 }}>
            <strong>{deleting?.name}</strong> (<code>{deleting?.id}</code>) will stop answering customers, and its graph is deleted. This cannot be
            undone.
          </p>
        }
        confirmLabel="Delete skill"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
