"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PHONE_QUERY } from "@/components/shell/use-phone-layout";
import { InteractiveOffer, Quote, StatusTicks } from "@/components/inbox/message-bubble";
import type { InteractiveMessage } from "@/lib/shared/interactive-schema";
import { MessageMedia, visibleText } from "@/components/inbox/message-media";
import type { Message, UploadedFile } from "@/components/inbox/types";
import { Badge, Button, ErrorState, Input, LoadingState, useToast } from "@/components/ui";
import { apiFetch, apiUpload, errorMessage } from "@/components/data/fetcher";
import type { FlowOut } from "@/lib/shared/flow-schema";
import type { Page } from "@/lib/pagination";
import { FlowForm } from "./flow-form";
import { SimulatorSidePanel } from "./simulator-side-panel";
import type { SandboxCustomer } from "./sandbox-customer";

type Option = string | { id: string; title: string };
type ChoiceQuestion = { kind: "buttons" | "list"; options: Option[]; button?: string; type?: undefined };
/** The assistant's choice question (`kind`) or an interactive message a person or the API composed (`type`). */
type SimMessage = Omit<Message, "error" | "interactive"> & { interactive: ChoiceQuestion | InteractiveMessage | null };
const composed = (i: SimMessage["interactive"]): InteractiveMessage | null => (i?.type ? (i as InteractiveMessage) : null);
type Reply = { kind: "button" | "list"; id: string; title: string };
const titleOf = (o: Option) => (typeof o === "string" ? o : o.title);
type Thread = {
  contactId: string | null;
  conversationId: string | null;
  conversationStatus: "open" | "handoff" | "closed" | null;
  messages: SimMessage[];
};

const POLL_MS = 1000;
// After the customer writes, a reply is expected: the thread is polled every quarter second until one
// arrives (and a moment more, for the replies that come in twos: the record saved, then the
// confirmation), or for 8 seconds at most, so the assistant's answer shows as soon as it is written
// rather than up to a second later.
const EXPECTING_MS = 250;
const EXPECT_FOR_MS = 8000;
const AFTER_REPLY_MS = 1500;

