"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { LabelOut, LabelRef } from "@/lib/shared/label-schema";
import "./labels.css";

/** The business's labels (GET /v1/labels), shared by the filter, the thread's menu and the team page. */
export function useLabels() {
  return useQuery({
    queryKey: ["labels"],
    queryFn: ({ signal }) => apiFetch<{ data: LabelOut[] }>("/v1/labels", { signal }),
    staleTime: 30_000,
  });
}

/** A label as a small coloured chip; with onRemove, a button takes it off. */
export function LabelChip({ label, onRemove, busy }: { label: LabelRef; onRemove?: () => void; busy?: boolean }) {
  return (
    <span className="label-chip" data-testid="label-chip" style={{ borderColor: label.color }}>
      <span className="label-dot" style={{ background: label.color }} aria-hidden="true" />
      {label.name}
      {onRemove ? (
        <button type="button" className="label-remove" aria-label={`Remove label ${label.name}`} disabled={busy} onClick={onRemove}>
          ×
        </button>
      ) : null}
    </span>
  );
}

/** The thread header's labels: the conversation's chips, each removable, and a menu to add one. */
export function LabelMenu({ conversationId, labels }: { conversationId: string; labels: LabelRef[] }) {
  const client = useQueryClient();
  const toast = useToast();
  const all = useLabels();
  const change = useMutation({
    mutationFn: (c: { labelId: string; on: boolean }) =>
      c.on
        ? apiFetch(`/v1/conversations/${conversationId}/labels`, { body: { labelId: c.labelId } })
        : apiFetch(`/v1/conversations/${conversationId}/labels/${c.labelId}`, { method: "DELETE" }),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["conversation", conversationId] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });
  const carried = new Set(labels.map((l) => l.id));
  const addable = (all.data?.data ?? []).filter((l) => !carried.has(l.id));
  return (
    <div className="label-menu" data-testid="conversation-labels">
      {labels.map((l) => (
        <LabelChip key={l.id} label={l} busy={change.isPending} onRemove={() => change.mutate({ labelId: l.id, on: false })} />
      ))}
      {all.isError ? (
        <span className="small field-error">Labels unavailable</span>
      ) : addable.length ? (
        <select
          aria-label="Add label"
          className="select label-add"
          value=""
          disabled={all.isPending || change.isPending}
          onChange={(e) => e.target.value && change.mutate({ labelId: e.target.value, on: true })}
        >
          <option value="">+ Label</option>
          {addable.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
