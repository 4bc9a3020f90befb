"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, Input, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { LabelChip, useLabels } from "@/components/inbox/labels";
import type { LabelOut } from "@/lib/shared/label-schema";

const target = (n: number | null) => (n === null ? "—" : `${n} min`);

/** Owners manage the conversation labels (/v1/labels): name, colour and the label's own SLA targets. */
export function LabelsManager() {
  const client = useQueryClient();
  const toast = useToast();
  const labels = useLabels();
  const [deleting, setDeleting] = useState<LabelOut | null>(null);
  const remove = useMutation({
    mutationFn: (l: LabelOut) => apiFetch(`/v1/labels/${l.id}`, { method: "DELETE" }),
    onSuccess: (_, l) => toast.success(`The label ${l.name} was deleted.`),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["labels"] });
    },
  });
  return (
    <Card title="Labels and SLA targets" style={{ marginTop: 16 }} aria-label="Labels">
      <NewLabelForm />
      {labels.isPending ? (
        <Skeleton lines={2} />
      ) : labels.isError ? (
        <ErrorState error={labels.error} title="Could not load the labels" onRetry={() => labels.refetch()} />
      ) : labels.data.data.length === 0 ? (
        <EmptyState title="No labels yet">Agents put labels on conversations; the inbox filters by them.</EmptyState>
      ) : (
        <Table
          caption="Labels"
          rows={labels.data.data}
          rowKey={(l) => l.id}
          columns={[
            { key: "label", header: "Label", render: (l) => <LabelChip label={l} /> },
            { key: "fr", header: "First response", render: (l) => target(l.firstResponseMinutes) },
            { key: "res", header: "Resolution", render: (l) => target(l.resolutionMinutes) },
            {
              key: "actions",
              header: "Actions",
              render: (l) => (
                <Button size="sm" variant="danger" onClick={() => setDeleting(l)}>
                  Delete
                </Button>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this label?"
        message={`${deleting?.name ?? ""} is taken off every conversation that carries it.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

const optionalMinutes = (text: string): number | null => (text.trim() === "" ? null : Number(text));
const badMinutes = (text: string) => {
  const n = optionalMinutes(text);
  return n !== null && (!Number.isInteger(n) || n < 1 || n > 525_600);
};

function NewLabelForm() {
  const client = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState("");
  const [color, setColor] = useState("#2563eb");
  const [fr, setFr] = useState("");
  const [res, setRes] = useState("");
  const create = useMutation({
    mutationFn: () =>
      apiFetch<LabelOut>("/v1/labels", {
        body: { name, color, firstResponseMinutes: optionalMinutes(fr), resolutionMinutes: optionalMinutes(res) },
      }),
    onSuccess: (l) => {
      toast.success(`Label ${l.name} created.`);
      setName("");
      setFr("");
      setRes("");
      client.invalidateQueries({ queryKey: ["labels"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const invalid = name.trim() === "" || badMinutes(fr) || badMinutes(res);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) create.mutate();
  };
  return (
    <form onSubmit={submit} className="row-wrap" style={{ gap: 8, alignItems: "flex-end", marginBottom: 12 }} aria-label="New label">
      <Input id="label-name" label="Name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
      <div className="field">
        <label className="field-label" htmlFor="label-color">
          Colour
        </label>
        <input id="label-color" type="color" value={color} onChange={(e) => setColor(e.target.value)} style={{ height: 34, width: 48 }} />
      </div>
      <Input
        id="label-fr"
        label="First response (min)"
        inputMode="numeric"
        placeholder="Business's"
        value={fr}
        error={badMinutes(fr) ? "1 to 525600" : null}
        onChange={(e) => setFr(e.target.value)}
      />
      <Input
        id="label-res"
        label="Resolution (min)"
        inputMode="numeric"
        placeholder="Business's"
        value={res}
        error={badMinutes(res) ? "1 to 525600" : null}
        onChange={(e) => setRes(e.target.value)}
      />
      <Button variant="primary" type="submit" disabled={invalid} loading={create.isPending}>
        Add label
      </Button>
    </form>
  );
}
