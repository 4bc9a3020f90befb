"use client";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { fillSavedReply, type SavedReplyOut } from "@/lib/shared/saved-reply-schema";
import "./saved-reply-menu.css";

// A `/word` at the end of the reply box (at its start or after a space).
const trigger = /(^|\s)\/([\p{L}\p{N}_-]*)$/u;

function rank(replies: SavedReplyOut[], query: string): SavedReplyOut[] {
  const q = query.toLowerCase();
  const starts = replies.filter((r) => r.shortcut.startsWith(q));
  const contains = replies.filter((r) => !r.shortcut.startsWith(q) && (r.shortcut.includes(q) || r.text.toLowerCase().includes(q)));
  return [...starts.sort((a, b) => a.shortcut.localeCompare(b.shortcut)), ...contains].slice(0, 8);
}

/**
 * Saved replies in the reply box: typing `/` opens the business's shortcuts, filtered as staff type;
 * arrows move, Enter or Tab (or a click) puts the reply in place of `/word` with the contact's name filled,
 * Escape closes. Returns the key handler the box runs first (true: the key was the menu's) and the menu.
 */
export function useSavedReplyMenu(text: string, setText: (next: string) => void, contactName: string | null) {
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const match = trigger.exec(text);
  const open = match !== null && dismissedFor !== text;
  const replies = useQuery({
    queryKey: ["saved-replies"],
    queryFn: () => apiFetch<{ data: SavedReplyOut[] }>("/v1/saved-replies", { query: { limit: 200 } }),
    enabled: open,
    staleTime: 30_000,
  });
  const query = match?.[2] ?? "";
  const options = open && replies.data ? rank(replies.data.data, query) : [];
  const current = Math.min(active, Math.max(options.length - 1, 0));

  function choose(reply: SavedReplyOut) {
    if (!match) return;
    const start = (match.index ?? 0) + match[1].length;
    setText(text.slice(0, start) + fillSavedReply(reply.text, { name: contactName }));
    setActive(0);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (e.key === "Escape") {
      setDismissedFor(text);
      e.preventDefault();
      return true;
    }
    if (!options.length) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      setActive((current + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
      e.preventDefault();
      return true;
    }
    if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") {
      choose(options[current]);
      e.preventDefault();
      return true;
    }
    return false;
  }

  let body: ReactNode = null;
  if (open) {
    if (replies.isPending) body = <div className="saved-reply-note muted small">Loading saved replies…</div>;
    else if (replies.isError) body = <div className="saved-reply-note alert small">Could not load saved replies: {errorMessage(replies.error)}</div>;
    else if (replies.data.data.length === 0)
      body = <div className="saved-reply-note muted small">No saved replies yet. Owners add them on the Saved replies page.</div>;
    else if (!options.length) body = <div className="saved-reply-note muted small">No saved reply matches /{query}.</div>;
    else
      body = (
        <div className="saved-reply-list" role="listbox" aria-label="Saved replies">
          {options.map((r, i) => (
            <div
              key={r.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              className={`saved-reply-option${i === current ? " active" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(r)}
              onKeyDown={() => {}}
            >
              <code>/{r.shortcut}</code>
              <span className="saved-reply-preview">{fillSavedReply(r.text, { name: contactName })}</span>
            </div>
          ))}
        </div>
      );
  }
  const menu = body ? (
    <div className="saved-reply-menu" data-testid="saved-reply-menu">
      {body}
    </div>
  ) : null;
  return { onKeyDown, menu };
}
