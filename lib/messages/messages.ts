import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import { findConversation } from "../conversations/conversations";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import type { MessageOut } from "./message-schema";
import { mediaView } from "./media-view";
import type { MessageRow } from "./send-message";

export function messageView(m: MessageRow): MessageOut {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    source: m.source,
    type: m.type,
    text: m.text,
    status: m.status,
    template: m.template ?? null,
    error: m.error ?? null,
    media: mediaView(m.businessId, m.media),
    location: locationOf(m),
    reactions: { customer: m.reactions?.customer ?? null, business: m.reactions?.business ?? null },
    createdAt: m.createdAt.toISOString(),
  };
}

function locationOf(m: MessageRow): MessageOut["location"] {
  if (m.type !== "location" || !m.content) return null;
  const c = m.content;
  const [latitude, longitude] = [Number(c.latitude), Number(c.longitude)];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return { latitude, longitude, name: str(c.name), address: str(c.address) };
}

/** A conversation's messages, newest first, paged with `before`. */
export async function listMessages(
  db: Db,
  businessId: string,
  conversationId: string,
  page: { limit: number; before?: string | null },
): Promise<Page<MessageOut>> {
  const cursor = page.before ? decodeCursor(page.before, "msg_", "before") : null;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(eq(messages.conversationId, conversationId), eq(messages.businessId, businessId), afterCursor(messages.createdAt, messages.id, cursor)),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
  // Messages are only ever stored in a conversation of their business, so a non-empty page proves the
  // conversation is there: the 404 check (missing or foreign id) costs a round trip only for empty pages.
  if (!rows.length) await findConversation(db, businessId, conversationId);
  return toPage(rows, page.limit, messageView);
}

export type { PageParams };
