"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { StatusTicks } from "@/components/inbox/message-bubble";
import type { Message } from "@/components/inbox/types";
import { Badge, Button, ErrorState, Input, LoadingState, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/lib/dashboard/fetcher";
import { SimulatorSidePanel } from "./simulator-side-panel";
import type { SandboxCustomer } from "./simulator-view";

type SimMessage = Omit<Message, "template" | "error"> & { interactive: { kind: "buttons" | "list"; options: string[]; button?: string } | null };
type Thread = {
  contactId: string | null;
  conversationId: string | null;
  conversationStatus: "open" | "handoff" | "closed" | null;
  messages: SimMessage[];
};

const POLL_MS = 1000;

/** The phone: the customer's thread (their messages on the right), polled every second. */
export function SimulatorChat({ customer, prefill }: { customer: SandboxCustomer; prefill?: string }) {
  const toast = useToast();
  const [text, setText] = useState(prefill ?? "");
  const known = useRef(new Map<string, SimMessage>());
  const box = useRef<HTMLDivElement>(null);

  const thread = useQuery({
    queryKey: ["simulator-thread", customer.phone],
    queryFn: async ({ signal }) => {
      const after = [...known.current.keys()].sort().at(-1);
      const t = await apiFetch<Thread>("/api/dashboard/simulator/messages", { query: { phone: customer.phone, after }, signal });
      for (const m of t.messages) known.current.set(m.id, m);
      return { ...t, messages: [...known.current.values()].sort((a, b) => a.id.localeCompare(b.id)) };
    },
    refetchInterval: POLL_MS,
  });

  const send = useMutation({
    mutationFn: (body: string) => apiFetch("/api/dashboard/simulator/messages", { body: { phone: customer.phone, name: customer.name, text: body } }),
    onSuccess: () => {
      setText("");
      thread.refetch();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const messages = thread.data?.messages ?? [];
  const lastId = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest message.
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lastId]);
  const lastReply = [...messages].reverse().find((m) => m.direction === "outbound");
  const options = lastReply && lastReply.id === lastId ? (lastReply.interactive?.options ?? []) : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim() && !send.isPending) send.mutate(text.trim());
  }

  return (
    <div className="simulator">
      <section className="phone" aria-label="Sandbox chat">
        <div className="thread-header">
          <span className="avatar" aria-hidden="true">
            {customer.name.slice(0, 1)}
          </span>
          <div>
            <strong data-testid="sim-customer-name">{customer.name}</strong>
            <div className="small muted mono" data-testid="sim-customer-phone">
              {customer.phone}
            </div>
          </div>
          <span className="spacer" />
          <Badge tone="info">Sandbox</Badge>
        </div>
        <div className="messages" ref={box} role="log" aria-live="polite" aria-label="Messages">
          {thread.isPending ? (
            <LoadingState label="Loading the chat…" />
          ) : thread.isError ? (
            <ErrorState error={thread.error} title="Could not load the chat" onRetry={() => thread.refetch()} />
          ) : messages.length === 0 ? (
            <div className="state">
              <div className="state-title">Say hello</div>
              <div>Write as {customer.name}. Try "I'd like to book a table" or ask a question.</div>
            </div>
          ) : (
            messages.map((m) => (
              // The customer's own messages sit on the right, as on their phone.
              <div
                key={m.id}
                className={`bubble ${m.direction === "inbound" ? "bubble-out" : "bubble-in"}`}
                data-testid="sim-message"
                data-direction={m.direction}
              >
                <div>{m.text}</div>
                <div className="bubble-meta">
                  <span>
                    {m.direction === "inbound" ? "You" : m.source === "assistant" ? "Assistant" : m.source === "agent" ? "Agent" : "Business"}
                  </span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })}</time>
                  <StatusTicks message={{ ...m, template: null, error: null }} />
                </div>
              </div>
            ))
          )}
        </div>
        {options.length ? (
          <fieldset className="row-wrap" style={{ padding: "8px 12px", border: "none", borderTop: "1px solid var(--border)", margin: 0 }}>
            <legend className="sr-only">Quick replies</legend>
            {options.map((o) => (
              <Button key={o} size="sm" onClick={() => send.mutate(o)} disabled={send.isPending}>
                {o}
              </Button>
            ))}
          </fieldset>
        ) : null}
        <div className="composer">
          <form className="reply-form" onSubmit={submit}>
            <Input
              id="sim-text"
              aria-label="Message"
              placeholder={`Message as ${customer.name}…`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={4096}
              autoComplete="off"
              autoFocus
            />
            <Button type="submit" variant="primary" loading={send.isPending} disabled={!text.trim()}>
              Send
            </Button>
          </form>
        </div>
      </section>
      <SimulatorSidePanel customer={customer} conversationId={thread.data?.conversationId ?? null} status={thread.data?.conversationStatus ?? null} />
    </div>
  );
}

export function ConversationLink({ conversationId }: { conversationId: string }) {
  return <Link href={`/inbox?c=${conversationId}`}>Open in inbox</Link>;
}
