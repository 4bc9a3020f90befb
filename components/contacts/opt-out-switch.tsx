"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/common/switch";
import { useToast } from "@/components/ui";
import type { OptOutView } from "@/lib/shared/opt-out-view";
import { apiFetch, errorMessage } from "@/components/data/fetcher";

const how: Record<string, string> = { customer: "by the customer", staff: "by staff", api: "through the API" };

/** Whether the contact receives campaigns; staff can change it (the customer does with STOP / START). */
export function OptOutSwitch({ contactId }: { contactId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const state = useQuery({
    queryKey: ["contact", contactId, "opt-out"],
    queryFn: () => apiFetch<OptOutView>(`/v1/internal/contacts/${encodeURIComponent(contactId)}/opt-out`),
  });
  const change = useMutation({
    mutationFn: (optedOut: boolean) =>
      apiFetch<OptOutView>(`/v1/internal/contacts/${encodeURIComponent(contactId)}/opt-out`, { method: "PUT", body: { optedOut } }),
    onSuccess: (v) => {
      client.setQueryData(["contact", contactId, "opt-out"], v);
      toast.success(v.optedOut ? "Opted out of campaigns." : "Receives campaigns again.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (state.isPending) return <div className="muted small">Checking campaign opt-out…</div>;
  if (state.isError) return <div className="muted small">Could not load the campaign opt-out: {errorMessage(state.error)}</div>;
  const v = state.data;
  return (
    <div className="stack" style={{ gap: 4 }}>
      <Switch checked={!v.optedOut} onChange={(on) => change.mutate(!on)} label="Receives campaigns" showLabel disabled={change.isPending} />
      {v.optedOut ? (
        <div className="muted small" data-testid="opt-out-note">
          Opted out {how[v.source ?? ""] ?? ""}
          {v.updatedAt ? ` on ${new Date(v.updatedAt).toLocaleDateString("en", { dateStyle: "medium" })}` : ""}. Replies to their own messages still
          go out.
        </div>
      ) : null}
    </div>
  );
}
