"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { apiFetch } from "@/components/data/fetcher";
import { alertsEnabled, notifyHandoff } from "./handoff-alerts";
import "./team-inbox.css";

type Summary = {
  unreadConversations: number;
  handoffs: { id: string; contactName: string; assigneeId: string | null; handedOffAt: string; waitingSince: string | null }[];
};

const POLL_MS = 4000;

/**
 * The inbox's counter in the navigation (handed-off conversations, the member's or unassigned, with
 * unread customer messages), and the new-handoff alert when the member opted in. Its poll is also the
 * member's presence for round-robin assignment.
 */
export function InboxNavBadge() {
  const summary = useQuery({
    queryKey: ["inbox", "summary"],
    queryFn: ({ signal }) => apiFetch<Summary>("/v1/internal/inbox/summary", { signal }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
  });
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const handoffs = summary.data?.handoffs;
    if (!handoffs) return;
    const ids = new Set(handoffs.map((h) => h.id));
    // The first answer is what was already waiting: only handoffs that appear after it alert.
    if (known.current && alertsEnabled()) {
      for (const h of handoffs) if (!known.current.has(h.id)) notifyHandoff(h.contactName, h.id);
    }
    known.current = ids;
  }, [summary.data]);
  const n = summary.data?.unreadConversations ?? 0;
  if (!n) return null;
  return (
    <span
      className="unread-count nav-unread"
      data-testid="nav-unread"
      title={`${n} handed-off conversation${n === 1 ? "" : "s"} with unread messages`}
    >
      {n}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The same counter in the phone's top bar (issue 36, item 6), so a handoff waiting is seen without
 * opening the menu: a link to the inbox. It reads what the navigation's badge polls (the same query),
 * so it adds no request and no second alert.
 */
export function TopbarUnread() {
  const summary = useQuery({
    queryKey: ["inbox", "summary"],
    queryFn: ({ signal }) => apiFetch<Summary>("/v1/internal/inbox/summary", { signal }),
    staleTime: POLL_MS,
  });
  const n = summary.data?.unreadConversations ?? 0;
  if (!n) return null;
  return (
    <Link
      href="/inbox"
      className="topbar-unread"
      data-testid="topbar-unread"
      aria-label={`Inbox: ${n} handed-off conversation${n === 1 ? "" : "s"} unread`}
    >
      <span aria-hidden="true">✉</span>
      <span className="unread-count">{n}</span>
    </Link>
  );
}
