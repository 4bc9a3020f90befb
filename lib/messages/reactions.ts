import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { InboundWhatsAppMessage } from "../channels/whatsapp/parse-webhook";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import { componentLogger } from "../observability/log";

// A reaction is not a message: it changes the message it reacts to (the inbox shows the emoji on that
// bubble), never opens a turn of the assistant and never moves the 24-hour window. Each side keeps its
// latest reaction; an empty emoji removes it, as on WhatsApp.

/** A customer's reaction from a WhatsApp webhook. A reaction to a message we never stored is dropped. */
export async function applyReaction(db: Db, businessId: string, m: InboundWhatsAppMessage): Promise<boolean> {
  const target = typeof m.content?.message_id === "string" ? m.content.message_id : null;
  if (!target) return false;
  const emoji = typeof m.content?.emoji === "string" && m.content.emoji ? m.content.emoji : null;
  const updated = await db
    .update(messages)
    .set({ reactions: sql`coalesce(${messages.reactions}, '{}'::jsonb) || jsonb_build_object('customer', ${emoji}::text)` })
    .where(and(eq(messages.businessId, businessId), eq(messages.channel, "whatsapp"), eq(messages.channelMessageId, target)))
    .returning({ id: messages.id });
  if (!updated.length) componentLogger("whatsapp").warn({ wamid: target }, "reaction to an unknown message: skipped");
  return updated.length > 0;
}
