"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import "./team-inbox.css";

type Member = { id: string; name: string | null; email: string; role: "owner" | "agent"; online: boolean };

/** Assign the conversation to any teammate (POST /v1/conversations/{id}/assign); online members are marked. */
export function AssignMenu({
  conversationId,
  assigneeId,
  currentUserId,
}: {
  conversationId: string;
  assigneeId: string | null;
  currentUserId: string;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const members = useQuery({
    queryKey: ["inbox-members"],
    queryFn: ({ signal }) => apiFetch<{ data: Member[] }>("/v1/internal/inbox/members", { signal }),
    staleTime: 30_000,
  });
  const assign = useMutation({
    mutationFn: (userId: string | null) => apiFetch(`/v1/conversations/${conversationId}/assign`, { body: { userId } }),
    onSuccess: (_, userId) => {
      const m = members.data?.data.find((x) => x.id === userId);
      toast.success(userId ? `Assigned to ${userId === currentUserId ? "you" : (m?.name ?? m?.email ?? "a teammate")}.` : "Unassigned.");
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["conversation", conversationId] });
      client.invalidateQueries({ queryKey: ["messages", conversationId] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });
  const list = members.data?.data ?? [];
  const known = !assigneeId || list.some((m) => m.id === assigneeId);
  return (
    <label className="assign-menu">
      <span className="sr-only">Assign to</span>
      <select
        aria-label="Assign to"
        className="select"
        value={assigneeId ?? ""}
        disabled={members.isPending || assign.isPending}
        onChange={(e) => assign.mutate(e.target.value || null)}
      >
        <option value="">Unassigned</option>
        {!known && assigneeId ? <option value={assigneeId}>A former teammate</option> : null}
        {list.map((m) => (
          <option key={m.id} value={m.id}>
            {m.id === currentUserId ? `Me (${m.name ?? m.email})` : (m.name ?? m.email)}
            {m.online ? " · online" : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
