"use client";
import { useState } from "react";
import { Badge } from "@/components/ui";
import "./interactive.css";
import { MessageMedia, visibleText } from "./message-media";
import { type Message, shortTime } from "./types";

const sourceLabel = {
  customer: "Customer",
  assistant: "Assistant",
  agent: "Agent",
  api: "API",
  campaign: "Campaign",
  meta_agent: "Meta's agent",
} as const;

/** Who wrote it: the assistant as the assistant, an agent's reply by the agent's name. */
export function authorLabel(message: Pick<Message, "source" | "author">): string {
  if (message.source === "agent" && message.author?.name) return message.author.name;
  return sourceLabel[message.source] ?? message.source;
}

/** WhatsApp-style delivery ticks: queued ○, sent ✓, delivered ✓✓, read blue ✓✓, failed ⚠. */
export function StatusTicks({ message }: { message: Message }) {
  if (message.direction === "inbound") return null;
  switch (message.status) {
    case "queued":
      return (
        <span role="img" className="tick" title="Queued" aria-label="Queued">
          ○
        </span>
      );
    case "sent":
      return (
        <span role="img" className="tick" title="Sent" aria-label="Sent">
          ✓
        </span>
      );
    case "delivered":
      return (
        <span role="img" className="tick" title="Delivered" aria-label="Delivered">
          ✓✓
        </span>
      );
    case "read":
      return (
        <span role="img" className="tick tick-read" title="Read" aria-label="Read">
          ✓✓
        </span>
      );
    case "failed":
      return (
        <span role="img" className="tick tick-failed" title={message.error?.message ?? "Failed"} aria-label="Failed">
          ⚠
        </span>
      );
    default:
      return null;
  }
}

const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "🙏"];

