import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import { componentLogger } from "../observability/log";
import type { MessageRow } from "./messages";

// A reaction is not a message: it changes the message it reacts to (the inbox shows the emoji on that
// bubble), never opens a turn of the assistant and never moves the 24-hour window. Each side keeps its
// latest reaction; an empty emoji removes it, as on WhatsApp.

export type CustomerReaction = {
  channel: MessageRow["channel"];
  /** The channel's id of the message reacted to (null when the channel named none). */
  target: string | null;
  /** null removes the customer's reaction. */
  emoji: string | null;
};

/** A customer's reaction, as the channel reported it. A reaction to a message we never stored is dropped. */
export async function applyReaction(db: Db, businessId: string, r: CustomerReaction): Promise<boolean> {
  if (!r.target) return false;
  const updated = await db
    .update(messages)
    .set({ reactions: sql`coalesce(${messages.reactions}, '{}'::jsonb) || jsonb_build_object('customer', ${r.emoji}::text)` })
    .where(and(eq(messages.businessId, businessId), eq(messages.channel, r.channel), eq(messages.channelMessageId, r.target)))
    .returning({ id: messages.id });
  if (!updated.length) componentLogger(r.channel).warn({ wamid: r.target }, "reaction to an unknown message: skipped");
  return updated.length > 0;
}
