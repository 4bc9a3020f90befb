"use client";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Badge, EmptyState, ErrorState, Skeleton } from "@/components/ui";
import { foldAccents, searchWords } from "@/lib/shared/search-words";
import { apiFetch } from "@/components/data/fetcher";
import { type ConversationStatus, shortTime, statusLabel, statusTone } from "./types";
import "./inbox-search.css";
import { contactLabel } from "@/lib/shared/customer-address";

type SearchRow = {
  id: string;
  status: ConversationStatus;
  updatedAt: string;
  match: {
    contact: { name: string | null; phone: string | null; username?: string | null; waUserId?: string | null };
    message: { id: string; text: string; direction: "inbound" | "outbound"; createdAt: string } | null;
  };
};

/** Marks the words of `text` that a search word matched (as the server does: word prefixes, accents ignored). */
function Highlighted({ text, words, anywhere }: { text: string; words: string[]; anywhere?: boolean }) {
  const folded = words.map(foldAccents);
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  const hits = (token: string) => {
    const t = foldAccents(token);
    return folded.some((w) => (anywhere ? t.includes(w) : t.startsWith(w)));
  };
  // A long message starts a little before its first match, so the match is in view.
  const first = parts.findIndex((p, i) => i % 2 === 1 && hits(p));
  let start = 0;
  if (first > 0) {
    let length = 0;
    for (let i = first - 1; i >= 0 && length < 40; i--) {
      length += parts[i].length;
      start = i;
    }
  }
  return (
    <>
      {start > 0 ? "… " : null}
      {parts.slice(start).map((p, i) => ((i + start) % 2 === 1 && hits(p) ? <mark key={`${i + start}`}>{p}</mark> : p))}
    </>
  );
}

/**
 * The inbox's search box: contact names, phones and message words across every conversation (GET
 * /v1/conversations?q=). While it holds text, its results cover the list below; picking one opens it.
 */
export function InboxSearch({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string, focus?: string) => void }) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useQuery({
    queryKey: ["inbox-search", q],
    queryFn: ({ signal }) => apiFetch<{ data: SearchRow[]; nextCursor: string | null }>("/v1/conversations", { query: { q, limit: 50 }, signal }),
    enabled: q.length > 0,
  });
  const words = searchWords(q);
  const digits = q.replace(/\D/g, "");

  let body: ReactNode = null;
  if (text.trim()) {
    if (!q || results.isPending)
      body = (
        <div style={{ padding: 12 }}>
          <Skeleton lines={4} height={34} />
        </div>
      );
    else if (results.isError) body = <ErrorState error={results.error} title="Could not search" onRetry={() => results.refetch()} />;
    else if (!results.data.data.length)
      body = (
        <EmptyState title="Nothing found" icon="⌕">
          No contact name, phone or message matches “{q}”.
        </EmptyState>
      );
    else
      body = (
        <ul className="inbox-items" aria-label="Search results">
          {results.data.data.map((c) => {
            const { contact, message } = c.match;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className="inbox-item"
                  aria-current={c.id === selectedId ? "true" : undefined}
                  onClick={() => onSelect(c.id, message?.id)}
                >
                  <div className="row">
                    <strong className="search-result-name">
                      {contact.name ? <Highlighted text={contact.name} words={[q, ...words]} anywhere /> : contactLabel(contact)}
                    </strong>
                    <span className="spacer" />
                    <span className="small muted">{shortTime(message?.createdAt ?? c.updatedAt)}</span>
                  </div>
                  <div className="row" style={{ marginTop: 2 }}>
                    <span className="search-result-text" data-testid="search-match">
                      {message ? (
                        <Highlighted text={message.text} words={words} />
                      ) : digits.length >= 3 && contact.phone?.includes(digits) ? (
                        <>Phone {contact.phone}</>
                      ) : (
                        <>Contact name matches</>
                      )}
                    </span>
                    <Badge tone={statusTone[c.status]}>{statusLabel[c.status]}</Badge>
                  </div>
                </button>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <>
      <search className="inbox-search">
        <input
          type="search"
          className="input"
          aria-label="Search conversations"
          placeholder="Search names, phones, messages…"
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setText("");
          }}
        />
      </search>
      {body ? <div className="inbox-search-results">{body}</div> : null}
    </>
  );
}
