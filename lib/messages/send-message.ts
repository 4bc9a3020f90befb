import "server-only";
import { z } from "zod";
import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, conversations, type InteractivePayload, messages } from "../db/schema";
import { ensureContact } from "../contacts/contacts";
import { ensureConversation, insideWindow, lastInboundAtByPhone, WINDOW_MS } from "../conversations/conversations";
import { pauseForPerson } from "../conversations/people-first";
import { AppError, invalid } from "../errors";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { enqueue, JOBS_CHANNEL } from "../jobs/queue";
import { queryRows } from "../db/rows";
import { placeholderCount, renderTemplate } from "../shared/template-schema";
import { assertSendable, findTemplate } from "../templates/templates";
import { holdMediaFile } from "../media/media-files";
import { mediaText, resolveOutboundMedia } from "../media/outbound-media";
import type { SendMessageIn } from "./message-schema";

/** Sends one queued message through its channel (lib/channels/deliver.ts), in order per conversation; rate limits
 * and outages wait out the channel's back-off within its attempts. */
export const messageDelivery = defineJob({
  name: "messages.deliver",
  payload: z.object({ messageId: z.string(), businessId: z.string() }),
  maxAttempts: 12,
});

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
    // The common send (a text to a customer already talking to us) is one statement: below.
    if (input.type === "text" && !input.media && opts.source !== "agent") {
      const sent = await sendToOpenConversation(db, businessId, input.to, text, opts);
      if (sent) return sent;
    }
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
    // Until the message commits, the unused-file sweep cannot remove its file (found before the transaction).
    if (media?.fileId) await holdMediaFile(tx, businessId, media.fileId);
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
    await enqueue(tx, messageDelivery, { messageId, businessId }, { orderKey: conversation.id });
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

const messageColumns = Object.entries(getTableColumns(messages));

/**
 * A text to a known contact with an open conversation, inside the 24-hour window: the contact, the
 * conversation, the window check, the message, its delivery job (with the workers' wake-up) and the
 * conversation's update in one statement, so one round trip and one implicit transaction. Anything
 * else (a new contact, no open conversation, outside the window) stores nothing here and answers
 * undefined; sendMessage then takes the general path, which creates what is missing or refuses.
 */
async function sendToOpenConversation(db: Db, businessId: string, phone: string, text: string, opts: SendOptions): Promise<MessageRow | undefined> {
  const messageId = newId("msg");
  // The window is judged by this process's clock, as insideWindow does on the general path.
  const windowStart = new Date(Date.now() - WINDOW_MS).toISOString();
  const interactive = opts.interactive ? JSON.stringify(opts.interactive) : null;
  const job = JSON.stringify({ messageId, businessId });
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ct as (
          select id, channel from contacts where business_id = ${businessId} and phone = ${phone}
        ), ok as (
          select v.id, ct.id as contact_id, ct.channel from ct
            join conversations v on v.business_id = ${businessId} and v.contact_id = ct.id and v.status <> 'closed'
          where (select max(w.last_inbound_at) from conversations w where w.business_id = ${businessId} and w.contact_id = ct.id)
            > ${windowStart}::timestamptz
        ), j as (
          insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
          select ${messageDelivery.name}, ${job}::jsonb, ${businessId}, ok.id, now(), 12 from ok
          returning queue
        ), m as (
          insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, interactive, status, channel, user_id, tokens)
          select ${messageId}, ${businessId}, ok.id, ok.contact_id, 'outbound', ${opts.source}, 'text', ${text}, ${interactive}::jsonb, 'queued',
            case when ok.channel = 'sandbox' then 'sandbox'
                 when (select b.whatsapp_phone_number_id from businesses b where b.id = ${businessId}) is null then 'sandbox'
                 else 'whatsapp' end,
            ${opts.userId ?? null}, ${opts.tokens ?? 0}
          from ok
          returning *
        ), u as (
          update conversations c set last_message_at = m.created_at, waiting_since = null, updated_at = now()
          from m where c.id = m.conversation_id
        )
        select m.*, (select count(pg_notify(${JOBS_CHANNEL}, j.queue)) from j) as woken from m`,
  );
  const [row] = rows;
  if (!row) return undefined;
  const out: Record<string, unknown> = {};
  for (const [prop, column] of messageColumns) {
    const value = row[column.name];
    out[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as MessageRow;
}
