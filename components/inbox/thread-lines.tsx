"use client";
import { type ConversationEvent, shortTime } from "./types";
import "./team-inbox.css";

const reasons: Record<string, string> = {
  agent_replied: "a person replied",
  customer_request: "the customer asked for a person",
  insufficient_tokens: "the wallet ran out of tokens",
  inactivity_timeout: "nobody replied in time",
  round_robin: "round-robin",
};

function who(e: ConversationEvent): string {
  if (e.actor.user) return e.actor.user.name ?? "A teammate";
  return { agent: "A teammate", assistant: "The assistant", api: "The API", system: "Automatically", customer: "The customer" }[e.actor.type];
}

const skill = (name: string | null) => (name ? `“${name}”` : "the skill");

const why = (text: string | null) => (text ? ` (${reasons[text] ?? text.replaceAll("_", " ")})` : "");

/** "4: quick and kind" -> "4/5 ★★★★☆: “quick and kind”". */
function ratingLine(text: string | null): string {
  const rating = Number(text?.slice(0, 1));
  if (!(rating >= 1 && rating <= 5)) return "";
  const comment = text && text.length > 2 ? text.slice(2).trim() : "";
  const stars = "★".repeat(rating) + "☆".repeat(5 - rating);
  return `${rating}/5 ${stars}${comment ? `: “${comment}”` : ""}`;
}

/** One history line of the thread: handed off, assigned, returned, closed, reopened, rated, a paused skill's fate. */
export function SystemLine({ event }: { event: ConversationEvent }) {
  const by = who(event);
  const assignee = event.assignee?.name ?? "a teammate";
  const line = {
    handed_off: `${by} handed this to a person${why(event.text)}`,
    assigned: event.actor.type === "system" ? `Assigned to ${assignee}${why(event.text)}` : `${by} assigned this to ${assignee}`,
    unassigned: `${by} unassigned this`,
    returned: event.actor.type === "system" ? `Returned to the assistant${why(event.text)}` : `${by} returned this to the assistant`,
    closed: `${by} closed the conversation`,
    reopened: event.actor.type === "customer" ? "Reopened: the customer wrote again" : `${by} reopened the conversation`,
    number_changed: `WhatsApp: ${event.text ?? "the customer changed their number"}`,
    skill_completed: `${by} completed ${skill(event.text)} the assistant had started (saved in Records)`,
    skill_handed_back: `${by} handed ${skill(event.text)} back to the assistant`,
    skill_discarded: `${by} dropped ${skill(event.text)}: nothing was saved`,
    rated: `The customer rated this ${ratingLine(event.text)}`,
  }[event.event ?? "handed_off"];
  return (
    <div className="system-line" data-testid="system-line" data-event={event.event ?? undefined}>
      <span>{line}</span>
      <time dateTime={event.createdAt}>{shortTime(event.createdAt)}</time>
    </div>
  );
}

/** An internal note: only the team sees it. */
export function NoteBubble({ note }: { note: ConversationEvent }) {
  return (
    <div className="note-bubble" data-testid="note">
      <div className="note-label">Internal note · {who(note)}</div>
      <div>{note.text}</div>
      <div className="note-meta">
        <time dateTime={note.createdAt}>{shortTime(note.createdAt)}</time> · not sent to the customer
      </div>
    </div>
  );
}
