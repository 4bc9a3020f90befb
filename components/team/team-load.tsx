"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/shell/intent-link";
import { useState } from "react";
import { Badge, Button, Card, EmptyState, ErrorState, Skeleton, Table, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { QueueEntry, TeamLoadMember } from "@/lib/conversations/assignment";

type Load = { queue: QueueEntry[]; members: TeamLoadMember[] };

const tone = { online: "success", away: "warning", offline: "neutral" } as const;

function waited(iso: string | null): string {
  if (!iso) return "—";
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The owner's view of assignment (GET /v1/internal/inbox/load, refreshed every 5 s): the queue of
 * handed-off conversations nobody has, oldest first, and each member's availability and open
 * conversations against their capacity, which the owner sets here.
 */
export function TeamLoad() {
  const load = useQuery({
    queryKey: ["team-load"],
    queryFn: ({ signal }) => apiFetch<Load>("/v1/internal/inbox/load", { signal }),
    refetchInterval: 5_000,
  });
  return (
    <>
      <Card title="Queue" style={{ marginTop: 16 }} aria-label="Queue">
        {load.isPending ? (
          <Skeleton lines={2} />
        ) : load.isError ? (
          <ErrorState error={load.error} title="Could not load the queue" onRetry={() => load.refetch()} />
        ) : load.data.queue.length === 0 ? (
          <EmptyState title="Nobody is waiting for an agent">Handed-off conversations that no agent could take wait here.</EmptyState>
        ) : (
          <Table
            caption="Queue"
            rows={load.data.queue}
            rowKey={(q) => q.id}
            columns={[
              { key: "contact", header: "Customer", render: (q) => <IntentLink href={`/inbox?c=${q.id}`}>{q.contactName}</IntentLink> },
              { key: "waiting", header: "Waiting", render: (q) => waited(q.waitingSince ?? q.handedOffAt) },
            ]}
          />
        )}
      </Card>
      <Card title="Load and capacity" style={{ marginTop: 16 }} aria-label="Load and capacity">
        {load.isPending ? (
          <Skeleton lines={3} />
        ) : load.isError ? (
          <ErrorState error={load.error} title="Could not load the team's load" onRetry={() => load.refetch()} />
        ) : load.data.members.length === 0 ? (
          <EmptyState title="No teammates yet" />
        ) : (
          <Table
            caption="Load and capacity"
            rows={load.data.members}
            rowKey={(m) => m.id}
            columns={[
              { key: "name", header: "Member", render: (m) => m.name ?? m.email },
              {
                key: "availability",
                header: "Availability",
                render: (m) => (
                  <span data-testid={`availability-${m.id}`}>
                    <Badge tone={tone[m.availability]}>{m.availability}</Badge>
                  </span>
                ),
              },
              {
                key: "load",
                header: "Open",
                render: (m) => (
                  <span data-testid={`load-${m.id}`}>
                    {m.open}
                    {m.capacity !== null ? ` / ${m.capacity}` : ""}
                  </span>
                ),
              },
              { key: "capacity", header: "Capacity", render: (m) => <CapacityEditor member={m} /> },
            ]}
          />
        )}
      </Card>
    </>
  );
}

function CapacityEditor({ member }: { member: TeamLoadMember }) {
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? (member.capacity === null ? "" : String(member.capacity));
  const n = value.trim() === "" ? null : Number(value);
  const invalid = n !== null && (!Number.isInteger(n) || n < 0 || n > 1000);
  const save = useMutation({
    mutationFn: () => apiFetch(`/v1/internal/inbox/capacity/${member.id}`, { method: "PUT", body: { capacity: n } }),
    onSuccess: () => {
      toast.success(`${member.name ?? member.email}: ${n === null ? "no limit" : `at most ${n} open conversations`}.`);
      setText(null);
      client.invalidateQueries({ queryKey: ["team-load"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const label = `Capacity of ${member.name ?? member.email}`;
  return (
    <form
      className="row"
      style={{ gap: 6 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
      <input
        aria-label={label}
        aria-invalid={invalid || undefined}
        className="input"
        style={{ width: 80 }}
        inputMode="numeric"
        placeholder="No limit"
        value={value}
        onChange={(e) => setText(e.target.value)}
      />
      <Button size="sm" type="submit" disabled={invalid || text === null} loading={save.isPending}>
        Save
      </Button>
    </form>
  );
}