/** One message. With `onReact` (the inbox), staff can react to it; reactions show under the bubble. */
export function MessageBubble({
  message,
  onReact,
  onReply,
  found,
}: {
  message: Message;
  onReact?: (emoji: string) => void;
  onReply?: () => void;
  /** The message a search result pointed at: highlighted for a moment. */
  found?: boolean;
}) {
  const outbound = message.direction === "outbound";
  const [picking, setPicking] = useState(false);
  const text = visibleText(message);
  const reactions = [message.reactions?.customer, message.reactions?.business].filter(Boolean) as string[];
  return (
    <div
      className={`bubble ${outbound ? "bubble-out" : "bubble-in"}${found ? " bubble-found" : ""}`}
      data-testid="message"
      data-message-id={message.id}
      data-found={found ? "true" : undefined}
      data-direction={message.direction}
      data-status={message.status}
      data-type={message.type}
    >
      {message.template ? (
        <div style={{ marginBottom: 4 }}>
          <Badge tone="info" title={`Template ${message.template.name} (${message.template.language})`}>
            Template · {message.template.name}
          </Badge>
        </div>
      ) : null}
      {message.quoted ? <Quote quoted={message.quoted} /> : message.replyTo ? <Quote quoted={null} /> : null}
      {message.template?.header?.format === "text" && message.template.header.text ? (
        <div className="bubble-template-header" data-testid="template-header">
          {message.template.header.text}
        </div>
      ) : null}
      <MessageMedia message={message} />
      {text ? <div>{text}</div> : null}
      {message.template?.footer ? (
        <div className="small muted" data-testid="template-footer">
          {message.template.footer}
        </div>
      ) : null}
      {message.template?.buttons?.length ? (
        <ul className="bubble-template-buttons" data-testid="template-buttons">
          {message.template.buttons.map((b) => (
            <li key={b.index} title={b.value ? `${b.type.replace("_", " ")}: ${b.value}` : undefined}>
              {b.type === "url" ? "↗" : b.type === "phone_number" ? "✆" : b.type === "copy_code" ? "⧉" : b.type === "flow" ? "☰" : "↩"} {b.text}
              {b.value && b.type !== "quick_reply" ? <span className="small muted"> · {b.value}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {message.interactive ? <InteractiveOffer interactive={message.interactive} /> : null}
      {message.flowReply ? (
        <div className="small muted" data-testid="message-flow-reply">
          ☰ Answered the Flow{message.flowReply.name ? ` “${message.flowReply.name}”` : ""}
        </div>
      ) : null}
      {message.choice ? (
        <div className="small muted" data-testid="message-choice">
          {message.choice.kind === "button" ? "Tapped" : "Picked"} “{message.choice.title}”
        </div>
      ) : null}
      {message.status === "failed" && message.error ? (
        <div className="field-error" style={{ marginTop: 4 }}>
          Not delivered: {message.error.message}
          {message.error.channelCode ? ` (code ${message.error.channelCode})` : ""}
        </div>
      ) : null}
      {reactions.length ? (
        <div className="bubble-reactions" data-testid="reactions" title="Reactions">
          {reactions.join(" ")}
        </div>
      ) : null}
      <div className="bubble-meta">
        <span data-testid="message-author">{authorLabel(message)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
        <StatusTicks message={message} />
        {message.pricing?.billable ? (
          <span className="muted" data-testid="message-charge" title="WhatsApp charges this message (its status webhook said so)">
            · charged: {message.pricing.category.replace(/_/g, " ")}
          </span>
        ) : null}
        {onReply ? (
          <button type="button" className="react-toggle" aria-label="Reply" title="Reply quoting this message" onClick={onReply}>
            ↩
          </button>
        ) : null}
        {onReact ? (
          <button type="button" className="react-toggle" aria-label="React" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
            ☺
          </button>
        ) : null}
      </div>
      {onReact && picking ? (
        <fieldset className="react-picker">
          <legend className="sr-only">Choose a reaction</legend>
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-pressed={message.reactions?.business === emoji}
              onClick={() => {
                setPicking(false);
                onReact(message.reactions?.business === emoji ? "" : emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** The message a reply quotes, as WhatsApp shows it above the reply (null: one this service never saw). */
export function Quote({ quoted }: { quoted: Message["quoted"] }) {
  return (
    <div className="quote" data-testid="quote">
      {quoted ? (
        <>
          <strong className="small">{quoted.direction === "inbound" ? "Customer" : "Business"}</strong>
          <div className="small">{quoted.text || `[${quoted.type}]`}</div>
        </>
      ) : (
        <div className="small muted">A message not shown here</div>
      )}
    </div>
  );
}

/** What an interactive message offered: its buttons, list rows, link button or location request. */
export function InteractiveOffer({
  interactive,
  onChoose,
  onOpenFlow,
}: {
  interactive: NonNullable<Message["interactive"]>;
  onChoose?: (id: string, title: string) => void;
  /** The simulator's customer opens a Flow's form. */
  onOpenFlow?: () => void;
}) {
  const choice = (id: string, title: string, description?: string) =>
    onChoose ? (
      <button type="button" key={id} className="offer-choice" data-testid={`offer-${id}`} onClick={() => onChoose(id, title)}>
        {title}
        {description ? <span className="small muted"> — {description}</span> : null}
      </button>
    ) : (
      <span key={id} className="offer-choice" data-testid={`offer-${id}`}>
        {title}
        {description ? <span className="small muted"> — {description}</span> : null}
      </span>
    );
  return (
    <div className="offer" data-testid="interactive-offer" data-kind={interactive.type}>
      {"header" in interactive && interactive.header ? <strong className="small">{interactive.header}</strong> : null}
      {interactive.type === "button" ? interactive.buttons.map((b) => choice(b.id, b.title)) : null}
      {interactive.type === "list" ? (
        <>
          <span className="small muted">List · {interactive.button}</span>
          {interactive.sections.map((s, i) => (
            <div key={s.title ?? i} className="offer-section">
              {s.title ? <div className="small muted">{s.title}</div> : null}
              {s.rows.map((r) => choice(r.id, r.title, r.description))}
            </div>
          ))}
        </>
      ) : null}
      {interactive.type === "cta_url" ? (
        <a className="offer-choice" href={interactive.button.url} target="_blank" rel="noreferrer noopener" data-testid="offer-link">
          {interactive.button.text} ↗
        </a>
      ) : null}
      {interactive.type === "location_request" ? <span className="offer-choice">📍 Send location</span> : null}
      {interactive.type === "flow" ? (
        <>
          {onOpenFlow ? (
            <button type="button" className="offer-choice" data-testid="offer-flow" onClick={onOpenFlow}>
              ☰ {interactive.cta ?? "Open"}
            </button>
          ) : (
            <span className="offer-choice" data-testid="offer-flow">
              ☰ {interactive.cta ?? "Open"}
            </span>
          )}
          <span className="small muted">WhatsApp Flow{interactive.name ? ` · ${interactive.name}` : ""}</span>
        </>
      ) : null}
      {"footer" in interactive && interactive.footer ? <div className="small muted">{interactive.footer}</div> : null}
    </div>
  );
}
