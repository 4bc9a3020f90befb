import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, conversations, type InteractivePayload, messages } from "../db/schema";
import { ensureContact } from "../contacts/contacts";
import { ensureConversation, insideWindow, lastInboundAtByPhone } from "../conversations/conversations";
import { pauseForPerson } from "../conversations/people-first";
import { AppError, invalid } from "../errors";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { placeholderCount, renderTemplate } from "../templates/template-schema";
import { assertSendable, findTemplate } from "../templates/templates";
import { mediaText, resolveOutboundMedia } from "../media/outbound-media";
import type { SendMessageIn } from "./message-schema";

export const DELIVER_QUEUE = "messages.deliver";

export type SendOptions = {
  source: "api" | "agent" | "assistant";
  userId?: string | null;
  interactive?: InteractivePayload | null;
  /** Tokens this automated reply cost (recorded on the message; the wallet charge is the caller's). */
  tokens?: number;
};

export type MessageRow = typeof messages.$inferSelect;

/**
 * The one way a message leaves the business, for the API, the inbox and the assistant alike: the
 * 24-hour rule, templates, contact and conversation creation, and the queued delivery job all live
 * here, in one transaction. A refused send stores nothing.
 */
export async function sendMessage(db: Db, businessId: string, input: SendMessageIn, opts: SendOptions): Promise<MessageRow> {
  let text = input.text ?? "";
  if (input.type === "template") {
    const ref = input.template as NonNullable<SendMessageIn["template"]>;
    const template = await findTemplate(db, businessId, ref.name, ref.language);
    if (!template) throw new AppError("unknown_template", `No template ${ref.name} (${ref.language}) for this business.`);
    assertSendable(template);
    const expected = placeholderCount(template.body);
    if (ref.variables.length !== expected) {
      throw invalid([
        { path: "template.variables", message: `Template ${ref.name} needs exactly ${expected} variables, got ${ref.variables.length}.` },
      ]);
    }
    text = renderTemplate(template.body, ref.variables);
  } else {
    // The window check reads before anything is written: outside it, no contact or conversation appears.
    const last = await lastInboundAtByPhone(db, businessId, input.to);
    if (!insideWindow(last)) {
      throw new AppError("outside_messaging_window", "The customer has not written in the last 24 hours: only a template message can be sent.");
    }
  }
  // The file is fetched or found (and checked) before the transaction: a refused file stores no message.
  const media = input.media ? await resolveOutboundMedia(db, businessId, input) : null;
  if (media) text = mediaText(media);

  return db.transaction(async (tx) => {
    const { contact } = await ensureContact(tx, businessId, input.to);
    const { conversation } = await ensureConversation(tx, businessId, contact.id, { type: opts.source, userId: opts.userId ?? null });
    // Sandbox contacts, and businesses without a WhatsApp number, use the sandbox (decided in the insert).
    const channel =
      contact.channel === "sandbox"
        ? sql`'sandbox'`
        : sql`(select case when ${businesses.whatsappPhoneNumberId} is null then 'sandbox' else 'whatsapp' end from ${businesses} where ${businesses.id} = ${businessId})`;
    // One conversation's messages go out one at a time, in order. The job goes in first and the
    // conversation row is updated last: its row lock (every send to this customer takes it) is then held
    // for that statement and the commit only, not for the rest of the transaction.
    const messageId = newId("msg");
    await enqueue(tx, DELIVER_QUEUE, { messageId, businessId }, { orderKey: conversation.id, maxAttempts: 12 });
    const [message] = await tx
      .insert(messages)
      .values({
        id: messageId,
        businessId,
        conversationId: conversation.id,
        contactId: contact.id,
        direction: "outbound",
        source: opts.source,
        type: input.type,
        text,
        template: input.type === "template" ? (input.template ?? null) : null,
        interactive: opts.interactive ?? null,
        media,
        status: "queued",
        channel,
        userId: opts.userId ?? null,
        tokens: opts.tokens ?? 0,
      })
      .returning();
    // People first: a person's reply pauses the assistant (lib/conversations/people-first.ts).
    if (opts.source === "agent") await pauseForPerson(tx, businessId, conversation.id, opts.userId ?? null);
    await tx
      .update(conversations)
      .set({ lastMessageAt: message.createdAt, waitingSince: null, updatedAt: sql`now()` })
      .where(eq(conversations.id, conversation.id));
    return message;
  });
}
