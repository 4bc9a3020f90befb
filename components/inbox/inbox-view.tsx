"use client";
import { useEffect, useState } from "react";
import { EmptyState, PageHeader } from "@/components/ui";
import { ConversationList, type InboxFilter } from "./conversation-list";
import { InboxTools } from "./inbox-tools";
import { Thread } from "./thread";
import "./chat.css";
import "./inbox.css";

/**
 * The inbox: conversations on the left, the selected thread and its contact to the right. On a phone
 * (below 768 px, inbox.css) one of them at a time: the list, then the thread full-screen with a bar
 * to go back to the list or to the contact's details.
 */
export function InboxView({
  currentUserId,
  isOwner = false,
  initial,
}: {
  currentUserId: string;
  isOwner?: boolean;
  initial: { conversationId?: string; contactId?: string; status?: string; assignee?: string };
}) {
  const [filter, setFilter] = useState<InboxFilter>({
    status: initial.status ?? "",
    assignee: initial.assignee ?? "all",
    contactId: initial.contactId,
  });
  const [selectedId, setSelectedId] = useState<string | null>(initial.conversationId ?? null);
  // The message a search result pointed at: the thread opens there.
  const [focus, setFocus] = useState<string | null>(null);
  // Phone only: the contact's details in place of the thread (a wide screen shows both).
  const [showContact, setShowContact] = useState(false);

  // Opening a conversation is a step in the browser's history, so the phone's back gesture (and the
  // browser's Back button) returns to the list; filters only replace the current entry.
  useEffect(() => {
    const onPop = () => {
      setSelectedId(new URLSearchParams(window.location.search).get("c"));
      setShowContact(false);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const syncUrl = (next: { c?: string | null; f?: InboxFilter }, push = false) => {
    const f = next.f ?? filter;
    const c = next.c === undefined ? selectedId : next.c;
    const params = new URLSearchParams();
    if (c) params.set("c", c);
    if (f.status) params.set("status", f.status);
    if (f.assignee !== "all") params.set("assignee", f.assignee);
    if (f.contactId) params.set("contact", f.contactId);
    const qs = params.toString();
    // Native history keeps Next's router in sync without a server round trip.
    const url = qs ? `/inbox?${qs}` : "/inbox";
    if (push) window.history.pushState({ inboxOpened: true }, "", url);
    else window.history.replaceState(window.history.state, "", url);
  };

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Conversations update live. Replying pauses the assistant on that conversation; return it to the assistant when done."
        actions={<InboxTools isOwner={isOwner} />}
      />
      <div className="inbox" data-view={selectedId ? (showContact ? "contact" : "thread") : "list"}>
        <ConversationList
          filter={filter}
          onFilter={(f) => {
            setFilter(f);
            syncUrl({ f });
          }}
          selectedId={selectedId}
          onSelect={(id, focus) => {
            setSelectedId(id);
            setFocus(focus ?? null);
            setShowContact(false);
            syncUrl({ c: id }, id !== selectedId);
          }}
        />
        {selectedId ? (
          <div className="inbox-phone-bar">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label="Back to conversations"
              onClick={() => {
                // Back to the list the way the browser would, when the list is the previous entry.
                if (window.history.state?.inboxOpened) window.history.back();
                else {
                  setSelectedId(null);
                  syncUrl({ c: null });
                }
              }}
            >
              ‹ Conversations
            </button>
            <span className="spacer" />
            <button type="button" className="btn btn-sm" aria-pressed={showContact} onClick={() => setShowContact((v) => !v)}>
              Contact details
            </button>
          </div>
        ) : null}
        {selectedId ? (
          <Thread key={`${selectedId}:${focus ?? ""}`} conversationId={selectedId} currentUserId={currentUserId} focusMessageId={focus} />
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
