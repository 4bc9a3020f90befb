"use client";
import { Badge } from "@/components/ui";
import { type InboxRow, shortTime, statusLabel, statusTone } from "./types";
import { LabelChip } from "./labels";
import { useNow, WaitingSince } from "./waiting-since";
import "./team-inbox.css";
import { contactLabel } from "@/lib/shared/customer-address";
import "./labels.css";

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
      {c.waitingSince || c.assignee || c.sla ? (
        <div className="row inbox-item-meta">
          <WaitingSince since={c.waitingSince} compact />
          <SlaMark sla={c.sla} />
          <span className="spacer" />
          {c.assignee ? <span className="small muted">→ {c.assignee.name ?? "teammate"}</span> : null}
        </div>
      ) : null}
      {c.labels.length ? (
        <div className="inbox-item-labels">
          {c.labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
        </div>
      ) : null}
    </button>
  );
}

/** The clock's state now: the server's at fetch time, moved on by the page's own clock between fetches. */
function slaStateAt(sla: NonNullable<InboxRow["sla"]>, now: number): NonNullable<InboxRow["sla"]>["state"] {
  if (now > Date.parse(sla.dueAt)) return "breached";
  if (now >= Date.parse(sla.dueSoonAt)) return "due_soon";
  return sla.state;
}

/** "Due soon" (the last 20% of a target) or "Breached" (past it), for first response or resolution. */
function SlaMark({ sla: mark }: { sla: InboxRow["sla"] }) {
  const now = useNow(5_000, !!mark);
  if (!mark) return null;
  const sla = { ...mark, state: slaStateAt(mark, now) };
  if (sla.state === "ok") return null;
  const what = sla.kind === "first_response" ? "first response" : "resolution";
  const due = new Date(sla.dueAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" });
  return (
    <span
      className={`sla-mark sla-${sla.state}`}
      data-testid="sla-mark"
      data-state={sla.state}
      title={`${sla.state === "breached" ? "Past" : "Near"} the ${what} target (due ${due})`}
    >
      {sla.state === "breached" ? "Breached" : "Due soon"}
      <span className="sr-only"> ({what})</span>
    </span>
  );
}
