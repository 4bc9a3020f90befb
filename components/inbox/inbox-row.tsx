"use client";
import { Badge } from "@/components/ui";
import { type InboxRow, shortTime, statusLabel, statusTone } from "./types";
import { WaitingSince } from "./waiting-since";
import "./team-inbox.css";
import { contactLabel } from "@/lib/shared/customer-address";

/** Who wrote the last message, as the preview says it: the assistant as the assistant, agents by name. */
function previewPrefix(last: NonNullable<InboxRow["lastMessage"]>): string {
  if (last.direction === "inbound") return "";
  if (last.source === "assistant") return "Assistant: ";
  if (last.source === "agent") return `${last.authorName ?? "Agent"}: `;
  if (last.source === "campaign") return "Campaign: ";
  if (last.source === "meta_agent") return "Meta's agent: ";
  return "API: ";
}

/** One conversation in the inbox list: contact, last message, unread count, waiting time, assignee. */
export function InboxRowButton({ row: c, selected, onSelect }: { row: InboxRow; selected: boolean; onSelect: () => void }) {
  const unread = c.unread > 0;
  return (
    <button
      type="button"
      className={`inbox-item${unread ? " inbox-item-unread" : ""}`}
      aria-current={selected ? "true" : undefined}
      onClick={onSelect}
      data-testid="inbox-row"
      data-conversation={c.id}
    >
      <div className="row">
        <strong style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {c.contact ? (c.contact.name ?? contactLabel(c.contact)) : "Unknown"}
        </strong>
        {unread ? (
          <span className="unread-count" data-testid="unread-count" title={`${c.unread} unread`}>
            {c.unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
        <span className="spacer" />
        <span className="small muted">{shortTime(c.lastMessage?.createdAt ?? c.updatedAt)}</span>
      </div>
      <div className="row" style={{ marginTop: 2 }}>
        <span className="inbox-item-preview" style={{ flex: 1 }} data-testid="inbox-preview">
          {c.lastMessage ? `${previewPrefix(c.lastMessage)}${c.lastMessage.text}` : "No messages yet"}
        </span>
        <Badge tone={statusTone[c.status]}>{statusLabel[c.status]}</Badge>
      </div>
      {c.waitingSince || c.assignee ? (
        <div className="row inbox-item-meta">
          <WaitingSince since={c.waitingSince} compact />
          <span className="spacer" />
          {c.assignee ? <span className="small muted">→ {c.assignee.name ?? "teammate"}</span> : null}
        </div>
      ) : null}
    </button>
  );
}
