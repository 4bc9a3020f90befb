import "server-only";
import { z } from "zod";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import { invalid, notFound } from "../errors";
import { defineJob } from "../jobs/job";
import { enqueue } from "../jobs/queue";

// Read receipts and staff reactions: recorded at once in our database, told to WhatsApp by a job
// (lib/channels/signals.ts: retried like any delivery, in order per conversation, never blocking the inbox).

/** A read receipt or a staff reaction to send to WhatsApp (lib/channels/signals.ts). */
export const whatsappSignal = defineJob({
  name: "whatsapp.signals",
  payload: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("read"), businessId: z.string(), wamid: z.string().nullable() }),
    z.object({ kind: z.literal("typing"), businessId: z.string(), wamid: z.string() }),
    z.object({ kind: z.literal("reaction"), businessId: z.string(), messageId: z.string(), emoji: z.string() }),
  ]),
});
// The emoji properties overlap, so they are one class (`(a|b)+` over overlapping ones is exponential);
// the joiner and the variation selector, in none of them, stand beside it (skin tones are Emoji_Presentation).
export const REACTION_EMOJI = /^(?:[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Regional_Indicator}]|\u200d|\ufe0f)+$/u;

/** A customer's WhatsApp message of the business that WhatsApp has not been told is read yet. */
const unacknowledged = (businessId: string) =>
  and(
    eq(messages.businessId, businessId),
    eq(messages.direction, "inbound"),
    eq(messages.channel, "whatsapp"),
    isNull(messages.readReceiptAt),
    isNotNull(messages.channelMessageId),
  );

/**
 * Staff opened the thread: every customer message not yet acknowledged is marked read, at most once
 * each. WhatsApp marks a message and all earlier ones read, so one receipt for the newest is enough.
 */
export async function markConversationRead(db: Db, businessId: string, conversationId: string): Promise<number> {
  const marked = await db
    .update(messages)
    .set({ readReceiptAt: sql`now()` })
    .where(and(unacknowledged(businessId), eq(messages.conversationId, conversationId)))
    .returning({ wamid: messages.channelMessageId, at: messages.channelTimestamp, id: messages.id });
  if (!marked.length) return 0;
  const newest = [...marked].sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0) || b.id.localeCompare(a.id))[0];
  await enqueue(db, whatsappSignal, { kind: "read", businessId, wamid: newest.wamid }, { orderKey: conversationId });
  return marked.length;
}

/**
 * A reply to this customer message will take a while (an LLM turn): it is marked read with the typing
 * indicator, once. A message already marked read (by staff, or by an earlier indicator) gets none.
 */
export async function showTyping(db: Db, businessId: string, messageId: string, conversationId: string): Promise<boolean> {
  const [row] = await db
    .update(messages)
    .set({ readReceiptAt: sql`now()` })
    .where(and(unacknowledged(businessId), eq(messages.id, messageId)))
    .returning({ wamid: messages.channelMessageId });
  if (!row?.wamid) return false;
  await enqueue(db, whatsappSignal, { kind: "typing", businessId, wamid: row.wamid }, { orderKey: conversationId });
  return true;
}

/** The channel was told this customer message is read (a typing indicator sent while receiving it). */
export async function markedRead(db: Db, businessId: string, wamid: string): Promise<void> {
  await db
    .update(messages)
    .set({ readReceiptAt: sql`now()` })
    .where(
      and(
        eq(messages.businessId, businessId),
        eq(messages.channel, "whatsapp"),
        eq(messages.channelMessageId, wamid),
        isNull(messages.readReceiptAt),
      ),
    );
}

/** A staff member's reaction to a message of the thread ("" removes it). */
export async function reactAsBusiness(db: Db, businessId: string, messageId: string, emoji: string, conversationId?: string): Promise<void> {
  if (emoji !== "" && (!REACTION_EMOJI.test(emoji) || emoji.length > 16))
    throw invalid([{ path: "emoji", message: "emoji must be one emoji, or empty to remove." }]);
  const [row] = await db
    .update(messages)
    .set({ reactions: sql`coalesce(${messages.reactions}, '{}'::jsonb) || jsonb_build_object('business', ${emoji || null}::text)` })
    .where(
      and(eq(messages.id, messageId), eq(messages.businessId, businessId), conversationId ? eq(messages.conversationId, conversationId) : undefined),
    )
    .returning();
  if (!row) throw notFound("message");
  if (row.channel === "whatsapp" && row.channelMessageId) {
    await enqueue(db, whatsappSignal, { kind: "reaction", businessId, messageId, emoji }, { orderKey: row.conversationId });
  }
}