/** The phone: the customer's thread (their messages on the right), polled every second, quicker while a reply is expected. */
export function SimulatorChat({ customer, prefill }: { customer: SandboxCustomer; prefill?: string }) {
  const toast = useToast();
  const [text, setText] = useState(prefill ?? "");
  const known = useRef(new Map<string, SimMessage>());
  const box = useRef<HTMLDivElement>(null);

  // Until when a reply is expected, and the newest message when the customer wrote (a reply is newer).
  const expecting = useRef({ until: 0, after: "" });
  const thread = useQuery({
    queryKey: ["simulator-thread", customer.phone],
    queryFn: async ({ signal }) => {
      const after = [...known.current.keys()].sort().at(-1);
      const t = await apiFetch<Thread>("/v1/internal/simulator/messages", { query: { phone: customer.phone, after }, signal });
      for (const m of t.messages) known.current.set(m.id, m);
      const wait = expecting.current;
      if (wait.until > Date.now() && t.messages.some((m) => m.direction === "outbound" && m.id > wait.after))
        wait.until = Math.min(wait.until, Date.now() + AFTER_REPLY_MS);
      return { ...t, messages: [...known.current.values()].sort((a, b) => a.id.localeCompare(b.id)) };
    },
    refetchInterval: () => (expecting.current.until > Date.now() ? EXPECTING_MS : POLL_MS),
  });
  /** The customer wrote: show it, and poll quickly for the answer. */
  const said = () => {
    expecting.current = { until: Date.now() + EXPECT_FOR_MS, after: [...known.current.keys()].sort().at(-1) ?? "" };
    thread.refetch();
  };

  const [place, setPlace] = useState<{ name: string; latitude: string; longitude: string; replyTo?: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const say = (body: object) => apiFetch("/v1/internal/simulator/messages", { body: { phone: customer.phone, name: customer.name, ...body } });
  const send = useMutation({
    mutationFn: (body: string) => say({ text: body }),
    onSuccess: () => {
      setText("");
      said();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  // The customer sends a photo, voice note, video, document or sticker (the box's text is its caption), or a place.
  const sendFile = useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await apiUpload<UploadedFile>("/v1/media", file);
      return say({ mediaId: uploaded.id, text: text.trim() || undefined });
    },
    onSuccess: () => {
      setText("");
      said();
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = "";
    },
  });
  // The customer presses a template's quick reply: WhatsApp sends it back as a button reply.
  const press = useMutation({
    mutationFn: (button: { payload: string; text: string }) => say({ button }),
    onSuccess: said,
    onError: (err) => toast.error(errorMessage(err)),
  });
  // A tapped button or a picked row: WhatsApp sends its id and title, with the message it answers as context.
  const answer = useMutation({
    mutationFn: ({ reply, replyTo }: { reply: Reply; replyTo: string }) => say({ reply, replyTo }),
    onSuccess: said,
    onError: (err) => toast.error(errorMessage(err)),
  });
  // A WhatsApp Flow filled in: its fields as WhatsApp's answer, quoting the Flow message.
  const [openFlow, setOpenFlow] = useState<{ flowId: string; replyTo: string } | null>(null);
  const flows = useQuery({
    queryKey: ["flows"],
    queryFn: () => apiFetch<Page<FlowOut>>("/v1/flows", { query: { limit: 100 } }),
    enabled: openFlow !== null,
  });
  const fillFlow = useMutation({
    mutationFn: ({ response, replyTo }: { response: Record<string, unknown>; replyTo: string }) => say({ flowReply: { response }, replyTo }),
    onSuccess: () => {
      setOpenFlow(null);
      said();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const sendPlace = useMutation({
    mutationFn: (p: { name: string; latitude: string; longitude: string; replyTo?: string }) =>
      say({
        location: { latitude: Number(p.latitude), longitude: Number(p.longitude), name: p.name.trim() || undefined },
        replyTo: p.replyTo,
      }),
    onSuccess: () => {
      setPlace(null);
      said();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const messages = thread.data?.messages ?? [];
  const lastId = messages.at(-1)?.id;
  // Ready to type on a wide screen. Not on a phone (issue 36, item 6): focusing opened the keyboard and
  // scrolled the page past its own header on arrival.
  useEffect(() => {
    if (!window.matchMedia(PHONE_QUERY).matches) document.getElementById("sim-text")?.focus({ preventScroll: true });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest message.
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lastId]);
  const lastReply = [...messages].reverse().find((m) => m.direction === "outbound");
  const question = lastReply && lastReply.id === lastId && !composed(lastReply.interactive) ? (lastReply.interactive as ChoiceQuestion | null) : null;
  const options = question?.options ?? [];
  const defaultPlace = { name: "Rua Augusta 1, Lisbon", latitude: "38.7106", longitude: "-9.1365" };

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
                {m.quoted ? <Quote quoted={m.quoted} /> : m.replyTo ? <Quote quoted={null} /> : null}
                {m.template?.header?.format === "text" && m.template.header.text ? (
                  <div className="bubble-template-header">{m.template.header.text}</div>
                ) : null}
                <MessageMedia message={{ ...m, template: null, error: null, interactive: null }} />
                {visibleText({ ...m, template: null, error: null, interactive: null }) ? (
                  <div>{visibleText({ ...m, template: null, error: null, interactive: null })}</div>
                ) : null}
                {m.template?.footer ? (
                  <div className="small muted" data-testid="sim-template-footer">
                    {m.template.footer}
                  </div>
                ) : null}
                {m.template?.buttons?.length ? (
                  <div className="bubble-template-buttons" data-testid="sim-template-buttons">
                    {m.template.buttons.map((b) =>
                      b.type === "quick_reply" ? (
                        <Button
                          key={b.index}
                          size="sm"
                          disabled={press.isPending}
                          onClick={() => press.mutate({ payload: b.value ?? b.text, text: b.text })}
                        >
                          ↩ {b.text}
                        </Button>
                      ) : b.type === "url" ? (
                        <span key={b.index} title={b.value ?? undefined} data-testid="sim-template-url">
                          ↗ {b.text}
                        </span>
                      ) : (
                        <span key={b.index} title={b.value ?? undefined}>
                          {b.type === "phone_number" ? "✆" : b.type === "flow" ? "☰" : "⧉"} {b.text}
                          {b.type === "copy_code" && b.value ? ` · ${b.value}` : ""}
                        </span>
                      ),
                    )}
                  </div>
                ) : null}
                {composed(m.interactive) ? (
                  <InteractiveOffer
                    interactive={composed(m.interactive) as InteractiveMessage}
                    onChoose={
                      answer.isPending
                        ? undefined
                        : (id, title) =>
                            answer.mutate({ reply: { kind: m.interactive?.type === "list" ? "list" : "button", id, title }, replyTo: m.id })
                    }
                    onOpenFlow={(() => {
                      const offer = composed(m.interactive);
                      return offer?.type === "flow" ? () => setOpenFlow({ flowId: offer.flow, replyTo: m.id }) : undefined;
                    })()}
                  />
                ) : null}
                {m.interactive?.type === "location_request" ? (
                  <Button size="sm" data-testid="sim-send-location" onClick={() => setPlace({ ...defaultPlace, replyTo: m.id })}>
                    Send location
                  </Button>
                ) : null}
                <div className="bubble-meta">
                  <span>
                    {m.direction === "inbound" ? "You" : m.source === "assistant" ? "Assistant" : m.source === "agent" ? "Agent" : "Business"}
                  </span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })}</time>
                  <StatusTicks message={{ ...m, template: null, error: null, interactive: null }} />
                </div>
              </div>
            ))
          )}
        </div>
        {options.length ? (
          <fieldset className="row-wrap" style={{ padding: "8px 12px", border: "none", borderTop: "1px solid var(--border)", margin: 0 }}>
            <legend className="sr-only">Quick replies</legend>
            {options.map((o, i) => (
              // Tapped as on WhatsApp: the option's id (opt_<n> for a plain title) and its title; a person offered
              // (an id starting with "handoff") is a button like any other.
              <Button
                key={titleOf(o)}
                size="sm"
                onClick={() =>
                  lastReply &&
                  answer.mutate({
                    reply: {
                      kind: question?.kind === "list" ? "list" : "button",
                      id: typeof o === "string" ? `opt_${i + 1}` : o.id,
                      title: titleOf(o),
                    },
                    replyTo: lastReply.id,
                  })
                }
                disabled={answer.isPending}
                data-testid={typeof o === "string" ? undefined : `sim-option-${o.id}`}
              >
                {titleOf(o)}
              </Button>
            ))}
          </fieldset>
        ) : null}
        <div className="composer">
          {openFlow ? (
            flows.isPending ? (
              <LoadingState label="Opening the Flow…" />
            ) : flows.data?.data.find((f) => f.id === openFlow.flowId) ? (
              <FlowForm
                flow={flows.data.data.find((f) => f.id === openFlow.flowId) as FlowOut}
                busy={fillFlow.isPending}
                onCancel={() => setOpenFlow(null)}
                onSubmit={(response) => fillFlow.mutate({ response, replyTo: openFlow.replyTo })}
              />
            ) : (
              <div className="alert alert-warning small" role="alert">
                This Flow is no longer registered.{" "}
                <Button size="sm" onClick={() => setOpenFlow(null)}>
                  Close
                </Button>
              </div>
            )
          ) : null}
          {place ? (
            <form
              className="row-wrap"
              style={{ marginBottom: 8 }}
              onSubmit={(e) => {
                e.preventDefault();
                sendPlace.mutate(place);
              }}
            >
              <Input id="sim-place-name" aria-label="Place name" value={place.name} onChange={(e) => setPlace({ ...place, name: e.target.value })} />
              <Input
                id="sim-place-lat"
                aria-label="Latitude"
                value={place.latitude}
                onChange={(e) => setPlace({ ...place, latitude: e.target.value })}
                style={{ width: 110 }}
              />
              <Input
                id="sim-place-lng"
                aria-label="Longitude"
                value={place.longitude}
                onChange={(e) => setPlace({ ...place, longitude: e.target.value })}
                style={{ width: 110 }}
              />
              <Button type="submit" size="sm" loading={sendPlace.isPending}>
                Share location
              </Button>
              <Button size="sm" onClick={() => setPlace(null)}>
                Cancel
              </Button>
            </form>
          ) : null}
          <form className="reply-form" onSubmit={submit}>
            <input
              ref={fileInput}
              type="file"
              hidden
              data-testid="sim-attach-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) sendFile.mutate(file);
              }}
            />
            <Button
              aria-label="Send a file"
              title="Send a photo, voice note, video, document or sticker"
              loading={sendFile.isPending}
              onClick={() => fileInput.current?.click()}
            >
              File
            </Button>
            <Button aria-label="Share a location" title="Share a location" onClick={() => setPlace(place ? null : defaultPlace)}>
              Place
            </Button>
            <Input
              id="sim-text"
              aria-label="Message"
              placeholder={`Message as ${customer.name}…`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={4096}
              autoComplete="off"
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
