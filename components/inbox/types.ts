import type { ContactOut } from "@/lib/shared/contact-schema";
import type { ConversationEventOut, ConversationOut } from "@/lib/conversations/conversation-schema";
import type { InboxConversationDetail } from "@/lib/api/operations/inbox";
import type { PausedSkillOut } from "@/lib/conversations/paused-skill-schema";
import type { InboxRow as InboxRowOut } from "@/lib/dashboard/inbox";
import type { MediaFileOut, MediaOut, MessageOut } from "@/lib/messages/message-schema";
import type { Page as PageOut } from "@/lib/pagination";
import type { TemplateOut } from "@/lib/shared/template-schema";

// The answers of the operations the inbox calls, as the server types them (type imports only: nothing
// of lib/ runs in the browser): GET /v1/internal/inbox, /v1/internal/inbox/{id},
// /v1/conversations/{id}/messages (with notes and history lines), POST /v1/media, GET /v1/templates.
export type ConversationStatus = ConversationOut["status"];
export type InboxRow = InboxRowOut;
export type Contact = ContactOut;
export type ConversationDetail = InboxConversationDetail;
/** A skill paused when people took over (GET /v1/conversations/{id}/skill; also in the thread's detail). */
export type PausedSkill = PausedSkillOut;
export type Message = MessageOut;
export type MessageMedia = MediaOut;
/** An uploaded file (POST /v1/media). */
export type UploadedFile = MediaFileOut;

/** A history line or an internal note (GET /v1/conversations/{id}/messages?include=notes,events). */
export type ConversationEvent = ConversationEventOut;
export type ThreadEntry = Message | ConversationEvent;
export const isEvent = (e: ThreadEntry): e is ConversationEvent => "kind" in e;

export function formatSize(n: number | null): string {
  if (n === null) return "";
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

export type Template = TemplateOut;

export type Page<T> = PageOut<T>;

export const statusTone = { open: "success", handoff: "warning", closed: "neutral" } as const;
export const statusLabel = { open: "Open", handoff: "Handed off", closed: "Closed" } as const;

export function shortTime(iso: string): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  return sameDay
    ? d.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString("en", { month: "short", day: "numeric" });
}
