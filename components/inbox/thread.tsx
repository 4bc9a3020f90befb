"use client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Badge, Button, ErrorState, LoadingState, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { AssignMenu } from "./assign-menu";
import { LabelMenu } from "./labels";
import { ContactPanel } from "./contact-panel";
import { MessageBubble } from "./message-bubble";
import { Composer } from "./composer";
import { PausedSkillCard } from "./paused-skill";
import { ClaimBanner, PresenceBar, usePresence } from "./presence";
import { NoteBubble, SystemLine } from "./thread-lines";
import { type ConversationDetail, isEvent, type Message, type Page, statusLabel, statusTone, type ThreadEntry } from "./types";
import { WaitingSince } from "./waiting-since";
import { contactIdentifiers, contactLabel } from "@/lib/shared/customer-address";

const POLL_MS = 1500;
type Action = "handoff" | "resume" | "close" | "assign";

/** One conversation: header with the status actions, the live thread, the reply box, the contact panel. */
export function Thread({
  conversationId,
  currentUserId,
  focusMessageId,
}: {
  conversationId: string;
  currentUserId: string;
  /** Open at this message (a search result's) instead of the newest. */
  focusMessageId?: string | null;
}) {
  const detail = useQuery({
    queryKey: ["conversation", conversationId],
    queryFn: ({ signal }) => apiFetch<ConversationDetail>(`/v1/internal/inbox/${conversationId}`, { signal }),
    refetchInterval: POLL_MS,
  });
  // Two people in one conversation (issue 36): who else is here and typing, the latest message this
  // member has seen (the reply box's "seen up to"), and a reply a paused skill's completion suggests.
  const [typing, setTyping] = useState(false);
  const viewers = usePresence(conversationId, typing);
  const [latestSeen, setLatestSeen] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ text: string; n: number } | null>(null);
  // The message a staff reply quotes ("Reply" on a message), until it is sent or dropped.
  const [quoting, setQuoting] = useState<Message | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a quote belongs to its conversation.
  useEffect(() => setQuoting(null), [conversationId]);

  if (detail.isPending)
    return (
      <>
        <div className="thread">
          <LoadingState label="Loading the conversation…" />
        </div>
        <aside className="side-panel" />
      </>
    );
  if (detail.isError)
    return (
      <>
        <div className="thread">
          <ErrorState error={detail.error} title="Could not open this conversation" onRetry={() => detail.refetch()} />
        </div>
        <aside className="side-panel" />
      </>
    );
  return (
    <>
      <div className="thread">
        <ThreadHeader detail={detail.data} currentUserId={currentUserId} />
        <ClaimBanner assignee={detail.data.assignee} currentUserId={currentUserId} />
        <Messages
          conversationId={conversationId}
          onLatest={setLatestSeen}
          onReply={detail.data.conversation.status === "closed" ? undefined : setQuoting}
          focusMessageId={focusMessageId}
        />
        {detail.data.pausedSkill && detail.data.conversation.status !== "closed" ? (
          <PausedSkillCard skill={detail.data.pausedSkill} onConfirmation={(text) => setDraft((d) => ({ text, n: (d?.n ?? 0) + 1 }))} />
        ) : null}
        <PresenceBar viewers={viewers} />
        {detail.data.conversation.status === "closed" ? (
          <div className="composer muted small">This conversation is closed. When the customer writes again, a new conversation opens.</div>
        ) : (
          <Composer
            detail={detail.data}
            currentUserId={currentUserId}
            latestSeen={latestSeen}
            draft={draft}
            onTyping={setTyping}
            quoting={quoting}
            onQuoted={() => setQuoting(null)}
          />
        )}
      </div>
      <ContactPanel detail={detail.data} />
    </>
  );
}

