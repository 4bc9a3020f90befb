"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge, Button, EmptyState, ErrorState, Select, Skeleton } from "@/components/ui";
import { apiFetch } from "@/lib/dashboard/fetcher";
import { type InboxRow, type Page, shortTime, statusLabel, statusTone } from "./types";

export type InboxFilter = { status: string; assignee: string; contactId?: string };

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
  onSelect: (id: string) => void;
}) {
  const list = useInfiniteQuery({
    queryKey: ["inbox", filter],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<InboxRow>>("/api/dashboard/conversations", {
        query: { status: filter.status || undefined, assignee: filter.assignee, contactId: filter.contactId, cursor: pageParam, limit: 50 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: POLL_MS,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="inbox-list">
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
            { value: "all", label: "Anyone" },
            { value: "me", label: "Assigned to me" },
            { value: "unassigned", label: "Unassigned" },
          ]}
        />
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
          {filter.status || filter.assignee !== "all" ? "None match these filters." : "When customers write in, their conversations appear here."}
        </EmptyState>
      ) : (
        <ul className="inbox-items" aria-label="Conversations">
          {rows.map((c) => (
            <li key={c.id}>
              <button type="button" className="inbox-item" aria-current={c.id === selectedId ? "true" : undefined} onClick={() => onSelect(c.id)}>
                <div className="row">
                  <strong style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                    {c.contact?.name ?? c.contact?.phone ?? "Unknown"}
                  </strong>
                  <span className="spacer" />
                  <span className="small muted">{shortTime(c.lastMessage?.createdAt ?? c.updatedAt)}</span>
                </div>
                <div className="row" style={{ marginTop: 2 }}>
                  <span className="inbox-item-preview" style={{ flex: 1 }}>
                    {c.lastMessage ? `${c.lastMessage.direction === "outbound" ? "You: " : ""}${c.lastMessage.text}` : "No messages yet"}
                  </span>
                  <Badge tone={statusTone[c.status]}>{statusLabel[c.status]}</Badge>
                </div>
              </button>
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
