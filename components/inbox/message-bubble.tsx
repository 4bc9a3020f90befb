import { Badge } from "@/components/ui";
import { type Message, shortTime } from "./types";

const sourceLabel = { customer: "Customer", assistant: "Assistant", agent: "Agent", api: "API" } as const;

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

export function MessageBubble({ message }: { message: Message }) {
  const outbound = message.direction === "outbound";
  return (
    <div
      className={`bubble ${outbound ? "bubble-out" : "bubble-in"}`}
      data-testid="message"
      data-direction={message.direction}
      data-status={message.status}
    >
      {message.template ? (
        <div style={{ marginBottom: 4 }}>
          <Badge tone="info" title={`Template ${message.template.name} (${message.template.language})`}>
            Template · {message.template.name}
          </Badge>
        </div>
      ) : null}
      <div>{message.text}</div>
      {message.status === "failed" && message.error ? (
        <div className="field-error" style={{ marginTop: 4 }}>
          Not delivered: {message.error.message}
          {message.error.channelCode ? ` (code ${message.error.channelCode})` : ""}
        </div>
      ) : null}
      <div className="bubble-meta">
        <span>{sourceLabel[message.source]}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
        <StatusTicks message={message} />
      </div>
    </div>
  );
}