function ThreadHeader({ detail, currentUserId }: { detail: ConversationDetail; currentUserId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const { conversation, contact } = detail;
  const act = useMutation({
    // The public API's operations, as the signed-in member ("assign" here is "assign to me").
    mutationFn: (action: Action) =>
      apiFetch(`/v1/conversations/${conversation.id}/${action}`, { body: action === "assign" ? { userId: currentUserId } : {} }),
    onSuccess: (_, action) => {
      toast.success(
        {
          handoff: "Handed off: the assistant is paused.",
          resume: "Returned to the assistant.",
          close: "Conversation closed.",
          assign: "Assigned to you.",
        }[action],
      );
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["conversation", conversation.id] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });
  const busy = (a: Action) => act.isPending && act.variables === a;
  const status = conversation.status;
  return (
    <div className="thread-header">
      <div style={{ minWidth: 0 }}>
        <h2 style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{contact.name ?? contactLabel(contact)}</h2>
        <div className="small muted">{contactIdentifiers(contact)}</div>
      </div>
      <Badge tone={statusTone[status]}>
        <span data-testid="conversation-status">{statusLabel[status]}</span>
      </Badge>
      <WaitingSince since={conversation.waitingSince} />
      <span className="spacer" />
      <div className="row-wrap">
        <LabelMenu conversationId={conversation.id} labels={conversation.labels} />
        <AssignMenu conversationId={conversation.id} assigneeId={conversation.assigneeId} currentUserId={currentUserId} />
        {status === "open" ? (
          <Button size="sm" loading={busy("handoff")} disabled={act.isPending} onClick={() => act.mutate("handoff")}>
            Hand off
          </Button>
        ) : null}
        {status === "handoff" ? (
          <Button size="sm" loading={busy("resume")} disabled={act.isPending} onClick={() => act.mutate("resume")}>
            Return to assistant
          </Button>
        ) : null}
        {conversation.assigneeId !== currentUserId ? (
          <Button size="sm" loading={busy("assign")} disabled={act.isPending} onClick={() => act.mutate("assign")}>
            Assign to me
          </Button>
        ) : null}
        {status !== "closed" ? (
          <Button size="sm" loading={busy("close")} disabled={act.isPending} onClick={() => act.mutate("close")}>
            Close
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Messages({
  conversationId,
  onLatest,
  onReply,
  focusMessageId,
}: {
  conversationId: string;
  onLatest: (messageId: string | null) => void;
  onReply?: (m: Message) => void;
  /** A search result's message: the thread opens at it (loading earlier pages until it is there) and highlights it. */
  focusMessageId?: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(!focusMessageId);
  const [found, setFound] = useState<string | null>(null);
  const sought = useRef(focusMessageId ?? null);
  const messages = useInfiniteQuery({
    queryKey: ["messages", conversationId],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<ThreadEntry>>(`/v1/conversations/${conversationId}/messages`, {
        query: { limit: 100, before: pageParam, include: "notes,events" },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: POLL_MS,
  });
  // Pages come newest first; show oldest first, each message once.
  const seen = new Set<string>();
  const ordered = (messages.data?.pages.flatMap((p) => p.data) ?? []).filter((m) => !seen.has(m.id) && seen.add(m.id)).reverse();
  const lastId = ordered.at(-1)?.id;
  // Open at the searched message: once it is rendered, scroll to it and highlight it for a few seconds;
  // while it is older than what is loaded, load earlier pages (at most 20 of 100).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as pages arrive.
  useEffect(() => {
    const id = sought.current;
    if (!id || !messages.isSuccess) return;
    const el = box.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);
    if (el) {
      sought.current = null;
      stickToBottom.current = false;
      el.scrollIntoView({ block: "center" });
      setFound(id);
      const timer = window.setTimeout(() => setFound(null), 4000);
      return () => window.clearTimeout(timer);
    }
    if (messages.hasNextPage && !messages.isFetchingNextPage && (messages.data?.pages.length ?? 0) < 20) messages.fetchNextPage();
    else if (!messages.hasNextPage) sought.current = null;
  }, [ordered.length, messages.isSuccess, messages.hasNextPage, messages.isFetchingNextPage]);
  const lastInboundId = ordered.findLast((m) => !isEvent(m) && m.direction === "inbound")?.id;
  const lastMessageId = ordered.findLast((m) => !isEvent(m))?.id ?? null;
  useEffect(() => {
    if (messages.isSuccess) onLatest(lastMessageId);
  }, [lastMessageId, messages.isSuccess, onLatest]);
  const client = useQueryClient();
  const toast = useToast();
  const react = useMutation({
    mutationFn: ({ messageId, emoji }: { messageId: string; emoji: string }) =>
      apiFetch(`/v1/internal/conversations/${conversationId}/messages/${messageId}/reaction`, { method: "PUT", body: { emoji } }),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => client.invalidateQueries({ queryKey: ["messages", conversationId] }),
  });

  // Staff looking at the thread is the customer's messages being read: blue ticks on WhatsApp. The
  // server marks each message at most once, so re-sending on every new inbound message is harmless.
  useEffect(() => {
    if (!lastInboundId) return;
    apiFetch(`/v1/internal/conversations/${conversationId}/read`, { body: {} }).catch(() => {});
  }, [conversationId, lastInboundId]);
  // This member has now seen the thread: its unread count (theirs only) drops to 0.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mark again when a new customer message shows.
  useEffect(() => {
    apiFetch(`/v1/internal/inbox/${conversationId}/seen`, { body: {} })
      .then(() => client.invalidateQueries({ queryKey: ["inbox"] }))
      .catch(() => {});
  }, [conversationId, lastInboundId]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onScroll = () => {
      stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener("scroll", onScroll);
    return () => el.removeEventListener("scroll", onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <div className="messages" ref={box} role="log" aria-live="polite" aria-label="Messages">
      {messages.hasNextPage ? (
        <div style={{ textAlign: "center" }}>
          <Button size="sm" loading={messages.isFetchingNextPage} onClick={() => messages.fetchNextPage()}>
            Load earlier messages
          </Button>
        </div>
      ) : null}
      {messages.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : messages.isError ? (
        <ErrorState error={messages.error} title="Could not load messages" onRetry={() => messages.refetch()} />
      ) : ordered.length === 0 ? (
        <div className="state">
          <div className="state-title">No messages yet</div>
        </div>
      ) : (
        ordered.map((m) =>
          isEvent(m) ? (
            m.kind === "note" ? (
              <NoteBubble key={m.id} note={m} />
            ) : (
              <SystemLine key={m.id} event={m} />
            )
          ) : (
            <MessageBubble
              key={m.id}
              message={m}
              onReact={(emoji) => react.mutate({ messageId: m.id, emoji })}
              onReply={onReply ? () => onReply(m) : undefined}
              found={found === m.id}
            />
          ),
        )
      )}
    </div>
  );
}
