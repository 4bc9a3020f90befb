"use client";
import { useState } from "react";
import { EmptyState, PageHeader } from "@/components/ui";
import { ConversationList, type InboxFilter } from "./conversation-list";
import { Thread } from "./thread";

/** The inbox: conversations on the left, the selected thread and its contact to the right. */
export function InboxView({
  currentUserId,
  initial,
}: {
  currentUserId: string;
  initial: { conversationId?: string; contactId?: string; status?: string; assignee?: string };
}) {
  const [filter, setFilter] = useState<InboxFilter>({
    status: initial.status ?? "",
    assignee: initial.assignee ?? "all",
    contactId: initial.contactId,
  });
  const [selectedId, setSelectedId] = useState<string | null>(initial.conversationId ?? null);

  const syncUrl = (next: { c?: string | null; f?: InboxFilter }) => {
    const f = next.f ?? filter;
    const c = next.c === undefined ? selectedId : next.c;
    const params = new URLSearchParams();
    if (c) params.set("c", c);
    if (f.status) params.set("status", f.status);
    if (f.assignee !== "all") params.set("assignee", f.assignee);
    if (f.contactId) params.set("contact", f.contactId);
    const qs = params.toString();
    // Native history keeps Next's router in sync without a server round trip.
    window.history.replaceState(null, "", qs ? `/inbox?${qs}` : "/inbox");
  };

  return (
    <>
      <PageHeader title="Inbox" description="Conversations update live. Hand off to answer yourself; return them to the assistant when done." />
      <div className="inbox">
        <ConversationList
          filter={filter}
          onFilter={(f) => {
            setFilter(f);
            syncUrl({ f });
          }}
          selectedId={selectedId}
          onSelect={(id) => {
            setSelectedId(id);
            syncUrl({ c: id });
          }}
        />
        {selectedId ? (
          <Thread key={selectedId} conversationId={selectedId} currentUserId={currentUserId} />
        ) : (
          <>
            <div className="thread">
              <EmptyState title="Pick a conversation" icon="✉">
                Choose a conversation on the left to read it and reply.
              </EmptyState>
            </div>
            <aside className="side-panel" />
          </>
        )}
      </div>
    </>
  );
}
