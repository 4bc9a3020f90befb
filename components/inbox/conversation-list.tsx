"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Button, EmptyState, ErrorState, Select, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { InboxRowButton } from "./inbox-row";
import { useLabels } from "./labels";
import type { InboxRow, Page } from "./types";
import { InboxSearch } from "./inbox-search";

export type InboxFilter = { status: string; assignee: string; contactId?: string; label?: string };

const POLL_MS = 1500;

/** The inbox's left column: filters and conversations, refreshed every 1.5 s. */
export function ConversationList({
  filter,
  onFilter,
  selectedId,
  onSelect,
}: {
  filter: InboxFilter;
  onFilter: (f: InboxFilter) => void;
  selectedId: string | null;
  /** `focus`: the message a search result matched, for the thread to open at. */
  onSelect: (id: string, focus?: string) => void;
}) {
  const list = useInfiniteQuery({
    queryKey: ["inbox", filter],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<InboxRow>>("/v1/internal/inbox", {
        query: {
          status: filter.status || undefined,
          view: filter.assignee === "me" ? "mine" : filter.assignee,
          contactId: filter.contactId,
          label: filter.label || undefined,
          cursor: pageParam,
          limit: 50,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: POLL_MS,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const labels = useLabels();

  return (
    <div className="inbox-list">
      <InboxSearch selectedId={selectedId} onSelect={onSelect} />
      <div className="inbox-filters">
        <Select
          id="inbox-status"
          aria-label="Status"
          value={filter.status}
          onChange={(e) => onFilter({ ...filter, status: e.target.value })}
          options={[
            { value: "", label: "All statuses" },
            { value: "open", label: "Open" },
            { value: "handoff", label: "Handed off" },
            { value: "closed", label: "Closed" },
          ]}
        />
        <Select
          id="inbox-assignee"
          aria-label="Assignee"
          value={filter.assignee}
          onChange={(e) => onFilter({ ...filter, assignee: e.target.value })}
          options={[
            { value: "all", label: "All" },
            { value: "me", label: "Mine" },
            { value: "unassigned", label: "Unassigned" },
          ]}
        />
        {labels.data?.data.length ? (
          <Select
            id="inbox-label"
            aria-label="Label"
            value={filter.label ?? ""}
            onChange={(e) => onFilter({ ...filter, label: e.target.value || undefined })}
            options={[{ value: "", label: "All labels" }, ...labels.data.data.map((l) => ({ value: l.id, label: l.name }))]}
          />
        ) : null}
      </div>
      {filter.contactId ? (
        <div className="small" style={{ padding: "6px 12px", borderBottom: "1px solid var(--border)" }}>
          One contact's conversations ·{" "}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onFilter({ ...filter, contactId: undefined })}>
            Show all
          </button>
        </div>
      ) : null}
      {list.isPending ? (
        <div style={{ padding: 12 }}>
          <Skeleton lines={6} height={34} />
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} title="Could not load conversations" onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No conversations" icon="✉">
          {filter.status || filter.assignee !== "all" || filter.label
            ? "None match these filters."
            : "When customers write in, their conversations appear here."}
        </EmptyState>
      ) : (
        <ul className="inbox-items" aria-label="Conversations">
          {rows.map((c) => (
            <li key={c.id}>
              <InboxRowButton row={c} selected={c.id === selectedId} onSelect={() => onSelect(c.id)} />
            </li>
          ))}
          {list.hasNextPage ? (
            <li style={{ padding: 10, textAlign: "center" }}>
              <Button size="sm" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                Load more
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
