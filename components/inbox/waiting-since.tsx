"use client";
import { useEffect, useState } from "react";
import "./team-inbox.css";

/** "Waiting 12 min": how long the customer has waited for a reply (since their unanswered message, or since the handoff). */
export function waitingFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The page's clock, re-read every `everyMs` while `active` (a row's marks move on between list fetches). */
export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs, active]);
  return now;
}

export function WaitingSince({ since, compact }: { since: string | null; compact?: boolean }) {
  const now = useNow(30_000, !!since);
  if (!since) return null;
  return (
    <span
      className={`waiting-since${compact ? " waiting-since-compact" : ""}`}
      data-testid="waiting-since"
      title={`Waiting since ${new Date(since).toLocaleString("en")}`}
    >
      {compact ? "⏱ " : "Waiting "}
      {waitingFor(since, now)}
    </span>
  );
}
