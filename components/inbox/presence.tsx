"use client";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/components/data/fetcher";
import "./collision.css";

// Who else has this conversation open, and who is typing (issue 36): while the thread is open it
// sends a heartbeat every few seconds, at once when this member starts or stops typing, and a leave
// when it closes. The server forgets a viewer whose heartbeats stop for 15 seconds.

export type Viewer = { id: string; name: string; typing: boolean; seenAt: string };

const BEAT_MS = 4000;

export function usePresence(conversationId: string, typing: boolean): Viewer[] {
  const [viewers, setViewers] = useState<Viewer[]>([]);
  const typingRef = useRef(typing);
  typingRef.current = typing;
  const beat = useRef<() => void>(() => {});

  useEffect(() => {
    let alive = true;
    const send = () => {
      apiFetch<{ viewers: Viewer[] }>(`/v1/internal/inbox/${conversationId}/presence`, { body: { typing: typingRef.current } })
        .then((r) => {
          if (alive) setViewers(r.viewers);
        })
        .catch(() => {});
    };
    beat.current = send;
    send();
    const timer = setInterval(send, BEAT_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      apiFetch(`/v1/internal/inbox/${conversationId}/presence`, { method: "DELETE" }).catch(() => {});
    };
  }, [conversationId]);

  // Starting or stopping typing is said at once, not at the next beat (the first beat is the mount's).
  const said = useRef(typing);
  useEffect(() => {
    if (said.current === typing) return;
    said.current = typing;
    beat.current();
  }, [typing]);

  return viewers;
}

/** "Ana is viewing", "Ana is typing…": the other members in this conversation right now. */
export function PresenceBar({ viewers }: { viewers: Viewer[] }) {
  if (!viewers.length) return null;
  return (
    <div className="presence-bar" data-testid="presence" aria-live="polite">
      {viewers.map((v) => (
        <span key={v.id} className="presence-chip" data-typing={v.typing} data-testid="presence-viewer">
          {v.typing ? `${v.name} is typing…` : `${v.name} is viewing`}
        </span>
      ))}
    </div>
  );
}

/** The conversation is claimed by another member (the first to reply, or assigned): said above the thread. */
export function ClaimBanner({
  assignee,
  currentUserId,
}: {
  assignee: { id: string; name: string | null; email: string } | null;
  currentUserId: string;
}) {
  if (!assignee || assignee.id === currentUserId) return null;
  return (
    <div className="claim-banner" role="status" data-testid="claim-banner">
      <strong>{assignee.name ?? assignee.email}</strong> is handling this conversation.
    </div>
  );
}
