// Shapes of the inbox endpoints' answers (app/api/dashboard/conversations/**), for client components.
export type ConversationStatus = "open" | "handoff" | "closed";

export type InboxRow = {
  id: string;
  contactId: string;
  status: ConversationStatus;
  lastInboundAt: string | null;
  assigneeId: string | null;
  tokensUsed: number;
  createdAt: string;
  updatedAt: string;
  contact: { id: string; name: string | null; phone: string } | null;
  lastMessage: { text: string; direction: string; createdAt: string } | null;
};

export type Contact = {
  id: string;
  phone: string;
  name: string | null;
  tags: string[];
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

export type ConversationDetail = {
  conversation: Omit<InboxRow, "contact" | "lastMessage">;
  contact: Contact;
  assignee: { id: string; name: string | null; email: string } | null;
  windowOpen: boolean;
  windowClosesAt: string | null;
};

export type Message = {
  id: string;
  conversationId: string;
  direction: "inbound" | "outbound";
  source: "assistant" | "agent" | "api" | "customer";
  type: string;
  text: string;
  status: "queued" | "sent" | "delivered" | "read" | "failed" | "received";
  template: { name: string; language: string; variables: string[] } | null;
  error: { code: string; message: string; channelCode: number | null } | null;
  media?: MessageMedia | null;
  location?: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
  reactions?: { customer: string | null; business: string | null };
  createdAt: string;
};

export type MessageMedia = {
  type: string;
  status: "ready" | "unavailable";
  mimeType: string | null;
  size: number | null;
  filename: string | null;
  caption: string | null;
  url: string | null;
  transcript: string | null;
};

/** An uploaded file (POST /api/dashboard/media). */
export type UploadedFile = {
  id: string;
  type: "image" | "audio" | "video" | "document" | "sticker";
  mimeType: string;
  size: number;
  filename: string | null;
};

export function formatSize(n: number | null): string {
  if (n === null) return "";
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

export type Template = { id: string; name: string; language: string; category: string; body: string; status: string; placeholders: number };

export type Page<T> = { data: T[]; nextCursor: string | null };

export const statusTone = { open: "success", handoff: "warning", closed: "neutral" } as const;
export const statusLabel = { open: "Open", handoff: "Handed off", closed: "Closed" } as const;

export function shortTime(iso: string): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  return sameDay
    ? d.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })
    : d.toLocaleDateString("en", { month: "short", day: "numeric" });
}
